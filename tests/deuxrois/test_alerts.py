"""Alerts: what just happened to a player, for the full-screen notice on his phone (issue #4)."""

from __future__ import annotations

from play_helpers import A, Game, N, table

from app.games.deuxrois.views import player_view


def kinds(game: Game, name: str) -> list[str]:
    return [a["kind"] for a in player_view(game.state, game.pid(name))["alerts"]]


def locked_game() -> tuple[Game, list[str], list[str]]:
    game = table(14, normandie=(1, 3, 4, 7, 13, 11, 15))
    game.until("E", 1)
    game.do("moderator", {"type": "mod_set_general", "room": "normandie", "player": game.pid("duc_de_bretagne")})
    game.do("moderator", {"type": "mod_set_general", "room": "angleterre", "player": game.pid("harold")})
    envoys: dict[object, list[str]] = {}
    for general, room in (("duc_de_bretagne", N), ("harold", A)):
        pid = game.pid(general)
        targets = [p for p in game.state.present(room) if p != pid and p != game.pid("emissaire_rouge")][:3]
        game.do(pid, {"type": "designate", "targets": targets})
        game.do(pid, {"type": "lock_envoys"})
        envoys[room] = targets
    assert game.state.phase == "X"
    return game, envoys[N], envoys[A]


def test_an_envoy_is_told_where_he_will_go_then_to_go_there() -> None:
    game, north, south = locked_game()
    envoy = north[0]
    first = player_view(game.state, envoy)["alerts"][0]
    assert first["kind"] == "envoy" and first["room"] == "angleterre"
    assert first["room_name"] == {"fr": "Angleterre", "en": "England"}
    stay = next(p for p in game.state.present(N) if p not in north)
    assert "envoy" not in [a["kind"] for a in player_view(game.state, stay)["alerts"]]
    game.until("A", 1)
    go = player_view(game.state, envoy)["alerts"][0]
    assert go["kind"] == "go" and go["room"] == "angleterre" and go["seq"] > first["seq"]
    assert player_view(game.state, south[0])["alerts"][0]["room"] == "normandie"
    assert "go" not in [a["kind"] for a in player_view(game.state, stay)["alerts"]]


def test_a_forced_reveal_is_announced_to_its_target_only_with_the_forcer_name() -> None:
    game = table(14, normandie=(1, 3, 4, 7, 13, 11, 15))
    guillaume, pd = game.pid("guillaume"), game.pid("protection_divine")
    game.do(guillaume, {"type": "use_power", "power": "authority", "target": pd})
    alert = player_view(game.state, pd)["alerts"][0]
    assert alert["kind"] == "forced" and alert["by"] == {"id": guillaume, "name": "guillaume"}
    assert "forced" not in kinds(game, "guillaume") and "forced" not in kinds(game, "duc_de_bretagne")


def test_a_card_swap_and_a_subjugation_are_announced_to_those_they_touch() -> None:
    game = table(36, normandie=(21, 35, 4, 1))
    faussaire, duc = game.pid("faussaire"), game.pid("duc_de_bretagne")
    game.do(faussaire, {"type": "request_reveal", "target": duc, "kind": "complete"})
    rid = next(iter(game.state.requests))
    game.do(duc, {"type": "answer_reveal", "request_id": rid, "accept": True})
    assert "swap" in kinds(game, "faussaire") and player_view(game.state, duc)["alerts"][0]["kind"] == "swap"
    assert "swap" not in kinds(game, "guillaume")
    king, guillaume = game.pid("roi_de_france"), game.pid("guillaume")
    game.do(king, {"type": "request_reveal", "target": guillaume, "kind": "complete"})
    rid = next(r.id for r in game.state.requests.values() if r.from_id == king)
    game.do(guillaume, {"type": "answer_reveal", "request_id": rid, "accept": True})
    assert player_view(game.state, guillaume)["alerts"][0]["kind"] == "subject"
    assert "subject" not in kinds(game, "roi_de_france")


def test_a_move_never_says_why() -> None:
    game = table(14, normandie=(1, 3, 4, 7, 13, 11, 15))
    pd = game.pid("protection_divine")
    game.do("moderator", {"type": "mod_move", "player": pd, "room": "angleterre"})
    alert = player_view(game.state, pd)["alerts"][0]
    assert alert == {"kind": "go", "seq": alert["seq"], "room": "angleterre",
                     "room_name": {"fr": "Angleterre", "en": "England"}}
