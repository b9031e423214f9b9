"""The lobby's door, shared by every game: who runs it may take a seat back and close the door.

One phone (or one address) could fill every seat in seconds, and a troll's seat
could not be taken back. So, in the lobby only, whoever runs the door (the game
master; at a table with no game master, its host) may:

- remove a seat (`mod_remove_seat {player_id}` -> `seat_removed`): the seat goes
  as if its player had left, so the name is free again; its id joins
  `Door.removed`, so that phone, back at the door, is told why (the web cuts its
  sockets and no longer takes its seat cookie, since the seat is gone);
- lock or unlock the lobby (`mod_lock_lobby {locked}` -> `lobby_locked`): a
  locked lobby refuses every join (`lobby_locked`), while seated phones keep
  playing and a lost phone still gets its seat back with its PIN.

Both are events in the game's own log, so they replay, export and undo like
every other move. A game puts the commands and events in its unions, a `Door`
in its state, calls `join_refusal` first in its join, and shows `door_view`;
a game built on the kernel's `Rules` installs the handlers and appliers with
`install(rules, Seating(...))`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

from pydantic import Field

from app.kernel.actor import Actor, ActorKind
from app.kernel.messages import Message
from app.kernel.rules import GameStateLike, Rules, Tx, refuse
from app.kernel.text import EngineError


class RemoveSeat(Message):
    """Take a seat back, in the lobby: its phone returns to the door and its name is free again."""

    type: Literal["mod_remove_seat"] = "mod_remove_seat"
    player_id: str = Field(max_length=16)


class LockLobby(Message):
    """Close the door to newcomers (`locked` true) or open it again."""

    type: Literal["mod_lock_lobby"] = "mod_lock_lobby"
    locked: bool


class SeatRemoved(Message):
    type: Literal["seat_removed"] = "seat_removed"
    player_id: str
    name: str = ""  # as it was at the table: the seat is gone, the journal still says whose it was
    at_ms: int = 0  # stamped by the decision's clock, as every game's events may be


class LobbyLocked(Message):
    type: Literal["lobby_locked"] = "lobby_locked"
    locked: bool
    at_ms: int = 0


DoorEvent = SeatRemoved | LobbyLocked


@dataclass(frozen=True, slots=True)
class Door:
    """What the door knows: whether it is locked, and the seats taken back (ids, oldest first)."""

    locked: bool = False
    removed: tuple[str, ...] = ()

    def after(self, event: DoorEvent) -> Door:
        if isinstance(event, LobbyLocked):
            return replace(self, locked=event.locked)
        return replace(self, removed=(*(p for p in self.removed if p != event.player_id), event.player_id))


def join_refusal(door: Door) -> EngineError | None:
    """Asked first by every join: a locked lobby takes nobody new."""
    if door.locked:
        return refuse("lobby_locked", "Les inscriptions sont fermées : on ne peut plus s'asseoir à cette table.",
                      "Joining is closed: no more seats at this table.")
    return None


def _not_lobby() -> EngineError:
    return refuse("not_lobby", "La partie a commencé : la porte ne se gère que dans le salon, avant le début.",
                  "The game has started: the door is only run in the lobby, before the start.")


def remove_refusal(in_lobby: bool, seats: Sequence[str], player_id: str, actor: Actor) -> EngineError | None:
    """Why this seat may not be removed now (None if it may)."""
    if not in_lobby:
        return _not_lobby()
    if player_id not in seats:
        return refuse("unknown_player", "Ce joueur n'est pas à la table.", "That player is not at the table.")
    if actor.kind == "player" and actor.player_id == player_id:
        return refuse("own_seat", "C'est votre propre place : pour partir, quittez la table.",
                      "That is your own seat: to go, leave the table.")
    return None


def lock_refusal(door: Door, in_lobby: bool, locked: bool) -> EngineError | None:
    if not in_lobby:
        return _not_lobby()
    if door.locked == locked:
        if locked:
            return refuse("lobby_unchanged", "Les inscriptions sont déjà fermées.", "Joining is already closed.")
        return refuse("lobby_unchanged", "Les inscriptions sont déjà ouvertes.", "Joining is already open.")
    return None


def lobby_keys(door: Door) -> dict[str, Any]:
    """What the door page reads besides the game's own lobby: `locked`, and `removed` (the seats taken
    back, so a phone whose seat it was is told why it is a newcomer again)."""
    return {"locked": door.locked, "removed": list(door.removed)}


def door_view(door: Door, in_lobby: bool, seats: Sequence[tuple[str, str]], runs: bool) -> dict[str, Any]:
    """The view's `door` (templates/kit/door.html): public, and `runs` says whether this viewer runs
    it (the game master's dashboard, the host's phone), i.e. gets the buttons."""
    return {"locked": door.locked, "lobby": in_lobby, "runs": runs and in_lobby,
            "seats": [{"id": pid, "name": name} for pid, name in seats]}


@dataclass(frozen=True, slots=True)
class Seating:
    """How the door reads and changes one game's state, for a game built on the kernel's `Rules`.

    `remove` is the game's own "this seat is gone" (what its player_left does, with
    its own line in its feed); `locked` may add a line too. `may_run` says who runs
    the door among the `actors` (a table's host), or None when every one of them does.
    """

    door: Callable[[Any], Door]
    with_door: Callable[[Any, Door], Any]
    in_lobby: Callable[[Any], bool]
    seats: Callable[[Any], Sequence[tuple[str, str]]]  # (player id, name), in seat order
    remove: Callable[[Any, str], Any]
    locked: Callable[[Any, bool], Any] = lambda state, _locked: state
    actors: tuple[ActorKind, ...] = ("moderator",)
    may_run: Callable[[Any, Actor], EngineError | None] | None = None


def install(rules: Rules[Any], seating: Seating) -> None:
    """The door's two commands and two events in a game's rules."""

    def check(state: GameStateLike, actor: Actor) -> None:
        if seating.may_run is not None and (refusal := seating.may_run(state, actor)) is not None:
            raise refusal

    # Any phase at the gate: the handler says "only in the lobby" in its own words.
    @rules.handles(RemoveSeat, actors=seating.actors)
    def _remove(tx: Tx[Any], cmd: RemoveSeat, actor: Actor) -> None:
        check(tx.state, actor)
        names = dict(seating.seats(tx.state))
        refusal = remove_refusal(seating.in_lobby(tx.state), list(names), cmd.player_id, actor)
        if refusal is not None:
            raise refusal
        tx.emit(SeatRemoved(player_id=cmd.player_id, name=names[cmd.player_id]))

    @rules.handles(LockLobby, actors=seating.actors)
    def _lock(tx: Tx[Any], cmd: LockLobby, actor: Actor) -> None:
        check(tx.state, actor)
        refusal = lock_refusal(seating.door(tx.state), seating.in_lobby(tx.state), cmd.locked)
        if refusal is not None:
            raise refusal
        tx.emit(LobbyLocked(locked=cmd.locked))

    @rules.applies(SeatRemoved)
    def _removed(state: Any, event: SeatRemoved) -> Any:
        door = seating.door(state).after(event)
        return seating.with_door(seating.remove(state, event.player_id), door)

    @rules.applies(LobbyLocked)
    def _locked(state: Any, event: LobbyLocked) -> Any:
        return seating.locked(seating.with_door(state, seating.door(state).after(event)), event.locked)
