"""The round state machine N -> E -> D -> X -> A (rulings §4.2-4.3, D1, D2, D12) and its timers."""

from __future__ import annotations

import pytest
from play_helpers import Game, table

from app.games.deuxrois.config import GameConfig, envoy_quota
from app.games.deuxrois.game import next_deadline


def phases(game: Game) -> list[tuple[int, str, int]]:
    """(round, phase, duration s) for every phase until the end, letting every timer run out."""
    seen = []
    while not game.state.over:
        start, key = game.now, (game.state.round, game.state.phase)
        game.tick()
        seen.append((key[0], key[1], (game.now - start) // 1000))
    return seen


def test_standard_game_timings_d1() -> None:
    seen = phases(table(6, normandie=(1, 3, 5)))
    negotiation = [d for r, p, d in seen if p == "N"]
    assert negotiation == [300, 240, 180, 180, 180]
    assert {(p, d) for r, p, d in seen if p != "N"} == {("E", 45), ("D", 60), ("X", 30), ("A", 20)}
    assert [p for r, p, d in seen[:5]] == ["N", "E", "D", "X", "A"]


def test_rapid_game_timings_d12() -> None:
    game = table(6, normandie=(1, 3, 5), config=GameConfig(rounds=3))
    seen = phases(game)
    assert [d for r, p, d in seen if p == "N"] == [240, 180, 180]
    assert game.state.round == 3 and game.state.result is not None


def test_timers_are_configurable() -> None:
    config = GameConfig(negotiation_s=(10, 20, 30, 40, 50), election_s=5, designation_s=6, departure_s=7,
                        arrival_s=8)
    seen = phases(table(6, normandie=(1, 3, 5), config=config))
    assert [d for r, p, d in seen if p == "N"] == [10, 20, 30, 40, 50]
    assert {(p, d) for r, p, d in seen if p != "N"} == {("E", 5), ("D", 6), ("X", 7), ("A", 8)}


def test_a_tick_before_the_deadline_is_refused_and_changes_nothing() -> None:
    game = table(6, normandie=(1, 3, 5))
    game.now = 299_999
    assert game.refused("system", {"type": "tick"}).code == "not_due"
    assert game.refused("p1", {"type": "tick"}).code == "not_allowed"


def test_the_game_ends_after_the_last_arrival_with_a_result() -> None:
    game = table(6, normandie=(1, 3, 5))
    phases(game)
    assert game.state.phase == "over" and next_deadline(game.state) is None
    assert game.state.result is not None and set(game.state.result["points"]) == set(game.state.cards)
    assert game.refused("p1", {"type": "reveal_public"}).code == "game_over"


@pytest.mark.parametrize(("players", "rounds", "quotas"), [
    (6, 5, [1, 1, 1, 1, 1]), (10, 5, [1, 1, 1, 1, 1]), (11, 5, [2, 2, 1, 1, 1]), (13, 5, [2, 2, 1, 1, 1]),
    (14, 5, [3, 2, 2, 1, 1]), (17, 5, [3, 2, 2, 1, 1]), (18, 5, [4, 3, 2, 1, 1]), (21, 5, [4, 3, 2, 1, 1]),
    (22, 5, [5, 4, 3, 2, 1]), (34, 5, [5, 4, 3, 2, 1]), (35, 5, [6, 5, 4, 3, 2]), (50, 5, [6, 5, 4, 3, 2]),
    (6, 3, [1, 1, 1]), (11, 3, [2, 1, 1]), (21, 3, [2, 1, 1]), (22, 3, [3, 2, 1]), (35, 3, [4, 3, 2]),
])
def test_envoy_quotas_d2(players: int, rounds: int, quotas: list[int]) -> None:
    assert [envoy_quota(players, rounds, r) for r in range(1, rounds + 1)] == quotas


def test_each_round_crosses_the_quota_from_each_room() -> None:
    game = table(14, normandie=range(1, 8))
    game.until("X", 1)
    locked = {room: des.named for room, des in game.state.designations.items()}
    assert all(len(named) == 3 for named in locked.values())
    before = dict(game.state.rooms)
    game.tick()  # X -> A: the crossing
    for named in locked.values():
        for pid in named:
            assert game.state.rooms[pid] is before[pid].other
    assert game.state.phase == "A"


def test_once_per_round_counters_reset_at_n() -> None:
    game = table(6, normandie=(1, 3, 5, 2))
    guillaume, harold = game.pid("guillaume"), game.pid("harold")
    game.do(guillaume, {"type": "use_power", "power": "authority", "target": harold})
    assert game.state.state_of(guillaume).round_uses("authority") == 1
    game.until("N", 2)
    assert game.state.state_of(guillaume).round_uses("authority") == 0
