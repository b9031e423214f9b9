"""The computer opponent: pure, seeded and deterministic.

`choose` looks only at public information (the position and the figurine to
place now; never a future tile, which does not exist yet). Two levels:

* "greedy" (one ply): every legal cell is tried and the resulting position
  scored as if the game ended there; it keeps the cells with the best margin
  (own total minus the opponent's), breaks ties by a small static potential
  (water a future garden could reach, markets a future village could), then
  by the seeded generator. It forfeits the figurine only if every placement
  would lower its margin.
* "facile": a legal cell picked at random (seeded).
"""

from __future__ import annotations

import random

from app.games.inde.board import MARKETS, WATER, Cell, cheb
from app.games.inde.pieces import Colour, Kind
from app.games.inde.placement import legal_cells, place
from app.games.inde.position import Board
from app.games.inde.scoring import score


def margin(board: Board, colour: Colour) -> int:
    return score(board, colour).total - score(board, colour.other).total


def potential(kind: Kind, x: Cell) -> float:
    """A tie-break for moves worth nothing yet: room to score later near this cell."""
    if kind is Kind.P:  # gardens stand on the other square colour than their palace
        return sum(1 / cheb(x, w) for w in WATER if (w[0] + w[1]) % 2 != (x[0] + x[1]) % 2 and cheb(x, w) <= 3)
    if kind is Kind.V:
        return sum(1 / cheb(x, m) for m in MARKETS if 2 <= cheb(x, m) <= 4)
    return 0.0


def choose(board: Board, colour: Colour, kind: Kind, level: str, rng: random.Random) -> Cell | None:
    """The cell the computer places `kind` on, or None to forfeit it."""
    cells = legal_cells(board, colour, kind)
    if not cells:
        return None
    if level == "facile":
        return rng.choice(cells)
    before = margin(board, colour)
    best: list[Cell] = []
    best_key: tuple[int, float] | None = None
    for x in cells:
        after, _ = place(board, colour, kind, x)
        key = (margin(after, colour) - before, round(potential(kind, x), 6))
        if best_key is None or key > best_key:
            best, best_key = [x], key
        elif key == best_key:
            best.append(x)
    assert best_key is not None
    if best_key[0] < 0:
        return None
    return rng.choice(best)
