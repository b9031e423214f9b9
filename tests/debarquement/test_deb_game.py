"""The game flow: lobby, deal, neutral boat choice, draw, manches, end (F1-F3, F6, F7, F10, F18, F22)."""

from __future__ import annotations

from collections import Counter

import pytest
from deb_helpers import FULL_DECK, NAMES, act, all_cards, dealt, pid, play_all, stacks, types

from app.games.debarquement import Phase, decide, event_from_json, event_to_json, new_game, replay
from app.games.debarquement.boats import Boat
from app.games.debarquement.events import (
    CardChosen,
    CardPlaced,
    GameEnded,
    MancheStarted,
    TurnEnded,
)
from app.games.debarquement.rules import pending_prompt, prompt_id
from app.games.debarquement.state import State
from app.kernel.actor import Actor
from app.kernel.text import EngineError


def lobby(n: int, ages: list[int | None] | None = None, **config: int) -> State:
    state = replay(new_game(seed=7, **config))
    for i in range(n):
        age = ages[i] if ages else None
        state, _ = act(state, pid(i), {"type": "join", "name": NAMES[i], "age": age})
    return state


def started(n: int, **config: int) -> State:
    state, _ = act(lobby(n, **config), "p0", {"type": "start"})
    return state


def test_lobby_join_then_host_starts_and_deals_six_each() -> None:
    state = lobby(3)
    assert state.phase is Phase.LOBBY
    assert state.host == "p0"
    assert [s.name for s in state.seats] == ["Ana", "Bob", "Céline"]
    state, events = act(state, "p0", {"type": "start"})
    assert types(events) == ["manche_started"]
    assert state.phase is Phase.CHOOSING
    assert (state.manche, state.turn) == (1, 1)
    assert all(len(h) == 6 for h in state.hands.values())
    assert len(state.pile) == 50 - 18


@pytest.mark.parametrize("n", range(2, 9))
def test_F22_the_deal_uses_all_50_cards(n: int) -> None:
    state = started(n)
    assert all_cards(state) == FULL_DECK
    assert sorted(c for h in state.hands.values() for c in h) != sorted(state.pile)


def test_join_name_is_stripped() -> None:
    state = replay(new_game(seed=1))
    state, _ = act(state, "x", {"type": "join", "name": "  Zoé  "})
    assert state.seats[0].name == "Zoé"


def test_F3_start_player_is_the_one_closest_to_66_years() -> None:
    state, _ = act(lobby(4, ages=[30, 70, 61, None]), "p0", {"type": "start"})
    assert state.start_player == "p1"


def test_F3_without_ages_the_host_starts_and_ties_go_to_seat_order() -> None:
    assert started(3).start_player == "p0"
    state, _ = act(lobby(3, ages=[None, 62, 70]), "p0", {"type": "start"})
    assert state.start_player == "p1"


def test_F3_the_deal_begins_with_the_start_player() -> None:
    _, events = act(lobby(3, ages=[20, 20, 66]), "p0", {"type": "start"})
    deal = events[0]
    assert isinstance(deal, MancheStarted)
    assert list(deal.hands) == ["p2", "p0", "p1"]


def test_F6_neutral_card_waits_for_its_owner_with_the_boats_in_view() -> None:
    # p0 plays the grey Troubadour (10): 3 is laid first, then the game waits for p0; 11 waits behind.
    state = dealt([[10, 4], [11, 13], [3, 7]])
    state, events = play_all(state, [10, 11, 3])
    assert types(events)[-2:] == ["cards_revealed", "card_placed"]
    assert state.phase is Phase.PLACING
    assert state.awaiting_boat == (10, "p0")
    assert stacks(state, "normand") == [[3]]
    state, events = act(state, "p0", {"type": "choose_boat", "boat": "anglais"})
    placed = [(e.card, e.boat, e.how) for e in events if isinstance(e, CardPlaced)]
    assert placed == [(10, Boat.ANGLAIS, "choice"), (11, Boat.NORMAND, "colour")]
    assert stacks(state, "anglais") == [[10]]
    assert state.phase is Phase.CHOOSING


def test_F6_two_neutrals_in_one_tour_are_asked_in_ascending_order() -> None:
    state = dealt([[43, 4], [25, 7], [36, 13]])
    state, _ = play_all(state, [43, 25, 36])
    assert state.awaiting_boat == (25, "p1")
    with pytest.raises(EngineError) as refused:
        act(state, "p0", {"type": "choose_boat", "boat": "normand"})
    assert refused.value.code == "not_your_turn"
    state, _ = act(state, "p1", {"type": "choose_boat", "boat": "normand"})
    assert state.awaiting_boat == (36, "p2")
    state, _ = act(state, "p2", {"type": "choose_boat", "boat": "normand"})
    assert state.awaiting_boat == (43, "p0")
    state, _ = act(state, "p0", {"type": "choose_boat", "boat": "normand"})
    assert stacks(state, "normand") == [[25], [36], [43]]


def test_F6_neutral_choice_can_capture_a_boat() -> None:
    state = dealt([[3, 4], [11, 13], [15, 23], [17, 27], [44, 29]])
    state, _ = play_all(state, [3, 11, 15, 17, 44])
    assert state.awaiting_boat == (44, "p4")
    state, events = act(state, "p4", {"type": "choose_boat", "boat": "normand"})
    assert types(events)[:2] == ["card_placed", "boat_captured"]
    assert state.captures["p4"][0].cards == (3, 11, 15, 17, 44)


@pytest.mark.parametrize("card", [9, 22])
def test_F7_bicolour_cards_choose_their_boat_like_neutrals(card: int) -> None:
    state = dealt([[card, 4], [2, 7]])
    state, _ = play_all(state, [card, 2])
    assert state.awaiting_boat == (card, "p0")
    state, _ = act(state, "p0", {"type": "choose_boat", "boat": "anglais"})
    assert stacks(state, "anglais") == [[2], [card]]


def test_timeout_picks_a_seeded_random_boat_recorded_in_the_event() -> None:
    state = dealt([[10, 4], [11, 13]])
    state, _ = play_all(state, [10, 11])
    _, events = act(state, None, {"type": "tick", "prompt": "m1.t1.boat.10"})
    placed = events[0]
    assert isinstance(placed, CardPlaced)
    assert (placed.card, placed.how) == (10, "timeout")
    again = decide(state, {"type": "tick"}, Actor.system())
    assert again == events  # the same seed and state give the same choice


def test_timeout_chooses_a_card_for_every_player_who_has_not() -> None:
    state = dealt([[3, 4], [11, 13], [15, 17]])
    armed_for = prompt_id(state)
    assert armed_for == "m1.t1.cards"
    state, _ = act(state, "p1", {"type": "play_card", "card": 13})
    assert prompt_id(state) == armed_for  # one player choosing does not restart the tour's timer
    state, events = act(state, None, {"type": "tick", "prompt": armed_for})
    chosen = [e for e in events if isinstance(e, CardChosen)]
    assert [(e.player_id, e.timeout) for e in chosen] == [("p0", True), ("p2", True)]
    assert chosen[0].card in (3, 4) and chosen[1].card in (15, 17)
    assert "cards_revealed" in types(events)


def test_F10_everyone_draws_while_the_pile_can_serve_everyone() -> None:
    state = dealt([[3, 4], [11, 13], [15, 17]], pile=[2, 12, 14, 16])
    state, events = play_all(state, [3, 11, 15])
    ended = next(e for e in events if isinstance(e, TurnEnded))
    assert ended.drawn == {"p0": 2, "p1": 12, "p2": 14}
    assert state.pile == (16,)
    assert sorted(len(h) for h in state.hands.values()) == [2, 2, 2]


def test_F10_short_pile_is_set_aside_and_nobody_draws() -> None:
    state = dealt([[3, 4], [11, 13], [15, 17]], pile=[16])
    state, events = play_all(state, [3, 11, 15])
    ended = next(e for e in events if isinstance(e, TurnEnded))
    assert (ended.drawn, ended.set_aside) == ({}, (16,))
    assert (state.pile, state.set_aside) == ((), (16,))
    assert [len(state.hands[p]) for p in state.player_ids] == [1, 1, 1]
    assert all_cards(state) == Counter([3, 4, 11, 13, 15, 17, 16])


@pytest.mark.parametrize(("n", "tours_with_draw", "set_aside"), [(2, 19, 0), (3, 10, 2), (4, 6, 2), (5, 4, 0),
                                                                  (6, 2, 2), (7, 1, 1), (8, 0, 2)])
def test_F10_full_deal_draw_counts(n: int, tours_with_draw: int, set_aside: int) -> None:
    pile = 50 - 6 * n
    assert (pile // n, pile % n) == (tours_with_draw, set_aside)


def _finish_manche(state: State) -> State:
    """Play the lowest card each tour and send neutrals Norman."""
    while state.phase in (Phase.CHOOSING, Phase.PLACING):
        if state.awaiting_boat:
            state, _ = act(state, state.awaiting_boat[1], {"type": "choose_boat", "boat": "normand"})
            continue
        for p in state.player_ids:
            if p not in state.chosen and state.phase is Phase.CHOOSING:
                state, _ = act(state, p, {"type": "play_card", "card": state.hands[p][0]})
    return state


def test_F1_F2_manches_repeat_with_reshuffle_and_rotating_start_player() -> None:
    state = _finish_manche(started(3))
    assert state.phase is Phase.MANCHE_OVER
    first_totals = dict(state.totals)
    assert first_totals == dict(state.manche_points[0])
    state, events = act(state, "p0", {"type": "next_manche"})
    deal = events[0]
    assert isinstance(deal, MancheStarted)
    assert (deal.manche, deal.start_player) == (2, "p1")
    assert all_cards(state) == FULL_DECK
    assert state.captures == {"p0": (), "p1": (), "p2": ()}
    state = _finish_manche(state)
    assert state.totals == {p: first_totals[p] + state.manche_points[1][p] for p in state.player_ids}


PRIOR = {"p0": 60, "p1": 10, "p2": 0, "p3": 5, "p4": 20}


def test_F1_game_ends_at_the_end_of_the_manche_in_which_someone_reaches_66() -> None:
    # Tour 1: p0 lays 47 as the 5th visible card of 3 11 15 36 47: (0+1+1+3+4)x2 = 18, green breaks
    # the single-colour rule, so p0 will be at 78. The game still finishes the manche (tour 2).
    state = dealt([[47, 2], [3, 12], [11, 14], [15, 16], [36, 18]], prior=[PRIOR])
    state, _ = play_all(state, [47, 3, 11, 15, 36])
    state, _ = act(state, "p4", {"type": "choose_boat", "boat": "normand"})
    assert state.captures["p0"][0].cards == (3, 11, 15, 36, 47)
    assert (state.phase, state.totals["p0"]) == (Phase.CHOOSING, 60)
    state, events = play_all(state, [2, 12, 14, 16, 18])
    assert types(events)[-2:] == ["manche_scored", "game_ended"]
    assert state.manche_points[-1] == {"p0": 18, "p1": 0, "p2": 0, "p3": 0, "p4": -4}
    assert state.totals == {"p0": 78, "p1": 10, "p2": 0, "p3": 5, "p4": 16}
    assert state.phase is Phase.GAME_OVER
    ended = events[-1]
    assert isinstance(ended, GameEnded)
    assert (ended.reason, ended.losers, ended.winners) == ("threshold", ("p0",), ("p2",))


def test_F1_below_the_threshold_the_game_goes_on_to_another_manche() -> None:
    state = dealt([[3], [11], [15], [17], [45]], prior=[PRIOR])
    state, events = play_all(state, [3, 11, 15, 17, 45])
    assert types(events)[-1] == "manche_scored"
    assert state.manche_points[-1]["p4"] == -7  # 0+1+1+1+4, all red
    assert (state.phase, state.result) == (Phase.MANCHE_OVER, None)
    state, events = act(state, "p0", {"type": "next_manche"})
    assert state.manche == 3 and state.phase is Phase.CHOOSING


def test_F2_the_manche_cap_ends_the_game_without_losers() -> None:
    state = dealt([[3], [11], [15], [17], [45]], prior=[PRIOR], max_manches=2)
    state, events = play_all(state, [3, 11, 15, 17, 45])
    ended = events[-1]
    assert isinstance(ended, GameEnded)
    assert (ended.reason, ended.losers, ended.winners) == ("max_manches", (), ("p2",))


def test_F14_tied_lowest_totals_share_the_win() -> None:
    state = dealt([[47, 2], [3, 12], [11, 14], [15, 16], [36, 18]], prior=[{**PRIOR, "p2": 5}])
    state, _ = play_all(state, [47, 3, 11, 15, 36])
    state, _ = act(state, "p4", {"type": "choose_boat", "boat": "normand"})
    state, _ = play_all(state, [2, 12, 14, 16, 18])
    assert state.result is not None
    assert state.result.winners == ("p2", "p3")


def test_F18_conquete_rapide_ends_at_30() -> None:
    state = dealt([[3], [11], [15], [17], [36]], prior=[{"p0": 0, "p1": 0, "p2": 0, "p3": 0, "p4": 10}],
                  threshold=30)
    state, _ = play_all(state, [3, 11, 15, 17, 36])
    state, _ = act(state, "p4", {"type": "choose_boat", "boat": "normand"})
    assert state.manche_points[-1]["p4"] == 12  # (0+1+1+1+3)x2
    assert state.totals["p4"] == 22
    assert state.phase is Phase.MANCHE_OVER  # 22 < 30


def test_F18_new_game_accepts_30_and_66_only() -> None:
    assert replay(new_game(seed=1, threshold=30)).threshold == 30
    with pytest.raises(EngineError) as refused:
        new_game(seed=1, threshold=50)
    assert refused.value.code == "bad_threshold"
    with pytest.raises(EngineError):
        new_game(seed=1, max_manches=0)


def test_F2_max_manches_is_configurable() -> None:
    assert replay(new_game(seed=1, max_manches=3)).max_manches == 3
    assert replay(new_game(seed=1)).max_manches == 10


def test_events_round_trip_through_json() -> None:
    state = started(4)
    state, events = play_all(state, [state.hands[p][0] for p in state.player_ids])
    log = [*new_game(seed=7), *events]
    assert [event_from_json(event_to_json(e)) for e in log] == log


def test_timeout_at_manche_end_deals_the_next_manche() -> None:
    state = dealt([[3], [11]])
    state, _ = play_all(state, [3, 11])
    prompt = pending_prompt(state)
    assert prompt is not None
    assert (prompt.id, prompt.kind, prompt.players) == ("m1.over", "next_manche", ("p0",))
    state, events = act(state, None, {"type": "tick", "prompt": "m1.over"})
    assert types(events) == ["manche_started"]
    assert state.manche == 2


def test_prompts_name_who_is_awaited() -> None:
    state = dealt([[10, 4], [11, 13], [3, 7]])
    prompt = pending_prompt(state)
    assert prompt is not None and (prompt.kind, prompt.players) == ("choose_card", ("p0", "p1", "p2"))
    state, _ = play_all(state, [10, 11, 3])
    prompt = pending_prompt(state)
    assert prompt is not None and (prompt.id, prompt.players) == ("m1.t1.boat.10", ("p0",))


def test_lobby_leave_and_the_next_seat_becomes_host() -> None:
    state = lobby(3)
    state, events = act(state, "p0", {"type": "leave"})
    assert types(events) == ["player_left"]
    assert (state.host, [s.name for s in state.seats]) == ("p1", ["Bob", "Céline"])
    with pytest.raises(EngineError) as refused:
        act(state, "p2", {"type": "start"})
    assert refused.value.code == "not_host"
    state, _ = act(state, "p1", {"type": "start"})
    assert state.phase is Phase.CHOOSING
    with pytest.raises(EngineError) as refused:
        act(state, "p2", {"type": "leave"})
    assert refused.value.code == "not_lobby"


def test_F3_prompts_and_timeouts_go_clockwise_from_the_start_player() -> None:
    state = dealt([[3, 4], [11, 13], [15, 17]], start="p1")
    prompt = pending_prompt(state)
    assert prompt is not None and prompt.players == ("p1", "p2", "p0")
    _, events = act(state, None, {"type": "tick"})
    assert [e.player_id for e in events if isinstance(e, CardChosen)] == ["p1", "p2", "p0"]
