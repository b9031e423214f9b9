"""Catalogue integrity (rulings §1.1, §1.2): 50 cards, colours, names, texts in both languages."""

from __future__ import annotations

from collections import Counter

import pytest

from app.games.deuxrois.cards import (
    CARDS,
    CARDS_BY_KEY,
    DUPLICATE_NAMES,
    PLEDGE_LORDS,
    PRINCIPALS,
    Colour,
    Effect,
    Team,
    card,
)
from app.kernel.text import Text


def test_fifty_distinct_numbers() -> None:
    assert sorted(CARDS) == list(range(1, 51))
    assert all(CARDS[n].number == n for n in CARDS)
    assert len(CARDS_BY_KEY) == 50
    assert card(16).key == "geolier"


def test_colour_counts() -> None:
    """§1.1: 19 red, 19 blue, 3 orange (25, 26, 43), 2 green (35, 36), 5 grey, 2 bicolour (9, 22)."""
    counts = Counter(c.colour for c in CARDS.values())
    assert counts == {Colour.RED: 19, Colour.BLUE: 19, Colour.ORANGE: 3, Colour.GREEN: 2, Colour.GREY: 5,
                      Colour.BICOLOUR: 2}
    by = {colour: sorted(n for n, c in CARDS.items() if c.colour is colour) for colour in Colour}
    assert by[Colour.ORANGE] == [25, 26, 43]
    assert by[Colour.GREEN] == [35, 36]
    assert by[Colour.GREY] == [10, 21, 44, 49, 50]
    assert by[Colour.BICOLOUR] == [9, 22]


# §1.1 table, colour by number (R red, B blue): the 38 team cards.
RED_CARDS = [1, 3, 4, 7, 11, 13, 15, 17, 19, 23, 27, 29, 31, 33, 37, 39, 41, 45, 47]
BLUE_CARDS = [2, 5, 6, 8, 12, 14, 16, 18, 20, 24, 28, 30, 32, 34, 38, 40, 42, 46, 48]


def test_team_cards_match_the_rulings_table() -> None:
    assert sorted(n for n, c in CARDS.items() if c.colour is Colour.RED) == RED_CARDS
    assert sorted(n for n, c in CARDS.items() if c.colour is Colour.BLUE) == BLUE_CARDS
    assert all(CARDS[n].team is Team.RED for n in RED_CARDS)
    assert all(CARDS[n].team is Team.BLUE for n in BLUE_CARDS)
    assert all(CARDS[n].team is Team.NONE for n in (9, 10, 21, 22, 44, 49, 50))


def test_duplicate_names() -> None:
    """§1.1: eleven pairs share a name and differ by colour; the label always shows it (C52)."""
    pairs = [(7, 8), (13, 14), (23, 24), (27, 28), (29, 30), (31, 32), (33, 34), (37, 38), (39, 40), (41, 42),
             (47, 48)]
    assert {n for pair in pairs for n in pair} == DUPLICATE_NAMES
    for red, blue in pairs:
        assert CARDS[red].name == CARDS[blue].name
        assert (CARDS[red].colour, CARDS[blue].colour) == (Colour.RED, Colour.BLUE)
        assert CARDS[red].label("fr") != CARDS[blue].label("fr")
        assert CARDS[red].label("en") != CARDS[blue].label("en")
    names = Counter(c.name.fr for c in CARDS.values())
    assert {name for name, k in names.items() if k > 1} == {CARDS[r].name.fr for r, _ in pairs}
    for lang in ("fr", "en"):
        assert len({c.label(lang) for c in CARDS.values()}) == 50


def _texts(n: int) -> list[Text]:
    c = CARDS[n]
    return [c.name, c.objective, *(t for p in c.powers for t in (p.name, p.text))]


@pytest.mark.parametrize("n", sorted(CARDS))
def test_every_card_has_french_and_english_texts(n: int) -> None:
    for text in _texts(n):
        assert text.fr.strip() and text.en.strip()
        assert text.fr == text.fr.strip() and text.en == text.en.strip()


def test_principals_and_pledge_lords() -> None:
    """A14, C51: four principals; the Capitaine pledges to Guillaume, Harold or the RdF, never the Pope."""
    assert frozenset(n for n, c in CARDS.items() if c.principal) == PRINCIPALS == {1, 2, 26, 35}
    assert {1, 2, 35} == PLEDGE_LORDS


def test_immunities() -> None:
    """§1.2 matrix: Émissaire cards immune to everything; Pape and Infidèle to subjugation; Pèlerin to holds."""
    for n in (13, 14):
        assert CARDS[n].immune_to >= {Effect.FORCEE, Effect.SUBJUGATION, Effect.FAUSSAIRE_SWAP, Effect.HOLD}
    for n in (22, 26):
        assert Effect.SUBJUGATION in CARDS[n].immune_to
    assert Effect.HOLD in CARDS[43].immune_to
    immune_to_subjugation = {n for n, c in CARDS.items() if Effect.SUBJUGATION in c.immune_to}
    assert immune_to_subjugation == {13, 14, 22, 26}
