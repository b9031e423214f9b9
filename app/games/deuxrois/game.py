"""The play engine's entry points (the contract with the web layer, docs/architecture.md).

    events = new_game(config, seed, now_ms)
    state  = replay(events)                      # folded by RULES, unless other rules are given
    evs    = decide(state, command, actor, now_ms)   # raises EngineError: nothing changes
    state  = evolve(state, event)
    when   = next_deadline(state)

A state carries the rules it was folded by, so `decide` and `evolve` need no
other argument: a game replayed with other rules (a test's, the core without
Mode Historique) keeps them.
"""

from __future__ import annotations

from collections.abc import Iterable

from app.games.deuxrois.commands import Command
from app.games.deuxrois.config import GameConfig
from app.games.deuxrois.events import Event, GameCreated
from app.games.deuxrois.fold import fold_events
from app.games.deuxrois.rounds import next_deadline
from app.games.deuxrois.rules import build_rules
from app.games.deuxrois.ruleset import GameRules
from app.games.deuxrois.state import GameState
from app.kernel.actor import Actor
from app.kernel.rules import Decision

__all__ = ["RULES", "Actor", "GameConfig", "GameState", "decide", "decide_state", "evolve", "new_game",
           "next_deadline", "replay"]

RULES: GameRules = build_rules()  # the game as the server hosts it (Mode Historique in, on when configured)


def new_game(config: GameConfig, seed: int, now_ms: int) -> list[Event]:
    """A fresh game: the lobby is open and nobody is seated."""
    return [GameCreated(seed=seed, config=config, at_ms=now_ms)]


def replay(events: Iterable[Event], rules: GameRules = RULES) -> GameState:
    """The fold of a whole log (the first event must be GameCreated)."""
    return fold_events(list(events), rules)


def decide(state: GameState, command: Command, actor: Actor, now_ms: int,
           expected_version: int | None = None) -> list[Event]:
    """The events of `decide_state` (tests and tools that only need the log)."""
    return decide_state(state, command, actor, now_ms, expected_version).events


def decide_state(state: GameState, command: Command, actor: Actor, now_ms: int,
                 expected_version: int | None = None) -> Decision[GameState]:
    """Validates `command` for `actor` against `state`; returns the events and the new state, or raises EngineError.

    `expected_version` (optional): the state.version the client acted on; a command sent
    from an older view is refused ("stale") instead of acting on a changed game.
    """
    return state.rules.decide(state, command, actor, now_ms, expected_version)


def evolve(state: GameState, event: Event) -> GameState:
    """One event -> the next state (version + 1), by the state's own rules."""
    return state.rules.evolve(state, event)
