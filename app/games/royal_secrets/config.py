"""What the game master picks when creating a Royal Secrets table (the host options of rulings §3.3 c)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict


class RoyalSecretsConfig(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    # RS-8: the écritoire hides every total until the end; the host may show a running scoreboard.
    public_scores: bool = False
    # RS-2 / 3.3 a: one pile of 9 per Souverain (2 set aside each), or one mixed deck of 18
    # dealt 7 and 7 (4 set aside).
    audience_layout: Literal["per_souverain", "mixed"] = "per_souverain"
    # RS-18: the last bettor keeps the tuile and opens the next round, or (the flagged
    # alternative) gives it to the player of his choice, who opens it.
    round_opener: Literal["keeps", "designates"] = "keeps"
