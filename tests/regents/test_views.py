"""What each viewer sees (§4): a phone's own secrets, the public table, redactions, and the leak check itself."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import orjson
import pytest

from app.games.regents import GAME, views
from app.games.regents.board import Space
from app.games.regents.clans import CARD_OF_CLAN, CARDS, Card, Clan
from app.games.regents.model import State
from app.kernel.viewer import Viewer

from .helpers import MOD, P, act, end_turn, leaks, position, seated, set_player, started

T, A, TR, C, IN = Space.TRONE, Space.ARMES, Space.TRESOR, Space.CHAPELLE, Space.INTENDANCE
L122 = (Clan.MAC_DUFF, Clan.CAMPBELL, Clan.MAC_LEOD)


def view(s: State, who: str) -> dict[str, Any]:
    viewer = Viewer("T", "player", who) if who.startswith("p") else Viewer("T", who)  # type: ignore[arg-type]
    v = GAME.view_for(s, viewer, ())
    orjson.dumps(v)
    assert not leaks(s, viewer, v), leaks(s, viewer, v)
    return v


def court() -> State:
    return position({"p1": [T, A], "p2": [C], "p3": [IN]}, clans=L122)


def test_a_phone_shows_its_own_secrets_and_nobody_elses() -> None:
    s = court()
    v = view(s, "p1")
    me = v["me"]
    assert me["clan"]["clan"] == "MAC_DUFF" and me["clan"]["blason"]["variant"]["fr"] == "le chevron"
    assert me["domain"]["domain"] == "POLITIQUE" and me["domain_reminder"] is not None
    assert {c["card"] for c in me["hand"]} == set(CARDS) - {CARD_OF_CLAN[Clan.MAC_DUFF]}
    assert all(c["proves"]["fr"].startswith("Prouve : pas ") for c in me["hand"])
    flagged = [t for t in me["tiles"] if t["always_false"]]
    assert [t["clan"] for t in flagged] == ["MAC_DUFF"] and len(me["tiles"]) == 6
    assert me["budget"]["my_turn"] and me["budget"]["actions_left"] == 3
    assert me["budget"]["text"]["fr"] == "À vous : 3 actions payantes et les actions gratuites"
    for row in v["players"]:
        assert row["clan"] is None and row["domain"] is None and row["hand_count"] == 5 and row["tiles_count"] == 6
        assert "hand" not in row and "tiles" not in row


def test_the_screen_and_the_game_master_see_only_the_public_blocks() -> None:
    s = court()
    phone, screen, mod = view(s, "p2"), view(s, "screen"), view(s, "moderator")
    assert screen["me"] is None and screen["knowledge"] == [] and screen["legal_actions"] == []
    assert mod["me"] is None and {a["type"] for a in mod["legal_actions"]} == {"mod_pause", "mod_resume", "mod_skip"}
    for key in ("game", "castle", "tracks", "players", "turn", "waiting", "last_count", "feed", "result", "neutral"):
        assert phone[key] == screen[key] == mod[key], key
    assert set(phone) == set(screen)


def test_every_seat_view_has_the_same_keys_whatever_the_seat() -> None:
    s = court()
    shapes = {(tuple(sorted(view(s, p))), tuple(sorted(view(s, p)["me"]))) for p in ("p1", "p2", "p3")}
    assert len(shapes) == 1
    lobby = seated(2)
    lobby_me = GAME.view_for(lobby, Viewer("T", "player", "p1"), ())["me"]
    assert set(lobby_me) == set(view(s, "p1")["me"])


def test_rg_20_test_22_the_spied_card_is_in_exactly_two_views() -> None:
    s = act(court(), P("p1"), {"type": "spy", "target": "p2"})
    card = s.player("p1").seen[0].card
    seen = [k for k in view(s, "p1")["knowledge"] if k["kind"] == "seen"]
    spied = [k for k in view(s, "p2")["knowledge"] if k["kind"] == "spied"]
    assert seen[0]["card"] == spied[0]["card"] == str(card)
    assert "n'est pas" in seen[0]["text"]["fr"] and "Rouge a vu votre carte" in spied[0]["text"]["fr"]
    assert view(s, "p3")["knowledge"] == [] and view(s, "screen")["knowledge"] == []
    assert any(n["text"]["fr"] == "Rouge espionne Jaune." for n in view(s, "screen")["feed"])
    assert not any(str(card) in orjson.dumps(n).decode() for n in view(s, "screen")["feed"])


def failed(p2_clan: Clan, named: Clan) -> State:
    s = court()
    hand = tuple(c for c in CARDS if c != CARD_OF_CLAN[p2_clan])
    s = set_player(s, "p2", clan=p2_clan, hand=hand)
    return act(s, P("p1"), {"type": "accuse", "target": "p2", "clan": str(named)})


def test_rg_15_rg_19_test_25_a_failure_is_seen_the_same_by_third_parties_whatever_the_clans() -> None:
    one, two = failed(Clan.CAMPBELL, Clan.MAC_GREGOR), failed(Clan.STEWART, Clan.MAC_KINTOSH)
    assert view(one, "p3") == view(two, "p3")
    assert view(one, "screen") == view(two, "screen")
    assert view(one, "screen")["players"][0]["tiles_count"] == 4
    accuser = view(one, "p1")
    assert {"player_id": "p2", "name": "Jaune", "clan": "CAMPBELL", "clan_name": "Campbell", "how": "shown"} in accuser["me"]["known_clans"]
    assert any(k["kind"] == "shown" and k["clan"] == "CAMPBELL" for k in accuser["knowledge"])
    assert [(t["clan"], t["fate"]) for t in accuser["me"]["spent_tiles"]] == [("MAC_GREGOR", "failed"),
                                                                              ("CAMPBELL", "discarded")]
    accused = view(one, "p2")
    assert any(k["kind"] == "accused" and k["clan"] == "MAC_GREGOR" for k in accused["knowledge"])
    assert view(one, "p3")["players"][1]["clan"] is None
    assert "échec" in view(one, "screen")["feed"][-1]["text"]["fr"]


def test_rg_17_an_off_turn_prompt_shows_only_whom_the_table_waits_for() -> None:
    s = court()
    s = set_player(s, "p1", score=(2, 1, 0, 0, 0))
    s = act(s, P("p1"), {"type": "accuse", "target": "p2", "clan": "STEWART"})
    assert s.prompt is not None
    for who in ("p1", "p3", "screen"):
        v = view(s, who)
        assert v["waiting"]["name"] == "Jaune" and v["waiting"]["text"]["fr"] == "En attente de Jaune"
        assert v["me"] is None or v["me"]["prompt"] is None
    mine = view(s, "p2")["me"]["prompt"]
    assert mine["kind"] == "loss" and mine["subject_name"] == "Rouge"
    assert [c["value"] for c in mine["choices"]] == [["POLITIQUE"], ["POLITIQUE", "MILITAIRE"]]
    actions = [a for a in view(s, "p2")["legal_actions"] if a["available"]]
    assert [a["type"] for a in actions] == ["choose_loss"]
    assert all(not a["available"] for a in view(s, "p1")["legal_actions"])


def test_rg_24_a_gain_choice_shows_what_a_gate_would_block() -> None:
    s = set_player(court(), "p1", score=(4, 0, 1, 1, 1))
    s = act(s, P("p1"), {"type": "accuse", "target": "p2", "clan": "CAMPBELL"})
    choices = {tuple(c["value"]): c for c in view(s, "p1")["me"]["prompt"]["choices"]}
    assert choices[("POLITIQUE",)]["lost"] == 2 and choices[("MILITAIRE",)]["lost"] == 0
    assert choices[("POLITIQUE", "MILITAIRE")]["after"] == [5, 1, 1, 1, 1]


def test_a_successful_accusation_and_the_fifth_card_turn_the_clan_public() -> None:
    s = act(court(), P("p1"), {"type": "accuse", "target": "p2", "clan": "CAMPBELL"})
    row = view(s, "screen")["players"][1]
    assert row["clan"]["clan"] == "CAMPBELL" and row["hand_count"] == 0 and row["exposed"]["by_name"] == "Rouge"
    assert "d'être Campbell : réussite" in " ".join(n["text"]["fr"] for n in view(s, "screen")["feed"])
    s = set_player(court(), "p1", hand=(Card.ALLIANCE,), played=(Card.SUSPICION, Card.DIPLOMATIE, Card.PRIVILEGE,
                                                                 Card.TRAHISON))
    s = act(s, P("p1"), {"type": "play_card", "card": "ALLIANCE"})
    assert view(s, "p3")["players"][0]["clan"]["clan"] == "MAC_DUFF"


def test_played_cards_are_public_with_the_clan_they_rule_out() -> None:
    s = act(court(), P("p1"), {"type": "play_card", "card": "ALLIANCE"})
    row = view(s, "p2")["players"][0]
    assert [c["card"] for c in row["played"]] == ["ALLIANCE"] and row["not_clans"] == ["Mac Leod"]
    assert row["hand_count"] == 4


def test_the_neutral_clan_is_public_and_the_table_is_drawn() -> None:
    s = position({"p1": [T], "p2": [C], "p3": [IN]}, neutral=[A, TR, C, IN])
    v = view(s, "screen")
    assert v["neutral"]["clan"]["clan"] == "MAC_GREGOR" and v["neutral"]["agents"] == {
        "ARMES": 1, "TRESOR": 1, "CHAPELLE": 1, "INTENDANCE": 1}
    spaces = {sp["id"]: sp for sp in v["castle"]["spaces"]}
    assert spaces["TRONE"]["king"] and spaces["GARDE_TOUR"]["kind"] == "path"
    assert sorted(spaces["TRONE"]["rooms_next"]) == ["ARMES", "CHAPELLE", "INTENDANCE", "TRESOR"]
    assert [o["owner"] for o in spaces["CHAPELLE"]["agents"]] == ["p2", "neutral"]
    assert all(sp["agents"][0]["shape"] for sp in v["castle"]["spaces"] if sp["agents"])
    assert [x["value"] for x in v["tracks"]["values"]][:13] == [1, 2, 3, 4, 5, 6, 8, 10, 13, 16, 20, 24, 30]
    assert [t["case"] for t in v["tracks"]["domains"][0]["tokens"]] == [4, 8, 12]
    assert {"player_id": "neutral", "name": "neutre", "clan": "MAC_GREGOR", "clan_name": "Mac Gregor", "how": "public"} in \
        view(s, "p1")["me"]["known_clans"]


def test_round_8_shows_the_banner_and_refuses_the_card_with_a_reason() -> None:
    s = replace(court(), round=8)
    v = view(s, "p1")
    assert v["game"]["last_round"] and v["turn"]["no_card"]
    cards = [a for a in v["legal_actions"] if a["type"] == "play_card"]
    assert cards and all(not a["available"] and a["reason"]["fr"] == "Pas de carte Action au dernier tour." for a in cards)
    assert any(a["type"] == "accuse" and a["available"] for a in v["legal_actions"])


def test_the_legal_actions_of_a_waiting_player_say_why() -> None:
    v = view(court(), "p2")
    reasons = {a["type"]: a["reason"]["fr"] for a in v["legal_actions"] if not a["available"]}
    assert reasons["end_actions"] == "Ce n'est pas votre tour : c'est à Rouge de jouer."
    assert not any(a["available"] for a in v["legal_actions"])


def test_the_lobby_views() -> None:
    s = seated(2)
    assert [a["type"] for a in GAME.view_for(s, Viewer("T", "player", "p1"), ())["legal_actions"]] == ["leave"]
    stranger = GAME.view_for(s, Viewer("T", "player", None), ())
    assert [a["type"] for a in stranger["legal_actions"]] == ["join"] and stranger["me"] is None
    start = GAME.view_for(s, Viewer("T", "moderator"), ())["legal_actions"][0]
    assert start["type"] == "start" and not start["available"]
    assert GAME.view_for(seated(3), Viewer("T", "moderator"), ())["legal_actions"][0]["available"]
    assert act(seated(3), MOD, {"type": "start"}).phase == "placement"


def test_rg_53_at_the_end_every_clan_and_domain_is_shown() -> None:
    s = position({"p1": [], "p2": [], "p3": []}, round=8, active=2)
    s = end_turn(s)
    v = view(s, "screen")
    assert all(row["clan"] is not None and row["domain"] is not None for row in v["players"])
    assert v["result"]["decided_by"] == "shared" and v["result"]["winners"] == ["p1", "p2", "p3"]  # 2 + 3 each
    assert v["result"]["title"]["fr"] == "Rouge, Jaune, Bleu : Gardiens du Royaume ex æquo"
    assert {r["clan"]["clan"] for r in v["result"]["standings"]} == {"CAMPBELL", "MAC_DUFF", "MAC_LEOD"}


def test_the_placement_view_offers_every_space_to_the_placer_only() -> None:
    s = started(3, seed=5)
    placer = s.placer.pid
    other = next(p.pid for p in s.players if p.pid != placer)
    mine = view(s, placer)["legal_actions"]
    assert mine[0]["type"] == "place_agent" and mine[0]["available"] and len(mine[0]["options"]) == 7
    assert not view(s, other)["legal_actions"][0]["available"]
    assert view(s, "screen")["waiting"]["player_id"] == placer


def test_the_leak_check_catches_a_view_that_shows_a_secret(monkeypatch: pytest.MonkeyPatch) -> None:
    s = court()
    honest = views._public_player

    def leaky(state: State, i: int, p: Any) -> dict[str, Any]:
        row = honest(state, i, p)
        row["clan"] = views.clan_view(p.clan)
        return row

    monkeypatch.setattr(views, "_public_player", leaky)
    viewer = Viewer("T", "player", "p1")
    assert leaks(s, viewer, GAME.view_for(s, viewer, ()))
    monkeypatch.setattr(views, "_public_player", honest)

    def knows_all(state: State, p: Any) -> list[dict[str, Any]]:
        return [{"kind": "seen", "card": str(q.hand[0])} for q in state.players if q.hand]

    s = act(s, P("p1"), {"type": "spy", "target": "p2"})
    monkeypatch.setattr(views, "knowledge", knows_all)
    assert leaks(s, viewer, GAME.view_for(s, viewer, ()))
