"""Manche scoring and the end of the game (rulings §6.1 score(), F11-F14, F17-F21)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from app.games.debarquement.boats import BOAT_COLOUR, Boat
from app.games.deuxrois.cards import CARDS, Colour

THRESHOLDS = (66, 30)  # classic, and "Conquête rapide" (L514-516, F18)
DEFAULT_MAX_MANCHES = 10  # the safety cap of F2


@dataclass(frozen=True, slots=True)
class Capture:
    """One captured boat: its nation and every card it held, covered ones included (F19, F23)."""

    boat: Boat
    cards: tuple[int, ...]


def card_points(card: int) -> int:
    """Tens digit (L480-481), grey always 0 (L482, F20); bicolour cards are not grey (F21)."""
    return 0 if CARDS[card].colour is Colour.GREY else card // 10


def boat_points(cards: Iterable[int]) -> int:
    """One boat: orange zeroes it and beats green (F12); green doubles once (F11)."""
    colours = [CARDS[c].colour for c in cards]
    if Colour.ORANGE in colours:
        return 0
    points = sum(card_points(c) for c in cards)
    return points * 2 if Colour.GREEN in colours else points


def single_colour(captures: Sequence[Capture]) -> bool:
    """Did the player capture only red or only blue characters, grey ignored (L485, F13)?

    Orange and green cards break it; a bicolour card counts as the colour of the boat it sailed in.
    """
    colours: set[Colour] = set()
    for capture in captures:
        for card in capture.cards:
            colour = CARDS[card].colour
            if colour is Colour.GREY:
                continue
            colours.add(BOAT_COLOUR[capture.boat] if colour is Colour.BICOLOUR else colour)
    return colours in ({Colour.RED}, {Colour.BLUE})


def manche_points(captures: Sequence[Capture]) -> int:
    """A player's manche score; the single-colour "bonus" makes it negative, which helps (F17)."""
    total = sum(boat_points(c.cards) for c in captures)
    return -total if captures and single_colour(captures) else total


def game_over(totals: Mapping[str, int], threshold: int, manche: int, max_manches: int) -> bool:
    """After a manche: someone reached the threshold, or the cap is hit (F1, F2)."""
    return max(totals.values(), default=0) >= threshold or manche >= max_manches


def result(totals: Mapping[str, int], threshold: int) -> tuple[list[str], list[str]]:
    """(losers, winners) in seat order: the lowest total(s) win, shared (F14).

    Everyone else at or over the threshold loses. When every player reached it the
    lowest still win, as in 6 nimmt! (L489), so nobody is both winner and loser.
    """
    low = min(totals.values())
    winners = [p for p, t in totals.items() if t == low]
    losers = [p for p, t in totals.items() if t >= threshold and p not in winners]
    return losers, winners
