"""The board and the tiles as data (rulings B1, B2; tests T-B1 to T-B3)."""

from __future__ import annotations

import json
import re
from collections import Counter
from importlib import resources
from pathlib import Path

import pytest

from app.games.inde import board as b
from app.games.inde.pieces import STOCK, TILE_NUMBERS, Colour, Kind, letter

RULINGS = Path("/work/shared/rulings/deux-rois-inde.md")


def test_b1_the_data_file_is_the_rulings_json() -> None:
    """board.json holds B1 verbatim (when the rulings are at hand to compare)."""
    ours = json.loads(resources.files("app.games.inde").joinpath("board.json").read_text(encoding="utf-8"))
    if not RULINGS.exists():
        pytest.skip("rulings not available")
    block = re.search(r"### 1\.3.*?```json\n(.*?)```", RULINGS.read_text(encoding="utf-8"), re.S)
    assert block is not None
    assert ours == json.loads(block.group(1))


def test_t_b1_usable_cells_and_deux_rois() -> None:
    assert len(b.USABLE) == 79
    assert {(4, 0), (4, 8)} == b.DEUX_ROIS
    assert not b.usable((4, 0)) and not b.usable((4, 8)) and b.usable((4, 4))


def test_t_b1_every_feature_is_invariant_under_rot() -> None:
    assert {b.rot(x) for x in b.DEUX_ROIS} == b.DEUX_ROIS
    assert {b.rot(x) for x in b.WATER} == b.WATER
    assert {b.rot(x) for x in b.MARKETS} == b.MARKETS
    for n in TILE_NUMBERS:
        assert b.rot(b.NUMBERS[Colour.VERT][n]) == b.NUMBERS[Colour.FUCHSIA][n]
    for x in b.ALL_CELLS:
        h = b.half(x)
        assert b.half(b.rot(x)) == (None if h is None else h.other)


def test_t_b1_terrain_counts_and_no_two_special_cells_touch() -> None:
    assert len(b.WATER) == 11 and len(b.MARKETS) == 8
    special = sorted(b.WATER | b.MARKETS)
    assert len(special) == 19
    for i, x in enumerate(special):
        for y in special[i + 1:]:
            assert b.cheb(x, y) >= 2, (x, y)


def test_t_b1_numbers_interior_balanced_and_apart() -> None:
    for colour in Colour:
        cells = list(b.NUMBERS[colour].values())
        assert sorted(b.NUMBERS[colour]) == list(TILE_NUMBERS) and len(set(cells)) == 20
        assert all(len(b.orth(x)) == 4 and all(b.usable(y) for y in b.orth(x)) for x in cells)  # interior
        assert Counter((r + c) % 2 for r, c in cells) == {0: 10, 1: 10}
        assert all(b.half(x) is colour for x in cells)
    for x in b.NUMBERS[Colour.VERT].values():
        for y in b.NUMBERS[Colour.FUCHSIA].values():
            assert b.cheb(x, y) >= 2
    assert b.NUMBERS[Colour.VERT][1] == (5, 1) and b.NUMBERS[Colour.FUCHSIA][1] == (3, 7)


def test_t_b1_halves_have_39_cells_each_and_the_centre_is_neutral() -> None:
    halves = Counter(b.half(x) for x in b.USABLE)
    assert halves == {Colour.VERT: 39, Colour.FUCHSIA: 39, None: 1}
    assert b.half((4, 4)) is None and (4, 4) in b.WATER


def test_t_b2_tiles_and_stock() -> None:
    assert Counter(letter(n) for n in TILE_NUMBERS) == {Kind.J: 7, Kind.P: 2, Kind.T: 4, Kind.E: 3, Kind.V: 4}
    assert sum(STOCK.values()) == 23
    # 23 figurines - the first palais - 2 temples = 20 tiles (L158-161).
    assert {k: n for k, n in STOCK.items() if k is not Kind.TE} == {
        k: n + (1 if k is Kind.P else 0) for k, n in Counter(letter(n) for n in TILE_NUMBERS).items()}
    with pytest.raises(ValueError):
        letter(21)


def _jardin_steps(start: b.Cell, target: b.Cell) -> int:
    """Jardins needed from a palais to reach a cell of the jardin colour: one side step, then diagonals."""
    return 1 + min(b.cheb(n, target) for n in b.orth(start))


@pytest.mark.parametrize("n", TILE_NUMBERS)
def test_t_b3_access_per_start(n: int) -> None:
    """A regression guard for board edits (§1.4.3, 1.4.5, 1.4.6).

    The prototype's `design.py` weights are not published; this checks what
    §1.4 states outright: 2-3 water cells of the start's jardin colour within
    3 cells, 7-16 village sites at distance 2, a market at distance 2 except
    for starts 4 and 17, which have 6-8 markets within 4, and a water cell a
    domain can reach in at most 3 jardins.
    """
    start = b.NUMBERS[Colour.VERT][n]
    colour = (start[0] + start[1]) % 2
    water = [w for w in b.WATER if (w[0] + w[1]) % 2 != colour and b.cheb(start, w) <= 3]
    assert 2 <= len(water) <= 3
    sites = [x for x in b.USABLE if b.cheb(start, x) == 2]
    assert 7 <= len(sites) <= 16
    markets_at_2 = [m for m in b.MARKETS if b.cheb(start, m) == 2]
    if n in (4, 17):
        assert not markets_at_2 and 6 <= sum(1 for m in b.MARKETS if b.cheb(start, m) <= 4) <= 8
    else:
        assert markets_at_2
    assert min(_jardin_steps(start, w) for w in water) <= 3
