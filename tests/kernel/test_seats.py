"""app/kernel/seats.py: the lobby's door on a tiny table built only from kernel parts.

Whoever runs the door (the game master, or a table's host through `may_run`)
removes a seat and locks the lobby, in the lobby only; a locked lobby refuses
every join; both are events that fold back to the same door.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Annotated, Any, Literal

import pytest
from pydantic import Field

from app.kernel import seats
from app.kernel.actor import Actor, me
from app.kernel.messages import Message, command_codec, event_codec
from app.kernel.rules import Gatekeeping, Rules, Tx, refuse
from app.kernel.seats import Door, LobbyLocked, LockLobby, RemoveSeat, SeatRemoved
from app.kernel.text import EngineError


@dataclass(frozen=True)
class Table:
    seed: int = 1
    version: int = 0
    phase: str = "lobby"
    seats: tuple[tuple[str, str], ...] = ()
    door: Door = field(default_factory=Door)
    said: tuple[str, ...] = ()


class Join(Message):
    type: Literal["join"] = "join"
    name: str


class Start(Message):
    type: Literal["start"] = "start"


class Joined(Message):
    type: Literal["joined"] = "joined"
    player_id: str
    name: str


class Started(Message):
    type: Literal["started"] = "started"


COMMANDS = command_codec(Annotated[Join | Start | RemoveSeat | LockLobby, Field(discriminator="type")])
EVENTS = event_codec(Annotated[Joined | Started | SeatRemoved | LobbyLocked, Field(discriminator="type")])


def build(host: bool = False) -> Rules[Table]:
    rules: Rules[Table] = Rules(Gatekeeping(
        phase=lambda s: s.phase, over=lambda s: False, seated=lambda s, p: any(pid == p for pid, _ in s.seats)))

    @rules.handles(Join, actors=("player",), phases=("lobby",), seatless=True)
    def _join(tx: Tx[Table], cmd: Join, actor: Actor) -> None:
        if (locked := seats.join_refusal(tx.state.door)) is not None:
            raise locked
        tx.emit(Joined(player_id=me(actor), name=cmd.name))

    @rules.handles(Start, actors=("moderator", "player"))
    def _start(tx: Tx[Table], cmd: Start, actor: Actor) -> None:
        tx.emit(Started())

    rules.applies(Joined)(lambda s, e: replace(s, seats=(*s.seats, (e.player_id, e.name))))
    rules.applies(Started)(lambda s, e: replace(s, phase="play"))

    def may_run(state: Table, actor: Actor) -> EngineError | None:
        return None if state.seats and actor.player_id == state.seats[0][0] else refuse(
            "not_host", "Seul l'hôte.", "Only the host.")

    seats.install(rules, seats.Seating(
        door=lambda s: s.door, with_door=lambda s, door: replace(s, door=door), in_lobby=lambda s: s.phase == "lobby",
        seats=lambda s: s.seats, remove=lambda s, pid: replace(s, seats=tuple(x for x in s.seats if x[0] != pid)),
        locked=lambda s, locked: replace(s, said=(*s.said, "locked" if locked else "open")),
        actors=("player",) if host else ("moderator",), may_run=may_run if host else None,
    ))
    return rules


MOD = Actor.moderator()


def seated(rules: Rules[Table], *names: str) -> Table:
    state = Table()
    for i, name in enumerate(names, 1):
        state = rules.decide(state, Join(name=name), Actor.player(f"p{i}"), 0).state
    return state


def code(rules: Rules[Table], state: Table, command: Any, actor: Actor = MOD) -> str:
    with pytest.raises(EngineError) as refused:
        rules.decide(state, COMMANDS.parse(command), actor, 0)
    return refused.value.code


def test_a_removed_seat_is_gone_its_name_said_and_its_id_remembered() -> None:
    rules = build()
    state = seated(rules, "Ana", "Bob")
    decision = rules.decide(state, RemoveSeat(player_id="p2"), MOD, 5)
    assert decision.events == [SeatRemoved(player_id="p2", name="Bob", at_ms=5)]
    assert decision.state.seats == (("p1", "Ana"),) and decision.state.door.removed == ("p2",)
    assert seats.lobby_keys(decision.state.door) == {"locked": False, "removed": ["p2"]}
    assert rules.fold(state, [EVENTS.parse(EVENTS.dump(e)) for e in decision.events]) == decision.state


def test_a_locked_lobby_refuses_every_join_until_it_opens_again() -> None:
    rules = build()
    state = rules.decide(seated(rules, "Ana"), LockLobby(locked=True), MOD, 0).state
    assert state.door.locked and state.said == ("locked",)
    assert code(rules, state, {"type": "join", "name": "Cléo"}, Actor("player", "p9")) == "lobby_locked"
    assert code(rules, state, {"type": "mod_lock_lobby", "locked": True}) == "lobby_unchanged"
    state = rules.decide(state, LockLobby(locked=False), MOD, 0).state
    assert not state.door.locked and rules.decide(state, Join(name="Cléo"), Actor.player("p9"), 0).events


@pytest.mark.parametrize(("command", "expected"), [
    ({"type": "mod_remove_seat", "player_id": "p7"}, "unknown_player"),
    ({"type": "mod_remove_seat", "player_id": "p" * 17}, "bad_command"),
    ({"type": "mod_lock_lobby", "locked": "maybe"}, "bad_command"),
])
def test_what_the_door_refuses_in_the_lobby(command: dict[str, Any], expected: str) -> None:
    rules = build()
    state = seated(rules, "Ana")
    if expected == "bad_command":
        with pytest.raises(EngineError) as bad:
            COMMANDS.parse(command)
        assert bad.value.code == expected
    else:
        assert code(rules, state, command) == expected


def test_only_in_the_lobby_and_only_by_whoever_runs_the_door() -> None:
    rules = build()
    state = seated(rules, "Ana", "Bob")
    assert code(rules, state, {"type": "mod_remove_seat", "player_id": "p2"}, Actor.player("p1")) == "not_allowed"
    started = rules.decide(state, Start(), MOD, 0).state
    for command in ({"type": "mod_remove_seat", "player_id": "p2"}, {"type": "mod_lock_lobby", "locked": True}):
        assert code(rules, started, command) == "not_lobby"


def test_a_host_runs_the_door_at_a_table_with_no_game_master_but_not_on_his_own_seat() -> None:
    rules = build(host=True)
    state = seated(rules, "Ana", "Bob", "Cléo")
    assert code(rules, state, {"type": "mod_remove_seat", "player_id": "p3"}, Actor.player("p2")) == "not_host"
    assert code(rules, state, {"type": "mod_remove_seat", "player_id": "p1"}, Actor.player("p1")) == "own_seat"
    assert rules.decide(state, RemoveSeat(player_id="p3"), Actor.player("p1"), 0).state.door.removed == ("p3",)


def test_the_door_view_gives_the_buttons_only_to_whoever_runs_it_and_only_in_the_lobby() -> None:
    door = Door(locked=True)
    assert seats.door_view(door, True, [("p1", "Ana")], runs=True) == {
        "locked": True, "lobby": True, "runs": True, "seats": [{"id": "p1", "name": "Ana"}]}
    assert seats.door_view(door, True, [], runs=False)["runs"] is False
    assert seats.door_view(door, False, [], runs=True)["runs"] is False
