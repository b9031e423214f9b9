"""The lobby (join, leave) and the set-up the game master starts (2.2): the ring, colours, shuffles."""

from __future__ import annotations

from dataclasses import replace

from app.games.royal_secrets.cards import AUDIENCE_CARDS, SIDES, Side, cardinal_cards, catalogue, valet_cards
from app.games.royal_secrets.commands import Join, Leave, MoveSeat, Start
from app.games.royal_secrets.data import (
    COLOURS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NAME_MAX,
    ROUNDS,
    SET_ASIDE_PER_PILE,
    START_FLEURS,
)
from app.games.royal_secrets.events import GameCreated, GameStarted, PlayerJoined, PlayerLeft, SeatMoved
from app.games.royal_secrets.state import Seat, State, with_feed
from app.kernel import seats
from app.kernel.actor import Actor
from app.kernel.names import clean_name, name_key
from app.kernel.rules import Rules, Tx, refuse
from app.kernel.text import Text


def _removed(s: State, pid: str) -> State:
    """The game master took this seat back (the lobby's door): gone as if its player had left."""
    name = s.name(pid)
    line = Text(f"Le meneur retire {name} de la table.", f"The game master removes {name} from the table.")
    return replace(s, seats=tuple(seat for seat in s.seats if seat.player_id != pid), feed=with_feed(s.feed, line))


def _locked(s: State, locked: bool) -> State:
    line = (Text("Le meneur ferme les inscriptions.", "The game master closes joining.") if locked
            else Text("Le meneur rouvre les inscriptions.", "The game master opens joining again."))
    return replace(s, feed=with_feed(s.feed, line))


def shuffled_piles(tx: Tx[State], layout: str) -> tuple[dict[Side, list[str]], list[str]]:
    """RS-2: 9 cards per Souverain, 2 of each set aside unseen; or one mixed deck of 18, 7 and 7, 4 aside."""
    rng = tx.rng("audiences")
    if layout == "mixed":
        deck = sorted(AUDIENCE_CARDS)
        rng.shuffle(deck)
        return {"roi": deck[:ROUNDS], "reine": deck[ROUNDS:2 * ROUNDS]}, deck[2 * ROUNDS:]
    piles: dict[Side, list[str]] = {}
    aside: list[str] = []
    for side in SIDES:
        deck = sorted(a for a, c in AUDIENCE_CARDS.items() if c.souverain == side)
        rng.shuffle(deck)
        piles[side] = deck[:len(deck) - SET_ASIDE_PER_PILE]
        aside += deck[len(deck) - SET_ASIDE_PER_PILE:]
    return piles, aside


def install(rules: Rules[State]) -> None:
    @rules.handles(Join, actors=("player",), phases=("lobby",), seatless=True)
    def _join(tx: Tx[State], cmd: Join, actor: Actor) -> None:
        s = tx.state
        if actor.player_id is not None and any(seat.player_id == actor.player_id for seat in s.seats):
            raise refuse("already_seated", "Vous êtes déjà à la table.", "You are already at the table.")
        if (locked := seats.join_refusal(s.door)) is not None:
            raise locked
        # Invisible and control characters dropped, compared case, accents and lookalikes aside (kernel/names.py).
        name = clean_name(cmd.name)
        if not name_key(name):
            raise refuse("name_empty", "Choisissez un nom.", "Choose a name.")
        if len(name) > NAME_MAX:
            raise refuse("name_too_long", f"Un nom de {NAME_MAX} caractères au plus, s'il vous plaît.",
                         f"A name of at most {NAME_MAX} characters, please.")
        if any(name_key(seat.name) == name_key(name) for seat in s.seats):
            raise refuse("name_taken", f"Le nom « {name} » est déjà pris : choisissez-en un autre.",
                         f"The name “{name}” is taken: choose another one.")
        if len(s.seats) >= MAX_PLAYERS:
            raise refuse("table_full", f"La table est complète ({MAX_PLAYERS} joueurs).",
                         f"The table is full ({MAX_PLAYERS} players).")
        tx.emit(PlayerJoined(player_id=f"p{s.joined + 1}", name=name))

    @rules.handles(Leave, actors=("player", "moderator"), phases=("lobby",))
    def _leave(tx: Tx[State], cmd: Leave, actor: Actor) -> None:
        pid = actor.player_id if actor.kind == "player" else cmd.player_id
        if actor.kind == "player" and cmd.player_id not in (None, pid):
            raise refuse("not_allowed", "Vous ne pouvez retirer que vous-même.", "You can only remove yourself.")
        if pid is None or all(seat.player_id != pid for seat in tx.state.seats):
            raise refuse("unknown_player", "Ce joueur n'est pas à la table.", "That player is not at the table.")
        tx.emit(PlayerLeft(player_id=pid))

    @rules.handles(MoveSeat, actors=("moderator",), phases=("lobby",))
    def _move_seat(tx: Tx[State], cmd: MoveSeat, actor: Actor) -> None:
        order = [seat.player_id for seat in tx.state.seats]
        if cmd.player_id not in order:
            raise refuse("unknown_player", "Ce joueur n'est pas à la table.", "That player is not at the table.")
        i = order.index(cmd.player_id)
        if i == 0:
            name = tx.state.name(cmd.player_id)
            raise refuse("first_seat", f"{name} est déjà à la première place.", f"{name} already has the first seat.")
        order[i - 1], order[i] = order[i], order[i - 1]
        tx.emit(SeatMoved(player_id=cmd.player_id, order=order))

    @rules.handles(Start, actors=("moderator",), phases=("lobby",))
    def _start(tx: Tx[State], cmd: Start, actor: Actor) -> None:
        s = tx.state
        seats = [seat.player_id for seat in s.seats]
        if not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
            raise refuse("player_count", f"Il faut de {MIN_PLAYERS} à {MAX_PLAYERS} joueurs (ils sont {len(seats)}).",
                         f"{MIN_PLAYERS} to {MAX_PLAYERS} players are needed (there are {len(seats)}).")
        ring = list(cmd.ring) if cmd.ring is not None else seats
        if sorted(ring) != sorted(seats):
            raise refuse("bad_ring", "L'ordre de la table doit citer chaque joueur une fois.",
                         "The table order must name every player once.")
        if cmd.colours is not None:
            colours = dict(cmd.colours)
            if sorted(colours) != sorted(seats) or len(set(colours.values())) != len(seats) \
                    or not set(colours.values()) <= set(COLOURS):
                raise refuse("bad_colours", "Donnez une couleur différente à chaque joueur.",
                             "Give each player a different colour.")
        else:
            colours = dict(zip(ring, COLOURS, strict=False))
        rng = tx.rng("setup")
        valets = [c.id for c in valet_cards()]
        rng.shuffle(valets)
        dealt = {p: valets[i] for i, p in enumerate(ring)}
        cardinals = [c.id for c in cardinal_cards()]
        rng.shuffle(cardinals)
        piles, aside = shuffled_piles(tx, s.config.audience_layout)
        first = rng.choice(ring)
        tx.emit(GameStarted(ring=ring, colours=colours, valets_dealt=dealt, valet_pile=valets[len(ring):],
                            cardinal_pile=cardinals, audience_piles=piles, set_aside=aside, first=first))

    seats.install(rules, seats.Seating(
        door=lambda s: s.door, with_door=lambda s, door: replace(s, door=door), in_lobby=lambda s: s.phase == "lobby",
        seats=lambda s: [(seat.player_id, seat.name) for seat in s.seats], remove=_removed, locked=_locked,
    ))

    @rules.applies(GameCreated)
    def _created(s: State, e: GameCreated) -> State:
        return replace(s, seed=e.seed, config=e.config, phase="lobby")

    @rules.applies(PlayerJoined)
    def _joined(s: State, e: PlayerJoined) -> State:
        line = Text(f"{e.name} rejoint la table.", f"{e.name} joins the table.")
        return replace(s, seats=(*s.seats, Seat(e.player_id, e.name)), joined=s.joined + 1,
                       feed=with_feed(s.feed, line))

    @rules.applies(PlayerLeft)
    def _left(s: State, e: PlayerLeft) -> State:
        name = s.name(e.player_id)
        line = Text(f"{name} quitte la table.", f"{name} leaves the table.")
        return replace(s, seats=tuple(seat for seat in s.seats if seat.player_id != e.player_id),
                       feed=with_feed(s.feed, line))

    @rules.applies(SeatMoved)
    def _seat_moved(s: State, e: SeatMoved) -> State:
        by_id = {seat.player_id: seat for seat in s.seats}
        i = e.order.index(e.player_id)
        after = s.name(e.order[i + 1]) if i + 1 < len(e.order) else None
        name = s.name(e.player_id)
        line = (Text(f"{name} passe devant {after} autour de la table.", f"{name} moves ahead of {after} round the table.")
                if after else Text(f"{name} change de place.", f"{name} changes seats."))
        return replace(s, seats=tuple(by_id[p] for p in e.order if p in by_id), feed=with_feed(s.feed, line))

    @rules.applies(GameStarted)
    def _started(s: State, e: GameStarted) -> State:
        ring = tuple(e.ring)
        cards = catalogue(ring)
        hands = {p: (*(c.id for c in cards.values() if c.owner == p), e.valets_dealt[p]) for p in ring}
        names = ", ".join(s.name(p) for p in ring)
        line = Text(f"La partie commence. Autour de la table : {names}. {s.name(e.first)} prend la tuile de Parole.",
                    f"The game begins. Around the table: {names}. {s.name(e.first)} takes the tuile de Parole.")
        return replace(
            s, phase="setup", ring=ring, colours=dict(e.colours), cards=cards, hands=hands,
            fleurs=dict.fromkeys(ring, START_FLEURS), valet_pile=tuple(e.valet_pile),
            cardinal_pile=tuple(e.cardinal_pile), audience_piles={k: tuple(v) for k, v in e.audience_piles.items()},
            set_aside=tuple(e.set_aside), faveurs={p: () for p in ring}, tuile=e.first,
            feed=with_feed(s.feed, line),
        )
