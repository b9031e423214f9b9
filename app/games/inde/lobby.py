"""The lobby: join, leave, the computer's seat (add, remove, hand over), two seats at most."""

from __future__ import annotations

from dataclasses import replace

from app.games.inde.commands import AddBot, Join, Leave, RemoveBot, SetBot
from app.games.inde.events import BotAdded, BotSet, GameCreated, PlayerJoined, PlayerLeft
from app.games.inde.model import Seat, State, with_feed
from app.kernel.actor import Actor, me
from app.kernel.names import clean_name, name_key
from app.kernel.rules import Rules, Tx, refuse
from app.kernel.text import EngineError, Text

NAME_MAX = 24
SEATS = 2
BOT_NAME = "Maharadja"
LEVEL_NAMES: dict[str, Text] = {"greedy": Text("fort", "strong"), "facile": Text("facile", "easy")}


def name_taken(state: State, name: str) -> bool:
    """Compared case, accents, invisible characters and lookalikes aside (app/kernel/names.py)."""
    return any(name_key(s.name) == name_key(name) for s in state.seats)


def bot_name(state: State) -> str:
    name, n = BOT_NAME, 2
    while name_taken(state, name):
        name, n = f"{BOT_NAME} {n}", n + 1
    return name


def join_refusal(state: State, pid: str | None, name: str | None) -> EngineError | None:
    """Why this person may not sit now (None if they may); `name` None checks only the seat."""
    if state.phase != "lobby":
        return refuse("not_lobby", "La partie a commencé : on ne peut plus s'asseoir.",
                      "The game has started: no more seats.")
    if pid is not None and state.seat(pid) is not None:
        return refuse("already_seated", "Vous êtes déjà assis à cette table.", "You already have a seat here.")
    if len(state.seats) >= SEATS:
        return refuse("table_full", "La table est complète (deux joueurs).", "The table is full (two players).")
    if name is None:
        return None
    clean = clean_name(name)
    if not name_key(clean) or len(clean) > NAME_MAX:
        return refuse("bad_name", f"Choisissez un nom de 1 à {NAME_MAX} caractères.",
                      f"Pick a name of 1 to {NAME_MAX} characters.")
    if name_taken(state, clean):
        return refuse("name_taken", f"« {clean} » est déjà pris à cette table : choisissez un autre nom.",
                      f"“{clean}” is already taken at this table: pick another name.")
    return None


def add_bot_refusal(state: State, actor: Actor) -> EngineError | None:
    if actor.kind == "player" and state.seat(actor.player_id) is None:
        return refuse("no_seat", "Asseyez-vous d'abord.", "Take a seat first.")
    if len(state.seats) >= SEATS:
        return refuse("table_full", "La table est complète (deux joueurs).", "The table is full (two players).")
    return None


def lobby_seats() -> EngineError:
    return refuse("lobby_seats", "Dans le salon, asseyez ou retirez l'ordinateur ; ceci sert pendant la partie.",
                  "In the lobby, seat or remove the computer; this is for during the game.")


def set_bot_refusal(state: State, actor: Actor, player_id: str, level: str | None) -> EngineError | None:
    """Who plays a seat: anyone seated may hand a seat to the computer (a phone gone, or to watch it play);
    only its own person takes a seat back."""
    seat = state.seat(player_id)
    if seat is None:
        return refuse("no_such_seat", "Ce siège n'existe pas.", "There is no such seat.")
    if actor.kind == "player" and state.phase == "lobby":
        return lobby_seats()
    if seat.bot == level:
        return refuse("bot_unchanged", "Ce siège est déjà dans cet état.", "That seat is already set that way.")
    if level is None and not seat.person:
        return refuse("no_person", "Aucune personne n'a pris ce siège : il reste à l'ordinateur.",
                      "No person took this seat: it stays the computer's.")
    if level is None and actor.kind == "player" and actor.player_id != player_id:
        return refuse("not_your_seat", f"Seul {seat.name} peut reprendre la main sur son siège.",
                      f"Only {seat.name} can take their seat back.")
    return None


def install(rules: Rules[State]) -> None:
    @rules.handles(Join, actors=("player",), phases=("lobby",), seatless=True)
    def _join(tx: Tx[State], cmd: Join, actor: Actor) -> None:
        refusal = join_refusal(tx.state, actor.player_id, cmd.name)
        if refusal is not None:
            raise refusal
        tx.emit(PlayerJoined(player_id=f"p{tx.state.next_seat}", name=clean_name(cmd.name)))

    @rules.handles(Leave, actors=("player",), phases=("lobby",))
    def _leave(tx: Tx[State], cmd: Leave, actor: Actor) -> None:
        tx.emit(PlayerLeft(player_id=me(actor)))

    @rules.handles(AddBot, actors=("moderator", "player"), phases=("lobby",))
    def _add_bot(tx: Tx[State], cmd: AddBot, actor: Actor) -> None:
        refusal = add_bot_refusal(tx.state, actor)
        if refusal is not None:
            raise refusal
        tx.emit(BotAdded(player_id=f"p{tx.state.next_seat}", name=bot_name(tx.state), level=cmd.level))

    @rules.handles(RemoveBot, actors=("moderator", "player"), phases=("lobby",))
    def _remove_bot(tx: Tx[State], cmd: RemoveBot, actor: Actor) -> None:
        seat = tx.state.seat(cmd.player_id)
        if seat is None or seat.bot is None:
            raise refuse("not_a_bot", "Ce siège n'est pas tenu par l'ordinateur.", "That seat is not the computer's.")
        tx.emit(PlayerLeft(player_id=cmd.player_id))

    @rules.handles(SetBot, actors=("moderator", "player"), phases=("lobby", "play"))
    def _set_bot(tx: Tx[State], cmd: SetBot, actor: Actor) -> None:
        refusal = set_bot_refusal(tx.state, actor, cmd.player_id, cmd.level)
        if refusal is not None:
            raise refusal
        seat = tx.state.seat(cmd.player_id)
        assert seat is not None
        tx.emit(BotSet(player_id=cmd.player_id, level=cmd.level, by=actor.player_id))

    @rules.applies(GameCreated)
    def _created(s: State, e: GameCreated) -> State:
        return replace(s, seed=e.seed, config=e.config, phase="lobby")

    @rules.applies(PlayerJoined)
    def _joined(s: State, e: PlayerJoined) -> State:
        s = replace(s, seats=(*s.seats, Seat(e.player_id, e.name)), next_seat=s.next_seat + 1)
        return with_feed(s, Text(f"{e.name} s'assoit à la table.", f"{e.name} takes a seat."))

    @rules.applies(BotAdded)
    def _bot_added(s: State, e: BotAdded) -> State:
        s = replace(s, seats=(*s.seats, Seat(e.player_id, e.name, e.level, person=False)), next_seat=s.next_seat + 1)
        level = LEVEL_NAMES[e.level]
        return with_feed(s, Text(f"L'ordinateur ({level.fr}) s'assoit : {e.name}.",
                                 f"The computer ({level.en}) takes a seat: {e.name}."))

    @rules.applies(PlayerLeft)
    def _left(s: State, e: PlayerLeft) -> State:
        seat = s.seat(e.player_id)
        name = seat.name if seat else e.player_id
        s = replace(s, seats=tuple(x for x in s.seats if x.player_id != e.player_id))
        return with_feed(s, Text(f"{name} quitte la table.", f"{name} leaves the table."))

    @rules.applies(BotSet)
    def _bot_set(s: State, e: BotSet) -> State:
        seat = s.seat(e.player_id)
        assert seat is not None
        s = replace(s, seats=tuple(replace(x, bot=e.level) if x.player_id == e.player_id else x for x in s.seats))
        if e.level is None:
            return with_feed(s, Text(f"{seat.name} reprend la main.", f"{seat.name} plays again in person."))
        level = LEVEL_NAMES[e.level]
        by = s.seat(e.by)
        if by is not None and by.player_id != e.player_id:
            return with_feed(s, Text(f"{by.name} confie le siège de {seat.name} à l'ordinateur ({level.fr}).",
                                     f"{by.name} hands {seat.name}'s seat to the computer ({level.en})."))
        return with_feed(s, Text(f"L'ordinateur ({level.fr}) joue désormais pour {seat.name}.",
                                 f"The computer ({level.en}) now plays for {seat.name}."))

