"""Manche scoring (L474-489): the worked examples of rulings §6.1 and F11-F14, F16, F17, F19-F21."""

from __future__ import annotations

import pytest

from app.games.debarquement.boats import Boat
from app.games.debarquement.scoring import (
    Capture,
    boat_points,
    card_points,
    game_over,
    manche_points,
    result,
    single_colour,
)
from app.games.deuxrois.cards import CARDS, Colour

N, E = Boat.NORMAND, Boat.ANGLAIS


def caps(*boats: tuple[Boat, list[int]]) -> list[Capture]:
    return [Capture(b, tuple(c)) for b, c in boats]


# §6.1 worked examples, one test each.
def test_example_6_1_all_red_boat_is_8() -> None:
    assert boat_points([3, 11, 19, 27, 45]) == 8


def test_example_6_1_all_red_boat_as_only_capture_is_minus_8() -> None:
    assert manche_points(caps((N, [3, 11, 19, 27, 45]))) == -8


def test_example_6_1_chancelier_doubles_to_14_and_breaks_single_colour() -> None:
    assert boat_points([3, 11, 19, 27, 36]) == 14
    assert manche_points(caps((N, [3, 11, 19, 27, 36]))) == 14


def test_example_6_1_pelerin_zeroes_the_boat() -> None:
    assert boat_points([3, 11, 19, 27, 43]) == 0


def test_example_6_1_covered_7_and_9_add_0_but_count_for_colour_rule() -> None:
    boat = [9, 7, 3, 11, 19, 27, 45]  # 3 covered 7, which covered the Espion (9)
    assert boat_points(boat) == 8
    assert manche_points(caps((N, boat))) == -8


# A scoring table: (captures, manche points).
SCORING_TABLE = [
    pytest.param([], 0, id="F13-no-captures-scores-0"),
    pytest.param([(E, [2, 12, 14, 16, 18])], -4, id="all-blue-negative"),
    pytest.param([(N, [3, 11, 19, 27, 45]), (E, [2, 12, 14, 16, 18])], 12, id="red-and-blue-positive"),
    pytest.param([(N, [3, 11, 19, 27, 45]), (N, [4, 13, 15, 17, 23])], -13, id="two-red-boats-negative"),
    pytest.param([(N, [10, 11, 19, 27, 45])], -8, id="F13-grey-ignored-for-colour"),
    pytest.param([(N, [3, 11, 19, 27, 25])], 0, id="F13-orange-breaks-colour-even-at-0"),
    pytest.param([(N, [3, 11, 19, 27, 25]), (N, [4, 13, 15, 17, 23])], 5, id="F13-orange-boat-breaks-colour-rule"),
    pytest.param([(N, [3, 11, 19, 22, 45]), (E, [2, 12, 14, 16, 18])], 12,
                 id="F13-bicolour-on-norman-is-red-mixed-with-blue"),
    pytest.param([(E, [22, 12, 14, 16, 18])], -6, id="F13-F21-bicolour-on-english-is-blue"),
    pytest.param([(N, [22, 11, 19, 27, 45])], -10, id="F13-F21-bicolour-on-norman-is-red"),
    pytest.param([(N, [35, 36, 11, 19, 27])], 20, id="F11-two-greens-double-once"),
    pytest.param([(N, [35, 26, 11, 19, 27])], 0, id="F12-orange-and-green-is-0"),
    pytest.param([(N, [10, 21, 44, 49, 50])], 0, id="F20-grey-boat-is-0"),
    pytest.param([(N, [1, 3, 4, 7, 11])], -1, id="F20-cards-1-9-incl-guillaume-score-0"),
]


@pytest.mark.parametrize(("boats", "points"), SCORING_TABLE)
def test_scoring_table(boats: list[tuple[Boat, list[int]]], points: int) -> None:
    assert manche_points(caps(*boats)) == points


def test_F11_green_doubles_once_even_with_both_greens() -> None:
    assert boat_points([35, 36, 47]) == (3 + 3 + 4) * 2


def test_F12_orange_beats_green() -> None:
    for orange in (25, 26, 43):
        assert boat_points([35, orange, 47, 45]) == 0


def test_F13_only_grey_is_ignored_green_breaks_the_rule() -> None:
    assert not single_colour(caps((N, [35, 11, 19, 27, 45])))
    assert single_colour(caps((N, [50, 11, 19, 27, 45])))


def test_F17_the_single_colour_bonus_makes_the_total_negative_which_is_good() -> None:
    red = caps((N, [3, 11, 19, 27, 45]))
    assert manche_points(red) < 0 < boat_points(red[0].cards)


def test_F19_covered_cards_are_scored() -> None:
    assert boat_points([47, 45, 3, 11, 19, 27, 29]) == 4 + 4 + 0 + 1 + 1 + 2 + 2


@pytest.mark.parametrize("card", [10, 21, 44, 49, 50])
def test_F20_grey_cards_score_0_whatever_their_number(card: int) -> None:
    assert card_points(card) == 0


@pytest.mark.parametrize("card", range(1, 10))
def test_F20_cards_1_to_9_score_0(card: int) -> None:
    assert card_points(card) == 0


def test_F21_bicolour_cards_score_their_tens_digit() -> None:
    assert (card_points(9), card_points(22)) == (0, 2)
    assert CARDS[9].colour is CARDS[22].colour is Colour.BICOLOUR


def test_F16_guide_numbering_roi_de_france_35_chancelier_36_both_green() -> None:
    assert "Roi de France" in CARDS[35].name.fr
    assert "Chancelier" in CARDS[36].name.fr
    assert boat_points([35, 11, 19]) == boat_points([36, 11, 19]) == 10


def test_tens_digits_for_every_card() -> None:
    for n, card in CARDS.items():
        assert card_points(n) == (0 if card.colour is Colour.GREY else n // 10)


# End of the game (F1, F2, F14, F18).
def test_F1_game_ends_when_someone_reaches_the_threshold() -> None:
    assert game_over({"a": 66, "b": 3}, 66, 1, 10)
    assert not game_over({"a": 65, "b": 3}, 66, 1, 10)


def test_F2_cap_on_manches_ends_the_game() -> None:
    assert game_over({"a": 5, "b": -3}, 66, 10, 10)
    assert not game_over({"a": 5, "b": -3}, 66, 9, 10)


def test_F18_quick_threshold_30() -> None:
    assert game_over({"a": 30, "b": 3}, 30, 1, 10)
    assert not game_over({"a": 29, "b": 3}, 30, 1, 10)


@pytest.mark.parametrize(
    ("totals", "losers", "winners"),
    [
        pytest.param({"a": 70, "b": 20, "c": 40}, ["a"], ["b"], id="F14-one-loser-lowest-wins"),
        pytest.param({"a": 70, "b": 66, "c": 40}, ["a", "b"], ["c"], id="F14-all-over-threshold-lose"),
        pytest.param({"a": 70, "b": 12, "c": 12}, ["a"], ["b", "c"], id="F14-tied-lowest-share-the-win"),
        pytest.param({"a": 12, "b": -30, "c": 40}, [], ["b"], id="F2-cap-no-loser-negative-lowest-wins"),
        pytest.param({"a": 80, "b": 70}, ["a"], ["b"], id="F14-everyone-over-lowest-still-wins"),
    ],
)
def test_F14_result(totals: dict[str, int], losers: list[str], winners: list[str]) -> None:
    assert result(totals, 66) == (losers, winners)
