"""COMPTER LES POINTS and the end: rulings §5 tests 14, 21, 22, 25; RS-3, RS-5, RS-6, RS-26, RS-36, RS-68, RS-69."""

from __future__ import annotations

from dataclasses import replace

import pytest

from app.games.royal_secrets.cards import AUDIENCE_CARDS
from app.games.royal_secrets.rounds import bonus, finals, ranking
from app.games.royal_secrets.state import Final, Held, State
from royal_secrets.helpers import c, cardinal, give_faveur, play_round, table, valet

SIDES4 = {"p1": "roi", "p2": "roi", "p3": "reine", "p4": "reine"}


def test_rs_3_gain_and_loss_follow_the_influence() -> None:
    for card in AUDIENCE_CARDS.values():
        assert (card.gain, card.loss) == (card.influence // 10 - 1, card.influence // 10)
    assert len(AUDIENCE_CARDS) == 18


def test_rs_5_everyone_starts_with_10() -> None:
    assert table(5).fleurs == dict.fromkeys(("p1", "p2", "p3", "p4", "p5"), 10)


def _round7(s: State) -> State:
    return replace(s, rnd=replace(s.rnd, number=7))


def test_round_7_success_only_the_majoritaire_gains() -> None:
    s = _round7(table(4, roi=["R4"], reine=["Q4"]))
    s = play_round(s, SIDES4, {"p1": (c("p1", 30), "up"), "p2": (c("p2", 20), "up"), "p3": (c("p3", 20), "up"),
                               "p4": (c("p4", 10), "up")},
                   {"p1": c("p1", 0), "p2": c("p2", 0), "p3": c("p3", 10), "p4": c("p4", 0)})
    assert s.over
    assert s.fleurs == {"p1": 14, "p2": 10, "p3": 13, "p4": 10}
    assert [h.audience for h in s.faveurs["p1"]] == ["R4"]  # placed, though never usable (L113)


def test_round_7_failure_everyone_loses() -> None:
    s = _round7(table(4, roi=["R4"], reine=["Q4"]))
    s = play_round(s, SIDES4, {p: (c(p, 10), "up") for p in ("p1", "p2", "p3", "p4")},
                   {"p1": c("p1", 0), "p2": c("p2", 20), "p3": c("p3", 0), "p4": c("p4", 0)})
    assert s.fleurs == {"p1": 5, "p2": 5, "p3": 6, "p4": 6}


@pytest.mark.parametrize(("second", "gains"), [
    (c("p3", 30), True),  # 10 + 30 against the Cardinal's 10 + 10
    (c("p3", 0), False),  # 10 against 20: réussie (30 ≥ 30) but the Cardinal has the majority
])
def test_rs_36_round_7_a_lone_player_gains_only_against_the_cardinal(second: str, gains: bool) -> None:
    s = _round7(table(4, roi=["R4"], reine=["Q2"], cardinal_pile=[cardinal(10), cardinal(10, 1)]))
    s = play_round(s, {"p1": "roi", "p2": "roi", "p3": "reine", "p4": "roi"},
                   {"p1": (c("p1", 10), "up"), "p2": (c("p2", 20), "up"), "p3": (c("p3", 10), "up"),
                    "p4": (c("p4", 10), "up")},
                   {"p1": c("p1", 0), "p2": c("p2", 0), "p3": second, "p4": c("p4", 0)})
    assert s.rnd.outcomes["reine"] == "success"
    assert s.fleurs["p3"] == (12 if gains else 10)


def test_rs_53_a_lone_player_level_with_the_cardinal_wins_the_faveur() -> None:
    s = table(4, roi=["R4"], reine=["Q2"], cardinal_pile=[cardinal(10), cardinal(10, 1)])
    s = play_round(s, {"p1": "roi", "p2": "roi", "p3": "reine", "p4": "roi"},
                   {"p1": (c("p1", 10), "up"), "p2": (c("p2", 20), "up"), "p3": (c("p3", 10), "up"),
                    "p4": (c("p4", 10), "up")},
                   {"p1": c("p1", 0), "p2": c("p2", 0), "p3": c("p3", 10, 1), "p4": c("p4", 0)})
    assert s.last is not None and s.last.winners["reine"] == "p3"


def test_rs_6_clamp_a_player_at_3_losing_5_ends_at_0() -> None:
    """§5-21 (first case)."""
    s = table(4, roi=["R4"], reine=["Q2"])
    s = replace(s, fleurs={**s.fleurs, "p1": 3})
    s = play_round(s, SIDES4, {p: (c(p, 10), "up") for p in ("p1", "p2", "p3", "p4")},
                   {"p1": c("p1", 0), "p2": c("p2", 20), "p3": c("p3", 20), "p4": c("p4", 0)})
    assert s.fleurs["p1"] == 0 and s.fleurs["p2"] == 5


def test_rs_6_the_round_is_netted_before_the_clamp() -> None:
    """§5-21 (second case): a Dîner Royal player at 1 fleur with +3 and −5 ends at 0 (the net −2, clamped)."""
    s = give_faveur(table(3, roi=["R4"], reine=["Q4"]), "p1", "R7")
    s = replace(s, fleurs={**s.fleurs, "p1": 1})
    s = play_round(s, {"p1": "both", "p2": "roi", "p3": "reine"},
                   {"p1": (c("p1", 20), "up"), "p2": (c("p2", 10), "up"), "p3": (c("p3", 10), "up")},
                   {"p1": c("p1", 0), "p2": c("p2", 0), "p3": c("p3", 20)})
    last = s.last
    assert last is not None and last.outcomes == {"roi": "fail", "reine": "success"}
    assert sorted(d.amount for d in last.final_deltas if d.player_id == "p1") == [-5, 3]
    assert s.fleurs["p1"] == 0


def test_rs_6_netting_makes_the_order_of_the_sides_irrelevant() -> None:
    """At 2 fleurs, −5 on the Roi and +3 on the Reine net to −2: 0, never "0 then +3"."""
    s = give_faveur(table(3, roi=["R4"], reine=["Q4"]), "p1", "R7")
    s = replace(s, fleurs={**s.fleurs, "p1": 2})
    s = play_round(s, {"p1": "both", "p2": "roi", "p3": "reine"},
                   {"p1": (c("p1", 20), "up"), "p2": (c("p2", 10), "up"), "p3": (c("p3", 10), "up")},
                   {"p1": c("p1", 0), "p2": c("p2", 0), "p3": c("p3", 20)})
    assert s.fleurs["p1"] == 0


def test_rs_10_rs_26_an_audience_nobody_chose_is_discarded_and_its_valets_hit_nobody() -> None:
    """§5-25: all four on the Roi (no cap per side), which succeeds with a Valet: the Reine is discarded, nobody loses."""
    s = table(4, roi=["R1"], reine=["Q4"], dealt=[10, 0, 0, 0])
    s = play_round(s, dict.fromkeys(("p1", "p2", "p3", "p4"), "roi"),
                   {"p1": (valet(10), "up"), "p2": (c("p2", 10), "up"), "p3": (c("p3", 10), "up"),
                    "p4": (c("p4", 10), "up")},
                   {"p1": c("p1", 20), "p2": c("p2", 0), "p3": c("p3", 0), "p4": c("p4", 0)})
    last = s.last
    assert last is not None and last.outcomes == {"roi": "success", "reine": "empty"}
    assert "Q4" in s.audience_discard
    assert [d for d in last.final_deltas if d.side == "reine" or d.source == "valet"] == []
    assert s.fleurs == {"p1": 12, "p2": 12, "p3": 12, "p4": 12}


# -- the end (2.7, RS-68, RS-69) ------------------------------------------------------------------------


@pytest.mark.parametrize(("hand", "expected"), [
    ([c("p1", 0), c("p1", 0, 1), c("p1", 10), c("p1", 20), c("p1", 40), valet(20)], 6),  # 9, capped
    ([c("p1", 0), c("p1", 0, 1), valet(-10)], 0),  # −1, floored
    ([c("p1", 0), c("p1", 0, 1), c("p1", 30), valet(-10)], 2),
    ([c("p1", 0), c("p1", 0, 1), "p1-X", c("p2", 20)], 2),  # the Excuse is worth 0; a card received counts
])
def test_rs_68_the_unplayed_card_bonus(hand: list[str], expected: int) -> None:
    """§5-22."""
    s = replace(table(4), hands={**table(4).hands, "p1": tuple(hand)})
    assert bonus(s, "p1") == expected


@pytest.mark.parametrize(("total", "outcome"), [(30, "success"), (20, "fail")])
def test_rs_27_an_audience_fails_only_strictly_below_its_influence(total: int, outcome: str) -> None:
    s = table(4, roi=["R4"], reine=["Q2"])
    s = play_round(s, SIDES4, {"p1": (c("p1", 10), "up"), "p2": (c("p2", 10), "up"), "p3": (c("p3", total), "up"),
                               "p4": (c("p4", 0), "up")},
                   {"p1": c("p1", 0), "p2": c("p2", 20), "p3": c("p3", 0), "p4": c("p4", 0, 1)})
    assert s.last is not None and s.last.totals["reine"] == total and s.last.outcomes["reine"] == outcome


def test_rs_67_unused_faveurs_score_nothing() -> None:
    s = table(4)
    plain = finals(s)["p1"]
    s = replace(s, faveurs={**s.faveurs, "p1": (Held("R9", 1), Held("Q9", 2))})
    assert finals(s)["p1"].total == plain.total and finals(s)["p1"].audiences_won == 2


def test_rs_69_ties_most_audience_cards_then_most_influence_left_then_shared() -> None:
    ring = ("p1", "p2", "p3", "p4")
    results = {"p1": Final(10, 2, 12, 1, 30), "p2": Final(9, 3, 12, 2, 20), "p3": Final(6, 6, 12, 2, 90),
               "p4": Final(6, 6, 12, 2, 90)}
    assert ranking(results, ring) == (("p3", "p4"), ("p2",), ("p1",))


def test_game_end_scores_with_the_bonus_and_ranks() -> None:
    s = table(4)
    s = replace(s, fleurs={"p1": 8, "p2": 9, "p3": 3, "p4": 9},
                faveurs={**s.faveurs, "p2": (Held("R1", 1),)},
                hands={"p1": (c("p1", 0), c("p1", 40)), "p2": (c("p2", 10),), "p3": (c("p3", 0),),
                       "p4": (c("p4", 10),)})
    results = finals(s)
    assert {p: f.total for p, f in results.items()} == {"p1": 12, "p2": 10, "p3": 3, "p4": 10}
    assert ranking(results, s.ring) == (("p1",), ("p2",), ("p4",), ("p3",))


def test_a_whole_game_ends_after_seven_rounds_with_a_result() -> None:
    s = table(3)
    for _ in range(7):
        order = list(s.ring_from(str(s.tuile)))
        sides = dict(zip(order, ("roi", "roi", "reine"), strict=True))
        s = play_round(s, sides, {p: (c(p, 0), "up") for p in order}, {p: c(p, 0, 1) for p in order})
    assert s.over and s.result is not None and s.phase == "over"
    assert {p for g in s.result.ranking for p in g} == {"p1", "p2", "p3"}
    assert all(s.result.finals[p].total == s.fleurs[p] + s.result.finals[p].bonus for p in s.ring)
