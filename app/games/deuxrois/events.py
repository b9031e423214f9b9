"""The game's events: the core's (model/events.py) and Mode Historique's (historique/events.py), one union.

This module and commands.py are where the two vocabularies meet (the core
imports neither): the log's codec parses any event of the game, and every event
class can be imported from here.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from app.games.deuxrois.historique.events import (
    EnvoyDelegated,
    HistoricalEventCancelled,
    HistoricalEventDrawn,
    HistoriqueEvent,
    HistoriqueNumberGiven,
    HistoriquePowerSpent,
    HistoriqueRoleSet,
    HistoriqueRoundSetUp,
    HistoriqueStepDone,
    HistoriqueTimerSet,
    ZoneSet,
)
from app.games.deuxrois.model.events import (
    BallotCast,
    CardsExchanged,
    CardShown,
    CardsSwapped,
    CardStateChanged,
    CoreEvent,
    DepartureChanged,
    DepartureDeclared,
    DepartureResolved,
    EnvoyQuotaRaised,
    EnvoysCrossed,
    EnvoysLocked,
    EnvoysNamed,
    EnvoysSurveyed,
    EnvoySubstituted,
    EnvoyWithdrawn,
    EventBase,
    GameCreated,
    GameEnded,
    GamePaused,
    GameResumed,
    GameStarted,
    GeneralChosen,
    NoteRecorded,
    PhaseStarted,
    PlayerJoined,
    PlayerLeft,
    PlayerMoved,
    PowerUsed,
    PromptClosed,
    PromptOpened,
    RallyJoined,
    RallyRaised,
    RevealRequestClosed,
    RevealRequested,
    Reverted,
    RunoffStarted,
    TimerChanged,
    Volunteered,
    VoteBound,
)
from app.kernel.messages import Codec, Message, event_codec

Event = Annotated[CoreEvent | HistoriqueEvent, Field(discriminator="type")]
EVENTS: Codec[Event] = event_codec(Event)


def event_to_json(event: Message) -> dict[str, Any]:  # the kernel's door events too (app/kernel/seats.py)
    return EVENTS.dump(event)


def event_from_json(data: dict[str, Any]) -> Event:
    """An event from the log's JSON, or an EngineError saying what is wrong with it."""
    return EVENTS.parse(data)


__all__ = [
    "EVENTS",
    "BallotCast",
    "CardShown",
    "CardStateChanged",
    "CardsExchanged",
    "CardsSwapped",
    "CoreEvent",
    "DepartureChanged",
    "DepartureDeclared",
    "DepartureResolved",
    "EnvoyDelegated",
    "EnvoyQuotaRaised",
    "EnvoySubstituted",
    "EnvoyWithdrawn",
    "EnvoysCrossed",
    "EnvoysLocked",
    "EnvoysNamed",
    "EnvoysSurveyed",
    "Event",
    "EventBase",
    "GameCreated",
    "GameEnded",
    "GamePaused",
    "GameResumed",
    "GameStarted",
    "GeneralChosen",
    "HistoricalEventCancelled",
    "HistoricalEventDrawn",
    "HistoriqueEvent",
    "HistoriqueNumberGiven",
    "HistoriquePowerSpent",
    "HistoriqueRoleSet",
    "HistoriqueRoundSetUp",
    "HistoriqueStepDone",
    "HistoriqueTimerSet",
    "NoteRecorded",
    "PhaseStarted",
    "PlayerJoined",
    "PlayerLeft",
    "PlayerMoved",
    "PowerUsed",
    "PromptClosed",
    "PromptOpened",
    "RallyJoined",
    "RallyRaised",
    "RevealRequestClosed",
    "RevealRequested",
    "Reverted",
    "RunoffStarted",
    "TimerChanged",
    "Volunteered",
    "VoteBound",
    "ZoneSet",
    "event_from_json",
    "event_to_json",
]
