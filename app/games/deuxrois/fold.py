"""The fold's own bookkeeping (`step`) and the fold of a whole log (`fold_events`).

Each module that owns an event folds it with an applier added in its
`install(rules)`; appliers never validate, they apply. Before the applier, every
event counts one version and joins the history (`step`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from app.games.deuxrois.model.events import GameCreated
from app.games.deuxrois.state import GameState, History
from app.kernel.messages import Message

if TYPE_CHECKING:
    from app.games.deuxrois.ruleset import GameRules


def step(state: GameState, event: Any) -> GameState:
    """What every event does to the state: version + 1, the event appended to the history."""
    return replace(state, version=state.version + 1, history=History(event, state.history))


def fold_events(events: Sequence[Message], rules: GameRules) -> GameState:
    """The fold of a log that starts with GameCreated (used by `replay` and by `Reverted`)."""
    first = events[0] if events else None
    if not isinstance(first, GameCreated):
        raise ValueError("a game log starts with game_created")
    return rules.fold(GameState(seed=first.seed, config=first.config, rules=rules), events)
