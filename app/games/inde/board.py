"""The board of ruling B1, read from `board.json` (the one data file), and its geometry (G1-G5).

Cells are `(row, col)`, 0-based; row 0 is the north edge where fuchsia sits,
row 8 the south edge where vert sits. `rot` is the 180° turn that maps one
half onto the other. Labels are absolute ("a1" is vert's left corner, "i9"
fuchsia's), so both phones and the screen name a cell the same way.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

from app.games.inde.pieces import Colour

Cell = tuple[int, int]


def _cells(raw: Any) -> tuple[Cell, ...]:
    return tuple((int(r), int(c)) for r, c in raw)


@dataclass(frozen=True, slots=True)
class BoardData:
    size: int
    deux_rois: frozenset[Cell]
    neutral: frozenset[Cell]
    water: frozenset[Cell]
    markets: frozenset[Cell]
    numbers: dict[Colour, dict[int, Cell]]


def load(text: str) -> BoardData:
    raw = json.loads(text)
    return BoardData(
        size=int(raw["size"]),
        deux_rois=frozenset(_cells(raw["deux_rois"])),
        neutral=frozenset(_cells(raw["neutral"])),
        water=frozenset(_cells(raw["eau"])),
        markets=frozenset(_cells(raw["ressources"])),
        numbers={Colour(colour): {int(n): (int(rc[0]), int(rc[1])) for n, rc in table.items()}
                 for colour, table in raw["numbers"].items()},
    )


DATA = load(resources.files(__package__).joinpath("board.json").read_text(encoding="utf-8"))

N = DATA.size
DEUX_ROIS = DATA.deux_rois
WATER = DATA.water
MARKETS = DATA.markets
NUMBERS = DATA.numbers
ALL_CELLS: tuple[Cell, ...] = tuple((r, c) for r in range(N) for c in range(N))
USABLE: tuple[Cell, ...] = tuple(x for x in ALL_CELLS if x not in DEUX_ROIS)
NUMBER_AT: dict[Cell, tuple[Colour, int]] = {cell: (colour, n) for colour, table in NUMBERS.items()
                                            for n, cell in table.items()}

_ORTH = ((-1, 0), (1, 0), (0, -1), (0, 1))
_DIAG = ((-1, -1), (-1, 1), (1, -1), (1, 1))


def on_board(x: Cell) -> bool:
    return 0 <= x[0] < N and 0 <= x[1] < N


def usable(x: Cell) -> bool:
    """On the board and not a Deux Rois cell (L26-28, A11)."""
    return on_board(x) and x not in DEUX_ROIS


def cheb(a: Cell, b: Cell) -> int:
    """King-move distance (G2): "à deux cases" is exactly 2."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def rot(x: Cell) -> Cell:
    return (N - 1 - x[0], N - 1 - x[1])


def _around(x: Cell, steps: tuple[Cell, ...]) -> tuple[Cell, ...]:
    return tuple(y for dr, dc in steps if on_board(y := (x[0] + dr, x[1] + dc)))


_ADJ: dict[Cell, tuple[Cell, ...]] = {x: _around(x, _ORTH + _DIAG) for x in ALL_CELLS}
_ORTHS: dict[Cell, tuple[Cell, ...]] = {x: _around(x, _ORTH) for x in ALL_CELLS}
_DIAGS: dict[Cell, tuple[Cell, ...]] = {x: _around(x, _DIAG) for x in ALL_CELLS}


def adj(x: Cell) -> tuple[Cell, ...]:
    """The 8 neighbours on the board (G1: adjacent, à côté, près de, jouxtant)."""
    return _ADJ[x]


def orth(x: Cell) -> tuple[Cell, ...]:
    """The 4 orthogonal neighbours on the board (G1b: horizontal-vertical)."""
    return _ORTHS[x]


def diag(x: Cell) -> tuple[Cell, ...]:
    return _DIAGS[x]


def orth_sides(x: Cell) -> tuple[Cell, ...]:
    """The 4 orthogonal side cells, off-board ones included (for the trou, G5)."""
    return tuple((x[0] + dr, x[1] + dc) for dr, dc in _ORTH)


def half(x: Cell) -> Colour | None:
    """Whose half a cell is in (§1.1): vert rows 5-8 and (4,1)-(4,3), fuchsia the rotation; centre none."""
    r, c = x
    if r > N // 2 or (r == N // 2 and 0 < c < N // 2):
        return Colour.VERT
    if r < N // 2 or (r == N // 2 and N // 2 < c < N - 1):
        return Colour.FUCHSIA
    return None


def label(x: Cell) -> str:
    """Absolute name: column a-i from the west, row 1-9 from vert's edge ("e5" is the centre)."""
    return f"{'abcdefghi'[x[1]]}{N - x[0]}"


def cell_key(x: Cell) -> str:
    """The value a phone sends for a cell: "row,col"."""
    return f"{x[0]},{x[1]}"


def parse_cell_key(key: str) -> Cell:
    r, c = key.split(",")
    return (int(r), int(c))
