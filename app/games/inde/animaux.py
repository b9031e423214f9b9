"""Where a tigre or an éléphant may go (A38, E2, A44-A46): next to a friend, never two lone elephants touching."""

from __future__ import annotations

from app.games.inde import breaches
from app.games.inde.board import Cell, adj
from app.games.inde.breaches import Breach
from app.games.inde.pieces import Colour, Kind
from app.games.inde.position import Board, Piece, animal_groups, kind_at, lone, with_piece


def breach(board: Board, colour: Colour, kind: Kind, x: Cell) -> Breach | None:
    if not any(board[y].colour is colour for y in adj(x) if y in board):
        return breaches.A38  # only friendly pieces count, even inside a réserve (L211-218)
    after = with_piece(board, x, Piece(colour, kind))
    groups = animal_groups(after)
    # Only the new animal's group changes: a pair of lone elephants must involve it.
    for e in groups[x]:
        if after[e].kind is not Kind.E or not lone(groups, e):
            continue
        if any(kind_at(after, y) is Kind.E and lone(groups, y) for y in adj(e)):
            return breaches.E2
    return None
