"""Les Faveurs (L167-198, rulings 2.6): §5 tests 12 and 15-20, RS-37, RS-54..RS-66, RS-72..RS-74, RS-77."""

from __future__ import annotations

from dataclasses import replace

import pytest

from app.games.royal_secrets.cards import AUDIENCE_CARDS
from app.games.royal_secrets.counting import apply_w3
from app.games.royal_secrets.data import FAVEURS
from app.games.royal_secrets.faveurs import usable_copy, w2_current, w2_moves
from app.games.royal_secrets.state import Delta, State
from royal_secrets.helpers import (
    bets,
    c,
    cardinal,
    choose,
    excuse,
    give_faveur,
    pass_w2,
    play_round,
    refused,
    send,
    table,
    valet,
)

SIDES4 = {"p1": "roi", "p2": "roi", "p3": "reine", "p4": "reine"}


def bid(s: State, card: str) -> str:
    return next(b.id for b in s.rnd.bets if b.card == card)


def test_rs_54_nine_faveurs_each_twice() -> None:
    assert len(FAVEURS) == 9
    for key in FAVEURS:
        copies = [a for a in AUDIENCE_CARDS.values() if a.faveur == key]
        assert sorted(a.souverain for a in copies) == ["reine", "roi"]
        assert copies[0].influence != copies[1].influence  # RS-57: the dearer copy rules a clash


# -- F3 Dîner Royal (§5-12) ---------------------------------------------------------------------------


def _diner(first: dict[str, tuple[str, str]], second: dict[str, str], roi: str = "R1", dealt: list[int] | None = None
           ) -> State:
    s = give_faveur(table(4, roi=[roi], reine=["Q2"], dealt=dealt or [0, 10, 0, 20]), "p4", "R7")
    s = choose(s, ("p1", "roi"), ("p2", "reine"), ("p3", "reine"), ("p4", "both"))
    s = bets(s, *((p, *first[p]) for p in ("p1", "p2", "p3", "p4")))
    flip = {"up": "down", "down": "up"}
    return bets(s, *((p, second[p], flip[first[p][1]]) for p in ("p1", "p2", "p3", "p4")))


def test_rs_39_diner_royal_counts_on_both_sides_is_immune_to_valets_and_can_win_both_faveurs() -> None:
    s = _diner({"p1": (c("p1", 0), "up"), "p2": (valet(10), "up"), "p3": (c("p3", 0), "up"), "p4": (c("p4", 20), "up")},
               {"p1": c("p1", 0, 1), "p2": c("p2", 0), "p3": c("p3", 0, 1), "p4": c("p4", 10)})
    last = s.last
    assert last is not None and last.positions["p4"] == "both"
    assert last.totals == {"roi": 30, "reine": 40} and last.outcomes == {"roi": "success", "reine": "success"}
    assert last.winners == {"roi": "p4", "reine": "p4"}
    assert [(d.player_id, d.amount) for d in last.final_deltas if d.source == "valet"] == [("p1", -2)]
    assert s.fleurs == {"p1": 10, "p2": 12, "p3": 12, "p4": 14}
    assert [(h.audience, h.used) for h in s.faveurs["p4"]] == [("R7", True), ("R1", False), ("Q2", False)]


def test_diner_royal_players_own_valet_gives_influence_only() -> None:
    s = _diner({"p1": (c("p1", 0), "up"), "p2": (c("p2", 0), "up"), "p3": (c("p3", 0), "up"), "p4": (valet(20), "up")},
               {"p1": c("p1", 0, 1), "p2": c("p2", 0, 1), "p3": c("p3", 0, 1), "p4": c("p4", 10)}, roi="R4")
    last = s.last
    assert last is not None and last.outcomes == {"roi": "fail", "reine": "success"} and last.totals["reine"] == 30
    assert [d for d in last.final_deltas if d.source == "valet"] == []
    assert s.fleurs == {"p1": 5, "p2": 12, "p3": 12, "p4": 7}


def test_diner_royal_excuse_withdraws_from_both() -> None:
    s = _diner({"p1": (c("p1", 10), "up"), "p2": (c("p2", 10), "up"), "p3": (c("p3", 10), "up"), "p4": (c("p4", 20), "up")},
               {"p1": c("p1", 0), "p2": c("p2", 0), "p3": c("p3", 0), "p4": excuse("p4")})
    last = s.last
    assert last is not None and last.withdrawn == {"p4"}
    assert last.totals == {"roi": 10, "reine": 20} and last.outcomes == {"roi": "fail", "reine": "fail"}
    assert s.fleurs["p4"] == 10 and s.fleurs["p1"] == 7


def test_diner_royal_needs_the_faveur() -> None:
    assert refused(table(4), "p1", {"type": "choose", "side": "both"}) == "no_faveur"


# -- windows and timing (§5-15, RS-55, RS-56, RS-37) -------------------------------------------------


def test_rs_56_a_faveur_won_this_round_waits_for_the_next() -> None:
    s = give_faveur(table(4), "p1", "R1", won_round=1)
    s = choose(s, *((p, SIDES4[p]) for p in ("p1", "p2", "p3", "p4")))
    s = send(s, "p4", {"type": "give_parole", "to": "p1"})
    assert refused(s, "p1", {"type": "use_faveur", "faveur": "valet_devoue"}) == "too_soon"


def test_rs_56_a_faveur_won_in_round_1_is_used_in_round_2() -> None:
    """Jaune wins Espionnage (Q2) in round 1, then uses it on his betting turn in round 2."""
    s = table(4, roi=["R4"], reine=["Q2"])
    s = play_round(s, SIDES4, {p: (c(p, 10), "up") for p in ("p1", "p2", "p3", "p4")},
                   {"p1": c("p1", 0), "p2": c("p2", 0), "p3": c("p3", 20), "p4": c("p4", 0)})
    assert [(h.audience, h.won_round) for h in s.faveurs["p3"]] == [("Q2", 1)]
    opener = str(s.tuile)
    order = s.ring_from(opener)
    s = choose(s, *((p, "roi" if i % 2 else "reine") for i, p in enumerate(order)))
    s = bets(s, *((p, c(p, 10, 1), "down") for p in order if p != "p3"))
    s = send(s, str(s.tuile), {"type": "give_parole", "to": "p3"})
    s = send(s, "p3", {"type": "use_faveur", "faveur": "espionnage"})
    assert len(s.rnd.spied["p3"]) == 3 and s.faveurs["p3"][0].used
    assert refused(s, "p3", {"type": "use_faveur", "faveur": "espionnage"}) == "already_used"


def _bet_turn(holder: str, card: str) -> State:
    s = give_faveur(table(4), holder, card)
    s = choose(s, *((p, SIDES4[p]) for p in ("p1", "p2", "p3", "p4")))
    return send(s, "p4", {"type": "give_parole", "to": "p1"})


@pytest.mark.parametrize(("faveur", "card", "where", "code"), [
    ("valet_devoue", "R1", "choose", "wrong_window"),
    ("espionnage", "R2", "choose", "wrong_window"),
    ("coup_de_poignard", "R5", "bet", "wrong_window"),
    ("medaille", "R4", "bet", "wrong_window"),
    ("recrutement", "R3", "bet", "wrong_window"),
    ("valet_devoue", "R1", "other_turn", "not_your_turn"),
    ("espionnage", "R2", "other_turn", "not_your_turn"),
    ("valet_devoue", "R1", "w2", "wrong_window"),
])
def test_rs_55_each_faveur_is_refused_outside_its_window(faveur: str, card: str, where: str, code: str) -> None:
    holder = "p2" if where == "other_turn" else "p1"
    s = give_faveur(table(4), holder, card)
    if where != "choose":
        s = choose(s, *((p, SIDES4[p]) for p in ("p1", "p2", "p3", "p4")))
        s = send(s, "p4", {"type": "give_parole", "to": "p1"})
    if where == "w2":
        s = give_faveur(s, "p3", "Q2")  # a W2 Faveur keeps the loop open
        s = bets(s, *((p, c(p, 10), "up") for p in ("p1", "p2", "p3", "p4")))
        s = bets(s, *((p, c(p, 0), "down") for p in ("p1", "p2", "p3", "p4")))
        assert s.phase == "w2"
    assert refused(s, holder, {"type": "use_faveur", "faveur": faveur, "target": None}) == code


@pytest.mark.parametrize(("raw", "code"), [
    ({"type": "etiquette_answer", "use": True}, "wrong_phase"),
    ({"type": "diner_answer", "use": True}, "wrong_phase"),
    ({"type": "w3_answer", "grace": True}, "wrong_phase"),
    ({"type": "w2_pass"}, "wrong_phase"),
    ({"type": "etiquette_assign", "roi": ["p1"]}, "wrong_phase"),
])
def test_prompt_answers_are_refused_outside_their_moment(raw: dict[str, object], code: str) -> None:
    assert refused(table(4), "p1", raw) == code


def test_rs_37_faveurs_won_before_round_7_work_in_it_and_one_won_in_round_7_is_dead() -> None:
    s = give_faveur(table(4, roi=["R4"], reine=["Q2"]), "p1", "R1", won_round=6)
    s = replace(s, rnd=replace(s.rnd, number=7))
    s = choose(s, *((p, SIDES4[p]) for p in ("p1", "p2", "p3", "p4")))
    s = send(s, "p4", {"type": "give_parole", "to": "p1"})
    s = send(s, "p1", {"type": "use_faveur", "faveur": "valet_devoue"})
    s = bets(s, *((p, c(p, 10), "up") for p in ("p1", "p2", "p3", "p4")))
    s = bets(s, ("p1", c("p1", 0), "down"), ("p2", c("p2", 0), "down"), ("p3", c("p3", 20), "down"),
             ("p4", c("p4", 0), "down"))
    assert s.over and [h.audience for h in s.faveurs["p3"]] == ["Q2"]
    assert usable_copy(s, "p3", "espionnage", round_no=7) is None  # never usable


# -- F2 Étiquette (§5-16, RS-58, RS-59) -----------------------------------------------------------------


def _etiquette(*users: str) -> State:
    s = table(4, held={"p1": ["R6"], "p2": ["Q6"], "p3": ["R7"]})
    assert s.phase == "etiquette" and s.rnd.etiquette_asked == ("p1", "p2")
    for p in ("p1", "p2"):
        s = send(s, p, {"type": "etiquette_answer", "use": p in users})
    return s


def test_rs_58_two_etiquettes_the_dearer_card_assigns_and_both_are_spent() -> None:
    s = _etiquette("p1", "p2")
    assert s.phase == "assign" and s.rnd.etiquette_chief == "p1"  # R6 (60) over Q6 (50)
    assert s.faveurs["p1"][0].used and s.faveurs["p2"][0].used
    assert refused(s, "p2", {"type": "etiquette_assign", "roi": ["p2"]}) == "not_your_turn"
    assert refused(s, "p1", {"type": "etiquette_assign", "roi": []}) == "empty_side"
    assert refused(s, "p1", {"type": "etiquette_assign", "roi": ["p1", "p2", "p3", "p4"]}) == "empty_side"
    assert refused(s, "p1", {"type": "etiquette_assign", "roi": ["p1", "p1"]}) == "unknown_player"
    s = send(s, "p1", {"type": "etiquette_assign", "roi": ["p1", "p3"]})
    assert s.phase == "diner" and s.rnd.diner_asked == ("p3",)  # RS-59: Dîner Royal still works
    s = send(s, "p3", {"type": "diner_answer", "use": True})
    assert s.phase == "bet1" and s.rnd.positions == {"p1": "roi", "p2": "reine", "p3": "both", "p4": "reine"}
    assert s.faveurs["p3"][0].used


def test_rs_58_a_lone_etiquette_user_assigns() -> None:
    s = _etiquette("p2")
    assert s.rnd.etiquette_chief == "p2" and not s.faveurs["p1"][0].used


def test_etiquette_declined_by_all_leaves_the_choice_to_the_players() -> None:
    s = _etiquette()
    assert s.phase == "choose" and not s.faveurs["p1"][0].used


def test_etiquette_answers_once() -> None:
    s = table(4, held={"p1": ["R6"], "p2": ["Q6"]})
    s = send(s, "p1", {"type": "etiquette_answer", "use": True})
    assert refused(s, "p1", {"type": "etiquette_answer", "use": False}) == "already_answered"
    assert refused(s, "p3", {"type": "etiquette_answer", "use": True}) == "not_asked"


# -- W2: the priority loop (RS-57, RS-73) ------------------------------------------------------------------


def _w2(*held: tuple[str, str], first: str = "p1", **kw: object) -> State:
    s = table(4, first=first, **kw)  # type: ignore[arg-type]
    for pid, card in held:
        s = give_faveur(s, pid, card)
    order = s.ring_from(first)
    s = choose(s, *((p, SIDES4[p]) for p in order))
    s = bets(s, *((p, c(p, 10), "up") for p in order[1:] + order[:1]))
    second = {"p1": c("p1", 20), "p2": c("p2", 0), "p3": c("p3", 20), "p4": c("p4", 0)}  # no tie: 30 against 10
    return bets(s, *((p, second[p], "down") for p in order[2:] + order[:2]))


def test_rs_57_the_loop_starts_at_the_tuile_and_closes_when_all_pass_in_a_row() -> None:
    s = _w2(("p1", "R4"), ("p1", "R5"), ("p3", "R2"))
    assert s.phase == "w2" and s.tuile == "p2"  # the last bettor
    assert w2_current(s) == "p3"  # p2 holds nothing: the ring from p2 reaches p3 first
    assert refused(s, "p1", {"type": "w2_pass"}) == "not_your_turn"
    s = send(s, "p3", {"type": "w2_pass"})
    assert w2_current(s) == "p1"
    s = send(s, "p1", {"type": "use_faveur", "faveur": "medaille", "target": bid(s, c("p3", 20))})
    assert w2_current(s) == "p3"  # a use restarts the count
    s = send(s, "p3", {"type": "w2_pass"})
    s = send(s, "p1", {"type": "w2_pass"})
    assert s.rnd.number == 2  # closed: the count ran


def test_rs_60_espionnage_sees_every_face_down_bet_including_the_cardinals() -> None:
    s = give_faveur(table(4, cardinal_pile=[cardinal(0), cardinal(20)]), "p2", "R2")
    s = choose(s, ("p1", "reine"), ("p2", "roi"), ("p3", "roi"), ("p4", "roi"))
    s = bets(s, *((p, c(p, 10), "up") for p in ("p1", "p2", "p3", "p4")))
    s = bets(s, *((p, c(p, 20), "down") for p in ("p1", "p2", "p3", "p4")))
    s = send(s, "p2", {"type": "use_faveur", "faveur": "espionnage"})
    seen = {s.rnd.bet(b).card for b in s.rnd.spied["p2"]}  # type: ignore[union-attr]
    assert seen == {c("p1", 20), c("p3", 20), c("p4", 20), cardinal(20)}


def test_rs_65_a_faveur_with_nothing_to_act_on_cannot_be_used() -> None:
    s = _bet_turn("p1", "R1")
    s = replace(s, valet_pile=())
    assert refused(s, "p1", {"type": "use_faveur", "faveur": "valet_devoue"}) == "valet_pile_empty"
    assert not s.faveurs["p1"][0].used


# -- F5 Coup de poignard (§5-17, RS-61, RS-72) -----------------------------------------------------------


def test_rs_61_a_stabbed_face_down_excuse_cancels_the_withdrawal() -> None:
    s = give_faveur(table(4, roi=["R4"], reine=["Q4"]), "p1", "R5")
    s = choose(s, *((p, SIDES4[p]) for p in ("p1", "p2", "p3", "p4")))
    s = bets(s, ("p1", c("p1", 10), "up"), ("p2", c("p2", 10), "up"), ("p3", c("p3", 30), "up"),
             ("p4", c("p4", 10), "up"))
    s = bets(s, ("p1", c("p1", 0), "down"), ("p2", c("p2", 0), "down"), ("p3", excuse("p3"), "down"),
             ("p4", c("p4", 0), "down"))
    hand = len(s.hands["p3"])
    assert w2_current(s) == "p1"
    s = send(s, "p1", {"type": "use_faveur", "faveur": "coup_de_poignard", "target": bid(s, excuse("p3"))})
    s = pass_w2(s)
    last = s.last
    assert last is not None and last.withdrawn == frozenset()
    assert last.totals["reine"] == 40 and last.outcomes["reine"] == "success"
    assert len(s.hands["p3"]) == hand  # no Valet drawn
    assert s.fleurs["p3"] == 13


@pytest.mark.parametrize(("target", "code"), [
    ("face_up", "not_face_down"),
    ("missing", "pick_target"),
])
def test_coup_de_poignard_targets_a_face_down_card(target: str, code: str) -> None:
    s = _w2(("p1", "R5"))
    t = bid(s, c("p2", 10)) if target == "face_up" else None
    assert refused(s, "p1", {"type": "use_faveur", "faveur": "coup_de_poignard", "target": t}) == code


def test_rs_61_a_stabbed_zero_still_returns_and_a_stabbed_card_cannot_be_targeted_again() -> None:
    s = _w2(("p1", "R5"), ("p1", "R4"))
    zero, twenty = bid(s, c("p2", 0)), bid(s, c("p3", 20))
    s = send(s, "p1", {"type": "use_faveur", "faveur": "coup_de_poignard", "target": zero})
    assert refused(s, "p1", {"type": "use_faveur", "faveur": "medaille", "target": zero}) == "already_discarded"
    s = send(s, "p1", {"type": "use_faveur", "faveur": "medaille", "target": twenty})
    assert s.rnd.number == 2  # nothing left to use: the loop closed
    assert c("p2", 0) in s.hands["p2"]  # L159: a Courtisan 0 always comes back


def test_rs_72_a_stabbed_cardinal_card_goes_face_down_to_the_used_pile() -> None:
    s = give_faveur(table(4, cardinal_pile=[cardinal(0), cardinal(20)]), "p2", "R5")
    s = choose(s, ("p1", "reine"), ("p2", "roi"), ("p3", "roi"), ("p4", "roi"))
    s = bets(s, *((p, c(p, 10), "up") for p in ("p1", "p2", "p3", "p4")))
    s = bets(s, ("p1", c("p1", 20), "down"), ("p2", c("p2", 20), "down"), ("p3", c("p3", 0), "down"),
             ("p4", c("p4", 0), "down"))
    s = send(s, "p2", {"type": "use_faveur", "faveur": "coup_de_poignard", "target": bid(s, cardinal(20))})
    assert s.rnd.number == 2
    assert s.cardinal_used == ((cardinal(0), True), (cardinal(20), False))


# -- F6 Médaille du mérite (§5-19, RS-63) -------------------------------------------------------------------


def test_rs_63_a_medal_on_a_negative_valet_turns_an_exact_success_into_a_failure() -> None:
    s = give_faveur(table(4, roi=["R4"], reine=["Q2"], dealt=[0, 0, -10, 0]), "p1", "R4")
    s = choose(s, *((p, SIDES4[p]) for p in ("p1", "p2", "p3", "p4")))
    s = bets(s, ("p1", c("p1", 10), "up"), ("p2", c("p2", 10), "up"), ("p3", valet(-10), "up"),
             ("p4", c("p4", 0), "up"))
    s = bets(s, ("p1", c("p1", 0), "down"), ("p2", c("p2", 0), "down"), ("p3", c("p3", 40), "down"),
             ("p4", c("p4", 0, 1), "down"))
    s = send(s, "p1", {"type": "use_faveur", "faveur": "medaille", "target": bid(s, valet(-10))})
    s = pass_w2(s)
    assert s.last is not None and s.last.totals["reine"] == 20 and s.last.outcomes["reine"] == "fail"


def test_l190_one_medal_per_card() -> None:
    s = _w2(("p1", "R4"), ("p3", "Q4"))
    target = bid(s, c("p2", 10))
    assert w2_current(s) == "p3"
    s = send(s, "p3", {"type": "use_faveur", "faveur": "medaille", "target": target})
    assert w2_current(s) == "p1"
    assert refused(s, "p1", {"type": "use_faveur", "faveur": "medaille", "target": target}) == "already_medal"


# -- F7 Recrutement (§5-18, RS-62, RS-74) -------------------------------------------------------------------


def _recruit(face: str, card: str) -> State:
    s = give_faveur(table(4, roi=["R4"], reine=["Q2"]), "p1", "R3")
    s = give_faveur(s, "p4", "Q5")
    s = choose(s, *((p, SIDES4[p]) for p in ("p1", "p2", "p3", "p4")))
    other = "down" if face == "up" else "up"
    s = bets(s, ("p1", c("p1", 10), "up"), ("p2", card, face), ("p3", c("p3", 10), "up"), ("p4", c("p4", 10), "up"))
    s = bets(s, ("p1", c("p1", 0), "down"), ("p2", c("p2", 10), other), ("p3", c("p3", 0), "down"),
             ("p4", c("p4", 0), "down"))
    assert w2_current(s) == "p4"  # the last bettor, holding Coup de poignard, speaks first
    return send(s, "p4", {"type": "w2_pass"})


def test_rs_62_a_recruited_face_up_40_counts_for_its_owner_then_joins_the_recruiters_hand() -> None:
    s = _recruit("up", c("p2", 40))
    s = send(s, "p1", {"type": "use_faveur", "faveur": "recrutement", "target": bid(s, c("p2", 40))})
    s = pass_w2(s)
    last = s.last
    assert last is not None and last.totals["roi"] == 60 and last.winners["roi"] == "p2"
    assert c("p2", 40) in s.hands["p1"] and c("p2", 40) not in s.discard


def test_rs_74_a_face_down_zero_makes_the_recrutement_fail_and_it_is_spent() -> None:
    s = _recruit("down", c("p2", 0))
    s = send(s, "p1", {"type": "use_faveur", "faveur": "recrutement", "target": bid(s, c("p2", 0))})
    s = pass_w2(s)
    assert c("p2", 0) in s.hands["p2"] and c("p2", 0) not in s.hands["p1"]
    assert s.faveurs["p1"][0].used
    assert any("échoue" in line.fr for line in s.feed)


def test_rs_62_a_recruited_card_is_delivered_even_when_stabbed_after() -> None:
    s = _recruit("down", c("p2", 30))
    target = bid(s, c("p2", 30))
    s = send(s, "p1", {"type": "use_faveur", "faveur": "recrutement", "target": target})
    s = send(s, "p4", {"type": "use_faveur", "faveur": "coup_de_poignard", "target": target})
    s = pass_w2(s)
    assert c("p2", 30) in s.hands["p1"]


@pytest.mark.parametrize(("card", "face", "target_of", "code"), [
    ("p2-0a", "up", "p2-0a", "zero_not_recruitable"),
    ("p2-40a", "up", "p3-10a", "other_audience"),
    ("p2-40a", "up", "p1-10a", "own_card"),
])
def test_recrutement_refusals(card: str, face: str, target_of: str, code: str) -> None:
    s = _recruit(face, card)
    assert refused(s, "p1", {"type": "use_faveur", "faveur": "recrutement", "target": bid(s, target_of)}) == code


def test_rs_51_cardinal_cards_cannot_be_recruited_and_a_lone_recruiter_has_no_target() -> None:
    s = give_faveur(table(4, cardinal_pile=[cardinal(0), cardinal(20)]), "p1", "R3")
    s = give_faveur(s, "p2", "R4")
    s = choose(s, ("p1", "reine"), ("p2", "roi"), ("p3", "roi"), ("p4", "roi"))
    s = bets(s, *((p, c(p, 10), "up") for p in ("p1", "p2", "p3", "p4")))
    s = bets(s, *((p, c(p, 20), "down") for p in ("p1", "p2", "p3", "p4")))
    assert w2_moves(s, "p1") == ()  # RS-65: nothing to recruit
    assert w2_current(s) == "p2"


# -- F8 Grâce royale, F9 Coup de maître (§5-20, RS-64, RS-77) -----------------------------------------------


@pytest.mark.parametrize(("grace", "maitre", "net"), [
    (False, True, 3),  # +5 −2
    (True, False, 0),
    (True, True, 5),
    (False, False, -7),
])
def test_rs_64_grace_and_coup_de_maitre_on_minus_5_and_minus_2(grace: bool, maitre: bool, net: int) -> None:
    pending = (Delta("p1", -5, "audience", "roi"), Delta("p1", -2, "valet", "reine", "b3"), Delta("p2", -5, "audience", "roi"))
    out = apply_w3(pending, "p1", grace, maitre)
    assert sum(d.amount for d in out if d.player_id == "p1") == net
    assert sum(d.amount for d in out if d.player_id == "p2") == -5


def _w3(*held: str) -> State:
    """Roi R4 fails (−5 for Bleu and Rouge); Jaune's Valet 10 on the réussie Reine Q2 costs them −2."""
    s = table(4, roi=["R4"], reine=["Q2"], dealt=[0, 0, 10, 0])
    for card in held:
        s = give_faveur(s, "p1", card)
    return play_round(s, SIDES4, {"p1": (c("p1", 10), "up"), "p2": (c("p2", 10), "up"), "p3": (valet(10), "up"),
                                  "p4": (c("p4", 0), "up")},
                      {"p1": c("p1", 0), "p2": c("p2", 0), "p3": c("p3", 20), "p4": c("p4", 0, 1)})


@pytest.mark.parametrize(("grace", "maitre", "fleurs"), [(False, True, 13), (True, False, 10), (True, True, 15)])
def test_rs_64_through_the_phones(grace: bool, maitre: bool, fleurs: int) -> None:
    s = _w3("R8", "R9")
    assert s.phase == "w3" and s.rnd.w3_asked == ("p1",)
    s = send(s, "p1", {"type": "w3_answer", "grace": grace, "maitre": maitre})
    assert s.fleurs["p1"] == fleurs and s.fleurs["p2"] == 3
    assert [h.used for h in s.faveurs["p1"]] == [grace, maitre]


def test_rs_77_grace_royale_is_not_offered_to_a_player_who_loses_nothing() -> None:
    s = table(4, roi=["R1"], reine=["Q2"], held={"p1": ["R8"]})
    s = play_round(s, SIDES4, {"p1": (c("p1", 20), "up"), "p2": (c("p2", 10), "up"), "p3": (c("p3", 20), "up"),
                               "p4": (c("p4", 0), "up")},
                   {"p1": c("p1", 0), "p2": c("p2", 0), "p3": c("p3", 10), "p4": c("p4", 0, 1)})
    assert s.rnd.number == 2 and s.fleurs["p1"] == 12 and not s.faveurs["p1"][0].used


def test_w3_refusals() -> None:
    s = _w3("R9")
    assert refused(s, "p1", {"type": "w3_answer", "grace": True}) == "no_faveur"
    assert refused(s, "p2", {"type": "w3_answer"}) == "not_asked"


def test_rs_77_coup_de_maitre_is_not_offered_for_valet_losses_only() -> None:
    """Bleu holds only Coup de maître and loses only to a Valet: nobody is asked, the fleurs move at once."""
    s = table(4, roi=["R1"], reine=["Q2"], dealt=[0, 0, 10, 0])
    s = give_faveur(s, "p1", "R9")
    s = play_round(s, SIDES4, {"p1": (c("p1", 20), "up"), "p2": (c("p2", 10), "up"), "p3": (valet(10), "up"),
                               "p4": (c("p4", 0), "up")},
                   {"p1": c("p1", 0), "p2": c("p2", 0), "p3": c("p3", 20), "p4": c("p4", 0, 1)})
    assert s.rnd.number == 2 and s.fleurs["p1"] == 10 + 2 - 2


def test_rs_65_espionnage_with_no_face_down_card_to_see_is_refused() -> None:
    s = _bet_turn("p1", "R2")  # Bleu bets first: nothing on the table yet
    assert refused(s, "p1", {"type": "use_faveur", "faveur": "espionnage"}) == "nothing_to_see"
    assert not s.faveurs["p1"][0].used


def test_a_card_is_recruited_once() -> None:
    s = table(4, roi=["R4"], reine=["Q2"], held={"p1": ["R3"], "p2": ["Q3"]})
    s = choose(s, ("p1", "roi"), ("p2", "roi"), ("p3", "roi"), ("p4", "reine"))
    s = bets(s, ("p1", c("p1", 10), "up"), ("p2", c("p2", 10), "up"), ("p3", c("p3", 40), "up"),
             ("p4", c("p4", 10), "up"))
    s = bets(s, ("p2", c("p2", 0), "down"), ("p3", c("p3", 0), "down"), ("p4", c("p4", 0), "down"),
             ("p1", c("p1", 0), "down"))
    assert w2_current(s) == "p1"
    s = send(s, "p1", {"type": "use_faveur", "faveur": "recrutement", "target": bid(s, c("p3", 40))})
    assert w2_current(s) == "p2"
    assert refused(s, "p2", {"type": "use_faveur", "faveur": "recrutement", "target": bid(s, c("p3", 40))}) == \
        "already_recruited"


def test_rs_51_a_diner_royal_recruiter_cannot_take_the_cardinals_card() -> None:
    s = table(3, roi=["R4"], reine=["Q2"], held={"p1": ["R7", "R3"]})
    s = choose(s, ("p1", "both"), ("p2", "reine"), ("p3", "reine"))
    s = bets(s, ("p2", c("p2", 10), "up"), ("p3", c("p3", 20), "up"), ("p1", c("p1", 30), "up"))
    s = bets(s, ("p2", c("p2", 0), "down"), ("p3", c("p3", 0), "down"), ("p1", c("p1", 0), "down"))
    assert s.rnd.solo["roi"] == "p1" and w2_current(s) == "p1"
    cardinal_bet = next(b.id for b in s.rnd.bets if b.owner is None)
    assert refused(s, "p1", {"type": "use_faveur", "faveur": "recrutement", "target": cardinal_bet}) == "cardinal_card"
    s = send(s, "p1", {"type": "use_faveur", "faveur": "recrutement", "target": bid(s, c("p2", 10))})
    assert s.rnd.number == 2 and c("p2", 10) in s.hands["p1"]  # a Dîner Royal player shares both Audiences
