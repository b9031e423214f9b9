"""ÉGALITÉ (L90-96): rulings §5 tests 6-8, RS-29..RS-35, RS-40, and the tie-break refusals."""

from __future__ import annotations

from dataclasses import replace

import pytest

from app.games.royal_secrets.state import State
from royal_secrets.helpers import bets, c, choose, excuse, give_faveur, play_round, refused, send, table


def _tied_on_q4() -> State:
    """Reine Q4 (40): Jaune 20 up + 10 down, Vert 30 up + 0 down (60, réussie, 30 each); the Roi fails."""
    s = table(4, roi=["R4"], reine=["Q4"])
    return play_round(
        s, {"p1": "roi", "p2": "roi", "p3": "reine", "p4": "reine"},
        {"p1": (c("p1", 10), "up"), "p2": (c("p2", 20), "up"), "p3": (c("p3", 20), "up"), "p4": (c("p4", 30), "up")},
        {"p1": c("p1", 0), "p2": c("p2", 0), "p3": c("p3", 10), "p4": c("p4", 0)},
    )


def test_a_tie_for_the_majority_opens_a_secret_third_card() -> None:
    s = _tied_on_q4()
    assert s.phase == "tiebreak" and s.rnd.tie_side == "reine" and s.rnd.tie_players == ("p3", "p4")


def test_rs_29_two_way_tie_the_cards_are_swapped_and_a_zero_stays() -> None:
    """§5-6: Jaune shows 20, Vert a Courtisan 0: Jaune takes Q4, Jaune's 20 goes to Vert, Vert's 0 stays."""
    s = _tied_on_q4()
    s = send(s, "p3", {"type": "tiebreak_pick", "card": c("p3", 20, 1)})
    assert s.phase == "tiebreak"  # hidden until both have picked (L91)
    s = send(s, "p4", {"type": "tiebreak_pick", "card": c("p4", 0, 1)})
    last = s.last
    assert last is not None and last.ties[0].winner == "p3" and last.winners["reine"] == "p3"
    assert [h.audience for h in s.faveurs["p3"]] == ["Q4"]
    assert c("p3", 20, 1) in s.hands["p4"] and c("p3", 20, 1) not in s.hands["p3"]
    assert c("p4", 0, 1) in s.hands["p4"]
    assert s.fleurs["p3"] == 13 and s.fleurs["p4"] == 13  # everyone in a réussie Audience gains


def _three_way(n: int = 5) -> State:
    """Reine Q2 (30): Bleu, Rouge, Jaune bet 10 up + 0 down each (30, réussie); the others on the Roi."""
    s = table(n, roi=["R4"], reine=["Q2"])
    sides = {p: ("reine" if p in ("p1", "p2", "p3") else "roi") for p in s.ring}
    first = {p: (c(p, 10), "up") for p in s.ring}
    second = {p: c(p, 0) for p in s.ring}
    return play_round(s, sides, first, second)


def test_rs_30_rs_33_rs_34_three_way_tie_again_nobody_wins_and_the_cards_still_pass_right() -> None:
    """§5-7: 3rd cards 10, 20, 20: a new tie, Q2 is discarded; each card goes to the next tied player."""
    s = _three_way()
    assert s.rnd.tie_players == ("p1", "p2", "p3")
    s = send(s, "p1", {"type": "tiebreak_pick", "card": c("p1", 10, 1)})
    s = send(s, "p2", {"type": "tiebreak_pick", "card": c("p2", 20)})
    s = send(s, "p3", {"type": "tiebreak_pick", "card": c("p3", 20)})
    last = s.last
    assert last is not None and last.ties[0].winner is None and last.winners["reine"] is None
    assert "Q2" in s.audience_discard
    assert last.ties[0].passes == (("p1", "p2", c("p1", 10, 1)), ("p2", "p3", c("p2", 20)), ("p3", "p1", c("p3", 20)))
    assert c("p1", 10, 1) in s.hands["p2"] and c("p2", 20) in s.hands["p3"] and c("p3", 20) in s.hands["p1"]


def test_rs_29_the_right_neighbour_is_the_next_tied_player_in_the_ring() -> None:
    s = table(5, roi=["R4"], reine=["Q2"])
    sides = {p: ("reine" if p in ("p1", "p3", "p5") else "roi") for p in s.ring}
    s = play_round(s, sides, {p: (c(p, 10), "up") for p in s.ring}, {p: c(p, 0) for p in s.ring})
    assert s.rnd.tie_players == ("p1", "p3", "p5")
    for p, card in (("p1", c("p1", 20)), ("p3", c("p3", 30)), ("p5", c("p5", 40))):
        s = send(s, p, {"type": "tiebreak_pick", "card": card})
    assert s.last is not None
    assert s.last.ties[0].winner == "p5"
    assert s.last.ties[0].passes == (("p1", "p3", c("p1", 20)), ("p3", "p5", c("p3", 30)), ("p5", "p1", c("p5", 40)))


def test_rs_32_a_tied_player_with_no_courtisan_or_valet_shows_nothing_and_ranks_last() -> None:
    """§5-8 (contrived): Jaune's hand holds only his Excuse; Vert wins even with a 0."""
    s = _tied_on_q4()
    s = replace(s, hands={**s.hands, "p3": (excuse("p3"),)})
    assert refused(s, "p3", {"type": "tiebreak_pick", "card": excuse("p3")}) == "excuse_no_influence"
    s = replace(s, rnd=replace(s.rnd, tie_picks={"p3": None}))  # not asked (RS-76), as the opening does
    s = send(s, "p4", {"type": "tiebreak_pick", "card": c("p4", 0, 1)})
    assert s.last is not None and s.last.ties[0].winner == "p4"


def test_rs_32_when_no_tied_player_can_show_a_card_it_is_a_new_tie_at_once() -> None:
    s = table(4, roi=["R4"], reine=["Q4"])
    s = choose(s, ("p1", "roi"), ("p2", "roi"), ("p3", "reine"), ("p4", "reine"))
    s = bets(s, *((p, c(p, 20 if p in ("p3", "p4") else 10), "up") for p in ("p1", "p2", "p3", "p4")))
    s = replace(s, hands={**s.hands, "p3": (c("p3", 0), excuse("p3")), "p4": (c("p4", 0),)})
    s = give_faveur(s, "p1", "Q2")
    s = bets(s, ("p1", c("p1", 0), "down"), ("p2", c("p2", 0), "down"), ("p3", c("p3", 0), "down"),
             ("p4", c("p4", 0), "down"))
    s = send(s, "p1", {"type": "w2_pass"})
    assert s.last is not None and s.last.ties[0].winner is None
    assert s.last.ties[0].picks == {"p3": None, "p4": None}


def test_rs_35_round_7_the_tie_break_winner_alone_gains() -> None:
    s = _tied_on_q4()
    s = replace(s, rnd=replace(s.rnd, number=7))
    s = send(s, "p3", {"type": "tiebreak_pick", "card": c("p3", 20, 1)})
    s = send(s, "p4", {"type": "tiebreak_pick", "card": c("p4", 0, 1)})
    assert s.over
    assert s.fleurs["p3"] == 13 and s.fleurs["p4"] == 10  # only the majoritaire (L110)


def test_rs_35_round_7_a_new_tie_means_nobody_gains() -> None:
    s = _tied_on_q4()
    s = replace(s, rnd=replace(s.rnd, number=7))
    s = send(s, "p3", {"type": "tiebreak_pick", "card": c("p3", 20, 1)})
    s = send(s, "p4", {"type": "tiebreak_pick", "card": c("p4", 20, 1)})
    assert s.over and s.fleurs["p3"] == 10 and s.fleurs["p4"] == 10
    assert c("p3", 20, 1) in s.hands["p4"] and c("p4", 20, 1) in s.hands["p3"]  # they still pass


def test_rs_40_a_diner_royal_player_tied_on_both_sides_picks_for_the_roi_first() -> None:
    s = give_faveur(table(3, roi=["R1"], reine=["Q2"]), "p1", "R7")
    s = choose(s, ("p1", "both"), ("p2", "roi"), ("p3", "reine"))
    s = bets(s, ("p2", c("p2", 20), "up"), ("p3", c("p3", 20), "up"), ("p1", c("p1", 20), "up"))
    s = bets(s, ("p2", c("p2", 0), "down"), ("p3", c("p3", 0), "down"), ("p1", c("p1", 0), "down"))
    assert s.phase == "tiebreak" and s.rnd.tie_side == "roi" and s.rnd.tie_players == ("p1", "p2")
    s = send(s, "p1", {"type": "tiebreak_pick", "card": c("p1", 40)})
    s = send(s, "p2", {"type": "tiebreak_pick", "card": c("p2", 30)})
    assert s.rnd.tie_side == "reine" and s.rnd.tie_players == ("p1", "p3")
    assert c("p2", 30) in s.hands["p1"]  # received from the Roi's tie-break, and may be shown now
    s = send(s, "p1", {"type": "tiebreak_pick", "card": c("p2", 30)})
    s = send(s, "p3", {"type": "tiebreak_pick", "card": c("p3", 10)})
    assert s.last is not None and s.last.winners == {"roi": "p1", "reine": "p1"}
    assert sorted(h.audience for h in s.faveurs["p1"]) == ["Q2", "R1", "R7"]


@pytest.mark.parametrize(("who", "card", "code"), [
    ("p1", "p1-20b", "not_tied"),
    ("p3", None, "pick_a_card"),
    ("p3", "p4-20a", "not_in_hand"),
    ("p3", "p3-X", "excuse_no_influence"),
])
def test_rs_31_tiebreak_refusals(who: str, card: str | None, code: str) -> None:
    s = _tied_on_q4()
    assert refused(s, who, {"type": "tiebreak_pick", "card": card}) == code


def test_a_tied_player_picks_only_once() -> None:
    s = send(_tied_on_q4(), "p3", {"type": "tiebreak_pick", "card": c("p3", 20, 1)})
    assert refused(s, "p3", {"type": "tiebreak_pick", "card": c("p3", 30)}) == "already_picked"
