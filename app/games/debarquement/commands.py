"""What players and the timer may ask for: typed commands, parsed from JSON (discriminator "type")."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, TypeAdapter, ValidationError

from app.games.debarquement.boats import Boat
from app.kernel.messages import Message
from app.kernel.seats import LockLobby, RemoveSeat
from app.kernel.text import EngineError, Text

NAME_MAX = 24


class _Command(Message):
    pass


class Join(_Command):
    """Sit at the table in the lobby; the first to join is the host, who starts."""

    type: Literal["join"] = "join"
    name: str
    age: int | None = Field(default=None, ge=0, le=130)  # "le plus proche de 66 ans commence" (L438, F3)


class Leave(_Command):
    """Leave the table while still in the lobby; if the host leaves, the next seat hosts."""

    type: Literal["leave"] = "leave"


class Start(_Command):
    type: Literal["start"] = "start"


class PlayCard(_Command):
    """Secretly choose this tour de jeu's card (L448)."""

    type: Literal["play_card"] = "play_card"
    card: int


class ChooseBoat(_Command):
    """Send one's revealed neutral or bicolour card to a boat, at its placement turn (F6, F7)."""

    type: Literal["choose_boat"] = "choose_boat"
    boat: Boat


class NextManche(_Command):
    """The host deals the next manche once everyone has seen the scores."""

    type: Literal["next_manche"] = "next_manche"


class Tick(_Command):
    """A timer ran out: random for whoever is awaited (seeded, recorded), or the next manche.

    `prompt` is the id of the prompt the timer was armed for (views.prompt_id);
    a late tick for a prompt already answered is refused rather than acting on
    the next one.
    """

    type: Literal["tick"] = "tick"
    prompt: str | None = None


# RemoveSeat, LockLobby: the lobby's door (app/kernel/seats.py), run by the host (no game master here).
Command = Annotated[Join | Leave | Start | PlayCard | ChooseBoat | NextManche | Tick | RemoveSeat | LockLobby,
                    Field(discriminator="type")]
_COMMAND: TypeAdapter[Command] = TypeAdapter(Command)


def parse_command(data: object) -> Command:
    try:
        return _COMMAND.validate_python(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "command"
        raise EngineError(
            "bad_command",
            Text(f"Commande invalide ({where}) : {first['msg']}.", f"Invalid command ({where}): {first['msg']}."),
        ) from exc
