"""A position (cell -> figurine) and the notions derived from it: réserves, lone animals, domaines, trous.

R1: a réserve is a maximal orthogonally connected group of animals (tigres and
éléphants, either colour) of 3 or 4. R3: an animal outside a réserve is
"seul". D1: a domaine is a palais plus the friendly jardins linked to it
(palais-jardin orthogonal, jardin-jardin diagonal). G5: a trou is an empty
cell whose 4 orthogonal sides are all closed (edge, Deux Rois, figurine).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import NamedTuple

from app.games.inde.board import DEUX_ROIS, Cell, adj, diag, on_board, orth, orth_sides
from app.games.inde.pieces import ANIMALS, Colour, Kind


class Piece(NamedTuple):
    colour: Colour
    kind: Kind


Board = Mapping[Cell, Piece]


def kind_at(board: Board, x: Cell) -> Kind | None:
    piece = board.get(x)
    return None if piece is None else piece.kind


def cells_of(board: Board, colour: Colour | None, *kinds: Kind) -> list[Cell]:
    """The cells holding figurines of these kinds (of `colour`, or of both if None)."""
    return [x for x, p in board.items() if p.kind in kinds and (colour is None or p.colour is colour)]


def animal_groups(board: Board) -> dict[Cell, frozenset[Cell]]:
    """Every animal's maximal orthogonally connected group of animals (R1)."""
    groups: dict[Cell, frozenset[Cell]] = {}
    for start, piece in board.items():
        if piece.kind not in ANIMALS or start in groups:
            continue
        seen = {start}
        todo = [start]
        while todo:
            x = todo.pop()
            for y in orth(x):
                q = board.get(y)
                if q is not None and q.kind in ANIMALS and y not in seen:
                    seen.add(y)
                    todo.append(y)
        group = frozenset(seen)
        for x in group:
            groups[x] = group
    return groups


def is_reserve(group: Iterable[Cell]) -> bool:
    return 3 <= len(frozenset(group)) <= 4


def reserves(board: Board) -> list[frozenset[Cell]]:
    """The réserves of a position, in a stable order (by their first cell)."""
    distinct = set(animal_groups(board).values())
    return sorted((g for g in distinct if is_reserve(g)), key=min)


def lone(groups: Mapping[Cell, frozenset[Cell]], x: Cell) -> bool:
    """"seul (hors réserve)" (R3): in a group of 1-2, or of 5 or more."""
    return not is_reserve(groups[x])


def lone_animals(board: Board, kind: Kind) -> set[Cell]:
    groups = animal_groups(board)
    return {x for x, p in board.items() if p.kind is kind and lone(groups, x)}


def trou(board: Board, x: Cell) -> bool:
    """G5: every orthogonal side is off the board, a Deux Rois cell or holds a figurine."""
    return all(not on_board(y) or y in DEUX_ROIS or y in board for y in orth_sides(x))


def domain(board: Board, start: Cell) -> set[Cell]:
    """The cells linked to `start` by friendly domain links (D1): P-J orthogonal, J-J diagonal."""
    colour = board[start].colour
    seen = {start}
    todo = [start]
    while todo:
        x = todo.pop()
        kind = board[x].kind
        links: list[Cell] = []
        if kind is Kind.J:
            links = [y for y in orth(x) if board.get(y) == (colour, Kind.P)]
            links += [y for y in diag(x) if board.get(y) == (colour, Kind.J)]
        elif kind is Kind.P:
            links = [y for y in orth(x) if board.get(y) == (colour, Kind.J)]
        for y in links:
            if y not in seen:
                seen.add(y)
                todo.append(y)
    return seen


def domain_palaces(board: Board, jardin: Cell) -> set[Cell]:
    """The palais a jardin's domain belongs to (exactly one in any legal position)."""
    return {x for x in domain(board, jardin) if board[x].kind is Kind.P}


def sacred(board: Board, groups: Mapping[Cell, frozenset[Cell]], x: Cell) -> bool:
    """A lone éléphant next to a temple of its own colour (A51)."""
    colour = board[x].colour
    return lone(groups, x) and any(board.get(y) == (colour, Kind.TE) for y in adj(x))


def with_piece(board: Board, x: Cell, piece: Piece) -> dict[Cell, Piece]:
    new = dict(board)
    new[x] = piece
    return new
