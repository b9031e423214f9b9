"""« Je donne la parole à… » (L59-69): rulings §5 test 4, RS-16..RS-20, and every refusal of the Parole."""

from __future__ import annotations

import pytest

from app.games.royal_secrets.config import RoyalSecretsConfig
from app.games.royal_secrets.parole import designees
from royal_secrets.helpers import bets, c, choose, give_faveur, move, play_round, refused, send, table

SIDES4 = {"p1": "roi", "p2": "roi", "p3": "reine", "p4": "reine"}
FIRST4 = {p: (c(p, 10), "down") for p in ("p1", "p2", "p3", "p4")}
SECOND4 = {p: c(p, 0) for p in ("p1", "p2", "p3", "p4")}


def test_rs_16_never_to_oneself() -> None:
    s = send(table(4), "p1", {"type": "choose", "side": "roi"})
    assert refused(s, "p1", {"type": "give_parole", "to": "p1"}) == "designate_self"


def test_rs_16_no_one_may_designate_himself_even_when_all_have_acted() -> None:
    s = choose(table(4), ("p1", "roi"), ("p2", "roi"), ("p3", "reine"), ("p4", "reine"))
    assert refused(s, "p4", {"type": "give_parole", "to": "p4"}) == "designate_self"


def test_l63_a_player_who_already_chose_cannot_be_designated() -> None:
    s = choose(table(4), ("p1", "roi"), ("p2", "reine"))
    assert designees(s) == ("p3", "p4")
    assert refused(s, "p2", {"type": "give_parole", "to": "p1"}) == "already_acted"
    s = send(s, "p2", {"type": "give_parole", "to": "p4"})
    assert s.tuile == "p4"


def test_l65_a_player_who_bet_his_first_card_cannot_be_designated_until_all_have() -> None:
    s = choose(table(4), ("p1", "roi"), ("p2", "roi"), ("p3", "reine"), ("p4", "reine"))
    s = bets(s, ("p2", c("p2", 10), "up"), ("p3", c("p3", 10), "up"))
    assert refused(s, "p3", {"type": "give_parole", "to": "p2"}) == "already_acted"


def test_rs_17_after_the_last_choice_any_other_player_may_open_the_bets() -> None:
    s = choose(table(4), ("p1", "roi"), ("p2", "roi"), ("p3", "reine"), ("p4", "reine"))
    assert designees(s) == ("p1", "p2", "p3")
    s = send(s, "p4", {"type": "give_parole", "to": "p1"})  # Bleu chose first, and may bet first
    assert s.phase == "bet1" and s.tuile == "p1"


def test_rs_17_after_the_last_first_bet_any_other_player_may_open_the_second_bets() -> None:
    s = choose(table(4), ("p1", "roi"), ("p2", "roi"), ("p3", "reine"), ("p4", "reine"))
    s = bets(s, *((p, c(p, 10), "down") for p in ("p1", "p2", "p3", "p4")))
    assert s.phase == "bet1" and designees(s) == ("p1", "p2", "p3")
    s = send(s, "p4", {"type": "give_parole", "to": "p2"})
    assert s.phase == "bet2" and s.tuile == "p2" and s.done == frozenset()


def test_rs_18_the_last_bettor_keeps_the_tuile_and_opens_the_next_round() -> None:
    s = play_round(table(4, first="p2"), SIDES4, FIRST4, SECOND4)
    last_bettor = s.tuile
    assert s.rnd.number == 2 and s.phase == "choose"
    assert not s.designating
    other = next(p for p in s.ring if p != last_bettor)
    assert refused(s, other, {"type": "choose", "side": "roi"}) == "not_your_turn"
    s = send(s, str(last_bettor), {"type": "choose", "side": "roi"})
    assert s.rnd.positions == {last_bettor: "roi"}


def test_rs_18_alternative_the_last_bettor_designates_the_opener() -> None:
    s = table(4, config=RoyalSecretsConfig(round_opener="designates"))
    s = choose(s, ("p1", "roi"), ("p2", "roi"), ("p3", "reine"), ("p4", "reine"))
    s = bets(s, *((p, c(p, 10), "down") for p in ("p1", "p2", "p3", "p4")))
    s = bets(s, *((p, c(p, 0), "up") for p in ("p1", "p2", "p3", "p4")))
    assert s.phase == "bet2" and s.designating and designees(s) == ("p1", "p2", "p3")
    assert refused(s, "p4", {"type": "give_parole", "to": "p4"}) == "designate_self"
    s = send(s, "p4", {"type": "give_parole", "to": "p3"})
    assert s.rnd.number == 2 and s.tuile == "p3"


def test_rs_19_faveur_uses_do_not_move_the_tuile() -> None:
    s = give_faveur(table(4), "p1", "R1")
    s = choose(s, ("p1", "roi"), ("p2", "roi"), ("p3", "reine"), ("p4", "reine"))
    s = send(s, "p4", {"type": "give_parole", "to": "p1"})
    s = send(s, "p1", {"type": "use_faveur", "faveur": "valet_devoue"})
    assert s.tuile == "p1" and not s.designating and s.done == frozenset()


@pytest.mark.parametrize(("setup", "who", "raw", "code"), [
    ("start", "p2", {"type": "choose", "side": "roi"}, "not_your_turn"),
    ("start", "p1", {"type": "give_parole", "to": "p2"}, "act_first"),
    ("chosen", "p1", {"type": "choose", "side": "reine"}, "already_chosen"),
    ("chosen", "p2", {"type": "give_parole", "to": "p3"}, "not_your_turn"),
    ("chosen", "p1", {"type": "give_parole", "to": "p9"}, "unknown_player"),
    ("bet", "p1", {"type": "bet", "card": "p1-10b", "face": "down"}, "give_parole_first"),
    ("bet", "p2", {"type": "bet", "card": "p2-10a", "face": "down"}, "not_your_turn"),
])
def test_parole_refusals(setup: str, who: str, raw: dict[str, str], code: str) -> None:
    s = table(4)
    if setup in ("chosen", "bet"):
        s = send(s, "p1", {"type": "choose", "side": "roi"})
    if setup == "bet":
        s = choose(s, ("p2", "roi"), ("p3", "reine"), ("p4", "reine"))
        s = move(s, "p1", {"type": "bet", "card": "p1-10a", "face": "down"})
    before = s
    assert refused(s, who, raw) == code
    assert s == before


def test_rs_20_under_etiquette_there_is_no_choice_and_the_tuile_holder_bets_first() -> None:
    s = play_round(give_faveur(table(4, first="p3"), "p1", "R6"), SIDES4, FIRST4, SECOND4)
    opener = s.tuile
    assert s.phase == "etiquette" and s.rnd.etiquette_asked == ("p1",)
    s = send(s, "p1", {"type": "etiquette_answer", "use": True})
    s = send(s, "p1", {"type": "etiquette_assign", "roi": ["p1", "p2"]})
    assert s.phase == "bet1" and s.tuile == opener and s.rnd.positions == SIDES4
