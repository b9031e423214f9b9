"""What happened at a table, in order; every random outcome is written here (replays never draw)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from app.games.inde.board import Cell
from app.games.inde.config import BotLevel, InDeConfig
from app.games.inde.pieces import Colour, Kind
from app.kernel.messages import Message, event_codec


class GameCreated(Message):
    type: Literal["game_created"] = "game_created"
    seed: int
    config: InDeConfig


class PlayerJoined(Message):
    type: Literal["player_joined"] = "player_joined"
    player_id: str
    name: str


class BotAdded(Message):
    type: Literal["bot_added"] = "bot_added"
    player_id: str
    name: str
    level: BotLevel


class PlayerLeft(Message):
    type: Literal["player_left"] = "player_left"
    player_id: str


class BotSet(Message):
    type: Literal["bot_set"] = "bot_set"
    player_id: str
    level: BotLevel | None
    by: str | None = None  # the seat that asked (None: a moderator or a script)


class GameStarted(Message):
    """Colours by seat order; `first` drawn at random unless the game master set it (A14)."""

    type: Literal["game_started"] = "game_started"
    vert: str
    fuchsia: str
    first: Colour
    at_ms: int = 0


class FirstPalaisPlaced(Message):
    """The drawn number's cell on the player's own half (L31-39, A15); the tile goes back."""

    type: Literal["first_palais_placed"] = "first_palais_placed"
    colour: Colour
    number: int
    cell: Cell


class TileTurned(Message):
    """The player to move turns a tile: its number and the figurine it names (public, A16)."""

    type: Literal["tile_turned"] = "tile_turned"
    colour: Colour
    number: int
    kind: Kind
    at_ms: int = 0


class TempleTurn(Message):
    """A temple turn: no tile is turned (L153-161)."""

    type: Literal["temple_turn"] = "temple_turn"
    colour: Colour
    at_ms: int = 0


class Push(Message):
    source: Cell
    target: Cell


class PiecePlaced(Message):
    type: Literal["piece_placed"] = "piece_placed"
    colour: Colour
    kind: Kind
    cell: Cell
    pushes: tuple[Push, ...] = ()  # villages a lone tiger chased (A39-A41), for the screens to animate
    by_bot: bool = False


class PieceForfeited(Message):
    type: Literal["piece_forfeited"] = "piece_forfeited"
    colour: Colour
    kind: Kind
    reason: Literal["declined", "no_cell"]
    by_bot: bool = False


class GameEnded(Message):
    type: Literal["game_ended"] = "game_ended"
    totals: dict[Colour, int]
    winner: Colour | None


Event = Annotated[
    GameCreated | PlayerJoined | BotAdded | PlayerLeft | BotSet | GameStarted | FirstPalaisPlaced
    | TileTurned | TempleTurn | PiecePlaced | PieceForfeited | GameEnded,
    Field(discriminator="type"),
]
EVENTS = event_codec(Event)
