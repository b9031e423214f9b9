"""Game configuration: rounds, timers (rulings §4.2, D1, D12) and an optional custom deck.

Every value is a default the moderator may change at `start`; the engine reads
only this object, never a global.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

# Negotiation minutes per round (ruling D1): standard 5,4,3,3,3; rapid 4,3,3.
STANDARD_NEGOTIATION_S = (300, 240, 180, 180, 180)
RAPID_NEGOTIATION_S = (240, 180, 180)

# Envoys per room by round (ruling D2, §4.2): (max players of the row, quotas by round).
STANDARD_QUOTAS: tuple[tuple[int, tuple[int, ...]], ...] = (
    (10, (1, 1, 1, 1, 1)),
    (13, (2, 2, 1, 1, 1)),
    (17, (3, 2, 2, 1, 1)),
    (21, (4, 3, 2, 1, 1)),
    (34, (5, 4, 3, 2, 1)),
    (50, (6, 5, 4, 3, 2)),
)
RAPID_QUOTAS: tuple[tuple[int, tuple[int, ...]], ...] = (
    (10, (1, 1, 1)),
    (21, (2, 1, 1)),
    (34, (3, 2, 1)),
    (50, (4, 3, 2)),
)


class GameConfig(BaseModel):
    """Set at `new_game`, adjustable by the moderator's `start` command."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    rounds: Literal[5, 3] = 5  # 3 = "partie rapide" (D12)
    negotiation_s: tuple[int, ...] | None = None  # None: the §4.2 default for `rounds`
    election_s: int = Field(45, ge=1)
    runoff_s: int = Field(20, ge=1)  # run-off among the tied, and the D7 re-vote
    designation_s: int = Field(60, ge=1)
    departure_s: int = Field(30, ge=1)
    arrival_s: int = Field(20, ge=1)
    setup_s: int = Field(60, ge=1)  # the Infidèle's colour prompt before round 1
    deck: tuple[int, ...] | None = None  # a custom deck, checked by deal.validate_deck
    historique: bool = False  # Mode Historique (rulings §5): an event drawn after each lock

    @field_validator("negotiation_s")
    @classmethod
    def _positive(cls, v: tuple[int, ...] | None) -> tuple[int, ...] | None:
        if v is not None and any(s <= 0 for s in v):
            raise ValueError("negotiation durations must be positive")
        return v

    def negotiation_for(self, round_no: int) -> int:
        table = self.negotiation_s or (STANDARD_NEGOTIATION_S if self.rounds == 5 else RAPID_NEGOTIATION_S)
        return table[min(round_no, len(table)) - 1]


def envoy_quota(players: int, rounds: int, round_no: int) -> int:
    """Envoys each général sends in `round_no` (ruling D2)."""
    table = STANDARD_QUOTAS if rounds == 5 else RAPID_QUOTAS
    for max_players, quotas in table:
        if players <= max_players:
            return quotas[round_no - 1]
    return table[-1][1][round_no - 1]
