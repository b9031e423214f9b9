"""The kernel's gate, Tx and decide, on a tiny counting game built only from kernel parts."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Annotated, Literal

import pytest
from pydantic import Field

from app.kernel.actor import Actor, me
from app.kernel.messages import Message, command_codec, event_codec
from app.kernel.rules import Gatekeeping, Rules, Tx
from app.kernel.testing.folds import events_applied
from app.kernel.text import EngineError, Text


@dataclass(frozen=True)
class Count:
    seed: int = 7
    version: int = 0
    phase: str = "lobby"
    seats: tuple[str, ...] = ()
    total: int = 0
    draws: tuple[int, ...] = field(default=())


class Join(Message):
    type: Literal["join"] = "join"


class Add(Message):
    type: Literal["add"] = "add"
    n: int = Field(ge=1, le=3)


class Draw(Message):
    type: Literal["draw"] = "draw"


class Joined(Message):
    type: Literal["joined"] = "joined"
    player_id: str


class Added(Message):
    type: Literal["added"] = "added"
    n: int
    at_ms: int = 0


class Drawn(Message):
    type: Literal["drawn"] = "drawn"
    value: int


COMMANDS = command_codec(Annotated[Join | Add | Draw, Field(discriminator="type")])
EVENTS = event_codec(Annotated[Joined | Added | Drawn, Field(discriminator="type")])


def build() -> Rules[Count]:
    rules: Rules[Count] = Rules(Gatekeeping(
        phase=lambda s: s.phase, over=lambda s: s.total >= 10, seated=lambda s, p: p in s.seats,
        phase_name=lambda p: Text("le salon", "the lobby") if p == "lobby" else Text(p, p),
    ))

    @rules.handles(Join, actors=("player",), phases=("lobby", "play"), seatless=True)
    def _join(tx: Tx[Count], cmd: Join, actor: Actor) -> None:
        tx.emit(Joined(player_id=me(actor)))

    @rules.handles(Add, actors=("player",), phases=("play",))
    def _add(tx: Tx[Count], cmd: Add, actor: Actor) -> None:
        tx.emit(Added(n=cmd.n))
        if tx.state.total < 10:  # decided against the state the first event made
            tx.emit(Added(n=1))

    @rules.handles(Draw, actors=("system",), when_over=True)
    def _draw(tx: Tx[Count], cmd: Draw, actor: Actor) -> None:
        tx.emit(Drawn(value=tx.rng("draw").randint(1, 1000)))

    @rules.applies(Joined)
    def _joined(s: Count, e: Joined) -> Count:
        return Count(s.seed, s.version, "play", (*s.seats, e.player_id), s.total, s.draws)

    @rules.applies(Added)
    def _added(s: Count, e: Added) -> Count:
        return Count(s.seed, s.version, s.phase, s.seats, s.total + e.n, s.draws)

    @rules.applies(Drawn)
    def _drawn(s: Count, e: Drawn) -> Count:
        return Count(s.seed, s.version, s.phase, s.seats, s.total, (*s.draws, e.value))

    return rules


def test_decide_returns_the_events_and_the_state_they_fold_to() -> None:
    rules = build()
    s = rules.decide(Count(), Join(), Actor.player("p1"), 5).state
    d = rules.decide(s, COMMANDS.parse({"type": "add", "n": 2}), Actor.player("p1"), 42)
    assert [e.n for e in d.events] == [2, 1]
    assert all(e.at_ms == 42 for e in d.events)
    assert d.state.total == 3 and d.state.version == 3
    assert rules.fold(s, d.events) == d.state


@pytest.mark.parametrize(("state", "command", "actor", "code"), [
    (Count(), Add(n=1), Actor.player("p1"), "no_seat"),
    (Count(seats=("p1",), phase="play"), Add(n=1), Actor.moderator(), "not_allowed"),
    (Count(seats=("p1",)), Add(n=1), Actor.player("p1"), "wrong_phase"),
    (Count(seats=("p1",), phase="play", total=10), Add(n=1), Actor.player("p1"), "game_over"),
    (Count(), object(), Actor.system(), "unknown_command"),
])
def test_the_gate_refuses_in_its_fixed_order(state: Count, command: object, actor: Actor, code: str) -> None:
    with pytest.raises(EngineError) as err:
        build().decide(state, command, actor, 0)
    assert err.value.code == code


def test_a_wrong_phase_names_the_phase_in_both_languages() -> None:
    with pytest.raises(EngineError) as err:
        build().decide(Count(seats=("p1",)), Add(n=1), Actor.player("p1"), 0)
    assert "le salon" in err.value.text("fr") and "the lobby" in err.value.text("en")


def test_a_stale_view_is_refused() -> None:
    with pytest.raises(EngineError) as err:
        build().decide(Count(), Join(), Actor.player("p1"), 0, expected_version=3)
    assert err.value.code == "stale"


def test_randomness_is_seeded_by_seed_version_and_purpose() -> None:
    rules = build()

    def draw(seed: int, version: int, at: int = 0) -> int:
        return int(rules.decide(Count(seed=seed, version=version), Draw(), Actor.system(), at).events[0].value)

    assert draw(1, 0) == draw(1, 0, at=99)  # the clock plays no part: a replay draws the same
    assert len({draw(seed, 0) for seed in range(8)}) > 1
    assert len({draw(1, version) for version in range(8)}) > 1


def test_the_codec_turns_bad_json_into_a_bilingual_refusal() -> None:
    with pytest.raises(EngineError) as err:
        COMMANDS.parse({"type": "add", "n": 9})
    assert err.value.code == "bad_command" and "Commande invalide (add.n)" in err.value.text("fr")
    with pytest.raises(EngineError) as bad:
        EVENTS.parse({"type": "nope"})
    assert bad.value.code == "bad_event"
    assert EVENTS.parse(EVENTS.dump(Added(n=2, at_ms=3))) == Added(n=2, at_ms=3)


def test_a_command_or_event_registered_twice_is_an_error() -> None:
    rules = build()
    with pytest.raises(ValueError, match="handled twice"):
        rules.handles(Join, actors=("player",))(lambda tx, c, a: None)
    with pytest.raises(ValueError, match="applied twice"):
        rules.applies(Added)(lambda s, e: s)


class Undone(Message):
    type: Literal["undone"] = "undone"
    to_version: int


def _with_undo() -> tuple[Rules[Count], list[Message]]:
    """The counting game with an undo that replays the log up to a version, as the games' undos do."""
    rules = build()
    log: list[Message] = []

    @rules.applies(Undone)
    def _undone(s: Count, e: Undone) -> Count:
        restored = rules.folded_at(e.to_version)
        if restored is None:
            restored = rules.fold(Count(), log[:e.to_version])
        return replace(restored, version=s.version)

    rules.rewinds_to(Undone, lambda e: e.to_version)
    return rules, log


def test_a_log_with_many_undos_folds_in_one_pass_and_to_the_same_state() -> None:
    rules, log = _with_undo()
    state = Count()
    # Each undo decided now folds the log before it, once: about 62 * 31 events in all, not 2**30 folds.
    with events_applied(4_000):
        for event in (Joined(player_id="p1"), Added(n=1)):
            log.append(event)
            state = rules.evolve(state, event)
        for _ in range(30):  # an add, then an undo of it, thirty times
            for event in (Added(n=1), Undone(to_version=len(log))):
                log.append(event)
                state = rules.evolve(state, event)
    assert state.total == 1 and state.version == len(log) == 62
    with events_applied(4_000) as applied:
        assert rules.fold(Count(), log) == state
    assert applied.count == len(log)  # each event once: the undos take the states the fold kept
