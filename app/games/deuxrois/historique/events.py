"""Mode Historique events. The base mirrors app.games.deuxrois.events._Event (that module imports this one)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from app.games.deuxrois.deal import Room


class _HEvent(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    at_ms: int = 0


class HistoriqueNumberGiven(_HEvent):
    """A général's secret number (E2), or one drawn from the seed (no général, timeout, "hasard")."""

    type: Literal["historique_number_given"] = "historique_number_given"
    room: Room
    number: int
    how: Literal["general", "random", "timeout", "no_general"]


class HistoricalEventDrawn(_HEvent):
    """The event of this round's crossing, announced to both rooms, the screen and the dashboard (E3)."""

    type: Literal["historical_event_drawn"] = "historical_event_drawn"
    round: int
    number: int
    a: int | None = None
    b: int | None = None
    source: Literal["sum", "moderator"] = "sum"


class HistoricalEventCancelled(_HEvent):
    type: Literal["historical_event_cancelled"] = "historical_event_cancelled"
    round: int  # the round whose draw is cancelled


class HistoriqueRoundSetUp(_HEvent):
    """Round start: the roles and zones the event in force gives (its random outcomes recorded)."""

    type: Literal["historique_round_set_up"] = "historique_round_set_up"
    round: int
    roles: dict[str, list[str]] = {}
    zones: dict[str, str] = {}


class HistoriqueRoleSet(_HEvent):
    """A person-bound mark: outside (4), lieutenant (7), legate (24), raider (19), relic (21)..."""

    type: Literal["historique_role_set"] = "historique_role_set"
    role: str
    player: str
    on: bool = True
    choice: str | None = None  # stored as choices["role:player"] (a council member's name, 14)


class ZoneSet(_HEvent):
    type: Literal["zone_set"] = "zone_set"
    player: str
    zone: str
    by: Literal["player", "moderator", "event"] = "player"


class HistoriquePowerSpent(_HEvent):
    type: Literal["historique_power_spent"] = "historique_power_spent"
    player: str
    power: str


class HistoriqueTimerSet(_HEvent):
    """A timer `ms_before_phase_end` ms before the current phase deadline (None: cleared)."""

    type: Literal["historique_timer_set"] = "historique_timer_set"
    name: str
    ms_before_phase_end: int | None


class HistoriqueStepDone(_HEvent):
    type: Literal["historique_step_done"] = "historique_step_done"
    step: str


class EnvoyDelegated(_HEvent):
    """Event 12: `replacement` goes instead of the locked envoy `envoy`."""

    type: Literal["envoy_delegated"] = "envoy_delegated"
    room: Room
    envoy: str
    replacement: str


HistoriqueEvent = (
    HistoriqueNumberGiven | HistoricalEventDrawn | HistoricalEventCancelled | HistoriqueRoundSetUp
    | HistoriqueRoleSet | ZoneSet | HistoriquePowerSpent | HistoriqueTimerSet | HistoriqueStepDone | EnvoyDelegated
)
