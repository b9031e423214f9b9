"""The deal for 6..50 players (rulings §2.1), custom decks (§2.4) and the room split (B1)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from enum import StrEnum

from app.games.deuxrois.cards import CARDS, VAGABOND, Colour
from app.kernel.text import EngineError, Text

MIN_PLAYERS = 6
MAX_PLAYERS = 50


class Room(StrEnum):
    NORMANDIE = "normandie"
    ANGLETERRE = "angleterre"

    @property
    def other(self) -> Room:
        return Room.ANGLETERRE if self is Room.NORMANDIE else Room.NORMANDIE


ROOM_NAMES = {
    Room.NORMANDIE: Text("Normandie", "Normandy"),
    Room.ANGLETERRE: Text("Angleterre", "England"),
}


def band(n: int) -> str:
    """The victory table that applies to n players (L56-83)."""
    if n <= 15:
        return "6-15"
    if n <= 25:
        return "16-25"
    if n <= 34:
        return "26-34"
    return "35-50"


def check_player_count(n: int) -> None:
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise EngineError(
            "player_count",
            Text(
                f"Il faut entre {MIN_PLAYERS} et {MAX_PLAYERS} joueurs (reçu : {n}).",
                f"A game needs {MIN_PLAYERS} to {MAX_PLAYERS} players (got {n}).",
            ),
        )


def standard_deck(n: int) -> list[int]:
    """Even n: cards 1..n; odd n: 1..n-1 plus the Vagabond (49)."""
    check_player_count(n)
    if n % 2 == 0:
        return list(range(1, n + 1))
    return [*range(1, n), VAGABOND]


# Colour classes for substitutions (ruling B7): bicolour swaps only with bicolour.
def _colour_class(number: int) -> Colour:
    return CARDS[number].colour


_REQUIRES: tuple[tuple[int, int], ...] = (
    (5, 6), (6, 5), (15, 6), (12, 3), (19, 20), (20, 19), (41, 42), (42, 41),
    (25, 26), (43, 26), (36, 35), (18, 2),
)


def _fail(code: str, fr: str, en: str) -> EngineError:
    return EngineError(code, Text(fr, en))


def validate_deck(cards: Sequence[int], n: int) -> list[str]:
    """Checks a custom deck for n players; returns warnings, raises EngineError if invalid."""
    check_player_count(n)
    if len(cards) != n:
        raise _fail("deck_size", f"Le paquet doit avoir {n} cartes (il en a {len(cards)}).",
                    f"The deck must hold {n} cards (it has {len(cards)}).")
    unknown = [c for c in cards if c not in CARDS]
    if unknown:
        raise _fail("deck_unknown", f"Carte inconnue : {unknown[0]} (1 à 50).",
                    f"Unknown card: {unknown[0]} (1 to 50).")
    if len(set(cards)) != len(cards):
        dup = next(c for c in cards if list(cards).count(c) > 1)
        raise _fail("deck_duplicate", f"La carte {dup} apparaît deux fois.", f"Card {dup} appears twice.")
    present = set(cards)
    for needed in (1, 2):
        if needed not in present:
            raise _fail("deck_kings", "Guillaume (1) et Harold (2) doivent être en jeu.",
                        "William (1) and Harold (2) must be in play.")
    for card_no, needs in _REQUIRES:
        if card_no in present and needs not in present:
            a, b = CARDS[card_no].name, CARDS[needs].name
            raise _fail("deck_dependency", f"{a.fr} ({card_no}) demande {b.fr} ({needs}).",
                        f"{a.en} ({card_no}) needs {b.en} ({needs}).")
    standard = standard_deck(n)
    want = sorted(_colour_class(c) for c in standard)
    got = sorted(_colour_class(c) for c in cards)
    if want != got:
        raise _fail("deck_colours",
                    "Le paquet doit garder la répartition des couleurs du tableau (un rouge pour un rouge…).",
                    "The deck must keep the colour share of the standard deal (a red for a red…).")
    warnings: list[str] = []
    if 3 in present and 12 not in present:
        warnings.append("protection_without_chaman")
    return warnings


def deal(n: int, seed: int, deck: Iterable[int] | None = None) -> list[int]:
    """The cards for seats 0..n-1, shuffled from the seed."""
    cards = list(deck) if deck is not None else standard_deck(n)
    if deck is not None:
        validate_deck(cards, n)
    rng = random.Random(seed)
    rng.shuffle(cards)
    return cards


def split_rooms(n: int, seed: int) -> list[Room]:
    """Rooms for seats 0..n-1: a random split of sizes ceil(n/2) / floor(n/2) (ruling B1)."""
    rng = random.Random(seed ^ 0x5EED)
    rooms = [Room.NORMANDIE] * ((n + 1) // 2) + [Room.ANGLETERRE] * (n // 2)
    if n % 2 and rng.random() < 0.5:
        rooms = [r.other for r in rooms]
    rng.shuffle(rooms)
    return rooms
