"""Where a jardin may go (J1-J5, L94-117, A28-A30): one anchor, one domain, no crossing."""

from __future__ import annotations

from app.games.inde import breaches
from app.games.inde.board import Cell, diag, orth
from app.games.inde.breaches import Breach
from app.games.inde.pieces import Colour, Kind
from app.games.inde.position import Board, Piece, domain_palaces, with_piece


def breach(board: Board, colour: Colour, x: Cell) -> Breach | None:
    if any(board.get(y) == (colour, Kind.J) for y in orth(x)):
        return breaches.J2
    if any(board.get(y) == (colour, Kind.P) for y in diag(x)):
        return breaches.J3
    links = {y for y in orth(x) if board.get(y) == (colour, Kind.P)}
    for y in diag(x):
        if board.get(y) == (colour, Kind.J):
            links |= domain_palaces(board, y)
    if not links:
        return breaches.J1
    if len(links) > 1:
        return breaches.J4
    if crosses(with_piece(board, x, Piece(colour, Kind.J)), x):
        return breaches.J5
    return None


def crosses(board: Board, x: Cell) -> bool:
    """D2: a 2x2 square through x whose two diagonals are jardin pairs of the two colours."""
    r, c = x
    for top in (r - 1, r):
        for left in (c - 1, c):
            a, b = board.get((top, left)), board.get((top + 1, left + 1))
            d, e = board.get((top, left + 1)), board.get((top + 1, left))
            if None in (a, b, d, e):
                continue
            assert a is not None and b is not None and d is not None and e is not None
            if all(p.kind is Kind.J for p in (a, b, d, e)) and a.colour is b.colour \
                    and d.colour is e.colour and a.colour is not d.colour:
                return True
    return False
