"""What each screen shows (rulings 4.3, 4.4): one phone's secrets stay on it, the big screen sees only
the public table, and every seat's view has the same shape."""

from __future__ import annotations

import json
import random
from typing import Any

from app.games.royal_secrets.config import RoyalSecretsConfig
from app.games.royal_secrets.state import State
from app.kernel.viewer import Viewer
from royal_secrets.helpers import (
    GAME,
    bets,
    c,
    cardinal,
    choose,
    excuse,
    give_faveur,
    offered,
    pass_w2,
    pick,
    play_round,
    send,
    table,
    valet,
)

SIDES4 = {"p1": "roi", "p2": "roi", "p3": "reine", "p4": "reine"}


def view(s: State, who: str) -> dict[str, Any]:
    if who in ("screen", "moderator"):
        return GAME.view_for(s, Viewer("T", who), ())  # type: ignore[arg-type]
    return GAME.view_for(s, Viewer("T", "player", who), ())


def text(v: dict[str, Any]) -> str:
    return json.dumps(v, ensure_ascii=False)


def bet_of(v: dict[str, Any], owner: str | None, face: str, where: str = "round") -> dict[str, Any]:
    r = v[where]
    every = [b for side in r["audiences"].values() for b in side["bets"]] + r["middle_bets"]
    return next(b for b in every if b["owner"] == owner and b["face"] == face)


def _betting() -> State:
    """Round 1, bets done, a W2 Faveur keeps the round open; Jaune is alone with the Reine."""
    s = give_faveur(table(4, roi=["R4"], reine=["Q2"], cardinal_pile=[cardinal(0), cardinal(20)]), "p2", "R2")
    s = choose(s, ("p1", "roi"), ("p2", "roi"), ("p3", "reine"), ("p4", "roi"))
    s = bets(s, *((p, c(p, 10), "up") for p in ("p1", "p2", "p3", "p4")))
    return bets(s, ("p1", c("p1", 40), "down"), ("p2", c("p2", 0), "down"), ("p3", c("p3", 30), "down"),
                ("p4", c("p4", 0), "down"))


def test_every_seat_has_the_same_keys_whatever_its_role() -> None:
    s = table(4)
    rng = random.Random(3)
    for _ in range(120):
        if s.over:
            break
        views = [view(s, p) for p in s.ring]
        assert len({tuple(v) for v in views}) == 1
        assert len({tuple(v["me"]) for v in views}) == 1
        assert len({tuple(sorted(k for p in v["players"] for k in p)) for v in views}) == 1
        moves = [(p, a) for p in s.ring for a in offered(s, Viewer("T", "player", p))]
        who, action = rng.choice(moves)
        s = send(s, who, pick(action, rng))


def test_a_phone_sees_its_hand_and_total_and_only_counts_of_the_others() -> None:
    s = table(4, dealt=[20, 0, 0, 0])
    v = view(s, "p1")
    assert {x["id"] for x in v["me"]["hand"]} == set(s.hands["p1"])
    assert valet(20) in text(v) and v["me"]["fleurs"] == 10
    assert all(p["fleurs"] is None for p in v["players"])
    assert [p["hand_count"] for p in v["players"]] == [12, 12, 12, 12]
    assert "p2-40a" not in text(v) and "p2-40a" in text(view(s, "p2"))
    assert [p["name"] for p in v["players"]] == ["Bleu", "Rouge", "Jaune", "Vert"]


def test_the_big_screen_and_the_dashboard_see_no_secret() -> None:
    s = _betting()
    for who in ("screen", "moderator"):
        v = view(s, who)
        assert v["me"] is None
        for p in s.ring:
            assert not any(x in text(v) for x in s.hands[p])
        assert bet_of(v, "p1", "down")["card"] is None
    screen, mod = view(s, "screen"), view(s, "moderator")
    # The dashboard adds its journal (public lines with their step numbers) and the phones asking for a seat.
    assert {k: x for k, x in screen.items() if k not in ("viewer", "legal_actions")} == {
        k: x for k, x in mod.items() if k not in ("viewer", "legal_actions", "journal", "rebinds")}
    assert [line["text"] for line in mod["journal"][:len(mod["feed"])]] == mod["feed"][::-1]
    assert screen["legal_actions"] == [] and mod["legal_actions"]


def test_rs_13_a_face_down_bet_is_a_back_to_all_but_its_owner_until_the_reveal() -> None:
    s = _betting()
    assert bet_of(view(s, "p1"), "p1", "down")["card"]["id"] == c("p1", 40)
    for who in ("p2", "p3", "screen"):
        back = bet_of(view(s, who), "p1", "down")
        assert back["card"] is None and back["value"] is None
    assert bet_of(view(s, "p3"), "p1", "up")["card"]["value"] == 10  # face up: everyone
    s = send(s, "p2", {"type": "w2_pass"})
    assert bet_of(view(s, "screen"), "p1", "down", "last_round")["card"]["id"] == c("p1", 40)


def test_rs_25_the_cardinals_second_card_is_seen_by_nobody_before_the_reveal() -> None:
    s = _betting()
    for who in ("p1", "p2", "p3", "p4", "screen"):
        v = view(s, who)
        assert bet_of(v, None, "up")["card"]["id"] == cardinal(0)
        assert bet_of(v, None, "down")["card"] is None and cardinal(20) not in text(v)


def test_rs_60_espionnage_shows_its_snapshot_to_the_spy_only_and_its_use_to_all() -> None:
    s = give_faveur(_betting(), "p2", "Q5")  # a second Faveur keeps the loop (and the round) open
    s = send(s, "p2", {"type": "use_faveur", "faveur": "espionnage"})
    assert s.phase == "w2"
    spy = view(s, "p2")
    assert bet_of(spy, "p1", "down")["card"]["id"] == c("p1", 40)
    assert bet_of(spy, None, "down")["card"]["id"] == cardinal(20)
    for who in ("p1", "p3", "screen"):
        assert cardinal(20) not in text(view(s, who)) and c("p1", 40) not in text(view(s, "p3"))
    assert "Rouge utilise Espionnage" in text(view(s, "screen"))
    assert c("p1", 40) not in json.dumps(view(s, "screen")["feed"])


def test_rs_61_a_stabbed_card_stays_hidden_forever_except_to_its_owner_and_an_earlier_spy() -> None:
    s = give_faveur(_betting(), "p4", "R5")
    s = send(s, "p4", {"type": "w2_pass"})  # the last bettor speaks first
    s = send(s, "p2", {"type": "use_faveur", "faveur": "espionnage"})  # Rouge sees it before
    target = next(b.id for b in s.rnd.bets if b.card == c("p1", 40))
    s = send(s, "p4", {"type": "use_faveur", "faveur": "coup_de_poignard", "target": target})
    s = pass_w2(s)
    assert s.rnd.number == 2
    assert bet_of(view(s, "p1"), "p1", "down", "last_round")["card"]["id"] == c("p1", 40)
    assert bet_of(view(s, "p2"), "p1", "down", "last_round")["card"]["id"] == c("p1", 40)
    for who in ("p3", "p4", "screen", "moderator"):
        stabbed = bet_of(view(s, who), "p1", "down", "last_round")
        assert stabbed["stabbed"] and stabbed["card"] is None and c("p1", 40) not in text(view(s, who))


def test_rs_72_a_stabbed_cardinal_card_is_shown_face_down_in_the_used_pile() -> None:
    s = give_faveur(_betting(), "p4", "R5")
    target = next(b.id for b in s.rnd.bets if b.card == cardinal(20))
    s = send(s, "p4", {"type": "use_faveur", "faveur": "coup_de_poignard", "target": target})
    s = pass_w2(s)
    used = view(s, "screen")["table"]["cardinal_used"]
    assert [(u["card"]["id"] if u["card"] else None, u["shown"]) for u in used] == [(cardinal(0), True), (None, False)]


def test_w0_answers_stay_secret_until_all_have_answered() -> None:
    s = table(4, held={"p1": ["R6"], "p2": ["Q6"]})
    s = send(s, "p1", {"type": "etiquette_answer", "use": True})
    assert view(s, "p1")["me"]["etiquette_answer"] is True
    other = view(s, "p2")
    assert other["prompts"]["etiquette"]["answered"] == ["p1"] and other["me"]["etiquette_answer"] is None
    assert "joue Étiquette" not in text(other)
    s = send(s, "p2", {"type": "etiquette_answer", "use": False})
    assert "Bleu joue Étiquette" in text(view(s, "p3"))


def test_tiebreak_picks_stay_secret_until_all_have_picked() -> None:
    s = table(4, roi=["R4"], reine=["Q4"])
    s = play_round(s, SIDES4, {"p1": (c("p1", 10), "up"), "p2": (c("p2", 20), "up"), "p3": (c("p3", 20), "up"),
                               "p4": (c("p4", 30), "up")},
                   {"p1": c("p1", 0), "p2": c("p2", 0), "p3": c("p3", 10), "p4": c("p4", 0)})
    s = send(s, "p3", {"type": "tiebreak_pick", "card": c("p3", 40)})
    assert view(s, "p3")["me"]["tiebreak_pick"]["id"] == c("p3", 40)
    assert c("p3", 40) not in text(view(s, "p4")) and c("p3", 40) not in text(view(s, "screen"))
    assert view(s, "p4")["prompts"]["tiebreak"]["picked"] == ["p3"]
    s = send(s, "p4", {"type": "tiebreak_pick", "card": c("p4", 10)})
    tie = view(s, "screen")["last_round"]["ties"][0]
    assert tie["winner"] == "p3" and tie["passes"][0]["card"]["id"] == c("p3", 40)


def test_a_valet_draw_says_who_never_what() -> None:
    s = table(4, roi=["R4"], reine=["Q4"], valet_pile=[valet(20)])
    s = play_round(s, SIDES4, {p: (c(p, 0), "up") for p in ("p1", "p2", "p3", "p4")},
                   {"p1": excuse("p1"), "p2": c("p2", 0, 1), "p3": c("p3", 0, 1), "p4": c("p4", 0, 1)})
    assert valet(20) in text(view(s, "p1"))
    for who in ("p2", "screen"):
        v = view(s, who)
        assert valet(20) not in text(v) and "Bleu joue l'Excuse : se retire et pioche un Valet." in text(v)


def test_rs_8_fleurs_are_hidden_unless_the_host_shows_them() -> None:
    s = table(4, config=RoyalSecretsConfig(public_scores=True))
    assert [p["fleurs"] for p in view(s, "screen")["players"]] == [10, 10, 10, 10]
    assert all(p["fleurs"] is None for p in view(table(4), "p1")["players"])


def test_round_deltas_are_public() -> None:
    s = table(4, roi=["R4"], reine=["Q2"])
    s = play_round(s, SIDES4, {p: (c(p, 10), "up") for p in ("p1", "p2", "p3", "p4")},
                   {"p1": c("p1", 0), "p2": c("p2", 0), "p3": c("p3", 20), "p4": c("p4", 0)})
    last = view(s, "screen")["last_round"]
    assert last["net"] == {"p1": -5, "p2": -5, "p3": 2, "p4": 2} and last["deltas_final"]
    assert last["audiences"]["reine"]["winner"] == "p3" and last["audiences"]["roi"]["outcome"] == "fail"


def test_the_end_reveals_every_hand_and_the_ranking() -> None:
    s = table(3)
    for _ in range(7):
        order = list(s.ring_from(str(s.tuile)))
        s = play_round(s, dict(zip(order, ("roi", "roi", "reine"), strict=True)),
                       {p: (c(p, 0), "up") for p in order}, {p: c(p, 0, 1) for p in order})
    v = view(s, "screen")
    assert v["game"]["over"] and v["result"]["winners"]
    assert {x["id"] for x in v["result"]["players"][0]["hand"]} == set(s.hands[v["result"]["players"][0]["player_id"]])
    assert len(v["result"]["set_aside"]) == 4
    assert all(p["fleurs"] is not None for p in v["players"])


def test_the_tuile_holder_is_offered_the_choice_and_the_others_see_why_not() -> None:
    s = table(4)
    mine = [a for a in view(s, "p1")["legal_actions"] if a["type"] == "choose"]
    assert [(a["fixed"]["side"], a["available"]) for a in mine] == [("roi", True), ("reine", True)]
    theirs = [a for a in view(s, "p2")["legal_actions"] if a["type"] == "choose"]
    assert not any(a["available"] for a in theirs) and "Bleu" in theirs[0]["reason"]["fr"]
    assert view(s, "p1")["me"]["prompt"]["fr"] == "À vous : choisissez une Audience."


def test_the_parole_offers_only_legal_names() -> None:
    s = choose(table(4), ("p1", "roi"), ("p2", "reine"))
    action = next(a for a in view(s, "p2")["legal_actions"] if a["type"] == "give_parole")
    assert [(o["value"], o["label"]["fr"]) for o in action["options"]] == [("p3", "Jaune"), ("p4", "Vert")]
    assert view(s, "p2")["me"]["prompt"]["fr"] == "À vous : donnez la parole à…"


def test_the_second_bet_offers_only_the_other_face_and_the_own_hand() -> None:
    s = choose(table(4), ("p1", "roi"), ("p2", "roi"), ("p3", "reine"), ("p4", "reine"))
    s = bets(s, *((p, c(p, 10), "down") for p in ("p1", "p2", "p3", "p4")))
    s = send(s, "p4", {"type": "give_parole", "to": "p1"})
    offers = [a for a in view(s, "p1")["legal_actions"] if a["type"] == "bet"]
    assert [a["fixed"]["face"] for a in offers] == ["up"]
    # One button per kind of card in the own hand (the three Courtisan 10s are one).
    values = [o["value"] for o in offers[0]["options"]]
    assert set(values) <= set(s.hands["p1"]) and len(values) == len({s.card(c).label() for c in s.hands["p1"]})
    assert [o["label"]["fr"] for o in offers[0]["options"]][:3] == ["Courtisan 0", "Courtisan 10", "Courtisan 20"]


def test_the_feed_is_bounded_names_players_and_runs_newest_last() -> None:
    s = table(3)
    for _ in range(3):
        order = list(s.ring_from(str(s.tuile)))
        s = play_round(s, dict(zip(order, ("roi", "roi", "reine"), strict=True)),
                       {p: (c(p, 0), "up") for p in order}, {p: c(p, 0, 1) for p in order})
    feed = view(s, "p1")["feed"]
    assert len(feed) == 30 and feed[-1] == s.feed[-1].as_dict()
    assert all(set(line) == {"fr", "en"} and line["fr"] and line["en"] for line in feed)
    assert not any('"p1"' in line["fr"] or "p2 " in line["fr"] for line in feed)
