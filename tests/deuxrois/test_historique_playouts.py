"""Random whole games with Mode Historique on, keeping every invariant of the engine's playout test
(each player in one room, the card multiset, no leak in any view, every offered action accepted,
the game ends, replay and JSON round-trip give the same state). The moderator sometimes picks the
event himself so that all 28 are played across the seeds."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from play_helpers import Game, bot_step
from test_play_playouts import check_invariants

from app.games.deuxrois.config import GameConfig
from app.games.deuxrois.events import event_from_json, event_to_json
from app.games.deuxrois.game import Actor, replay
from app.games.deuxrois.historique.events import HistoricalEventDrawn
from app.games.deuxrois.historique.powers import POWERS
from app.games.deuxrois.views import moderator_view, player_view, screen_view


def historique_game(n: int, seed: int, rounds: int) -> Game:
    game = Game(seed, GameConfig(rounds=rounds, historique=True))  # type: ignore[arg-type]
    rng = random.Random(seed)
    for i in range(n):
        game.do(Actor.player(f"x{i}"), {"type": "join", "name": f"Joueur {i + 1}",
                                         "birth_year": rng.choice([None, rng.randint(1940, 2010)])})
    game.do("moderator", {"type": "start"})
    return game


def historique_step(game: Game, rng: random.Random) -> tuple[str, dict[str, Any]] | None:
    """A général's number, a zone change or an event's power, from the actions the views offer."""
    for p in rng.sample(list(game.state.players), len(game.state.players)):
        for action in player_view(game.state, p.id)["actions"]:
            if not action["available"]:
                continue
            if action["type"] == "historique_number" and rng.random() < 0.5:
                cmd: dict[str, Any] = {"type": "historique_number", "random": rng.random() < 0.2}
                if not cmd["random"]:
                    cmd["number"] = rng.randint(action["min"], action["max"])
                return p.id, cmd
            if action["type"] == "set_zone" and rng.random() < 0.3:
                return p.id, {"type": "set_zone", "zone": rng.choice(action["options"])}
            if action["type"] == "use_power" and action["power"] in POWERS and action["targets"] != [] \
                    and rng.random() < 0.5:
                target = rng.choice(action["targets"]) if action["targets"] else None
                return p.id, {"type": "use_power", "power": action["power"], "target": target}
    return None


def play(n: int, seed: int, rounds: int = 5, events: list[int] | None = None) -> Game:
    rng = random.Random(seed * 7919 + n)
    game = historique_game(n, seed, rounds)
    deck = Counter(game.state.cards.values())
    acted, phase_key = 0, None
    budget = max(8, n)
    for _step in range(20000):
        if game.state.over:
            break
        key = (game.state.round, game.state.phase)
        if key != phase_key:
            phase_key, acted = key, 0
            check_invariants(game, rng, deck, all_views=n <= 12)
            if game.state.phase == "X" and events:
                game.do("moderator", {"type": "mod_historique_pick", "number": events.pop(0)})
        roll = rng.random()
        move = None
        if acted < budget and roll < 0.85:
            move = historique_step(game, rng) if roll < 0.3 else bot_step(game, rng)
        if move is None:
            game.tick()
        else:
            game.do(*move)
            acted += 1
        check_invariants(game, rng, deck, all_views=False)
    else:
        raise AssertionError("the game never ended")
    assert game.state.result is not None and game.state.result["outcome"]
    assert replay(game.log) == game.state
    assert replay(event_from_json(event_to_json(e)) for e in game.log) == game.state
    moderator_view(game.state)
    screen_view(game.state)
    return game


@pytest.mark.parametrize(("n", "rounds"), [(6, 5), (9, 3), (12, 5), (16, 5), (26, 3), (40, 5)])
def test_historique_playout_by_sums(n: int, rounds: int) -> None:
    game = play(n, seed=n, rounds=rounds)
    drawn = [e for e in game.log if isinstance(e, HistoricalEventDrawn)]
    assert len(drawn) == rounds and all(2 <= e.number <= 28 and e.source == "sum" for e in drawn)


# Every event 1..28 is played in round 1..4 of some game (the moderator's pick), then in force in the next.
SCHEDULES = [list(range(k, 29, 7)) for k in range(1, 8)]


@pytest.mark.parametrize("schedule", SCHEDULES, ids=[f"events-{s[0]}-{s[-1]}" for s in SCHEDULES])
def test_historique_playout_every_event(schedule: list[int]) -> None:
    game = play(14, seed=schedule[0] * 31, rounds=5, events=list(schedule))
    picked = [e.number for e in game.log if isinstance(e, HistoricalEventDrawn) and e.source == "moderator"]
    assert picked == schedule
