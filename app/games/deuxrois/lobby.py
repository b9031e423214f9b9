"""Lobby: join, leave, and the moderator's start (deal and room split from the seed)."""

from __future__ import annotations

from dataclasses import replace

from app.games.deuxrois import rounds
from app.games.deuxrois.card_state import CardState
from app.games.deuxrois.cards import INFIDELE, PELERIN
from app.games.deuxrois.deal import MAX_PLAYERS, Room, check_player_count, deal, split_rooms, validate_deck
from app.games.deuxrois.model.commands import Join, Leave, Start
from app.games.deuxrois.model.events import GameCreated, GameStarted, PlayerJoined, PlayerLeft, PromptOpened
from app.games.deuxrois.ruleset import GameRules, Tx
from app.games.deuxrois.state import GameState, Player
from app.kernel import seats
from app.kernel.actor import Actor, me
from app.kernel.names import clean_name, name_key
from app.kernel.rules import refuse

NAME_MAX = 40  # as the join command allows, once cleaned (NFKC can lengthen a name)


def _join(tx: Tx, cmd: Join, actor: Actor) -> None:
    state = tx.state
    if (locked := seats.join_refusal(state.door)) is not None:
        raise locked
    # Invisible and control characters dropped, compared case, accents and lookalikes aside (app/kernel/names.py).
    name = clean_name(cmd.name)
    if not name_key(name):
        raise refuse("name_empty", "Choisissez un nom.", "Choose a name.")
    if len(name) > NAME_MAX:
        raise refuse("name_long", f"Un nom fait au plus {NAME_MAX} caractères.",
                     f"A name has at most {NAME_MAX} characters.")
    if len(state.players) >= MAX_PLAYERS:
        raise refuse("lobby_full", f"La partie est complète ({MAX_PLAYERS} joueurs).",
                      f"The game is full ({MAX_PLAYERS} players).")
    if any(name_key(p.name) == name_key(name) for p in state.players):
        raise refuse("name_taken", f"Le nom « {name} » est déjà pris.", f"The name “{name}” is taken.")
    # Ids are never reused, even after a leave, so a stale phone cannot act for a newcomer.
    used = [int(p.player_id[1:]) for p in (e for e in tx.state.events() if isinstance(e, PlayerJoined))]
    tx.emit(PlayerJoined(player_id=f"p{max(used, default=0) + 1}", name=name, birth_year=cmd.birth_year))


def _leave(tx: Tx, cmd: Leave, actor: Actor) -> None:
    pid = me(actor) if actor.kind == "player" else cmd.player_id
    if pid is None or tx.state.player(pid) is None:
        raise refuse("unknown_player", "Joueur inconnu.", "Unknown player.")
    if actor.kind == "player" and cmd.player_id not in (None, pid):
        raise refuse("not_allowed", "Vous ne pouvez retirer que vous-même.", "You can only remove yourself.")
    tx.emit(PlayerLeft(player_id=pid))


def _start(tx: Tx, cmd: Start, actor: Actor) -> None:
    state = tx.state
    n = len(state.players)
    check_player_count(n)
    config = cmd.config or state.config
    warnings: list[str] = []
    if cmd.deal is not None:
        warnings = validate_deck(cmd.deal, n)
        cards = list(cmd.deal)  # a fixed deal, seat by seat (tests and scenarios)
    else:
        if config.deck is not None:
            warnings = validate_deck(config.deck, n)
        cards = deal(n, state.seed, config.deck)
    if cmd.rooms is not None:
        if len(cmd.rooms) != n:
            raise refuse("rooms_size", f"Il faut une salle par joueur ({n}).", f"One room per player is needed ({n}).")
        seats = list(cmd.rooms)
    else:
        seats = split_rooms(n, state.seed)
    ids = [p.id for p in state.players]
    tx.emit(GameStarted(config=config, cards=dict(zip(ids, cards, strict=True)),
                        rooms=dict(zip(ids, seats, strict=True)), warnings=warnings))
    holder = tx.state.holder(INFIDELE)
    if holder is None:
        rounds.start_round(tx, 1)
        return
    # The Infidèle chooses his colour at the deal (rulings §3.3-9); round 1 waits for the answer
    # (or the set-up timer, then a seeded draw) so that no reveal happens before he has a colour.
    tx.emit(PromptOpened(prompt_id=tx.new_id("k"), player_id=holder, kind="infidel_colour",
                         options=["red", "blue"], until="game"))
    rounds.start_setup(tx)


# ------------------------------------------------------------------ appliers
def _created(state: GameState, ev: GameCreated) -> GameState:
    return replace(state, seed=ev.seed, config=ev.config, created_ms=ev.at_ms)


def _joined(state: GameState, ev: PlayerJoined) -> GameState:
    return replace(state, players=(*state.players, Player(ev.player_id, ev.name, ev.birth_year)))


def _left(state: GameState, ev: PlayerLeft) -> GameState:
    return replace(state, players=tuple(p for p in state.players if p.id != ev.player_id))


def _removed(state: GameState, pid: str) -> GameState:
    """The moderator took this seat back at the door: gone as after a leave (the journal says who did it)."""
    return replace(state, players=tuple(p for p in state.players if p.id != pid))


DOOR = seats.Seating(
    door=lambda s: s.door, with_door=lambda s, door: replace(s, door=door), in_lobby=lambda s: s.phase == "lobby",
    seats=lambda s: [(p.id, p.name) for p in s.players], remove=_removed,
)


def _started(state: GameState, ev: GameStarted) -> GameState:
    card_states: dict[int, CardState] = {}
    pelerin = next((pid for pid, c in ev.cards.items() if c == PELERIN), None)
    if pelerin is not None:  # the starting room counts as a visit (ruling C46)
        card_states[PELERIN] = CardState().with_visit(ev.rooms[pelerin])
    return replace(
        state,
        config=ev.config,
        cards=dict(ev.cards),
        rooms=dict(ev.rooms),
        card_states=card_states,
        generals={Room.NORMANDIE: None, Room.ANGLETERRE: None},
        knowledge={p.id: () for p in state.players},
        feeds={p.id: () for p in state.players},
        complete_partners={p.id: frozenset() for p in state.players},
    )


def install(rules: GameRules) -> None:
    rules.handles(Join, actors=("player",), phases=("lobby",), seatless=True)(_join)
    rules.handles(Leave, actors=("player", "moderator"), phases=("lobby",))(_leave)
    rules.handles(Start, actors=("moderator",), phases=("lobby",))(_start)
    rules.applies(GameCreated)(_created)
    rules.applies(PlayerJoined)(_joined)
    rules.applies(PlayerLeft)(_left)
    rules.applies(GameStarted)(_started)
    seats.install(rules, DOOR)
