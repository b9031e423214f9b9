"""The deal (rulings §2.1, §2.2, §2.4, B1, B2): the distribution table for every count 6..50."""

from __future__ import annotations

from collections import Counter

import pytest

from app.games.deuxrois.cards import CARDS, VAGABOND, Colour
from app.games.deuxrois.deal import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Room,
    band,
    deal,
    split_rooms,
    standard_deck,
    validate_deck,
)
from app.kernel.text import EngineError

# §2.2, copied row by row: N, band, red, blue, Bleu-et-Rouge (9, 22), grey, orange, green.
TABLE = [
    (6, "6-15", 3, 3, 0, 0, 0, 0),
    (7, "6-15", 3, 3, 0, 1, 0, 0),
    (8, "6-15", 4, 4, 0, 0, 0, 0),
    (9, "6-15", 4, 4, 0, 1, 0, 0),
    (10, "6-15", 4, 4, 1, 1, 0, 0),
    (11, "6-15", 4, 4, 1, 2, 0, 0),
    (12, "6-15", 5, 5, 1, 1, 0, 0),
    (13, "6-15", 5, 5, 1, 2, 0, 0),
    (14, "6-15", 6, 6, 1, 1, 0, 0),
    (15, "6-15", 6, 6, 1, 2, 0, 0),
    (16, "16-25", 7, 7, 1, 1, 0, 0),
    (17, "16-25", 7, 7, 1, 2, 0, 0),
    (18, "16-25", 8, 8, 1, 1, 0, 0),
    (19, "16-25", 8, 8, 1, 2, 0, 0),
    (20, "16-25", 9, 9, 1, 1, 0, 0),
    (21, "16-25", 9, 9, 1, 2, 0, 0),
    (22, "16-25", 9, 9, 2, 2, 0, 0),
    (23, "16-25", 9, 9, 2, 3, 0, 0),
    (24, "16-25", 10, 10, 2, 2, 0, 0),
    (25, "16-25", 10, 10, 2, 3, 0, 0),
    (26, "26-34", 10, 10, 2, 2, 2, 0),
    (27, "26-34", 10, 10, 2, 3, 2, 0),
    (28, "26-34", 11, 11, 2, 2, 2, 0),
    (29, "26-34", 11, 11, 2, 3, 2, 0),
    (30, "26-34", 12, 12, 2, 2, 2, 0),
    (31, "26-34", 12, 12, 2, 3, 2, 0),
    (32, "26-34", 13, 13, 2, 2, 2, 0),
    (33, "26-34", 13, 13, 2, 3, 2, 0),
    (34, "26-34", 14, 14, 2, 2, 2, 0),
    (35, "35-50", 14, 14, 2, 3, 2, 0),
    (36, "35-50", 14, 14, 2, 2, 2, 2),
    (37, "35-50", 14, 14, 2, 3, 2, 2),
    (38, "35-50", 15, 15, 2, 2, 2, 2),
    (39, "35-50", 15, 15, 2, 3, 2, 2),
    (40, "35-50", 16, 16, 2, 2, 2, 2),
    (41, "35-50", 16, 16, 2, 3, 2, 2),
    (42, "35-50", 17, 17, 2, 2, 2, 2),
    (43, "35-50", 17, 17, 2, 3, 2, 2),
    (44, "35-50", 17, 17, 2, 3, 3, 2),
    (45, "35-50", 17, 17, 2, 4, 3, 2),
    (46, "35-50", 18, 18, 2, 3, 3, 2),
    (47, "35-50", 18, 18, 2, 4, 3, 2),
    (48, "35-50", 19, 19, 2, 3, 3, 2),
    (49, "35-50", 19, 19, 2, 4, 3, 2),
    (50, "35-50", 19, 19, 2, 5, 3, 2),
]


def test_table_covers_every_count() -> None:
    assert [row[0] for row in TABLE] == list(range(MIN_PLAYERS, MAX_PLAYERS + 1))


@pytest.mark.parametrize(("n", "band_", "red", "blue", "bicolour", "grey", "orange", "green"), TABLE,
                         ids=[f"N{row[0]}" for row in TABLE])
def test_distribution_table(n: int, band_: str, red: int, blue: int, bicolour: int, grey: int, orange: int,
                            green: int) -> None:
    cards = standard_deck(n)
    # §2.1: even N -> 1..N; odd N -> 1..N-1 plus the Vagabond (49); B2: at 49 and 50 both rules coincide.
    expected = list(range(1, n + 1)) if n % 2 == 0 else [*range(1, n), VAGABOND]
    assert cards == expected
    assert len(set(cards)) == n
    colours = Counter(CARDS[c].colour for c in cards)
    assert (colours[Colour.RED], colours[Colour.BLUE], colours[Colour.BICOLOUR], colours[Colour.GREY],
            colours[Colour.ORANGE], colours[Colour.GREEN]) == (red, blue, bicolour, grey, orange, green)
    assert red == blue  # §2.1: the Norman/English balance is never off
    assert band(n) == band_


@pytest.mark.parametrize("n", range(MIN_PLAYERS, MAX_PLAYERS + 1))
def test_linked_cards_are_dealt_together(n: int) -> None:
    """§2.1: pairs (2k-1, 2k) travel together, so no §2.4 dependency is ever broken by the standard deal."""
    cards = standard_deck(n)
    assert validate_deck(cards, n) == (["protection_without_chaman"] if 3 in cards and 12 not in cards else [])
    for a, b in ((5, 6), (19, 20), (41, 42), (25, 26), (35, 36)):
        assert (a in cards) == (b in cards)


def test_n35_deals_neither_the_king_of_france_nor_the_chancellor() -> None:
    """B3, §2.3-1: band 35-50 at N = 35 without cards 35/36."""
    assert band(35) == "35-50"
    assert {35, 36}.isdisjoint(standard_deck(35))


@pytest.mark.parametrize("n", range(MIN_PLAYERS, MAX_PLAYERS + 1))
def test_room_split_sizes(n: int) -> None:
    """B1: sizes ceil(N/2) and floor(N/2)."""
    rooms = split_rooms(n, seed=n * 7)
    sizes = sorted(Counter(rooms).values(), reverse=True)
    assert sizes == ([(n + 1) // 2, n // 2] if n > 1 else [1])
    assert set(rooms) == {Room.NORMANDIE, Room.ANGLETERRE}


def test_odd_split_puts_the_extra_player_in_either_room() -> None:
    bigger = {Counter(split_rooms(7, seed)).most_common(1)[0][0] for seed in range(40)}
    assert bigger == {Room.NORMANDIE, Room.ANGLETERRE}


@pytest.mark.parametrize("n", [6, 7, 21, 35, 50])
def test_deal_is_a_seeded_permutation(n: int) -> None:
    assert deal(n, seed=42) == deal(n, seed=42)
    assert split_rooms(n, seed=42) == split_rooms(n, seed=42)
    assert sorted(deal(n, seed=42)) == sorted(standard_deck(n))
    assert len({tuple(deal(n, seed=s)) for s in range(10)}) > 1


@pytest.mark.parametrize("n", [5, 51, 0, -1])
def test_player_count_out_of_range(n: int) -> None:
    with pytest.raises(EngineError) as err:
        standard_deck(n)
    assert err.value.code == "player_count"


# §2.4 custom decks: (id, n, deck, error code or None)
CUSTOM = [
    ("standard-8", 8, [1, 2, 3, 4, 5, 6, 7, 8], None),
    ("L50-red-for-red", 8, [1, 2, 3, 11, 5, 6, 7, 8], None),
    ("L50-grey-for-grey-odd", 9, [1, 2, 3, 4, 5, 6, 7, 8, 10], None),
    ("B7-bicolour-for-bicolour", 22, [*range(1, 9), 22, *range(10, 22), 9], None),
    ("size", 8, [1, 2, 3, 4, 5, 6, 7], "deck_size"),
    ("unknown-card", 8, [1, 2, 3, 4, 5, 6, 7, 51], "deck_unknown"),
    ("duplicate", 8, [1, 2, 3, 4, 5, 6, 7, 7], "deck_duplicate"),
    ("sec2.4-guillaume-required", 8, [11, 2, 3, 4, 5, 6, 7, 8], "deck_kings"),
    ("sec2.4-harold-required", 8, [1, 12, 3, 4, 5, 6, 7, 8], "deck_kings"),
    ("sec2.4-assassin-needs-armurier", 8, [1, 2, 3, 4, 5, 8, 7, 12], "deck_dependency"),
    ("sec2.4-armurier-needs-assassin", 8, [1, 2, 3, 4, 8, 6, 7, 12], "deck_dependency"),
    ("sec2.4-maitre-needs-armurier", 8, [1, 2, 3, 15, 8, 12, 7, 14], "deck_dependency"),
    ("sec2.4-chaman-needs-pd", 8, [1, 2, 11, 4, 5, 6, 7, 12], "deck_dependency"),
    ("sec2.4-dame-needs-chevalier", 20, [*range(1, 19), 19, 24], "deck_dependency"),
    ("sec2.4-diplomates-together", 42, [*range(1, 41), 41, 38 + 10], "deck_dependency"),
    ("sec2.4-moine-needs-pape", 26, [*range(1, 25), 25, 43], "deck_dependency"),
    ("sec2.4-pelerin-needs-pape", 44, [*range(1, 26), *range(27, 44), 44, 49], "deck_dependency"),
    ("sec2.4-chancelier-needs-rdf", 36, [*range(1, 35), 36, 47], "deck_dependency"),
    ("L50-colour-share-kept", 8, [1, 2, 3, 4, 5, 6, 7, 11], "deck_colours"),
    ("L50-grey-is-not-red", 9, [1, 2, 3, 4, 5, 6, 7, 8, 11], "deck_colours"),
]


@pytest.mark.parametrize(("n", "deck", "code"), [c[1:] for c in CUSTOM], ids=[c[0] for c in CUSTOM])
def test_custom_deck_validation(n: int, deck: list[int], code: str | None) -> None:
    if code is None:
        validate_deck(deck, n)
        assert sorted(deal(n, seed=1, deck=deck)) == sorted(deck)
    else:
        with pytest.raises(EngineError) as err:
            validate_deck(deck, n)
        assert err.value.code == code


def test_protection_without_chaman_warns() -> None:
    """B4, §2.3-2: the PD without the Chaman is legal but flagged."""
    assert validate_deck(standard_deck(8), 8) == ["protection_without_chaman"]
    assert validate_deck(standard_deck(12), 12) == []
