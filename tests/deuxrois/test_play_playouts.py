"""Random whole-game playouts (OpenSpiel style): a seeded bot plays only the actions the views offer.

After every command: each player stands in exactly one room, the card multiset
is conserved, no player view carries a card its viewer did not see (checked
against the log, not against the knowledge store), every offered action is
accepted. At the end: the game ended, scoring gave a result, and the replay of
the log (also through JSON) gives the same state.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from typing import Any

import pytest
from play_helpers import Game, bot_step, random_game

from app.games.deuxrois.events import event_from_json, event_to_json
from app.games.deuxrois.game import replay
from app.games.deuxrois.views import moderator_view, player_view, screen_view

_CARD = re.compile(r'"number": (\d+), "key": ')


def cards_in(view: Any) -> set[int]:
    """Every card number a view carries (card objects start with "number" then "key")."""
    return {int(n) for n in _CARD.findall(json.dumps(view))}


def check_invariants(game: Game, rng: random.Random, deck: Counter[int], all_views: bool) -> None:
    state = game.state
    ids = [p.id for p in state.players]
    assert sorted(state.rooms) == sorted(ids) and set(state.rooms.values()) <= {"normandie", "angleterre"}
    assert Counter(state.cards.values()) == deck
    if state.over:
        return
    for pid in ids if all_views else rng.sample(ids, min(3, len(ids))):
        view = player_view(state, pid)
        leaked = cards_in(view) - game.held[pid] - game.seen.get(pid, set())
        assert not leaked, f"{pid} sees cards {leaked} never shown to him"
    assert not cards_in(screen_view(state))


def play_out(n: int, seed: int, rounds: int = 5) -> Game:
    rng = random.Random(seed * 7919 + n)
    game = random_game(n, seed, rounds)
    deck = Counter(game.state.cards.values())
    acted_in_phase, phase_key, snapshots = 0, None, []
    budget = max(8, n)
    for _step in range(20000):
        if game.state.over:
            break
        key = (game.state.round, game.state.phase)
        if key != phase_key:
            phase_key, acted_in_phase = key, 0
            check_invariants(game, rng, deck, all_views=n <= 12)
            if rng.random() < 0.1:
                snapshots.append((len(game.log), game.state))
        move = bot_step(game, rng) if acted_in_phase < budget and rng.random() < 0.85 else None
        if move is None:
            game.tick()
        else:
            game.do(*move)
            acted_in_phase += 1
        check_invariants(game, rng, deck, all_views=False)
    else:
        raise AssertionError("the game never ended")
    assert game.state.result is not None and game.state.result["outcome"]
    assert set(game.state.result["points"]) == {p.id for p in game.state.players}
    assert replay(game.log) == game.state
    for length, state in snapshots:
        assert replay(game.log[:length]) == state
    assert replay(event_from_json(event_to_json(e)) for e in game.log) == game.state
    moderator_view(game.state)
    return game


@pytest.mark.parametrize("n", [6, 7, 9, 12, 16, 21, 26, 35, 42, 50])
def test_playout_each_size(n: int) -> None:
    play_out(n, seed=n)


@pytest.mark.parametrize("n", [6, 11, 22, 36])
def test_playout_rapid(n: int) -> None:
    game = play_out(n, seed=100 + n, rounds=3)
    assert game.state.round == 3


@pytest.mark.slow
@pytest.mark.parametrize("batch", range(8))
def test_playout_batch(batch: int) -> None:
    """The big batch: 25 games per case across 6..50 players (still part of `make test`)."""
    rng = random.Random(batch)
    for i in range(25):
        n = rng.randint(6, 50)
        play_out(n, seed=batch * 1000 + i, rounds=rng.choice((5, 3)))
