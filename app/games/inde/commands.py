"""What a phone, the game master or the system may send (discriminator "type")."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from app.games.inde.config import BotLevel
from app.kernel.messages import Message, command_codec

CELL_PATTERN = r"^[0-8],[0-8]$"


class Join(Message):
    """Take a seat in the lobby (seats p1, p2 in join order; p1 plays vert, p2 fuchsia)."""

    type: Literal["join"] = "join"
    name: str = Field(max_length=200)


class Leave(Message):
    """Leave the table while still in the lobby."""

    type: Literal["leave"] = "leave"


class AddBot(Message):
    """Seat the computer (lobby): the game master, or a seated player who wants to play alone."""

    type: Literal["add_bot"] = "add_bot"
    level: BotLevel = "greedy"


class RemoveBot(Message):
    type: Literal["remove_bot"] = "remove_bot"
    player_id: str


class SetBot(Message):
    """The game master hands a seat to the computer (level) or gives it back to its person (None)."""

    type: Literal["set_bot"] = "set_bot"
    player_id: str
    level: BotLevel | None = None


class Start(Message):
    """The game master starts once two seats are taken."""

    type: Literal["start"] = "start"


class Place(Message):
    """Place the figurine of this turn at `cell` ("row,col"); `action` guards against a stale view."""

    type: Literal["place"] = "place"
    cell: str = Field(pattern=CELL_PATTERN)
    action: int | None = None


class Forfeit(Message):
    """Decline this turn's figurine: it is lost for good (L249-252, A18)."""

    type: Literal["forfeit"] = "forfeit"
    action: int | None = None


class BotPlay(Message):
    """The system plays the computer's seat for action number `action` (sent by the hub's timer)."""

    type: Literal["bot_play"] = "bot_play"
    action: int


Command = Annotated[Join | Leave | AddBot | RemoveBot | SetBot | Start | Place | Forfeit | BotPlay,
                    Field(discriminator="type")]
COMMANDS = command_codec(Command)
