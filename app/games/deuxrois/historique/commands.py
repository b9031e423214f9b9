"""Mode Historique commands (kernel Messages, like the core's); commands.py adds them to the union."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from app.kernel.messages import Message


class HistoriqueNumber(Message):
    """A général's secret number 1..14 for the draw, or {"random": true} (the "hasard" button, E2)."""

    type: Literal["historique_number"] = "historique_number"
    number: int | None = Field(None, ge=1, le=14)
    random: bool = False


class ModHistoriquePick(Message):
    """The moderator sets this round's event (1 = "pas d'événement", the only way to get it, E1)."""

    type: Literal["mod_historique_pick"] = "mod_historique_pick"
    number: int = Field(ge=1, le=28)


class ModHistoriqueCancel(Message):
    """The moderator cancels the event in force (its remaining effects stop now)."""

    type: Literal["mod_historique_cancel"] = "mod_historique_cancel"


class SetZone(Message):
    """Events 25-27: the zone a player stands in (the moderator may correct anyone's)."""

    type: Literal["set_zone"] = "set_zone"
    zone: str
    player: str | None = None  # moderator only


class ModMarkOutside(Message):
    """Event 4 (E8): a player who broke the silence is outside until the election result."""

    type: Literal["mod_mark_outside"] = "mod_mark_outside"
    player: str
    outside: bool = True


class ReportSilence(Message):
    """Event 4 (E8): a player reports someone who spoke; the moderator confirms with mod_mark_outside."""

    type: Literal["report_silence"] = "report_silence"
    player: str


HistoriqueCommand = (
    HistoriqueNumber | ModHistoriquePick | ModHistoriqueCancel | SetZone | ModMarkOutside | ReportSilence
)
