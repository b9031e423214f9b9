"""Is a placement legal, which cells are, and what it does to the position (the tiger push included).

The checks common to every kind come first (A11 the cell, G5 the trou), then
the kind's own module (palais, jardins, villages, temples, animaux).
"""

from __future__ import annotations

from app.games.inde import animaux, breaches, jardins, palais, temples, villages
from app.games.inde.board import DEUX_ROIS, USABLE, Cell, on_board
from app.games.inde.breaches import Breach
from app.games.inde.pieces import ANIMALS, Colour, Kind
from app.games.inde.position import Board, Piece, trou, with_piece
from app.games.inde.push import Push, pushes


def breach(board: Board, colour: Colour, kind: Kind, x: Cell) -> Breach | None:
    """None if `colour` may place `kind` at `x` now, else the rule that forbids it."""
    if not on_board(x):
        return breaches.OFF_BOARD
    if x in DEUX_ROIS:
        return breaches.DEUX_ROIS
    if x in board:
        return breaches.OCCUPIED
    if trou(board, x):
        return breaches.TROU
    if kind is Kind.P:
        return palais.breach(board, colour, x)
    if kind is Kind.J:
        return jardins.breach(board, colour, x)
    if kind is Kind.V:
        return villages.breach(board, colour, x)
    if kind is Kind.TE:
        return temples.breach(board, colour, x)
    assert kind in ANIMALS
    return animaux.breach(board, colour, kind, x)


def legal_cells(board: Board, colour: Colour, kind: Kind) -> list[Cell]:
    return [x for x in USABLE if breach(board, colour, kind, x) is None]


def breaches_by_cell(board: Board, colour: Colour, kind: Kind) -> dict[Cell, Breach | None]:
    """Every usable cell: None where legal, else why not."""
    return {x: breach(board, colour, kind, x) for x in USABLE}


def place(board: Board, colour: Colour, kind: Kind, x: Cell) -> tuple[dict[Cell, Piece], tuple[Push, ...]]:
    """The position after placing (legality is the caller's business), and the villages it pushed."""
    after = with_piece(board, x, Piece(colour, kind))
    moves = pushes(after, x) if kind is Kind.T else ()
    return apply_pushes(after, moves), moves


def apply_pushes(board: Board, moves: tuple[Push, ...]) -> dict[Cell, Piece]:
    after = dict(board)
    moving = [(after.pop(src), dst) for src, dst in moves]
    for piece, dst in moving:
        after[dst] = piece
    return after
