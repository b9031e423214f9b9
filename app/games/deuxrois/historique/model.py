"""The Mode Historique part of the game state (rulings §5): draws, person-bound roles, zones, timers.

Kept free of imports from the rest of the play engine, because `state.GameState` holds it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from app.games.deuxrois.deal import Room


@dataclass(frozen=True, slots=True)
class Draw:
    """The event drawn in window X of `round` (its exchange parts now, its round parts in round + 1)."""

    round: int
    number: int
    a: int | None  # Normandie's général's number (None: picked by the moderator)
    b: int | None  # Angleterre's
    source: str  # "sum" or "moderator"
    cancelled: bool = False


@dataclass(frozen=True, slots=True)
class HistoriqueState:
    numbers: Mapping[Room, int] = field(default_factory=dict)  # this round's secret numbers (E2)
    draws: Mapping[int, Draw] = field(default_factory=dict)  # round -> draw
    roles: Mapping[str, frozenset[str]] = field(default_factory=dict)  # role -> players (reset each round)
    choices: Mapping[str, str] = field(default_factory=dict)  # "role:player" -> a player or a value
    zones: Mapping[str, str] = field(default_factory=dict)  # player -> zone (events 25-27)
    spent: Mapping[str, int] = field(default_factory=dict)  # "power:player" -> uses this round
    # Timers as "ms before the phase deadline", so a pause or a moderator extension moves them too.
    timers: Mapping[str, int] = field(default_factory=dict)
    steps: frozenset[str] = frozenset()  # one-shot steps already done ("exchange:3", "arrival:3"...)

    def has(self, role: str, pid: str) -> bool:
        return pid in self.roles.get(role, frozenset())

    def uses(self, key: str, pid: str) -> int:
        return self.spent.get(f"{key}:{pid}", 0)
