"""What the game master picks when creating a table, and a fixed deal for scenarios and tests."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from app.games.inde.pieces import TILE_NUMBERS, Colour

BOT_LEVELS = ("greedy", "facile")
BotLevel = Literal["greedy", "facile"]


class Deal(BaseModel):
    """A fixed deal (scenarios, tests): who starts, each first palais's number, the order tiles are turned.

    `tiles` may list fewer than 20 numbers per colour; the rest are drawn at random.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    first: Colour = Colour.VERT
    palais: dict[Colour, int] = Field(default_factory=dict)
    tiles: dict[Colour, tuple[int, ...]] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _check(self) -> Deal:
        for colour, n in self.palais.items():
            if n not in TILE_NUMBERS:
                raise ValueError(f"first palais number for {colour} must be 1-20")
        for colour, order in self.tiles.items():
            if len(set(order)) != len(order) or any(n not in TILE_NUMBERS for n in order):
                raise ValueError(f"tiles for {colour} must be distinct numbers 1-20")
        return self


class InDeConfig(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    # Who plays first: drawn at random (A14), or set (rematches alternate colours).
    first: Literal["random", "vert", "fuchsia"] = "random"
    # How long the computer "thinks" before its move (the hub's timer sends bot_play then).
    bot_delay_ms: int = Field(default=1200, ge=0, le=10_000)
    deal: Deal | None = None

