"""The envoy powers meet the other rules through seams: reveal guards (event 11), room-change bans (event 2),
the departure steps of the crossing and the quota modifiers of the designation.

Each test adds its entry to rules of its own (`build_rules()`), never to the game's.
"""

from __future__ import annotations

import pytest
from test_powers_envoys_support import (
    NORTH,
    A,
    N,
    at_departure,
    at_designation,
    power_action,
    refused,
    table,
    use,
)

from app.games.deuxrois import designation
from app.games.deuxrois.deal import Room
from app.games.deuxrois.rules import build_rules
from app.games.deuxrois.ruleset import GameRules, Tx
from app.games.deuxrois.state import GameState
from app.games.deuxrois.views import player_view
from app.kernel.text import Text

NO_PUBLIC = Text("Pas de révélation publique.", "No public reveal.")
STORM = Text("Tempête.", "Storm.")


@pytest.fixture
def no_public_reveal() -> GameRules:
    def guard(state: GameState, shower: str, partner: str | None, kind: str) -> Text | None:
        return NO_PUBLIC if kind in ("publique", "privee") else None

    rules = build_rules()
    rules.reveal_guard(guard)
    return rules


@pytest.fixture
def storm() -> GameRules:
    def ban(state: GameState) -> Text | None:
        return STORM

    rules = build_rules()
    rules.move_bans.append(ban)
    return rules


def test_e15_a_power_whose_cost_is_banned_shows_the_guards_reason(no_public_reveal: GameRules) -> None:
    game = table(50, normandie=NORTH, rules=no_public_reveal)
    action = power_action(player_view(game.state, game.pid("porte_etendard_rouge")), "rally")
    assert not action["available"] and action["reason"]["en"] == "No public reveal."
    assert refused(game, "porte_etendard_rouge", "rally") == "reveal_blocked"  # the guard's own code (S21)


def test_e15_the_geolier_cannot_pay_either_way(no_public_reveal: GameRules) -> None:
    game, _, _ = at_departure(north=["guillaume"], rules=no_public_reveal)
    action = power_action(player_view(game.state, game.pid("geolier")), "block")
    assert not action["available"] and action["choices"] == []


def test_e7_a_room_change_ban_stops_the_vagabond_duc_and_navigateur(storm: GameRules) -> None:
    game, _, _ = at_departure(north=["duc_de_bretagne", "guillaume"], rules=storm)
    for name, power in (("vagabond", "survival"), ("duc_de_bretagne", "breton_alliance"),
                        ("navigateur_rouge", "navigate")):
        action = power_action(player_view(game.state, game.pid(name)), power)
        assert not action["available"] and action["reason"]["en"] == "Storm."


def test_e7_a_crossing_cancelled_by_an_earlier_step_cancels_the_x_powers() -> None:
    def cancel(tx: Tx, moves: dict[str, Room]) -> dict[str, Room]:
        return {}

    rules = build_rules()
    game, _, _ = at_departure(north=["guillaume"], rules=rules)
    use(game, "vagabond", "survival")
    use(game, "geolier", "block", target="guillaume")
    rules.departure_steps.insert(0, (0, cancel))
    game.tick()
    assert game.room(game.pid("vagabond")) is N and game.room(game.pid("guillaume")) is N
    assert not [e for e in game.log if e.type == "departure_changed"]


def test_quota_modifiers_add_up() -> None:
    def plus_three(state: GameState, room: Room) -> int:
        return 3 if room is A else 0  # like event 20 (E24)

    rules = build_rules()
    game = at_designation(north_general="commandant_rouge", rules=rules)
    rules.quota_modifiers.append(plus_three)
    use(game, "commandant_rouge", "escort")
    assert designation.quota(game.state, N) == 8 and designation.quota(game.state, A) == 9


def test_the_departure_step_runs_after_the_exchange_time_events() -> None:
    steps = build_rules().departure_steps
    orders = [order for order, _ in steps]
    assert orders == sorted(orders) and 50 in orders
    assert all(order < 50 for order, step in steps if step.__module__.startswith("app.games.deuxrois.historique"))
