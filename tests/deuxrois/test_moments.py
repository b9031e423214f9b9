"""The phone's moments (moments.py): whatever needs a player now, naming the other player, gone when
answered or outdated, and never more than that player's own view holds."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

from play_helpers import A, Game, complete, table

from app.games.deuxrois import designation as des_rules
from app.games.deuxrois.definition import PAGES
from app.games.deuxrois.views import player_view
from app.kernel.viewer import Viewer
from app.web.i18n import speaking
from app.web.presenter import HtmlPresenter
from app.web.templating import _FRAGMENTS, forget_fragments, render

NORTH = (1, 3, 4, 7, 13, 11, 15)


def moments(game: Game, name: str) -> list[dict[str, Any]]:
    return list(player_view(game.state, game.pid(name))["moments"])


def kinds(game: Game, name: str) -> list[str]:
    return [m["kind"] for m in moments(game, name)]


def test_a_request_is_a_moment_naming_the_asker_with_the_answers_and_it_leaves_once_answered() -> None:
    game = table(14, normandie=NORTH)
    guillaume, pd = game.pid("guillaume"), game.pid("protection_divine")
    game.do(guillaume, {"type": "request_reveal", "target": pd, "kind": "complete"})
    ask = moments(game, "protection_divine")[0]
    assert ask["kind"] == "ask" and ask["from"] == {"id": guillaume, "name": "guillaume"} and ask["what"] == "complete"
    assert [a["type"] for a in ask["actions"]] == ["answer_reveal"]
    assert kinds(game, "guillaume") == [] and kinds(game, "duc_de_bretagne") == []
    rid = next(iter(game.state.requests))
    game.do(pd, {"type": "answer_reveal", "request_id": rid, "accept": True})
    assert "ask" not in kinds(game, "protection_divine")
    # Both sides feel the reveal: each is shown the other's card, held to be seen.
    for me, them, card in (("guillaume", pd, 3), ("protection_divine", guillaume, 1)):
        seen = next(m for m in moments(game, me) if m["kind"] == "seen")
        assert seen["mutual"] and [(s["player"]["id"], s["card"]["number"]) for s in seen["shown"]] == [(them, card)]
    assert "seen" not in kinds(game, "duc_de_bretagne")


def test_the_asker_learns_of_a_refusal_and_only_the_asker() -> None:
    game = table(14, normandie=NORTH)
    guillaume, pd = game.pid("guillaume"), game.pid("protection_divine")
    game.do(guillaume, {"type": "request_reveal", "target": pd, "kind": "couleur"})
    game.do(pd, {"type": "answer_reveal", "request_id": next(iter(game.state.requests)), "accept": False})
    refused = moments(game, "guillaume")[0]
    assert refused["kind"] == "refused" and refused["by"]["id"] == pd and refused["what"] == "couleur"
    assert "refused" not in kinds(game, "protection_divine") and "refused" not in kinds(game, "duc_de_bretagne")
    # A cancelled request is no refusal.
    game.do(guillaume, {"type": "request_reveal", "target": pd, "kind": "complete"})
    game.do(guillaume, {"type": "cancel_reveal", "request_id": next(iter(game.state.requests))})
    assert kinds(game, "guillaume").count("refused") == 1


def test_a_forced_reveal_names_who_forced_it_and_shows_what_each_saw() -> None:
    game = table(14, normandie=NORTH)
    guillaume, pd = game.pid("guillaume"), game.pid("protection_divine")
    game.do(guillaume, {"type": "use_power", "power": "authority", "target": pd})
    forced = moments(game, "protection_divine")[0]
    assert forced["kind"] == "forced" and forced["by"]["id"] == guillaume
    assert forced["shown"][0]["card"]["number"] == 1
    mine = next(m for m in moments(game, "guillaume") if m["kind"] == "seen")
    assert mine["i_forced"] and mine["shown"][0]["player"]["id"] == pd


def test_the_vote_the_designation_and_being_named_are_moments_with_their_deadline() -> None:
    game = table(14, normandie=NORTH)
    game.until("E", 1)
    vote = moments(game, "armurier")[0]
    assert vote["kind"] == "vote" and vote["deadline_ms"] and vote["actions"][0]["type"] == "vote"
    game.do("moderator", {"type": "mod_set_general", "room": "normandie", "player": game.pid("duc_de_bretagne")})
    game.do("moderator", {"type": "mod_set_general", "room": "angleterre", "player": game.pid("harold")})
    game.until("D", 1)
    designate = moments(game, "duc_de_bretagne")[0]
    assert designate["kind"] == "designate" and designate["n"] == 3
    assert [a["type"] for a in designate["actions"]] == ["designate", "lock_envoys"]
    duc, guillaume = game.pid("duc_de_bretagne"), game.pid("guillaume")
    game.do(duc, {"type": "designate", "targets": [guillaume, game.pid("protection_divine"), game.pid("tresorier_ducal")]})
    named = moments(game, "guillaume")[0]
    # Named: who names him, where he goes, and the royal refusal he may answer with, now.
    assert named["kind"] == "named" and named["by"]["id"] == duc and named["to"]["id"] == A.value
    assert [a.get("power") for a in named["actions"]] == ["royal_refusal"] and named["deadline_ms"]
    assert "named" not in kinds(game, "armurier")
    game.do(guillaume, {"type": "use_power", "power": "royal_refusal"})
    assert "named" not in kinds(game, "guillaume")  # answered: gone


def test_a_power_whose_window_just_opened_comes_as_a_moment_a_negotiation_power_does_not() -> None:
    game = table(14, normandie=NORTH)
    assert "power" not in kinds(game, "guillaume")  # Autorité can wait: its window is the negotiation too
    game.until("E", 1)
    game.do("moderator", {"type": "mod_set_general", "room": "normandie", "player": game.pid("duc_de_bretagne")})
    game.until("D", 1)
    power = next(m for m in moments(game, "sang_royal_rouge") if m["kind"] == "power")
    assert power["power"]["fr"] == "Usurpation" and power["deadline_ms"] == game.state.deadline_ms
    assert power["id"] == "power:usurp:1:D" and power["texts"][0]["fr"].startswith("Une fois par partie")


def test_go_is_a_moment_of_its_round_only() -> None:
    game = table(14, normandie=NORTH)
    pd = game.pid("protection_divine")
    game.do("moderator", {"type": "mod_move", "player": pd, "room": "angleterre"})
    go = moments(game, "protection_divine")[0]
    assert go["kind"] == "go" and go["to"]["id"] == "angleterre"
    game.until("N", 2)
    assert "go" not in kinds(game, "protection_divine")  # never into the next round


def test_the_troubadours_song_reaches_everyone_as_a_moment() -> None:
    game = table(14, normandie=(1, 10, 3, 4, 7, 13, 11))
    complete(game, "troubadour", "guillaume")
    song = next(p for p in game.state.prompts.values() if p.kind == "song")
    game.do(song.player_id, {"type": "answer_prompt", "prompt_id": song.id, "choice": "yes"})
    for name in ("harold", "armurier", "duc_de_bretagne"):  # both rooms hear it
        assert "song" in kinds(game, name), name


def test_moments_hold_nothing_the_players_own_view_does_not() -> None:
    game = table(14, normandie=NORTH)
    complete(game, "guillaume", "protection_divine")
    for p in game.state.players:
        view = player_view(game.state, p.id)
        known = {s["card"]["number"] for s in view["knowledge"] if s.get("card")} | {view["me"]["number"]}
        for m in view["moments"]:
            assert {s["card"]["number"] for s in m.get("shown", ()) if s.get("card")} <= known, p.name


def _designated(game: Game) -> dict[str, list[str]]:
    """Both rooms' généraux set by the game master, their envoys named and locked; now at the departure."""
    game.until("E", 1)
    generals = {"normandie": game.pid("duc_de_bretagne"), "angleterre": game.pid("harold")}
    for room, general in generals.items():
        game.do("moderator", {"type": "mod_set_general", "room": room, "player": general})
    game.until("D", 1)
    named = {}
    for room, general in generals.items():
        where = game.state.rooms[general]
        targets = des_rules.eligible(game.state, where)[:des_rules.required(game.state, where)]
        game.do(general, {"type": "designate", "targets": targets})
        game.do(general, {"type": "lock_envoys"})
        named[room] = targets
    return named


def test_a_held_back_envoy_is_told_he_stays() -> None:
    game = table(16, normandie=(1, 3, 4, 7, 13, 11, 15, 9))
    named = _designated(game)
    assert game.state.phase == "X"
    geolier = game.pid("geolier")
    held = next(p for p in named["angleterre"] if p != geolier)
    game.do(geolier, {"type": "use_power", "power": "block", "target": held, "choice": "general"})
    game.until("A", 1)
    stays = next(m for m in moments(game, game.state.name(held)) if m["kind"] == "stays")
    assert stays["say"]["key"].startswith("feed.departure_changed.stays")
    others = [p for p in named["angleterre"] if p not in (held, geolier)]
    assert all("stays" not in kinds(game, game.state.name(p)) for p in others)


def test_the_room_hears_of_an_usurpation_and_the_general_of_a_refusal() -> None:
    game = table(14, normandie=NORTH)
    game.until("E", 1)
    duc = game.pid("duc_de_bretagne")
    game.do("moderator", {"type": "mod_set_general", "room": "normandie", "player": duc})
    game.until("D", 1)
    guillaume = game.pid("guillaume")
    game.do(duc, {"type": "designate", "targets": [guillaume, game.pid("protection_divine"), game.pid("tresorier_ducal")]})
    game.do(guillaume, {"type": "use_power", "power": "royal_refusal"})
    assert "withdrawn" in kinds(game, "duc_de_bretagne")  # the général learns it
    assert "withdrawn" not in kinds(game, "protection_divine")
    game.do(game.pid("sang_royal_rouge"), {"type": "use_power", "power": "usurp"})
    for name in ("duc_de_bretagne", "protection_divine"):  # the deposed général and his room are told
        assert "usurped" in kinds(game, name), name
    assert "usurped" not in kinds(game, "harold")  # the other room is not


def test_a_new_moment_on_top_makes_only_itself_the_ones_below_are_kept() -> None:
    """Each moment's HTML is kept by what it shows (templating.keep): a new one on top of the list leaves
    the ones below as they were, so a phone's moments region costs one moment a tap, not all of them."""
    game = table(14, normandie=NORTH)
    complete(game, "guillaume", "protection_divine")  # "seen" moments on both phones
    pd = game.pid("protection_divine")
    viewer = Viewer("ABCD", "player", pd, "fr")
    region = next(r for r in PAGES["player"] if r.id == "p-moment")
    presenter = HtmlPresenter(PAGES)
    forget_fragments()
    first = presenter.region_html(viewer, region, player_view(game.state, pd))
    made = len(_FRAGMENTS)
    game.do(game.pid("guillaume"), {"type": "request_reveal", "target": pd, "kind": "couleur"})
    view = player_view(game.state, pd)
    assert [m["kind"] for m in view["moments"]][:2] == ["ask", "seen"]
    second = presenter.region_html(viewer, region, view)
    assert len(_FRAGMENTS) == made + 1  # the request's moment, and nothing else made again
    seen = re.search(r'<div class="alert-overlay moment moment-seen".*?</div>\s*</div>\s*</div>', first, re.S)
    assert seen is not None and seen.group(0) in second  # the same HTML, ids included


def test_two_lines_of_play_from_one_state_each_read_their_own_phase() -> None:
    # The phase's events are shared along one line of states (moments.Recent) and only added to; a second
    # line from the same state (an undo's preview, a replay) gets its own, or it would rewrite the first's.
    game = table(14, normandie=NORTH)
    guillaume, pd = game.pid("guillaume"), game.pid("protection_divine")
    game.do(guillaume, {"type": "request_reveal", "target": pd, "kind": "complete"})
    fork, rid = game.state, next(iter(game.state.requests))
    kinds(game, "duc_de_bretagne")
    game.do(pd, {"type": "answer_reveal", "request_id": rid, "accept": True})
    accepted = game.state
    kinds(game, "duc_de_bretagne")  # this line's phase is read: the exchange is in it
    game.state = fork
    game.do(pd, {"type": "answer_reveal", "request_id": rid, "accept": False})
    assert kinds(game, "guillaume") == ["refused"]
    game.state = accepted  # read again, by a phone that had not asked yet: still the exchange
    seen = next(m for m in moments(game, "guillaume") if m["kind"] == "seen")
    assert seen["mutual"] and [s["card"]["number"] for s in seen["shown"]] == [3]


def test_kept_moments_are_held_at_one_byte_a_character_and_read_the_same() -> None:
    """Python holds a str at the width of its widest character: a moment's icon (an emoji) made each kept moment
    weigh four bytes a character. Kept, characters past Latin-1 are numeric references, which read the same."""
    game = table(14, normandie=NORTH)
    complete(game, "guillaume", "protection_divine")
    pd = game.pid("protection_divine")
    game.do(game.pid("guillaume"), {"type": "request_reveal", "target": pd, "kind": "couleur"})
    region = next(r for r in PAGES["player"] if r.id == "p-moment")
    forget_fragments()
    html = HtmlPresenter(PAGES).region_html(Viewer("ABCD", "player", pd, "fr"), region, player_view(game.state, pd))
    kept = [fragment for key, fragment in _FRAGMENTS.items() if "moment_item" in key[1]]
    assert len(kept) >= 2
    assert all(max(map(ord, fragment)) <= 0xFF for fragment in kept)
    assert any("&#8644;" in fragment for fragment in kept)  # the request's ⇄, as a reference
    with speaking("fr"):
        made = [render("deuxrois/partials/moment_item.html", item=m, room=player_view(game.state, pd)["room"],
                       url="/g/ABCD/act") for m in player_view(game.state, pd)["moments"]]
    assert [unescape(fragment) for fragment in kept] == [unescape(m) for m in made]
    assert all(fragment in html for fragment in kept)
