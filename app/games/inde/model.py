"""The state of one table, folded from its events (appliers live with the modules that emit them)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from app.games.inde.board import Cell
from app.games.inde.config import InDeConfig
from app.games.inde.pieces import STOCK, TILE_NUMBERS, Colour, Kind
from app.games.inde.position import Piece
from app.games.inde.push import Push
from app.kernel.text import Text

ACTIONS_EACH = 22  # 20 tiles + 2 temples (L158-161, A19, A22)
FEED_MAX = 30

PHASES = ("lobby", "play", "over")
PHASE_NAMES: dict[str, Text] = {
    "lobby": Text("le salon", "the lobby"),
    "play": Text("la partie", "the game"),
    "over": Text("la fin de partie", "the end of the game"),
}


@dataclass(frozen=True, slots=True)
class Seat:
    player_id: str
    name: str
    bot: str | None = None  # None: a person plays; "greedy" / "facile": the computer does
    person: bool = True  # taken by a person (who can be handed the seat back), not seated as the computer


@dataclass(frozen=True, slots=True)
class Side:
    """One colour's progress: its face-down tiles, its village count, a temple owed, what it lost."""

    player_id: str
    tiles: tuple[int, ...] = TILE_NUMBERS  # still face down (their order does not exist yet: A16)
    turned: tuple[int, ...] = ()  # tiles turned, in order (public)
    first_palais: int | None = None
    villages_drawn: int = 0  # village tiles played or forfeited (A19)
    temple_due: bool = False
    actions: int = 0
    lost: tuple[Kind, ...] = ()  # figurines forfeited (L249-252)

    @property
    def done(self) -> bool:
        return not self.tiles and not self.temple_due


@dataclass(frozen=True, slots=True)
class Turn:
    """What the player to move must place now: the tile's figurine, or a temple (no tile)."""

    colour: Colour
    kind: Kind
    tile: int | None
    at_ms: int


@dataclass(frozen=True, slots=True)
class Last:
    """The latest action, for the screen: a placement (with its pushes) or a forfeit."""

    colour: Colour
    kind: Kind
    cell: Cell | None
    pushes: tuple[Push, ...] = ()
    forfeit: str | None = None  # "declined" | "no_cell"
    by_bot: bool = False


@dataclass(frozen=True, slots=True)
class Result:
    totals: dict[Colour, int]
    winner: Colour | None  # None: a draw (A57)


@dataclass(frozen=True)
class State:
    seed: int = 0
    version: int = 0
    phase: str = "lobby"
    config: InDeConfig = field(default_factory=InDeConfig)
    seats: tuple[Seat, ...] = ()
    next_seat: int = 1
    sides: dict[Colour, Side] = field(default_factory=dict)
    first: Colour | None = None
    to_move: Colour | None = None
    board: dict[Cell, Piece] = field(default_factory=dict)
    turn: Turn | None = None
    actions: int = 0  # actions played (placements and forfeits), 44 at the end
    last: Last | None = None
    feed: tuple[Text, ...] = ()
    result: Result | None = None

    def seat(self, pid: str | None) -> Seat | None:
        return next((s for s in self.seats if s.player_id == pid), None)

    def colour_of(self, pid: str | None) -> Colour | None:
        return next((c for c, side in self.sides.items() if side.player_id == pid), None)

    def player_of(self, colour: Colour) -> Seat:
        seat = self.seat(self.sides[colour].player_id)
        assert seat is not None
        return seat

    def name_of(self, colour: Colour) -> str:
        return self.player_of(colour).name

    def stock(self, colour: Colour) -> dict[Kind, int]:
        """Figurines not yet placed nor lost (the player's réserve of pieces)."""
        side = self.sides[colour]
        used = {k: 0 for k in STOCK}
        for piece in self.board.values():
            if piece.colour is colour:
                used[piece.kind] += 1
        for kind in side.lost:
            used[kind] += 1
        return {k: STOCK[k] - used[k] for k in STOCK}


def told(state: State, *lines: Text) -> tuple[Text, ...]:
    """The feed with `lines` added, newest last, bounded."""
    return (*state.feed, *lines)[-FEED_MAX:]


def with_feed(state: State, *lines: Text) -> State:
    return replace(state, feed=told(state, *lines))

