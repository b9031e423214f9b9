"""The scoring examples of §4 (T-S1 to T-S9, T-V3): each position's non-zero codes per colour."""

from __future__ import annotations

import pytest

from app.games.inde.placement import place
from app.games.inde.scoring import CODE_NAMES, CODES, score, scores, winner
from inde.helpers import FUCHSIA, VERT, pos, spec

CASES: list[tuple[str, str, dict[str, int], dict[str, int]]] = [
    # id, position, vert's non-zero codes, fuchsia's
    ("T-S1 rulebook f.01", "vT(6,7) vE(6,6) fT(5,7)", {"R(&Ti)+": 4}, {"R(&Ti)+": 4}),
    ("T-S2 diagonal link", "vT(2,2) vE(2,3) fT(3,4)", {}, {}),
    ("T-S2 five in a row", "vT(2,1) vT(2,2) vE(2,3) fT(2,4) fE(2,5)", {}, {}),
    ("T-S3 one tiger two palais", "vP(6,2) vP(6,4) vT(5,3)", {"Ti/P": 2}, {}),
    ("T-S4 one tiger three gardens", "vP(6,4) vJ(7,4) vJ(8,3) vJ(8,5) fT(8,4)",
     {"D+": 2, "EAU+": 2, "J/Ti-": -3}, {}),
    ("T-S4 own tiger", "vP(6,4) vJ(7,4) vT(7,5)", {"D+": 2, "Ti/P": 1}, {}),
    ("T-S4 diagonal tiger", "vP(6,4) vJ(5,4) fT(4,5)", {"D+": 2}, {}),
    ("T-S5 sacred and working elephants", "vV(4,4) vTe(4,5) vE(5,5) fE(3,3) fE(5,3)",
     {"E/Te+": 3, "V/Te+": 1, "V/E+": 2, "EAU-": -1}, {}),
    ("T-S6 three village pairs", "vV(2,1) vV(2,2) vV(3,1)", {"V/V-": -3}, {}),
    ("T-S7 palais maluses", "vP(6,4) vV(5,3) fV(5,5) vTe(5,4) fTe(7,4)",
     {"P/V-": -3, "P/Te-": -5, "V/Te+": 1}, {"V/Te+": 2}),
    ("T-S8 terrain", "vJ(8,1) vV(4,2) vV(6,3) vTe(2,3) vJ(2,5) vP(0,3) vT(5,0)",
     {"EAU+": 1, "EAU-": -1, "RES+": 1, "RES-": -1}, {}),
    ("T-S9 ties", "vP(6,2) vT(5,3) fP(2,6) fT(3,5)", {"Ti/P": 1}, {"Ti/P": 1}),
    ("T-V3 enemy village by a palais", "vP(6,4) fP(3,4) vV(4,4)", {"EAU-": -1}, {"P/V-": -2}),
    ("T-E4 five animals: no reserve", "vP(6,4) vT(5,1) vT(5,2) vT(5,3) fT(5,4) vE(5,5)", {"Ti/P": 1}, {}),
]


@pytest.mark.parametrize(("position", "vert", "fuchsia"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_scoring(position: str, vert: dict[str, int], fuchsia: dict[str, int]) -> None:
    board = pos(position)
    assert score(board, VERT).nonzero() == vert
    assert score(board, FUCHSIA).nonzero() == fuchsia


def test_t_s9_equal_totals_are_a_draw() -> None:
    totals = {c: s.total for c, s in scores(pos("vP(6,2) vT(5,3) fP(2,6) fT(3,5)")).items()}
    assert totals == {VERT: 1, FUCHSIA: 1} and winner(totals) is None
    assert winner({VERT: 2, FUCHSIA: 1}) is VERT and winner({VERT: 0, FUCHSIA: 3}) is FUCHSIA


def test_t_v3_placing_the_village_costs_fuchsia_two() -> None:
    colour, kind, cell = spec("vV(4,4)")
    after, _ = place(pos("vP(6,4) fP(3,4)"), colour, kind, cell)
    assert score(after, FUCHSIA).nonzero() == {"P/V-": -2}


def test_lines_add_up_and_name_their_pairs() -> None:
    board = pos("vP(6,4) vV(5,3) fV(5,5) vTe(5,4) fTe(7,4)")
    sc = score(board, VERT)
    assert sc.total == sum(sc.by_code().values()) == -7
    texts = [line.text.fr for line in sc.lines if line.code == "P/Te-"]
    assert texts == ["Palais e3 près du temple e4 (à vous) : −2", "Palais e3 près du temple e2 (ennemi) : −3"]
    en = [line.text.en for line in sc.lines if line.code == "P/V-"]
    assert en == ["Palace e3 next to village d4 (yours): −1", "Palace e3 next to village f4 (enemy): −2"]
    assert all(len(line.cells) == 2 for line in sc.lines if line.code in ("P/V-", "P/Te-", "V/Te+"))


def test_every_code_has_a_bilingual_name() -> None:
    assert len(CODES) == 14 and set(CODE_NAMES) == set(CODES)
    assert all(CODE_NAMES[c].fr and CODE_NAMES[c].en for c in CODES)


def test_an_elephant_next_to_two_own_temples_is_sacred_once() -> None:
    board = pos("vV(4,4) vTe(4,5) vV(6,6) vTe(5,6) vE(5,5)")
    assert score(board, VERT).by_code()["E/Te+"] == 3


def test_an_elephant_by_an_enemy_temple_only_is_a_working_elephant() -> None:
    board = pos("fTe(4,5) vE(5,5) vV(6,6) fV(3,6)")
    assert score(board, VERT).nonzero() == {"V/E+": 1}  # not sacred: the temple is fuchsia's
    assert score(board, FUCHSIA).nonzero() == {"V/Te+": 1}
