"""The lobby and the set-up draws: join, leave, start (L25-L43, L236-L240, RG-1, RG-51)."""

from __future__ import annotations

from dataclasses import replace

from app.games.regents.board import DOMAINS, NEUTRAL_START
from app.games.regents.clans import CARD_OF_CLAN, CARDS, CLAN_NAMES, CLANS, COLOURS
from app.games.regents.commands import Join, Leave, Start
from app.games.regents.config import MAX_PLAYERS, MIN_PLAYERS
from app.games.regents.events import GameCreated, GameStarted, PlayerJoined, PlayerLeft
from app.games.regents.feed import t
from app.games.regents.model import Neutral, Player, Seat, State, noted
from app.kernel import seats
from app.kernel.actor import Actor
from app.kernel.names import clean_name, name_key
from app.kernel.rules import Rules, Tx, refuse
from app.kernel.text import EngineError, Text

NAME_MAX = 24


def join_refusal(s: State, actor: Actor, raw: str) -> EngineError | None:
    # Invisible and control characters dropped, compared case, accents and lookalikes aside (kernel/names.py).
    name = clean_name(raw)
    if actor.player_id is not None and any(seat.player_id == actor.player_id for seat in s.seats):
        return refuse("already_seated", "Vous êtes déjà assis à cette table.", "You already have a seat here.")
    if (locked := seats.join_refusal(s.door)) is not None:
        return locked
    if not name_key(name) or len(name) > NAME_MAX:
        return refuse("bad_name", f"Choisissez un nom de 1 à {NAME_MAX} caractères.",
                      f"Pick a name of 1 to {NAME_MAX} characters.")
    if any(name_key(seat.name) == name_key(name) for seat in s.seats):
        return refuse("name_taken", f"« {name} » est déjà pris à cette table : choisissez un autre nom.",
                      f"“{name}” is already taken at this table: pick another name.")
    if len(s.seats) >= MAX_PLAYERS:
        return refuse("table_full", f"La table est complète ({MAX_PLAYERS} joueurs au plus).",
                      f"The table is full ({MAX_PLAYERS} players at most).")
    return None


def _removed(s: State, pid: str) -> State:
    """The game master took this seat back at the door: gone as if its player had left."""
    who = s.seat_name(pid)
    s = replace(s, seats=tuple(seat for seat in s.seats if seat.player_id != pid))
    return noted(s, "leave", t(f"Le meneur retire {who} de la table.", f"The game master removes {who} from the table."))


def _locked(s: State, locked: bool) -> State:
    if locked:
        return noted(s, "door", t("Le meneur ferme les inscriptions.", "The game master closes joining."))
    return noted(s, "door", t("Le meneur rouvre les inscriptions.", "The game master opens joining again."))


def start_refusal(s: State) -> EngineError | None:
    n = len(s.seats)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        return refuse("player_count", f"Il faut de {MIN_PLAYERS} à {MAX_PLAYERS} joueurs (vous êtes {n}).",
                      f"Régents needs {MIN_PLAYERS} to {MAX_PLAYERS} players (there are {n}).")
    return None


def install(rules: Rules[State]) -> None:
    @rules.handles(Join, actors=("player",), phases=("lobby",), seatless=True)
    def _join(tx: Tx[State], cmd: Join, actor: Actor) -> None:
        s = tx.state
        if (refusal := join_refusal(s, actor, cmd.name)) is not None:
            raise refusal
        tx.emit(PlayerJoined(player_id=f"p{s.next_seat}", name=clean_name(cmd.name)))

    @rules.handles(Leave, actors=("player", "moderator"), phases=("lobby",))
    def _leave(tx: Tx[State], cmd: Leave, actor: Actor) -> None:
        pid = actor.player_id if actor.kind == "player" else cmd.player_id
        if actor.kind == "player" and cmd.player_id not in (None, actor.player_id):
            raise refuse("not_allowed", "Vous ne pouvez faire partir que vous-même.", "You can only leave yourself.")
        if pid is None or not any(seat.player_id == pid for seat in tx.state.seats):
            raise refuse("no_such_player", "Ce joueur n'est pas à la table.", "That player is not at the table.")
        tx.emit(PlayerLeft(player_id=pid))

    @rules.handles(Start, actors=("moderator",), phases=("lobby",))
    def _start(tx: Tx[State], cmd: Start, actor: Actor) -> None:
        s = tx.state
        if (refusal := start_refusal(s)) is not None:
            raise refusal
        tx.emit(draw(s, tx))

    seats.install(rules, seats.Seating(
        door=lambda s: s.door, with_door=lambda s, door: replace(s, door=door), in_lobby=lambda s: s.phase == "lobby",
        seats=lambda s: [(seat.player_id, seat.name) for seat in s.seats], remove=_removed, locked=_locked,
    ))

    @rules.applies(GameCreated)
    def _created(s: State, e: GameCreated) -> State:
        return replace(s, seed=e.seed, config=e.config)

    @rules.applies(PlayerJoined)
    def _joined(s: State, e: PlayerJoined) -> State:
        s = replace(s, seats=(*s.seats, Seat(e.player_id, e.name)), next_seat=s.next_seat + 1)
        return noted(s, "join", t(f"{e.name} rejoint la table.", f"{e.name} joins the table."))

    @rules.applies(PlayerLeft)
    def _left(s: State, e: PlayerLeft) -> State:
        who = s.seat_name(e.player_id)
        s = replace(s, seats=tuple(seat for seat in s.seats if seat.player_id != e.player_id))
        return noted(s, "leave", t(f"{who} quitte la table.", f"{who} leaves the table."))

    @rules.applies(GameStarted)
    def _started(s: State, e: GameStarted) -> State:
        players = tuple(
            Player(pid=pid, name=s.seat_name(pid), colour=e.colours[pid], clan=e.clans[pid], domain=e.domains[pid],
                   hand=e.hands[pid], tiles=CLANS, setup_discard=e.discards[pid])
            for pid in e.order
        )
        neutral = None
        if e.neutral_clan is not None and e.neutral_colour is not None:
            neutral = Neutral(e.neutral_colour, e.neutral_clan, NEUTRAL_START)
        s = replace(s, phase="placement", players=players, neutral=neutral, box_clans=e.box_clans,
                    box_domains=e.box_domains, placed=0, round=0)
        order = ", ".join(p.name for p in players)
        text = t(f"La partie commence. Ordre du jeu : {order}. Chacun place ses 4 agents à tour de rôle.",
                 f"The game begins. Turn order: {order}. Everyone places 4 agents in turn.")
        s = noted(s, "start", text)
        if neutral is not None:
            c = CLAN_NAMES[neutral.clan]
            s = noted(s, "neutral", Text(
                f"Partie à 3 : le joueur neutre est {c} ; ses agents sont dans les quatre salles autour du trône.",
                f"3 players: the neutral player is {c}; its agents stand in the four rooms around the throne."))
        return s


def draw(s: State, tx: Tx[State]) -> GameStarted:
    """The secret draws (L37-L41) and the first player (L43), all written in the event."""
    rng = tx.rng("setup")
    seats = [seat.player_id for seat in s.seats]
    n = len(seats)
    clans = list(CLANS)
    rng.shuffle(clans)
    domains = list(DOMAINS)
    rng.shuffle(domains)
    first = rng.randrange(n)
    order = tuple(seats[first:] + seats[:first])
    dealt = dict(zip(seats, clans, strict=False))
    neutral_clan = clans[n] if n == 3 else None
    used = n + (1 if neutral_clan is not None else 0)
    return GameStarted(
        order=order,
        colours={pid: COLOURS[i] for i, pid in enumerate(seats)},
        clans=dealt,
        domains=dict(zip(seats, domains, strict=False)),
        hands={pid: tuple(c for c in CARDS if c != CARD_OF_CLAN[dealt[pid]]) for pid in seats},
        discards={pid: CARD_OF_CLAN[dealt[pid]] for pid in seats},
        neutral_clan=neutral_clan,
        neutral_colour=COLOURS[n] if neutral_clan is not None else None,
        box_clans=tuple(clans[used:]),
        box_domains=tuple(domains[n:]),
    )
