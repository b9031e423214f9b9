"""Where a temple may go (X1-X2, L144-148, A6, A36-A37); when it comes is in `turns`."""

from __future__ import annotations

from app.games.inde import breaches
from app.games.inde.board import Cell, adj
from app.games.inde.breaches import Breach
from app.games.inde.pieces import Colour, Kind
from app.games.inde.position import Board


def breach(board: Board, colour: Colour, x: Cell) -> Breach | None:
    near = [board[y] for y in adj(x) if y in board]
    if any(p.kind is Kind.TE for p in near):
        return breaches.X2
    if not any(p == (colour, Kind.V) for p in near):
        return breaches.X1
    return None
