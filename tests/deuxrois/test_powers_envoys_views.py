"""Every envoy power shows in its holder's legal actions, with a reason when it cannot be used now (style.md)."""

from __future__ import annotations

import pytest
from test_powers_envoys_support import NORTH, A, N, at_departure, designate, power_action, table, use

from app.games.deuxrois.views import player_view

POWERS = [
    ("commandant_rouge", "escort"), ("chevalier_saxon", "protection_oath"),
    ("chevalier_servant_rouge", "sacrifice"), ("porte_etendard_rouge", "rally"), ("geolier", "block"),
    ("navigateur_rouge", "navigate"), ("cartographe", "survey"), ("duc_de_bretagne", "breton_alliance"),
    ("vagabond", "survival"),
]


@pytest.mark.parametrize(("holder", "power"), POWERS, ids=[p for _, p in POWERS])
def test_d9_each_power_is_listed_in_window_n_with_a_reason_unless_usable(holder: str, power: str) -> None:
    game = table(50, normandie=NORTH)
    action = power_action(player_view(game.state, game.pid(holder)), power)
    if power == "rally":  # the only one of these that belongs to window N
        assert action["available"] and action["reason"] is None
    else:
        assert not action["available"] and action["reason"]["fr"] and action["reason"]["en"]


@pytest.mark.parametrize(("holder", "power"), [
    ("geolier", "block"), ("navigateur_rouge", "navigate"), ("cartographe", "survey"), ("vagabond", "survival"),
    ("duc_de_bretagne", "breton_alliance"),
], ids=["block", "navigate", "survey", "survival", "breton_alliance"])
def test_d9_x_powers_are_available_in_window_x(holder: str, power: str) -> None:
    game, _, _ = at_departure(north=["duc_de_bretagne", "guillaume"])
    action = power_action(player_view(game.state, game.pid(holder)), power)
    assert action["available"], action["reason"]


def test_views_offer_the_choices_of_escort_and_block() -> None:
    game, _, _ = at_departure(north=["guillaume"])
    block = power_action(player_view(game.state, game.pid("geolier")), "block")
    assert block["choices"] == ["general", "public"]
    game2 = table(50, normandie=NORTH)
    game2.until("E", 1)
    game2.do("moderator", {"type": "mod_set_general", "room": "normandie", "player": game2.pid("commandant_rouge")})
    game2.do("moderator", {"type": "mod_set_general", "room": "angleterre", "player": game2.pid("harold")})
    escort = power_action(player_view(game2.state, game2.pid("commandant_rouge")), "escort")
    assert escort["available"] and escort["choices"] == ["2", "1"]


def test_the_designation_action_shows_the_raised_quota() -> None:
    game = table(50, normandie=NORTH)
    game.until("E", 1)
    game.do("moderator", {"type": "mod_set_general", "room": "normandie", "player": game.pid("commandant_rouge")})
    game.do("moderator", {"type": "mod_set_general", "room": "angleterre", "player": game.pid("harold")})
    use(game, "commandant_rouge", "escort")
    view = player_view(game.state, game.pid("commandant_rouge"))
    assert next(a for a in view["actions"] if a["type"] == "designate")["quota"] == 8
    assert view["designation"]["required"] == 8
    designate(game, N, [])
    assert len(game.state.designations[N].named) == 8


def test_a_geolier_privee_leaks_nothing_to_the_room_views() -> None:
    game, _, _ = at_departure(north=["guillaume"])
    use(game, "geolier", "block", target="guillaume")
    general = game.state.generals[N]
    for pid in game.state.present(N):
        cards = {s["card"]["number"] for s in player_view(game.state, pid)["knowledge"] if s["card"]}
        assert (16 in cards) is (pid == general)
    assert all(16 not in {s["card"]["number"] for s in player_view(game.state, pid)["knowledge"] if s["card"]}
               for pid in game.state.present(A))


def test_the_moderator_sees_the_rally_and_the_declarations() -> None:
    from app.games.deuxrois.views import moderator_view

    game, _, _ = at_departure(north=["guillaume"])
    use(game, "geolier", "block", target="guillaume")
    plan = moderator_view(game.state)["envoy_plan"]
    assert plan["declared"] == [{"power": "block", "player": game.pid("geolier"), "target": game.pid("guillaume"),
                                 "choice": "general"}]
    assert "envoy_plan" not in player_view(game.state, game.pid("geolier"))
