"""The two boats and the placement rule (rulings §6.1 place(), F5-F9)."""

from __future__ import annotations

from enum import StrEnum

from app.games.deuxrois.cards import CARDS, Colour
from app.kernel.text import Text

DECK: tuple[int, ...] = tuple(range(1, 51))  # all 50 cards, 49 and 50 included (F22)
CAPTURE_AT = 5  # visible stacks that complete a boat (L452, L468)

# A boat is a left-to-right tuple of stacks; a stack lists its cards bottom to top.
Stack = tuple[int, ...]
Stacks = tuple[Stack, ...]


class Boat(StrEnum):
    NORMAND = "normand"
    ANGLAIS = "anglais"


BOAT_NAMES: dict[Boat, Text] = {
    Boat.NORMAND: Text("bateau normand", "Norman boat"),
    Boat.ANGLAIS: Text("bateau anglais", "English boat"),
}

# The colour a boat gives its bicolour cards in the single-colour rule (F13).
BOAT_COLOUR: dict[Boat, Colour] = {Boat.NORMAND: Colour.RED, Boat.ANGLAIS: Colour.BLUE}


def forced_boat(card: int) -> Boat | None:
    """Red cards sail Norman, blue cards English; every other card picks its boat (L457-459, F7)."""
    colour = CARDS[card].colour
    if colour is Colour.RED:
        return Boat.NORMAND
    if colour is Colour.BLUE:
        return Boat.ANGLAIS
    return None


def place(stacks: Stacks, card: int) -> Stacks:
    """The boat after `card` is laid on it (L460-464, F8).

    The tops stay strictly increasing left to right, and the top of the leftmost
    stack is always the smallest card in the boat, covered cards included: a card
    lower than it covers that stack, so it never adds a visible card.
    """
    if not stacks:
        return ((card,),)
    if card > stacks[-1][-1]:
        return (*stacks, (card,))
    if card < stacks[0][-1]:
        return ((*stacks[0], card), *stacks[1:])
    after = max(i for i, stack in enumerate(stacks) if stack[-1] < card)
    return (*stacks[: after + 1], (card,), *stacks[after + 1 :])


def visible(stacks: Stacks) -> int:
    return len(stacks)


def completes(stacks: Stacks, card: int) -> bool:
    """Would laying `card` make this boat's 5th visible card, hence a capture (F9)?"""
    return visible(place(stacks, card)) >= CAPTURE_AT


def boat_cards(stacks: Stacks) -> tuple[int, ...]:
    """Every card of the boat, covered ones included (F19, F23), left to right, bottom to top."""
    return tuple(card for stack in stacks for card in stack)
