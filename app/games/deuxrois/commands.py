"""The game's commands: the core's (model/commands.py) and Mode Historique's (historique/commands.py), one union.

One vocabulary for phones, the moderator, timers and scenarios. This module
and events.py are where the two vocabularies meet (the core imports neither).
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from app.games.deuxrois.historique.commands import (
    HistoriqueCommand,
    HistoriqueNumber,
    ModHistoriqueCancel,
    ModHistoriquePick,
    ModMarkOutside,
    ReportSilence,
    SetZone,
)
from app.games.deuxrois.model.commands import (
    AnswerPrompt,
    AnswerReveal,
    CancelReveal,
    CoreCommand,
    Designate,
    Join,
    Leave,
    LockEnvoys,
    ModAdvance,
    ModMove,
    ModNote,
    ModPause,
    ModResume,
    ModSetGeneral,
    ModTimer,
    ModUndo,
    RequestReveal,
    RevealPrivate,
    RevealPublic,
    Start,
    Tick,
    UsePower,
    Volunteer,
    Vote,
)
from app.kernel.messages import Codec, command_codec

Command = Annotated[CoreCommand | HistoriqueCommand, Field(discriminator="type")]
COMMANDS: Codec[Command] = command_codec(Command)


def parse_command(data: dict[str, Any]) -> Command:
    """A command from JSON, or an EngineError saying what is wrong with it."""
    return COMMANDS.parse(data)


def command_to_json(command: Command) -> dict[str, Any]:
    return COMMANDS.dump(command)


__all__ = [
    "COMMANDS",
    "AnswerPrompt",
    "AnswerReveal",
    "CancelReveal",
    "Command",
    "CoreCommand",
    "Designate",
    "HistoriqueCommand",
    "HistoriqueNumber",
    "Join",
    "Leave",
    "LockEnvoys",
    "ModAdvance",
    "ModHistoriqueCancel",
    "ModHistoriquePick",
    "ModMarkOutside",
    "ModMove",
    "ModNote",
    "ModPause",
    "ModResume",
    "ModSetGeneral",
    "ModTimer",
    "ModUndo",
    "ReportSilence",
    "RequestReveal",
    "RevealPrivate",
    "RevealPublic",
    "SetZone",
    "Start",
    "Tick",
    "UsePower",
    "Volunteer",
    "Vote",
    "command_to_json",
    "parse_command",
]
