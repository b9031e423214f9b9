"""Mode Historique commands (the base mirrors app.games.deuxrois.commands._Command, which imports this module)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class _HCommand(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class HistoriqueNumber(_HCommand):
    """A général's secret number 1..14 for the draw, or {"random": true} (the "hasard" button, E2)."""

    type: Literal["historique_number"] = "historique_number"
    number: int | None = Field(None, ge=1, le=14)
    random: bool = False


class ModHistoriquePick(_HCommand):
    """The moderator sets this round's event (1 = "pas d'événement", the only way to get it, E1)."""

    type: Literal["mod_historique_pick"] = "mod_historique_pick"
    number: int = Field(ge=1, le=28)


class ModHistoriqueCancel(_HCommand):
    """The moderator cancels the event in force (its remaining effects stop now)."""

    type: Literal["mod_historique_cancel"] = "mod_historique_cancel"


class SetZone(_HCommand):
    """Events 25-27: the zone a player stands in (the moderator may correct anyone's)."""

    type: Literal["set_zone"] = "set_zone"
    zone: str
    player: str | None = None  # moderator only


class ModMarkOutside(_HCommand):
    """Event 4 (E8): a player who broke the silence is outside until the election result."""

    type: Literal["mod_mark_outside"] = "mod_mark_outside"
    player: str
    outside: bool = True


class ReportSilence(_HCommand):
    """Event 4 (E8): a player reports someone who spoke; the moderator confirms with mod_mark_outside."""

    type: Literal["report_silence"] = "report_silence"
    player: str


HistoriqueCommand = (
    HistoriqueNumber | ModHistoriquePick | ModHistoriqueCancel | SetZone | ModMarkOutside | ReportSilence
)
