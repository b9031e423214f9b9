"""The play engine's entry points (the contract with the web layer, docs/architecture.md).

    events = new_game(config, seed, now_ms)
    state  = replay(events)
    evs    = decide(state, command, actor, now_ms)   # raises EngineError: nothing changes
    state  = evolve(state, event)
    when   = next_deadline(state)
"""

from __future__ import annotations

from collections.abc import Iterable

# Importing the domain modules registers their command handlers and event appliers.
from app.games.deuxrois import (  # noqa: F401
    card_effects,
    crossing,
    designation,
    election,
    knowledge,
    lobby,
    moderator,
    prompts,
    reveals,
    rounds,
)
from app.games.deuxrois.commands import Command
from app.games.deuxrois.config import GameConfig
from app.games.deuxrois.events import Event, GameCreated
from app.games.deuxrois.fold import Tx, evolve, fold_events
from app.games.deuxrois.gate import check
from app.games.deuxrois.historique import register as historique  # noqa: F401  (Mode Historique, rulings §5)
from app.games.deuxrois.powers import families  # noqa: F401
from app.games.deuxrois.rounds import next_deadline
from app.games.deuxrois.state import GameState
from app.kernel.actor import Actor
from app.kernel.rules import Decision
from app.kernel.text import EngineError, Text

__all__ = ["Actor", "GameConfig", "GameState", "decide", "evolve", "new_game", "next_deadline", "replay"]


def new_game(config: GameConfig, seed: int, now_ms: int) -> list[Event]:
    """A fresh game: the lobby is open and nobody is seated."""
    return [GameCreated(seed=seed, config=config, at_ms=now_ms)]


def replay(events: Iterable[Event]) -> GameState:
    """The fold of a whole log (the first event must be GameCreated)."""
    return fold_events(list(events))


def decide(state: GameState, command: Command, actor: Actor, now_ms: int,
           expected_version: int | None = None) -> list[Event]:
    """The events of `decide_state` (tests and tools that only need the log)."""
    return decide_state(state, command, actor, now_ms, expected_version).events


def decide_state(state: GameState, command: Command, actor: Actor, now_ms: int,
                 expected_version: int | None = None) -> Decision[GameState]:
    """Validates `command` for `actor` against `state`; returns the events, or raises EngineError.

    `expected_version` (optional): the state.version the client acted on; a command sent
    from an older view is refused ("stale") instead of acting on a changed game.
    """
    if expected_version is not None and expected_version != state.version:
        raise EngineError("stale", Text("La partie a changé entre-temps : réessayez.",
                                        "The game changed in the meantime: try again."))
    rule = check(state, command, actor)
    tx = Tx(state, now_ms)
    rule.handler(tx, command, actor)
    if tx.events and not tx.state.over and tx.state.phase != "lobby":
        rounds.settle(tx)
    return Decision(tx.events, tx.state)
