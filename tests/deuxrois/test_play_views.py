"""Views: what each viewer may see (design: "views are the only door for secrets")."""

from __future__ import annotations

import json

from play_helpers import N, table
from test_play_playouts import cards_in

from app.games.deuxrois.views import moderator_view, player_view, screen_view

NORTH = (1, 3, 4, 7, 9)


def test_player_view_holds_own_card_room_and_timer_only() -> None:
    game = table(10, normandie=NORTH)
    guillaume = game.pid("guillaume")
    view = player_view(game.state, guillaume)
    json.dumps(view)
    assert view["me"]["number"] == 1 and view["me"]["objective"]["fr"]
    assert {p["key"] for p in view["me"]["powers"]} == {"authority", "royal_refusal"}
    assert view["room"]["id"] == "normandie" and len(view["room"]["roster"]) == 5
    assert all(set(p) == {"id", "name"} for p in view["room"]["roster"])
    # No version: every page reads "game", and a version changes with every tap anywhere.
    assert view["game"] == {"phase": "N", "round": 1, "rounds": 5, "deadline_ms": 300_000, "paused": False}
    assert cards_in(view) == {1}
    assert view["knowledge"] == [] and view["feed"] == []


def test_powers_show_uses_left_and_why_unavailable() -> None:
    game = table(10, normandie=NORTH)
    guillaume = game.pid("guillaume")
    game.do(guillaume, {"type": "use_power", "power": "authority", "target": game.pid("espion")})
    powers = {p["key"]: p for p in player_view(game.state, guillaume)["me"]["powers"]}
    assert powers["authority"]["uses_left"] == 0 and not powers["authority"]["usable"]
    assert powers["authority"]["reason"]["fr"] == "Déjà utilisé ce tour."
    assert powers["royal_refusal"]["uses_left"] == 1
    assert powers["royal_refusal"]["reason"]["en"] == "Not during this phase."
    action = next(a for a in player_view(game.state, guillaume)["actions"] if a.get("power") == "authority")
    assert action["available"] is False and action["reason"]["en"] == "Already used this round."


def test_what_i_know_lists_what_was_shown_to_me_and_nobody_else_gets_it() -> None:
    game = table(10, normandie=NORTH)
    guillaume, espion, duc = game.pid("guillaume"), game.pid("espion"), game.pid("duc_de_bretagne")
    game.do(guillaume, {"type": "use_power", "power": "authority", "target": espion})
    mine = player_view(game.state, guillaume)["knowledge"]
    assert [(k["player"]["id"], k["card"]["number"], k["kind"]) for k in mine] == [(espion, 9, "forcee")]
    assert cards_in(player_view(game.state, espion)) == {9, 1}
    assert cards_in(player_view(game.state, duc)) == {4}


def test_requests_and_prompts_appear_for_the_right_player() -> None:
    game = table(10, normandie=NORTH)
    guillaume, duc = game.pid("guillaume"), game.pid("duc_de_bretagne")
    game.do(guillaume, {"type": "request_reveal", "target": duc, "kind": "couleur"})
    mine, theirs = player_view(game.state, guillaume), player_view(game.state, duc)
    assert mine["requests"]["outgoing"][0]["to"]["id"] == duc and not mine["requests"]["incoming"]
    assert theirs["requests"]["incoming"][0]["kind"] == "couleur"
    answer = [a for a in theirs["actions"] if a["type"] == "answer_reveal"]
    assert answer and answer[0]["available"]


def test_public_feed_of_my_room_only() -> None:
    game = table(10, normandie=NORTH)
    game.do(game.pid("guillaume"), {"type": "reveal_public"})
    assert player_view(game.state, game.pid("duc_de_bretagne"))["feed"][0]["card"]["number"] == 1
    assert player_view(game.state, game.pid("harold"))["feed"] == []


def test_screen_view_carries_no_secret() -> None:
    game = table(10, normandie=NORTH)
    game.do(game.pid("guillaume"), {"type": "reveal_public"})
    game.until("X", 1)
    view = screen_view(game.state)
    json.dumps(view)
    assert not cards_in(view)
    assert {r["id"] for r in view["rooms"]} == {"normandie", "angleterre"}
    assert all(len(r["envoys"]) == 1 for r in view["rooms"])  # locked envoys walk in front of everyone
    text = json.dumps(view)
    for secret in ("knowledge", "ballots", "card", "bindings", "prompts"):
        assert f'"{secret}"' not in text


def test_moderator_view_has_everything() -> None:
    game = table(10, normandie=NORTH)
    view = moderator_view(game.state)
    json.dumps(view)
    assert cards_in(view) == set(range(1, 11))
    game.until("E", 1)
    game.do(game.pid("guillaume"), {"type": "vote", "candidate": game.pid("espion")})
    assert moderator_view(game.state)["elections"]["normandie"]["ballots"] == {game.pid("guillaume"): game.pid("espion")}
    assert "ballots" not in json.dumps(player_view(game.state, game.pid("espion")))


def test_results_reveal_every_card_at_the_end() -> None:
    game = table(10, normandie=NORTH)
    while not game.state.over:
        game.tick()
    view = player_view(game.state, game.pid("harold"))
    assert view["result"]["outcome"] and cards_in(view["result"]) == set(range(1, 11))
    assert screen_view(game.state)["result"]["points"] == game.state.result["points"]  # type: ignore[index]
    assert game.state.rooms[game.pid("guillaume")] in (N, N.other)
