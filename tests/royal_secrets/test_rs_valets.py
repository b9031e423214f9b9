"""Les cartes Valet (L127-132): rulings §5 tests 9-11, RS-12, RS-46..RS-49."""

from __future__ import annotations

from app.games.royal_secrets.data import VALETS
from royal_secrets.helpers import (
    bets,
    c,
    choose,
    excuse,
    give_faveur,
    pass_w2,
    play_round,
    send,
    table,
    valet,
)

FIVE = {"p1": "reine", "p2": "roi", "p3": "reine", "p4": "reine", "p5": "roi"}


def test_rs_12_every_valet_is_worth_the_same_influence_plus_penalty() -> None:
    assert {value // 10 + penalty for value, penalty, _n in VALETS} == {3}
    assert {value: penalty for value, penalty, _n in VALETS} == {-10: 4, 0: 3, 10: 2, 20: 1}


def test_valet_on_a_reussie_side_hits_the_other_side_except_the_excuse() -> None:
    """§5-9: Rouge (Valet 10) and Violet on the Roi R1, réussie; Jaune, Vert and Bleu (Excuse) on the Reine."""
    s = table(5, roi=["R1"], reine=["Q4"], dealt=[0, 10, 0, 0, 20])
    s = play_round(
        s, FIVE,
        {"p1": (c("p1", 0), "up"), "p2": (valet(10), "up"), "p3": (c("p3", 10), "up"), "p4": (c("p4", 10), "up"),
         "p5": (c("p5", 10), "up")},
        {"p1": excuse("p1"), "p2": c("p2", 20), "p3": c("p3", 0), "p4": c("p4", 0), "p5": c("p5", 0)},
    )
    last = s.last
    assert last is not None and last.outcomes == {"roi": "success", "reine": "fail"}
    assert [(d.player_id, d.amount) for d in last.final_deltas if d.source == "valet"] == [("p3", -2), ("p4", -2)]
    assert s.fleurs == {"p1": 10, "p2": 12, "p3": 4, "p4": 4, "p5": 12}


def test_valet_on_a_ratee_side_costs_its_owner() -> None:
    """§5-10: Rouge's Valet 20 on a ratée Roi R4: Rouge −5 −1."""
    s = table(4, roi=["R4"], reine=["Q2"], dealt=[0, 20, 0, 0])
    s = play_round(
        s, {"p1": "roi", "p2": "roi", "p3": "reine", "p4": "reine"},
        {"p1": (c("p1", 10), "up"), "p2": (valet(20), "up"), "p3": (c("p3", 10), "up"), "p4": (c("p4", 10), "up")},
        {"p1": c("p1", 0), "p2": c("p2", 0), "p3": c("p3", 10, 1), "p4": c("p4", 0)},
    )
    assert s.last is not None and s.last.outcomes["roi"] == "fail"
    assert sorted((d.amount, d.source) for d in s.last.final_deltas if d.player_id == "p2") == [
        (-5, "audience"), (-1, "valet")]
    assert s.fleurs["p2"] == 4 and s.fleurs["p1"] == 5


def test_rs_46_a_stabbed_valet_has_no_effect() -> None:
    """§5-11: the same Valet, face down and stabbed by a Coup de poignard: no penalty anywhere."""
    s = give_faveur(table(5, roi=["R1"], reine=["Q4"], dealt=[0, 10, 0, 0, 20]), "p1", "R5")
    s = choose(s, *((p, FIVE[p]) for p in ("p1", "p2", "p3", "p4", "p5")))
    s = bets(s, ("p2", valet(10), "down"), ("p1", c("p1", 10), "up"), ("p3", c("p3", 10), "up"),
             ("p4", c("p4", 10), "up"), ("p5", c("p5", 10), "up"))
    s = bets(s, ("p2", c("p2", 20), "up"), ("p1", c("p1", 0), "down"), ("p3", c("p3", 0), "down"),
             ("p4", c("p4", 0), "down"), ("p5", c("p5", 0), "down"))
    stab = next(b.id for b in s.rnd.bets if b.card == valet(10))
    s = send(s, "p1", {"type": "use_faveur", "faveur": "coup_de_poignard", "target": stab})
    s = pass_w2(s)
    assert s.last is not None and s.last.outcomes["roi"] == "success"  # 20 + 10 = 30 even without the Valet
    assert s.last.totals["roi"] == 30
    assert [d for d in s.last.final_deltas if d.source == "valet"] == []
    assert valet(10) in s.discard


def test_rs_46_a_valet_discarded_by_its_owners_excuse_has_no_effect() -> None:
    s = table(5, roi=["R1"], reine=["Q4"], dealt=[0, 10, 0, 0, 20])
    s = play_round(
        s, FIVE,
        {"p1": (c("p1", 10), "up"), "p2": (valet(10), "up"), "p3": (c("p3", 10), "up"), "p4": (c("p4", 10), "up"),
         "p5": (c("p5", 30), "up")},
        {"p1": c("p1", 0), "p2": excuse("p2"), "p3": c("p3", 0), "p4": c("p4", 0), "p5": c("p5", 0)},
    )
    assert s.last is not None and s.last.outcomes["roi"] == "success" and s.last.withdrawn == {"p2"}
    assert [d for d in s.last.final_deltas if d.source == "valet"] == []


def test_rs_46_counted_valets_stack() -> None:
    """Rouge draws a second Valet with Valet dévoué and bets both on a réussie Roi: both penalties hit."""
    s = give_faveur(table(5, roi=["R1"], reine=["Q4"], dealt=[0, 10, 0, 0, 0], valet_pile=[valet(20)]), "p2", "Q1")
    s = choose(s, *((p, FIVE[p]) for p in ("p1", "p2", "p3", "p4", "p5")))
    s = send(s, "p5", {"type": "give_parole", "to": "p2"})
    s = send(s, "p2", {"type": "use_faveur", "faveur": "valet_devoue"})
    assert valet(20) in s.hands["p2"]
    s = bets(s, ("p2", valet(10), "up"), ("p1", c("p1", 10), "up"), ("p3", c("p3", 10), "up"),
             ("p4", c("p4", 10), "up"), ("p5", c("p5", 0), "up"))
    s = bets(s, ("p2", valet(20), "down"), ("p1", c("p1", 0), "down"), ("p3", c("p3", 0), "down"),
             ("p4", c("p4", 0), "down"), ("p5", c("p5", 0, 1), "down"))
    assert s.last is not None and s.last.outcomes["roi"] == "success"
    hits = sorted((d.player_id, d.amount) for d in s.last.final_deltas if d.source == "valet")
    assert hits == [("p1", -2), ("p1", -1), ("p3", -2), ("p3", -1), ("p4", -2), ("p4", -1)]


def test_rs_47_a_lone_player_on_the_other_side_is_hit() -> None:
    s = table(4, roi=["R1"], reine=["Q2"], dealt=[0, 10, 0, 0])
    s = play_round(
        s, {"p1": "reine", "p2": "roi", "p3": "roi", "p4": "roi"},
        {"p1": (c("p1", 10), "up"), "p2": (valet(10), "up"), "p3": (c("p3", 10), "up"), "p4": (c("p4", 10), "up")},
        {"p1": c("p1", 0), "p2": c("p2", 20), "p3": c("p3", 0), "p4": c("p4", 0)},
    )
    assert s.last is not None and s.last.solo["reine"] == "p1" and s.last.outcomes["roi"] == "success"
    assert [(d.player_id, d.amount) for d in s.last.final_deltas if d.source == "valet"] == [("p1", -2)]


def test_rs_48_a_valet_0_is_discarded_after_use() -> None:
    s = table(4, roi=["R1"], reine=["Q2"], dealt=[0, 0, 0, 0])
    s = play_round(
        s, {"p1": "reine", "p2": "roi", "p3": "roi", "p4": "reine"},
        {p: (valet(0, i), "up") for i, p in enumerate(("p1", "p2", "p3", "p4"))},
        {p: c(p, 0) for p in ("p1", "p2", "p3", "p4")},
    )
    assert all(valet(0, i) in s.discard for i in range(4))
    assert all(c(p, 0) in s.hands[p] for p in s.ring)


def test_rs_49_a_medal_doubles_a_valets_influence_not_its_penalty() -> None:
    s = give_faveur(table(5, roi=["R1"], reine=["Q4"], dealt=[0, 10, 0, 0, 20]), "p1", "R4")
    s = choose(s, *((p, FIVE[p]) for p in ("p1", "p2", "p3", "p4", "p5")))
    s = bets(s, ("p2", valet(10), "up"), ("p1", c("p1", 10), "up"), ("p3", c("p3", 10), "up"),
             ("p4", c("p4", 10), "up"), ("p5", c("p5", 0), "up"))
    s = bets(s, ("p2", c("p2", 0), "down"), ("p1", c("p1", 0), "down"), ("p3", c("p3", 0), "down"),
             ("p4", c("p4", 0), "down"), ("p5", c("p5", 0, 1), "down"))
    medal = next(b.id for b in s.rnd.bets if b.card == valet(10))
    s = send(s, "p1", {"type": "use_faveur", "faveur": "medaille", "target": medal})
    s = pass_w2(s)
    assert s.last is not None and s.last.totals["roi"] == 20 + 0 + 0 + 0 and s.last.outcomes["roi"] == "fail"
    assert [(d.player_id, d.amount) for d in s.last.final_deltas if d.source == "valet"] == [("p2", -2)]
