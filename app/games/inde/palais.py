"""Where a palais may go (P1-P4, L72-78, A24-A27): the gap principle I3."""

from __future__ import annotations

from app.games.inde import breaches
from app.games.inde.board import Cell, adj, cheb
from app.games.inde.breaches import Breach
from app.games.inde.pieces import Colour, Kind
from app.games.inde.position import Board, cells_of


def breach(board: Board, colour: Colour, x: Cell) -> Breach | None:
    near = [board[y] for y in adj(x) if y in board]
    if any(p == (colour.other, Kind.P) for p in near):
        return breaches.P2  # never next to an enemy palais (L78)
    if any(p == (colour, Kind.P) for p in near):
        return breaches.P3
    if any(p == (colour, Kind.J) for p in near):
        return breaches.P4
    if any(cheb(x, y) in (2, 3) for y in cells_of(board, colour, Kind.P)):
        return None
    if any(cheb(x, y) == 2 for y in cells_of(board, colour, Kind.J)):
        return None
    return breaches.P1
