"""MISER 2 CARTES (L74-82): rulings §5 test 5, RS-21, RS-22, RS-25, RS-52, RS-75 and the bet refusals."""

from __future__ import annotations

from dataclasses import replace

from app.games.royal_secrets.cards import cardinal_cards
from app.games.royal_secrets.state import State
from royal_secrets.helpers import (
    bet,
    bets,
    c,
    cardinal,
    choose,
    excuse,
    give_faveur,
    refused,
    send,
    table,
    valet,
)

CARDINAL_IDS = [k.id for k in cardinal_cards()]


def _chosen(n: int = 4, **kw: object) -> State:
    s = table(n, **kw)  # type: ignore[arg-type]
    return choose(s, ("p1", "roi"), ("p2", "roi"), ("p3", "reine"), ("p4", "reine"))


def test_rs_22_the_second_bet_takes_the_other_face() -> None:
    """§5-5: a 2nd bet with the 1st bet's face is refused; everyone ends with one up and one down."""
    s = bets(_chosen(), *((p, c(p, 10), "up") for p in ("p1", "p2", "p3", "p4")))
    s = send(s, "p4", {"type": "give_parole", "to": "p1"})
    assert refused(s, "p1", {"type": "bet", "card": c("p1", 20), "face": "up"}) == "wrong_face"
    s = give_faveur(s, "p1", "Q2")  # keeps the round open after the last bet (an Espionnage to use or pass)
    s = bets(s, *((p, c(p, 20), "down") for p in ("p1", "p2", "p3", "p4")))
    assert s.phase == "w2"
    for p in s.ring:
        assert sorted(b.face for b in s.rnd.bets_of(p)) == ["down", "up"]


def test_rs_21_any_courtisan_the_excuse_or_a_valet_from_ones_own_hand() -> None:
    s = _chosen(dealt=[20, 0, 0, 0])
    s = send(s, "p4", {"type": "give_parole", "to": "p1"})
    assert refused(s, "p1", {"type": "bet", "card": c("p2", 10), "face": "up"}) == "not_in_hand"
    assert refused(s, "p1", {"type": "bet", "card": cardinal(0), "face": "up"}) == "not_in_hand"
    s = bet(s, "p1", valet(20), "up")
    s = bet(s, "p2", excuse("p2"), "down")
    assert [b.card for b in s.rnd.bets] == [valet(20), excuse("p2")]
    assert valet(20) not in s.hands["p1"] and len(s.hands["p1"]) == 11


def test_a_card_cannot_be_bet_twice() -> None:
    s = bets(_chosen(), *((p, c(p, 10), "up") for p in ("p1", "p2", "p3", "p4")))
    s = send(s, "p4", {"type": "give_parole", "to": "p1"})
    assert refused(s, "p1", {"type": "bet", "card": c("p1", 10), "face": "down"}) == "not_in_hand"


def test_bets_are_refused_outside_phase_2() -> None:
    assert refused(table(4), "p1", {"type": "bet", "card": c("p1", 10), "face": "up"}) == "wrong_phase"


def test_rs_25_the_lone_players_cardinal_one_card_up_then_one_down() -> None:
    s = table(4, cardinal_pile=[cardinal(20), cardinal(-10)])
    s = choose(s, ("p1", "roi"), ("p2", "reine"), ("p3", "reine"), ("p4", "reine"))
    s = bets(s, ("p1", c("p1", 10), "down"))
    assert [(b.card, b.face, b.k) for b in s.rnd.bets if b.owner is None] == [(cardinal(20), "up", 1)]
    assert s.rnd.solo == {"roi": "p1", "reine": None}
    s = bets(s, ("p2", c("p2", 10), "down"), ("p3", c("p3", 10), "down"), ("p4", c("p4", 10), "down"))
    s = give_faveur(s, "p2", "Q2")
    s = bets(s, ("p3", c("p3", 20), "up"), ("p1", c("p1", 20), "up"))
    assert [(b.card, b.face, b.k) for b in s.rnd.bets if b.owner is None] == [
        (cardinal(20), "up", 1), (cardinal(-10), "down", 2)]
    assert len(s.cardinal_pile) == 12


def test_rs_52_a_diner_royal_player_alone_on_one_side_brings_the_cardinal_there() -> None:
    s = give_faveur(table(3), "p1", "R7")
    s = choose(s, ("p1", "both"), ("p2", "reine"), ("p3", "reine"))
    s = bets(s, ("p1", c("p1", 10), "down"))
    assert s.rnd.solo == {"roi": "p1", "reine": None}
    assert [(b.side, b.face) for b in s.rnd.bets] == [("middle", "down"), ("roi", "up")]


def test_i2_rs_24_both_zeros_are_home_at_every_round_start() -> None:
    s = table(3)
    for _ in range(7):
        for p in s.ring:
            assert {c(p, 0), c(p, 0, 1)} <= set(s.hands[p])
        opener = str(s.tuile)
        order = list(s.ring_from(opener))
        s = choose(s, (order[0], "roi"), (order[1], "roi"), (order[2], "reine"))
        s = bets(s, *((p, c(p, 0), "up") for p in order))
        s = bets(s, *((p, c(p, 0, 1), "down") for p in order[1:] + order[:1]))
    assert s.over


def test_rs_15_an_empty_cardinal_pile_is_rebuilt_from_the_used_cards() -> None:
    """A fallback that 3-5 players never need (I3); it keeps the rules total."""
    s = table(4)
    s = replace(s, cardinal_pile=(), cardinal_used=tuple((k, True) for k in CARDINAL_IDS))
    s = choose(s, ("p1", "roi"), ("p2", "reine"), ("p3", "reine"), ("p4", "reine"))
    s = bets(s, ("p1", c("p1", 10), "down"))
    drawn = [b.card for b in s.rnd.bets if b.owner is None]
    assert len(drawn) == 1 and len(s.cardinal_pile) == 13 and s.cardinal_used == ()
    assert sorted([*s.cardinal_pile, *drawn]) == sorted(CARDINAL_IDS)
