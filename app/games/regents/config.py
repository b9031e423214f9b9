"""What the game master picks when creating a Régents table."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

MIN_PLAYERS, MAX_PLAYERS = 3, 5  # RG-1
ROUNDS = 8  # L78
AGENTS = 4  # L14
COUNSELLORS = 20  # L15
ACTIONS = 3  # L82


class RegentsConfig(BaseModel):
    """`prompt_seconds`: how long a phone has to answer a prompt (0: no timer, the game master skips).

    `fourth_turn_bonus`: RG-31 reads "one conseiller per domain led alone"; the
    other reading ("one per player who leads at least one domain") is a switch.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    prompt_seconds: int = Field(default=60, ge=0, le=600)
    fourth_turn_bonus: Literal["per_domain", "per_player"] = "per_domain"
