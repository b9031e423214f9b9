"""What a viewer may do now: typed legal actions, with the reason when one is unavailable.

Templates render this list; they never re-derive a rule. `input` says which
widget the web draws (one macro per kind), `field` which command field the
widget fills, and `fixed` the fields sent as they are.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from app.kernel.text import Text

InputKind = Literal["button", "pick_one", "pick_many", "number", "confirm"]


class Option(BaseModel):
    """One value the player may pick, with its label (a player's name, a card's name...)."""

    model_config = ConfigDict(frozen=True)

    value: str | int | bool | None
    label: Text


class LegalAction(BaseModel):
    """One command this viewer may send (or could, but not now: `available` and `reason`)."""

    model_config = ConfigDict(frozen=True)

    type: str  # the command's "type"
    label: Text
    available: bool = True
    reason: Text | None = None
    input: InputKind = "button"
    field: str | None = None  # the command field the input fills
    options: tuple[Option, ...] = ()
    fixed: dict[str, Any] = Field(default_factory=dict)
    min: int | None = None  # number input bounds, or how many a pick_many takes
    max: int | None = None
    group: str | None = None  # the phone groups actions by it (e.g. "reveal", "power")

    def command(self, value: Any = None) -> dict[str, Any]:
        """The command this action sends with `value` in its field."""
        body: dict[str, Any] = {"type": self.type, **self.fixed}
        if self.field is not None:
            body[self.field] = value
        return body
