"""Every legality example of §4 (T-G, T-P, T-J, T-V, T-X1, T-T1, T-E): position, placement, rule."""

from __future__ import annotations

import pytest

from app.games.inde.board import USABLE
from app.games.inde.pieces import KINDS, Colour
from app.games.inde.placement import breach, legal_cells
from app.games.inde.position import Board
from inde.helpers import pos, spec

OK = None
CASES: list[tuple[str, str, str, str | None]] = [
    # id, position, placement, the rule that forbids it (None: legal)
    ("T-G1 trou", "vP(1,2) vP(3,2) fP(2,1) fJ(2,3)", "vT(2,2)", "G5"),
    ("T-G1 trou any kind", "vP(1,2) vP(3,2) fP(2,1) fJ(2,3)", "fV(2,2)", "G5"),
    ("T-G1 opened", "vP(1,2) vP(3,2) fP(2,1)", "vT(2,2)", OK),
    ("T-G2 edge", "vP(8,3) fP(8,5) vJ(7,4)", "vT(8,4)", "G5"),
    ("T-G2 corner", "vP(0,1) fP(1,0)", "vT(0,0)", "G5"),
    ("T-G2 beside Deux Rois", "vP(2,0) fP(3,1)", "vT(3,0)", "G5"),
    ("T-G2 Deux Rois cell", "vP(5,0)", "vT(4,0)", "A11"),
    ("A11 occupied", "vP(6,4)", "vJ(6,4)", "A11"),
    ("T-P1 distance 2", "vP(6,2)", "vP(6,4)", OK),
    ("T-P1 distance 3", "vP(6,2)", "vP(6,5)", OK),
    ("T-P1 distance 3 diagonal", "vP(6,2)", "vP(3,5)", OK),
    ("T-P1 distance 4", "vP(6,2)", "vP(6,6)", "P1"),
    ("T-P1 adjacent friendly", "vP(6,2)", "vP(6,3)", "P3"),
    ("T-P1 adjacent friendly diagonal", "vP(6,2)", "vP(5,1)", "P3"),
    ("T-P2 enemy palais", "vP(6,2) fP(3,3)", "vP(4,2)", "P2"),
    ("T-P2 ok", "vP(6,2) fP(3,3)", "vP(5,4)", OK),
    ("T-P3 from jardin", "vP(7,1) vJ(7,2) vJ(6,3) vJ(5,4)", "vP(3,5)", OK),
    ("T-P3 from jardin 2", "vP(7,1) vJ(7,2) vJ(6,3) vJ(5,4)", "vP(5,6)", OK),
    ("T-P3 diagonal jardin", "vP(7,1) vJ(7,2) vJ(6,3) vJ(5,4)", "vP(4,5)", "P4"),
    ("T-P3 orthogonal jardins", "vP(7,1) vJ(7,2) vJ(6,3) vJ(5,4)", "vP(6,4)", "P4"),
    ("T-P3 jardin 3 away", "vP(7,1) vJ(7,2) vJ(6,3) vJ(5,4)", "vP(2,4)", "P1"),
    ("T-J1 side north", "vP(6,4)", "vJ(5,4)", OK),
    ("T-J1 side south", "vP(6,4)", "vJ(7,4)", OK),
    ("T-J1 side west", "vP(6,4)", "vJ(6,3)", OK),
    ("T-J1 diagonal palais", "vP(6,4)", "vJ(5,5)", "J3"),
    ("T-J1 no anchor", "vP(6,4)", "vJ(4,4)", "J1"),
    ("T-J2 diagonal jardin", "vP(6,4) vJ(5,4)", "vJ(4,5)", OK),
    ("T-J2 diagonal jardin 2", "vP(6,4) vJ(5,4)", "vJ(4,3)", OK),
    ("T-J2 orthogonal jardin", "vP(6,4) vJ(5,4)", "vJ(4,4)", "J2"),
    ("T-J2 enemy anchor", "vP(6,4) vJ(5,4)", "fJ(4,5)", "J1"),
    ("T-J3 two domains", "vP(6,2) vJ(5,2) vP(6,4) vJ(5,4)", "vJ(4,3)", "J4"),
    ("T-J3 one domain", "vP(6,2) vJ(5,2) vP(6,4) vJ(5,4)", "vJ(4,1)", OK),
    ("J4 domain and bare palais", "vP(6,2) vJ(5,2) vP(4,4)", "vJ(4,3)", "J4"),
    ("T-J4 crossing", "vP(5,4) vJ(4,4) vJ(3,3) fP(2,4) fJ(3,4)", "fJ(4,3)", "J5"),
    ("T-J4 neighbouring", "vP(5,4) vJ(4,4) vJ(3,3) fP(2,4) fJ(3,4)", "fJ(4,5)", OK),
    ("T-V1 from palais", "vP(6,4)", "vV(4,4)", OK),
    ("T-V1 from palais 2", "vP(6,4)", "vV(8,2)", OK),
    ("T-V1 knight offset", "vP(6,4)", "vV(4,6)", OK),
    ("T-V1 touches palais", "vP(6,4)", "vV(5,4)", "V2"),
    ("T-V1 distance 3", "vP(6,4)", "vV(3,4)", "V1"),
    ("T-V2 from village", "vP(6,4) vV(4,4)", "vV(2,4)", OK),
    ("T-V2 from village 2", "vP(6,4) vV(4,4)", "vV(4,2)", OK),
    ("T-V2 touches village", "vP(6,4) vV(4,4)", "vV(4,5)", "V2"),
    ("T-V3 enemy palais", "vP(6,4) fP(3,4)", "vV(4,4)", OK),
    ("T-V4 lone tiger", "vP(6,4) fP(2,2) fT(3,3)", "vV(4,4)", "V3"),
    ("T-V4 tiger in reserve", "vP(6,4) fP(2,2) fT(3,3) fT(2,3) fE(3,2)", "vV(4,4)", OK),
    ("T-V4 own lone tiger", "vP(6,4) vT(5,5)", "vV(4,4)", "V3"),
    ("T-X1 beside village", "vP(6,4) vV(4,4)", "vTe(4,5)", OK),
    ("T-X1 beside village 2", "vP(6,4) vV(4,4)", "vTe(5,4)", OK),
    ("T-X1 no village", "vP(6,4) vV(4,4)", "vTe(4,6)", "X1"),
    ("T-X1 enemy village only", "vP(6,4) fV(4,4)", "vTe(4,5)", "X1"),
    ("T-X1 temple adjacent", "vP(6,4) vV(4,4) fTe(3,6)", "vTe(4,5)", "X2"),
    ("T-X1 temple apart", "vP(6,4) vV(4,4) fTe(3,6)", "vTe(5,3)", OK),
    ("T-T1 beside palais", "vP(6,4) fP(2,4)", "vT(5,5)", OK),
    ("T-T1 beside palais 2", "vP(6,4) fP(2,4)", "vT(6,5)", OK),
    ("T-T1 no friend", "vP(6,4) fP(2,4)", "vT(4,4)", "A38"),
    ("T-T1 enemy only", "vP(6,4) fP(2,4)", "vT(3,4)", "A38"),
    ("A38 enemy reserve does not count", "vP(6,4) fT(2,2) fT(2,3) fT(2,4)", "vT(3,3)", "A38"),
    ("T-E1 two lone elephants", "vP(6,4) fP(4,6) fE(5,6)", "vE(5,5)", "E2"),
    ("T-E2 makes a reserve", "vP(6,4) vT(5,3) vE(5,4)", "vE(4,4)", OK),
    ("T-E2 diagonal only", "vP(6,4) vT(5,3) vE(5,4)", "vE(4,5)", "E2"),
    ("T-E3 fifth animal", "vP(6,4) vE(5,4) vT(4,4) vE(4,5) vT(5,3)", "vT(5,2)", "E2"),
    ("T-E4 fifth animal, no elephant pair", "vP(6,4) vT(5,1) vT(5,2) vT(5,3) fT(5,4)", "vE(5,5)", OK),
]


@pytest.mark.parametrize(("position", "placement", "rule"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_placement(position: str, placement: str, rule: str | None) -> None:
    colour, kind, cell = spec(placement)
    found = breach(pos(position), colour, kind, cell)
    assert (found.rule if found else None) == rule


def test_every_breach_text_is_bilingual_and_names_its_rule() -> None:
    for _, position, placement, rule in CASES:
        colour, kind, cell = spec(placement)
        found = breach(pos(position), colour, kind, cell)
        if found is not None:
            assert f"({rule})" in found.text.fr and f"({rule})" in found.text.en
            assert found.text.fr != found.text.en and found.code == f"rule_{rule}"


def _invariants(board: Board) -> None:
    """P3, J2, J3 and one palais per domaine hold for both colours."""
    from app.games.inde.board import adj, diag, orth
    from app.games.inde.pieces import Kind
    from app.games.inde.position import domain_palaces

    for x, p in board.items():
        if p.kind is Kind.P:
            assert not any(board.get(y) == (p.colour, Kind.P) for y in adj(x))
            assert not any(board.get(y) == (p.colour, Kind.J) for y in diag(x))
        if p.kind is Kind.J:
            assert not any(board.get(y) == (p.colour, Kind.J) for y in orth(x))
            assert len(domain_palaces(board, x)) == 1


def test_legal_cells_are_exactly_the_cells_without_a_breach() -> None:
    board = pos("vP(6,2) fP(1,4) vJ(7,2) fV(3,3) vJ(8,1) fV(3,5)")
    _invariants(board)
    for colour in Colour:
        for kind in KINDS:
            cells = legal_cells(board, colour, kind)
            assert cells == [x for x in USABLE if breach(board, colour, kind, x) is None]
            assert all(x not in board for x in cells)
