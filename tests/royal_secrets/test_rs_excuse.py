"""La carte Excuse (L114-126): rulings §5 test 13, RS-23, RS-28, RS-41..RS-45."""

from __future__ import annotations

from dataclasses import replace

from app.kernel.viewer import Viewer
from royal_secrets.helpers import (
    GAME,
    bets,
    c,
    cardinal,
    choose,
    excuse,
    give_faveur,
    pass_w2,
    play_round,
    table,
    valet,
)

SIDES4 = {"p1": "roi", "p2": "roi", "p3": "reine", "p4": "reine"}


def test_rs_41_everyone_withdrew_each_loses_and_still_draws_a_valet() -> None:
    """§5-13: both Reine players bet their Excuse: each loses Q4's 4, draws a Valet, and no Valet hits them."""
    s = table(4, roi=["R1"], reine=["Q4"], dealt=[10, 0, 0, 0], valet_pile=[valet(20), valet(20, 1)])
    s = play_round(
        s, SIDES4,
        {"p1": (valet(10), "up"), "p2": (c("p2", 20), "up"), "p3": (excuse("p3"), "up"), "p4": (c("p4", 40), "up")},
        {"p1": c("p1", 20), "p2": c("p2", 0), "p3": c("p3", 30), "p4": excuse("p4")},
    )
    last = s.last
    assert last is not None and last.outcomes == {"roi": "success", "reine": "all_withdrew"}
    assert last.withdrawn == {"p3", "p4"}
    assert sorted((d.player_id, d.amount, d.source) for d in last.final_deltas if d.side == "reine") == [
        ("p3", -4, "audience"), ("p4", -4, "audience")]
    assert not [d for d in last.final_deltas if d.source == "valet"]  # Bleu's Valet 10 spares the Excuse players
    assert valet(20) in s.hands["p3"] and valet(20, 1) in s.hands["p4"]
    assert s.fleurs["p3"] == 6 and s.fleurs["p4"] == 6


def test_rs_42_a_lone_player_may_withdraw_from_the_cardinal() -> None:
    """§5-13: a lone player + Cardinal + Excuse: no gain, no loss, no Faveur; the card is discarded."""
    s = table(4, roi=["R1"], reine=["Q2"], cardinal_pile=[cardinal(20), cardinal(20, 1)])
    s = play_round(
        s, {"p1": "reine", "p2": "roi", "p3": "roi", "p4": "roi"},
        {"p1": (c("p1", 10), "up"), "p2": (c("p2", 20), "up"), "p3": (c("p3", 10), "up"), "p4": (c("p4", 10), "up")},
        {"p1": excuse("p1"), "p2": c("p2", 0), "p3": c("p3", 0), "p4": c("p4", 0)},
    )
    last = s.last
    assert last is not None and last.solo["reine"] == "p1" and last.withdrawn == {"p1"}
    assert last.outcomes["reine"] == "success"  # computed on the Cardinal alone (40 ≥ 30), affecting nobody
    assert [d for d in last.final_deltas if d.player_id == "p1"] == []
    assert last.winners["reine"] is None and "Q2" in s.audience_discard
    assert s.fleurs["p1"] == 10


def test_rs_23_the_excuse_discards_the_other_card_whichever_was_bet_first() -> None:
    s = table(4, roi=["R4"], reine=["Q4"])
    s = play_round(
        s, SIDES4,
        {"p1": (excuse("p1"), "down"), "p2": (c("p2", 20), "up"), "p3": (c("p3", 20), "up"), "p4": (c("p4", 20), "up")},
        {"p1": c("p1", 40), "p2": c("p2", 30), "p3": c("p3", 20, 1), "p4": c("p4", 0)},
    )
    last = s.last
    assert last is not None
    forty = next(b for b in last.bets if b.card == c("p1", 40))
    assert forty.excused and not forty.counted
    assert last.totals["roi"] == 50 and last.outcomes["roi"] == "success"  # Rouge alone: the 40 does not count
    assert last.winners["roi"] == "p2"  # RS-28: a withdrawn player never competes for the majority
    assert c("p1", 40) in s.discard and excuse("p1") in s.discard  # RS-45


def test_rs_43_valet_draws_follow_the_order_the_excuses_were_bet() -> None:
    s = table(4, roi=["R4"], reine=["Q4"], dealt=[0, 0, 0, 10])
    s = replace(s, valet_pile=(valet(-10),))  # a pile of one
    s = play_round(
        s, SIDES4,
        {"p1": (c("p1", 10), "up"), "p2": (excuse("p2"), "up"), "p3": (excuse("p3"), "up"), "p4": (c("p4", 10), "up")},
        {"p1": c("p1", 0), "p2": c("p2", 0), "p3": c("p3", 0), "p4": c("p4", 0)},
    )
    assert valet(-10) in s.hands["p2"]
    assert [x for x in s.hands["p3"] if s.card(x).kind == "valet"] == [valet(0, 2)]  # only the one dealt
    assert any("plus de Valet" in line.fr for line in s.feed)


def test_rs_44_a_face_up_excuse_resolves_at_the_count_and_its_discarded_card_is_revealed() -> None:
    s = give_faveur(table(4, roi=["R4"], reine=["Q4"]), "p3", "Q2")
    s = choose(s, ("p1", "roi"), ("p2", "roi"), ("p3", "reine"), ("p4", "reine"))
    s = bets(s, ("p1", excuse("p1"), "up"), ("p2", c("p2", 10), "up"), ("p3", c("p3", 10), "up"),
             ("p4", c("p4", 10), "up"))
    s = bets(s, ("p1", c("p1", 30), "down"), ("p2", c("p2", 0), "down"), ("p3", c("p3", 0), "down"),
             ("p4", c("p4", 0), "down"))
    assert s.phase == "w2" and s.rnd.withdrawn == frozenset()  # not yet: the Excuse resolves in phase 3
    s = pass_w2(s)
    view = GAME.view_for(s, Viewer("T", "screen"), ())
    hidden = next(b for b in view["last_round"]["audiences"]["roi"]["bets"] if b["owner"] == "p1" and b["face"] == "down")
    assert hidden["card"]["id"] == c("p1", 30) and hidden["excused"] and not hidden["counted"]
