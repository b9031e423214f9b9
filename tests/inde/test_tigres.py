"""The tiger push (T-T2 to T-T5, G4, A39-A43)."""

from __future__ import annotations

import pytest

from app.games.inde.pieces import Kind
from app.games.inde.placement import breach, place
from app.games.inde.position import Piece
from inde.helpers import FUCHSIA, VERT, pos, spec


def _tiger(position: str, tiger: str) -> tuple[dict[tuple[int, int], Piece], tuple[tuple[tuple[int, int], tuple[int, int]], ...]]:
    colour, kind, cell = spec(tiger)
    board = pos(position)
    assert breach(board, colour, kind, cell) is None
    return place(board, colour, kind, cell)


def test_t_t2_orthogonal_and_diagonal_pushes_friendly_village_stays() -> None:
    after, moves = _tiger("vP(6,4) fV(4,4) fV(4,5) vV(4,3)", "vT(5,4)")
    assert sorted(moves) == [((4, 4), (3, 4)), ((4, 5), (3, 6))]
    assert after[(3, 4)] == (FUCHSIA, Kind.V) and after[(3, 6)] == (FUCHSIA, Kind.V)
    assert (4, 4) not in after and (4, 5) not in after
    assert after[(4, 3)] == (VERT, Kind.V) and after[(5, 4)] == (VERT, Kind.T)


@pytest.mark.parametrize(("position", "tiger", "village"), [
    ("vP(6,4) fV(4,4) fJ(3,4)", "vT(5,4)", (4, 4)),  # target occupied
    ("vP(7,4) fV(8,3)", "vT(7,3)", (8, 3)),  # target off the board
    ("vP(6,1) fV(5,0)", "vT(6,0)", (5, 0)),  # target is Deux Rois (4,0)
], ids=["occupied", "off board", "deux rois"])
def test_t_t3_blocked_pushes_leave_the_village_and_place_the_tiger(
        position: str, tiger: str, village: tuple[int, int]) -> None:
    after, moves = _tiger(position, tiger)
    assert moves == ()
    assert after[village] == (FUCHSIA, Kind.V)
    assert after[spec(tiger)[2]] == (VERT, Kind.T)


def test_t_t4_a_tiger_joining_a_reserve_does_not_push() -> None:
    after, moves = _tiger("vP(6,4) vT(5,3) fT(5,2) fV(4,4)", "vT(5,4)")
    assert moves == () and after[(4, 4)] == (FUCHSIA, Kind.V)


def test_t_t5_pushes_ignore_the_trou_rule() -> None:
    after, moves = _tiger("vP(6,4) fV(4,4) fJ(2,4) fJ(3,3) vJ(3,5)", "vT(5,4)")
    assert moves == (((4, 4), (3, 4)),)
    assert after[(3, 4)] == (FUCHSIA, Kind.V)


def test_a43_only_the_placed_tiger_pushes_and_never_in_chains() -> None:
    # vT(5,4) is lone next to fV(4,4); a second tiger elsewhere does not push that village again.
    after, moves = _tiger("vP(6,4) fV(3,3) fV(4,4) vT(5,2)", "vT(5,4)")
    assert moves == (((4, 4), (3, 4)),)
    assert after[(3, 3)] == (FUCHSIA, Kind.V)  # not adjacent to the new tiger: stays
