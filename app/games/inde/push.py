"""The tiger push (G4, A39-A43): a lone new tigre chases each adjacent enemy village one cell further."""

from __future__ import annotations

from app.games.inde.board import Cell, adj, usable
from app.games.inde.pieces import Colour, Kind
from app.games.inde.position import Board, animal_groups, lone

Push = tuple[Cell, Cell]  # (from, to)


def pushes(after: Board, tiger: Cell) -> tuple[Push, ...]:
    """The moves a tigre just placed at `tiger` causes, on the position with it placed.

    Only if the tiger is lone (not in a réserve) after placement; each enemy
    village next to it moves to `village + (village - tiger)` if that cell is
    usable and empty, else stays (A41). Moves are independent: targets are
    at distance 2, sources at 1. The trou rule does not apply (A10).
    """
    colour: Colour = after[tiger].colour
    if not lone(animal_groups(after), tiger):
        return ()
    moves: list[Push] = []
    for y in adj(tiger):
        if after.get(y) == (colour.other, Kind.V):
            z = (2 * y[0] - tiger[0], 2 * y[1] - tiger[1])
            if usable(z) and z not in after:
                moves.append((y, z))
    return tuple(moves)

