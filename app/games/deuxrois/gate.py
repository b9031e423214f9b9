"""The one authority gate: every command passes the same checks in a fixed order.

1. game over?  2. actor allowed (kind, seat)?  3. paused?  4. phase allows it?
Then the command's own handler checks its targets and emits events.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from app.games.deuxrois.fold import Tx
from app.games.deuxrois.state import GameState, Phase
from app.kernel.actor import Actor, ActorKind
from app.kernel.text import EngineError, Text

C = TypeVar("C")
Handler = Callable[[Tx, Any, Actor], None]


@dataclass(frozen=True, slots=True)
class Rule:
    actors: frozenset[ActorKind]
    phases: frozenset[Phase] | None  # None: any phase
    when_over: bool  # allowed after the game ended
    when_paused: bool
    handler: Handler


_RULES: dict[type, Rule] = {}
ROUND: tuple[Phase, ...] = ("N", "E", "D", "X", "A")
RUNNING: tuple[Phase, ...] = (*ROUND, "setup")


def handles(
    command_type: type[C],
    actors: tuple[ActorKind, ...],
    phases: frozenset[Phase] | tuple[Phase, ...] | None = None,
    when_over: bool = False,
    when_paused: bool = False,
) -> Callable[[Callable[[Tx, C, Actor], None]], Callable[[Tx, C, Actor], None]]:
    def register(fn: Callable[[Tx, C, Actor], None]) -> Callable[[Tx, C, Actor], None]:
        _RULES[command_type] = Rule(
            frozenset(actors), frozenset(phases) if phases is not None else None, when_over, when_paused, fn
        )
        return fn

    return register


def refuse(code: str, fr: str, en: str) -> EngineError:
    return EngineError(code, Text(fr, en))


_PHASE_NAMES = {
    "lobby": "le salon", "setup": "la mise en place", "N": "la négociation", "E": "l'élection",
    "D": "la désignation", "X": "le départ", "A": "l'arrivée", "over": "la fin de partie",
}


def check(state: GameState, command: object, actor: Actor) -> Rule:
    """Steps 1-4 of the gate; returns the rule whose handler does step 5."""
    rule = _RULES.get(type(command))
    if rule is None:
        raise refuse("unknown_command", "Commande inconnue.", "Unknown command.")
    if state.over and not rule.when_over:
        raise refuse("game_over", "La partie est terminée.", "The game is over.")
    if actor.kind not in rule.actors:
        raise refuse("not_allowed", "Vous ne pouvez pas faire cela.", "You are not allowed to do that.")
    seated = actor.player_id is not None and state.player(actor.player_id) is not None
    if actor.kind == "player" and type(command).__name__ != "Join" and not seated:
        raise refuse("no_seat", "Vous n'avez pas de place dans cette partie.", "You have no seat in this game.")
    if state.paused_at_ms is not None and not rule.when_paused:
        raise refuse("paused", "La partie est en pause.", "The game is paused.")
    if rule.phases is not None and state.phase not in rule.phases:
        raise refuse(
            "wrong_phase",
            f"Impossible pendant {_PHASE_NAMES[state.phase]}.",
            f"Not possible in phase {state.phase}.",
        )
    return rule


def me(actor: Actor) -> str:
    """The acting player's id (the gate guarantees it exists for player commands)."""
    assert actor.player_id is not None
    return actor.player_id
