"""The rulebook's worked examples (rulings §5, tests 1-3), played with the commands the phones send."""

from __future__ import annotations

from app.games.royal_secrets.state import State
from royal_secrets.helpers import bets, c, cardinal, choose, excuse, play_round, table, valet


def test_example_l100_107_roi_failed_reine_succeeded() -> None:
    """§5-1: Roi R4 (50): Bleu 10+0, Rouge 20+0 = 30, ratée; Reine Q4 (40): Jaune 20+10, Vert 40+0 = 70."""
    s = table(4, roi=["R4"], reine=["Q4"])
    s = play_round(
        s, {"p1": "roi", "p2": "roi", "p3": "reine", "p4": "reine"},
        {"p1": (c("p1", 10), "down"), "p2": (c("p2", 20), "up"), "p3": (c("p3", 20), "up"),
         "p4": (c("p4", 40), "down")},
        {"p1": c("p1", 0), "p2": c("p2", 0), "p3": c("p3", 10), "p4": c("p4", 0)},
    )
    last = s.last
    assert last is not None and last.outcomes == {"roi": "fail", "reine": "success"}
    assert last.totals == {"roi": 30, "reine": 70}
    assert [s.fleurs[p] for p in s.ring] == [5, 5, 13, 13]
    assert "R4" in s.audience_discard  # nobody wins a failed Audience
    assert [h.audience for h in s.faveurs["p4"]] == ["Q4"]  # Vert: 40 > 30
    assert s.faveurs["p3"] == ()


def test_example_l133_138_excuse() -> None:
    """§5-2: Roi R4: Rouge 20+20, Bleu 0 + Excuse: Bleu withdraws (his 0 back, a Valet drawn); Rouge −5."""
    s = table(4, roi=["R4"], reine=["Q2"], valet_pile=[valet(10)])
    s = play_round(
        s, {"p1": "roi", "p2": "roi", "p3": "reine", "p4": "reine"},
        {"p1": (c("p1", 0), "up"), "p2": (c("p2", 20), "up"), "p3": (c("p3", 20), "up"), "p4": (c("p4", 10), "up")},
        {"p1": excuse("p1"), "p2": c("p2", 20, 1), "p3": c("p3", 0), "p4": c("p4", 0)},
    )
    last = s.last
    assert last is not None and last.withdrawn == {"p1"} and last.outcomes["roi"] == "fail"
    assert s.fleurs["p1"] == 10 and s.fleurs["p2"] == 5
    assert c("p1", 0) in s.hands["p1"] and valet(10) in s.hands["p1"]
    assert excuse("p1") in s.discard


def _cardinal_round() -> State:
    s = table(4, roi=["R4"], reine=["Q1"], cardinal_pile=[cardinal(0), cardinal(10)], first="p3")
    s = choose(s, ("p3", "reine"), ("p1", "roi"), ("p2", "roi"), ("p4", "roi"))
    assert s.phase == "choose" and s.designating  # Vert, last to choose, gives the Parole
    s = bets(s, ("p3", c("p3", 10), "down"), ("p1", c("p1", 10), "up"), ("p2", c("p2", 10), "up"),
             ("p4", c("p4", 10), "up"))
    assert s.rnd.solo == {"roi": None, "reine": "p3"}
    return s


def test_example_l147_155_cardinal_first_card_face_up() -> None:
    s = _cardinal_round()
    cards = [b for b in s.rnd.bets if b.owner is None]
    assert [(b.card, b.face, b.side) for b in cards] == [(cardinal(0), "up", "reine")]


def test_example_l147_155_cardinal() -> None:
    """§5-3: Jaune alone on Q1 (40): 10 down, Cardinal 0 up; 20 up, Cardinal 10 down: 40 ≥ 40, +3, Q1 won."""
    s = _cardinal_round()
    s = bets(s, ("p3", c("p3", 20), "up"), ("p1", c("p1", 0), "down"), ("p2", c("p2", 0), "down"),
             ("p4", c("p4", 0), "down"))
    assert s.rnd.number == 2  # nobody holds a Faveur yet: the count ran at once
    last = s.last
    assert last is not None
    assert [(b.card, b.face) for b in last.bets if b.owner is None] == [(cardinal(0), "up"), (cardinal(10), "down")]
    assert last.totals["reine"] == 40 and last.outcomes["reine"] == "success"
    assert s.fleurs["p3"] == 13
    assert [h.audience for h in s.faveurs["p3"]] == ["Q1"]  # 30 against the Cardinal's 10
    assert [cid for cid, shown in s.cardinal_used] == [cardinal(0), cardinal(10)]
    assert all(shown for _cid, shown in s.cardinal_used)  # left face up by the pile (L160)
