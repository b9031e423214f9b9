"""Placement rule (L460-464) and captures in play: rulings F5, F8, F9, F23, F24."""

from __future__ import annotations

import pytest
from deb_helpers import dealt, pid, play_all, stacks, types

from app.games.debarquement.boats import Boat, boat_cards, completes, forced_boat, place, visible
from app.games.debarquement.events import BoatCaptured, CardPlaced, TurnEnded
from app.games.debarquement.state import Phase


def lay(cards: list[int]) -> list[list[int]]:
    boat: tuple[tuple[int, ...], ...] = ()
    for card in cards:
        boat = place(boat, card)
    return [list(s) for s in boat]


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        pytest.param([11], [[11]], id="first-card-far-left"),
        pytest.param([3, 11, 19], [[3], [11], [19]], id="larger-goes-right-of-largest"),
        pytest.param([11, 19, 3], [[11, 3], [19]], id="F8-smaller-covers-leftmost"),
        pytest.param([11, 7, 3], [[11, 7, 3]], id="F8-covering-twice-same-stack"),
        pytest.param([3, 19, 11], [[3], [11], [19]], id="intermediate-insert"),
        pytest.param([3, 19, 27, 11, 15], [[3], [11], [15], [19], [27]], id="intermediate-insert-twice"),
        pytest.param([7, 11, 3, 5], [[7, 3], [5], [11]], id="intermediate-right-of-covering-card"),
        pytest.param([45, 3], [[45, 3]], id="F5-descending-play-order-would-cover"),
    ],
)
def test_place_table(cards: list[int], expected: list[list[int]]) -> None:
    assert lay(cards) == expected


def test_F8_visible_is_the_number_of_stacks() -> None:
    boat = place(place(place(place((), 11), 19), 7), 3)
    assert visible(boat) == 2
    assert boat_cards(boat) == (11, 7, 3, 19)


def test_F8_covering_never_completes_a_boat() -> None:
    boat = ((11,), (13,), (15,), (17,))
    assert not completes(boat, 3)
    assert completes(boat, 19)
    assert completes(boat, 12)


@pytest.mark.parametrize(("card", "boat"), [(3, Boat.NORMAND), (1, Boat.NORMAND), (2, Boat.ANGLAIS),
                                             (46, Boat.ANGLAIS), (10, None), (25, None), (36, None),
                                             (9, None), (22, None)])
def test_F7_only_red_and_blue_are_forced(card: int, boat: Boat | None) -> None:
    assert forced_boat(card) is boat


def test_F5_revealed_cards_are_placed_lowest_first_not_in_seat_order() -> None:
    state = dealt([[45, 4], [3, 7]], pile=[])
    state, events = play_all(state, [45, 3])
    assert [e.card for e in events if isinstance(e, CardPlaced)] == [3, 45]
    assert stacks(state, "normand") == [[3], [45]]


# (cards played by p0..pN-1, expected Norman stacks after the tour, expected captures)
CAPTURE_TABLE = [
    pytest.param([3, 11, 15, 17, 19], [], [("p4", [3, 11, 15, 17, 19])], id="F9-5th-visible-captures"),
    pytest.param([3, 11, 15, 17, 19, 23, 27], [[23], [27]], [("p4", [3, 11, 15, 17, 19])],
                 id="F9-capture-mid-sequence-later-cards-on-fresh-boat"),
    pytest.param([27, 23, 19, 17, 15, 11, 3], [[23], [27]], [("p2", [3, 11, 15, 17, 19])],
                 id="F9-owner-is-who-laid-5th-not-seat-order"),
    pytest.param([3, 11, 15, 17], [[3], [11], [15], [17]], [], id="four-stacks-no-capture"),
]


@pytest.mark.parametrize(("cards", "norman", "captured"), CAPTURE_TABLE)
def test_capture_table(cards: list[int], norman: list[list[int]], captured: list[tuple[str, list[int]]]) -> None:
    state = dealt([[c, 1 if c != 1 else 4] for c in cards], pile=[])
    state, events = play_all(state, cards)
    assert stacks(state, "normand") == norman
    assert [(e.player_id, list(e.cards)) for e in events if isinstance(e, BoatCaptured)] == captured
    for owner, boat in captured:
        assert [list(c.cards) for c in state.captures[owner]] == [boat]


def test_F23_F19_capture_takes_5th_card_and_covered_cards() -> None:
    # Tour 1 lays 11 13 15 17; tour 2: 7 covers 11; tour 3: 3 covers 7, then 19 is the 5th visible.
    state = dealt([[11, 7, 3, 29], [13, 2, 19, 30], [15, 12, 16, 32], [17, 14, 18, 34]], pile=[])
    state, _ = play_all(state, [11, 13, 15, 17])
    state, _ = play_all(state, [7, 2, 12, 14])
    assert stacks(state, "normand") == [[11, 7], [13], [15], [17]]
    state, events = play_all(state, [3, 19, 16, 18])
    captured = [e for e in events if isinstance(e, BoatCaptured) and e.boat is Boat.NORMAND]
    assert len(captured) == 1
    assert captured[0].player_id == "p1"
    assert captured[0].cards == (11, 7, 3, 13, 15, 17, 19)
    assert 19 in captured[0].cards  # F23: the 5th card is part of the prize
    assert stacks(state, "normand") == []


def test_F24_capture_happens_before_the_draw() -> None:
    state = dealt([[3, 4], [11, 13], [15, 23], [17, 27], [19, 29]], pile=[31, 33, 37, 39, 41])
    state, events = play_all(state, [3, 11, 15, 17, 19])
    kinds = types(events)
    assert kinds.index("boat_captured") < kinds.index("turn_ended")
    drawn = next(e for e in events if isinstance(e, TurnEnded)).drawn
    assert drawn == {pid(i): c for i, c in enumerate([31, 33, 37, 39, 41])}
    assert state.phase is Phase.CHOOSING
    assert state.captures["p4"][0].cards == (3, 11, 15, 17, 19)


def test_capture_on_english_boat_and_both_boats_same_tour() -> None:
    reds, blues = [3, 11, 15, 17, 19], [2, 12, 14, 16, 18]
    hands = [[r, b] for r, b in zip(reds, blues, strict=True)]
    state = dealt(hands, pile=[])
    state, _ = play_all(state, reds)
    state, events = play_all(state, blues)
    captured = [e for e in events if isinstance(e, BoatCaptured)]
    assert [(e.player_id, e.boat) for e in captured] == [("p4", Boat.ANGLAIS)]
    assert [c.boat for c in state.captures["p4"]] == [Boat.NORMAND, Boat.ANGLAIS]
