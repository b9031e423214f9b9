"""The fold (`evolve`) and the decision transaction (`Tx`).

`evolve` dispatches on the event class to an applier registered by the module
that owns that event (lobby, election, reveals...). Appliers never validate:
they apply. `Tx` lets a decision emit events one by one and see the state after
each, so a chain of effects (a complète, then its triggers) is decided against
the state it will really meet.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any, TypeVar

from app.games.deuxrois.events import Event, GameCreated
from app.games.deuxrois.state import GameState, History

E = TypeVar("E")
Applier = Callable[[GameState, Any], GameState]
_APPLIERS: dict[type, Applier] = {}


def applies(event_type: type[E]) -> Callable[[Callable[[GameState, E], GameState]], Callable[[GameState, E], GameState]]:
    """Registers the function that folds one event class into the state."""

    def register(fn: Callable[[GameState, E], GameState]) -> Callable[[GameState, E], GameState]:
        _APPLIERS[event_type] = fn
        return fn

    return register


def evolve(state: GameState, event: Event) -> GameState:
    """One event -> the next state (version + 1, the event appended to the history)."""
    applier = _APPLIERS[type(event)]
    stepped = replace(state, version=state.version + 1, history=History(event, state.history))
    return applier(stepped, event)


class Tx:
    """A decision in progress: the events emitted so far and the state they lead to."""

    def __init__(self, state: GameState, now_ms: int) -> None:
        self.state = state
        self.now = now_ms
        self.events: list[Event] = []

    def emit(self, event: Event) -> None:
        stamped: Event = event.model_copy(update={"at_ms": self.now})
        self.events.append(stamped)
        self.state = evolve(self.state, stamped)

    def rng(self, purpose: str) -> random.Random:
        """A draw seeded by the game seed, the log position and the purpose: replay never calls it."""
        return random.Random(f"{self.state.seed}:{self.state.version}:{purpose}")

    def new_id(self, prefix: str) -> str:
        """A deterministic id: the version the creating event will get."""
        return f"{prefix}{self.state.version + 1}"


def fold_events(events: list[Event]) -> GameState:
    """The fold of a log that starts with GameCreated (used by `replay` and by `Reverted`)."""
    first = events[0] if events else None
    if not isinstance(first, GameCreated):
        raise ValueError("a game log starts with game_created")
    state = GameState(seed=first.seed, config=first.config)
    for event in events:
        state = evolve(state, event)
    return state
