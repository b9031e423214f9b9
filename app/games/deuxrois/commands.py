"""Commands: what a phone, the moderator, a timer or a scenario asks for. One vocabulary for all."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from app.games.deuxrois.config import GameConfig
from app.games.deuxrois.deal import Room
from app.games.deuxrois.historique.commands import HistoriqueCommand
from app.kernel.text import EngineError, Text

Colour2 = Literal["red", "blue"]


class _Command(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


# ------------------------------------------------------------------ lobby
class Join(_Command):
    type: Literal["join"] = "join"
    name: str = Field(min_length=1, max_length=40)
    birth_year: int | None = Field(None, ge=1900, le=2100)  # private; Mode Historique event 14


class Leave(_Command):
    type: Literal["leave"] = "leave"
    player_id: str | None = None  # the moderator may remove someone from the lobby


class Start(_Command):
    type: Literal["start"] = "start"
    config: GameConfig | None = None  # None: keep the config given at creation
    deal: list[int] | None = None  # a fixed deal, card per seat (tests, scenarios)
    rooms: list[Room] | None = None  # a fixed room split, per seat


# ------------------------------------------------------------------ reveals
class RequestReveal(_Command):
    type: Literal["request_reveal"] = "request_reveal"
    target: str
    kind: Literal["complete", "couleur"]
    colour: Colour2 | None = None  # the Espion picks the colour he shows (A16)


class AnswerReveal(_Command):
    type: Literal["answer_reveal"] = "answer_reveal"
    request_id: str
    accept: bool
    colour: Colour2 | None = None


class CancelReveal(_Command):
    type: Literal["cancel_reveal"] = "cancel_reveal"
    request_id: str


class RevealPrivate(_Command):
    type: Literal["reveal_private"] = "reveal_private"
    target: str


class RevealPublic(_Command):
    type: Literal["reveal_public"] = "reveal_public"


# ------------------------------------------------------------------ round
class Vote(_Command):
    type: Literal["vote"] = "vote"
    candidate: str | None  # None = abstain


class Designate(_Command):
    type: Literal["designate"] = "designate"
    targets: list[str]


class LockEnvoys(_Command):
    type: Literal["lock_envoys"] = "lock_envoys"


class Volunteer(_Command):
    type: Literal["volunteer"] = "volunteer"


class UsePower(_Command):
    type: Literal["use_power"] = "use_power"
    power: str  # the power key in cards.py, e.g. "authority", "usurp"
    target: str | None = None
    targets: list[str] = []
    choice: str | None = None


class AnswerPrompt(_Command):
    type: Literal["answer_prompt"] = "answer_prompt"
    prompt_id: str
    choice: str


class Tick(_Command):
    """A timer ran out: sent by the system actor at or after `next_deadline(state)`."""

    type: Literal["tick"] = "tick"


# ------------------------------------------------------------------ moderator
class ModMove(_Command):
    type: Literal["mod_move"] = "mod_move"
    player: str
    room: Room


class ModSetGeneral(_Command):
    type: Literal["mod_set_general"] = "mod_set_general"
    room: Room
    player: str | None


class ModTimer(_Command):
    type: Literal["mod_timer"] = "mod_timer"
    mode: Literal["extend", "set"]
    seconds: int = Field(ge=0, le=3600)


class ModPause(_Command):
    type: Literal["mod_pause"] = "mod_pause"


class ModResume(_Command):
    type: Literal["mod_resume"] = "mod_resume"


class ModAdvance(_Command):
    type: Literal["mod_advance"] = "mod_advance"


class ModUndo(_Command):
    type: Literal["mod_undo"] = "mod_undo"
    to_version: int = Field(ge=1)
    seen_version: int | None = None  # the version an undo preview showed: refused if the game moved since


class ModNote(_Command):
    type: Literal["mod_note"] = "mod_note"
    text: str = Field(min_length=1, max_length=2000)


Command = Annotated[
    Join | Leave | Start | RequestReveal | AnswerReveal | CancelReveal | RevealPrivate | RevealPublic
    | Vote | Designate | LockEnvoys | Volunteer | UsePower | AnswerPrompt | Tick
    | ModMove | ModSetGeneral | ModTimer | ModPause | ModResume | ModAdvance | ModUndo | ModNote | HistoriqueCommand,
    Field(discriminator="type"),
]

_ADAPTER: TypeAdapter[Command] = TypeAdapter(Command)


def parse_command(data: dict[str, Any]) -> Command:
    """A command from JSON, or an EngineError saying what is wrong with it."""
    try:
        return _ADAPTER.validate_python(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err["loc"])
        raise EngineError(
            "bad_command",
            Text(f"Commande invalide ({where}) : {err['msg']}", f"Invalid command ({where}): {err['msg']}"),
        ) from exc


def command_to_json(command: Command) -> dict[str, Any]:
    return command.model_dump(mode="json", exclude_defaults=False)
