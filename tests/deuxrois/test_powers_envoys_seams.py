"""The envoy powers meet the other rules through seams: reveal guards (event 11), room-change bans (event 2),
the departure steps of the crossing and the quota modifiers of the designation."""

from __future__ import annotations

from collections.abc import Iterator

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
from app.games.deuxrois.crossing import DEPARTURE_STEPS
from app.games.deuxrois.deal import Room
from app.games.deuxrois.fold import Tx
from app.games.deuxrois.powers import envoy_plan
from app.games.deuxrois.powers.registry import REVEAL_GUARDS
from app.games.deuxrois.state import GameState
from app.games.deuxrois.views import player_view
from app.kernel.text import Text

NO_PUBLIC = Text("Pas de révélation publique.", "No public reveal.")
STORM = Text("Tempête.", "Storm.")


@pytest.fixture
def no_public_reveal() -> Iterator[None]:
    def guard(state: GameState, shower: str, partner: str | None, kind: str) -> Text | None:
        return NO_PUBLIC if kind in ("publique", "privee") else None

    REVEAL_GUARDS.append(guard)
    yield
    REVEAL_GUARDS.remove(guard)


@pytest.fixture
def storm() -> Iterator[None]:
    def ban(state: GameState) -> Text | None:
        return STORM

    envoy_plan.MOVE_BANS.append(ban)
    yield
    envoy_plan.MOVE_BANS.remove(ban)


def test_e15_a_power_whose_cost_is_banned_shows_the_guards_reason(no_public_reveal: None) -> None:
    game = table(50, normandie=NORTH)
    action = power_action(player_view(game.state, game.pid("porte_etendard_rouge")), "rally")
    assert not action["available"] and action["reason"]["en"] == "No public reveal."
    assert refused(game, "porte_etendard_rouge", "rally") == "power_unavailable"


def test_e15_the_geolier_cannot_pay_either_way(no_public_reveal: None) -> None:
    game, _, _ = at_departure(north=["guillaume"])
    action = power_action(player_view(game.state, game.pid("geolier")), "block")
    assert not action["available"] and action["choices"] == []


def test_e7_a_room_change_ban_stops_the_vagabond_duc_and_navigateur(storm: None) -> None:
    game, _, _ = at_departure(north=["duc_de_bretagne", "guillaume"])
    for name, power in (("vagabond", "survival"), ("duc_de_bretagne", "breton_alliance"),
                        ("navigateur_rouge", "navigate")):
        action = power_action(player_view(game.state, game.pid(name)), power)
        assert not action["available"] and action["reason"]["en"] == "Storm."


def test_e7_a_crossing_cancelled_by_an_earlier_step_cancels_the_x_powers() -> None:
    def cancel(tx: Tx, moves: dict[str, Room]) -> dict[str, Room]:
        return {}

    game, _, _ = at_departure(north=["guillaume"])
    use(game, "vagabond", "survival")
    use(game, "geolier", "block", target="guillaume")
    DEPARTURE_STEPS.insert(0, (0, cancel))
    try:
        game.tick()
    finally:
        DEPARTURE_STEPS.remove((0, cancel))
    assert game.room(game.pid("vagabond")) is N and game.room(game.pid("guillaume")) is N
    assert not [e for e in game.log if e.type == "departure_changed"]


def test_quota_modifiers_add_up() -> None:
    game = at_designation(north_general="commandant_rouge")

    def plus_three(state: GameState, room: Room) -> int:
        return 3 if room is A else 0  # like event 20 (E24)

    designation.QUOTA_MODIFIERS.append(plus_three)
    try:
        use(game, "commandant_rouge", "escort")
        assert designation.quota(game.state, N) == 8 and designation.quota(game.state, A) == 9
    finally:
        designation.QUOTA_MODIFIERS.remove(plus_three)


def test_the_departure_step_runs_after_the_exchange_time_events() -> None:
    orders = [order for order, _ in DEPARTURE_STEPS]
    assert orders == sorted(orders) and 50 in orders
    assert all(order < 50 for order, step in DEPARTURE_STEPS if step.__module__.startswith("app.games.deuxrois.historique"))
