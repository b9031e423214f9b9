"""Random whole games through a `GameDefinition`, checking what every game must hold.

OpenSpiel's random-sim test, with our invariants: every decision's state is
the fold of its events, events survive JSON, a replay of the log gives the
same state, every viewer's view builds and carries no secret it may not see
(`leaks`), and a refused command changes nothing. A game's tests give the
moves (a bot choosing among what the views offer) and what counts as a leak.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import orjson

from app.kernel.actor import Actor
from app.kernel.game import GameDefinition
from app.kernel.text import EngineError
from app.kernel.viewer import Viewer

Move = tuple[Actor, dict[str, Any]]
Chooser = Callable[[Any, random.Random], Move | None]
LeakCheck = Callable[[Any, Viewer, dict[str, Any]], list[str]]


@dataclass(frozen=True, slots=True)
class Stored:
    """An event as the store would hand it back."""

    payload: dict[str, Any]
    at: int
    command: dict[str, Any] | None = None


@dataclass(slots=True)
class Playout:
    state: Any
    log: list[Stored] = field(default_factory=list)
    refused: list[tuple[Move, str]] = field(default_factory=list)
    steps: int = 0


def _dumps(view: dict[str, Any]) -> str:
    return orjson.dumps(view, default=_plain).decode()


def _plain(value: Any) -> Any:
    if hasattr(value, "model_dump"):
        return value.model_dump(mode="json")
    if hasattr(value, "__dataclass_fields__"):
        return {k: getattr(value, k) for k in value.__dataclass_fields__}
    if isinstance(value, frozenset | set | tuple):
        return sorted(value, key=repr) if isinstance(value, frozenset | set) else list(value)
    raise TypeError(f"not JSON-able: {type(value).__name__}")


def viewers_of(code: str, seats: Sequence[str]) -> list[Viewer]:
    return [Viewer(code, "screen"), Viewer(code, "moderator"), *(Viewer(code, "player", p) for p in seats)]


def play(
    game: GameDefinition,
    log: Sequence[Stored],
    choose: Chooser,
    seed: int,
    *,
    seats: Callable[[Any], Sequence[str]],
    leaks: LeakCheck | None = None,
    max_steps: int = 5000,
    start_ms: int = 1_000_000,
    step_ms: int = 1_000,
    config: Mapping[str, Any] | None = None,
) -> Playout:
    """Plays from `log` until the game is over, no move is left, or `max_steps`.

    When `choose` has nothing and a timer runs, the clock jumps to its
    deadline and the system's tick is sent, as the hub would.
    """
    rng = random.Random(seed)
    run = Playout(game.replay(list(log), config), list(log))
    now = max([start_ms, *(e.at for e in log)])
    while run.steps < max_steps and not game.over(run.state):
        run.steps += 1
        now += step_ms
        move = choose(run.state, rng)
        if move is None:
            deadline = game.next_deadline(run.state)
            if deadline is None:
                break
            now = max(now, deadline)
            move = (Actor.system(), game.tick_command(run.state))
        actor, raw = move
        before = run.state
        try:
            decision = game.decide(run.state, game.parse_command(raw), actor, now)
        except EngineError as exc:
            assert run.state is before, "a refusal changed the state"
            run.refused.append((move, exc.code))
            continue
        payloads = [game.event_to_json(e) for e in decision.events]
        folded = before
        for payload in payloads:
            folded = game.evolve(folded, game.event_from_json(orjson.loads(orjson.dumps(payload))), now)
        assert folded == decision.state, f"decide's state is not the fold of its events after {raw}"
        run.state = decision.state
        run.log.extend(Stored(p, now) for p in payloads)
        if leaks is not None:
            check_views(game, run.state, seats(run.state), leaks)
    assert game.replay(run.log, config) == run.state, "replaying the log does not give the same state"
    return run


def check_views(game: GameDefinition, state: Any, seats: Sequence[str], leaks: LeakCheck) -> None:
    """Every viewer's view builds, is JSON-able, and `leaks` finds nothing in it."""
    for viewer in viewers_of("TEST", seats):
        view = game.view_for(state, viewer, ())
        _dumps(view)
        found = leaks(state, viewer, view)
        assert not found, f"{viewer.kind} {viewer.player_id} sees {found}"
