"""Where a village may go (V1-V3, L122-128, A33-A35)."""

from __future__ import annotations

from app.games.inde import breaches
from app.games.inde.board import Cell, adj, cheb
from app.games.inde.breaches import Breach
from app.games.inde.pieces import Colour, Kind
from app.games.inde.position import Board, animal_groups, cells_of, kind_at, lone


def breach(board: Board, colour: Colour, x: Cell) -> Breach | None:
    groups = animal_groups(board)
    if any(kind_at(board, y) is Kind.T and lone(groups, y) for y in adj(x)):
        return breaches.V3  # a lone tiger of either colour (A35)
    if any(board.get(y) in ((colour, Kind.P), (colour, Kind.V)) for y in adj(x)):
        return breaches.V2
    if any(cheb(x, y) == 2 for y in cells_of(board, colour, Kind.P, Kind.V)):
        return None
    return breaches.V1
