"""The core's commands: what a phone, the moderator, a timer or a scenario asks for. One vocabulary for all.

Mode Historique's commands live in historique/commands.py; commands.py at the
game level puts both in one union and parses it.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from app.games.deuxrois.config import GameConfig
from app.games.deuxrois.deal import Room
from app.kernel.messages import Message
from app.kernel.seats import LockLobby, RemoveSeat

Colour2 = Literal["red", "blue"]


# ------------------------------------------------------------------ lobby
class Join(Message):
    type: Literal["join"] = "join"
    name: str = Field(min_length=1, max_length=40)
    birth_year: int | None = Field(None, ge=1900, le=2100)  # private; Mode Historique event 14


class Leave(Message):
    type: Literal["leave"] = "leave"
    player_id: str | None = None  # the moderator may remove someone from the lobby


class Start(Message):
    type: Literal["start"] = "start"
    config: GameConfig | None = None  # None: keep the config given at creation
    deal: list[int] | None = None  # a fixed deal, card per seat (tests, scenarios)
    rooms: list[Room] | None = None  # a fixed room split, per seat


# ------------------------------------------------------------------ reveals
class RequestReveal(Message):
    type: Literal["request_reveal"] = "request_reveal"
    target: str
    kind: Literal["complete", "couleur"]
    colour: Colour2 | None = None  # the Espion picks the colour he shows (A16)


class AnswerReveal(Message):
    type: Literal["answer_reveal"] = "answer_reveal"
    request_id: str
    accept: bool
    colour: Colour2 | None = None


class CancelReveal(Message):
    type: Literal["cancel_reveal"] = "cancel_reveal"
    request_id: str


class RevealPrivate(Message):
    type: Literal["reveal_private"] = "reveal_private"
    target: str


class RevealPublic(Message):
    type: Literal["reveal_public"] = "reveal_public"


# ------------------------------------------------------------------ round
class Vote(Message):
    type: Literal["vote"] = "vote"
    candidate: str | None  # None = abstain


class Designate(Message):
    type: Literal["designate"] = "designate"
    targets: list[str]


class LockEnvoys(Message):
    type: Literal["lock_envoys"] = "lock_envoys"


class Volunteer(Message):
    type: Literal["volunteer"] = "volunteer"


class UsePower(Message):
    type: Literal["use_power"] = "use_power"
    power: str  # the power key in cards.py, e.g. "authority", "usurp"
    target: str | None = None
    targets: list[str] = Field(default_factory=list)
    choice: str | None = None


class AnswerPrompt(Message):
    type: Literal["answer_prompt"] = "answer_prompt"
    prompt_id: str
    choice: str


class Tick(Message):
    """A timer ran out: sent by the system actor at or after `next_deadline(state)`."""

    type: Literal["tick"] = "tick"


# ------------------------------------------------------------------ moderator
class ModMove(Message):
    type: Literal["mod_move"] = "mod_move"
    player: str
    room: Room


class ModSetGeneral(Message):
    type: Literal["mod_set_general"] = "mod_set_general"
    room: Room
    player: str | None


class ModTimer(Message):
    type: Literal["mod_timer"] = "mod_timer"
    mode: Literal["extend", "set"]
    seconds: int = Field(ge=0, le=3600)


class ModPause(Message):
    type: Literal["mod_pause"] = "mod_pause"


class ModResume(Message):
    type: Literal["mod_resume"] = "mod_resume"


class ModAdvance(Message):
    type: Literal["mod_advance"] = "mod_advance"


class ModUndo(Message):
    type: Literal["mod_undo"] = "mod_undo"
    to_version: int = Field(ge=1)
    seen_version: int | None = None  # the version an undo preview showed: refused if the game moved since


class ModNote(Message):
    type: Literal["mod_note"] = "mod_note"
    text: str = Field(min_length=1, max_length=2000)


CoreCommand = (
    Join | Leave | Start | RequestReveal | AnswerReveal | CancelReveal | RevealPrivate | RevealPublic | Vote
    | Designate | LockEnvoys | Volunteer | UsePower | AnswerPrompt | Tick | ModMove | ModSetGeneral
    | ModTimer | ModPause | ModResume | ModAdvance | ModUndo | ModNote
    | RemoveSeat | LockLobby  # the lobby's door, the kernel's (app/kernel/seats.py)
)
