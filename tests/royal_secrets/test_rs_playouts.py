"""Random whole games through the kernel's harness: a seeded bot plays only what the views offer.

After every command: every view builds and leaks nothing (4.3), and the
invariants of rulings 1.8 hold (cards conserved, both Courtisan 0s home at each
round start, at most one lone Audience and 14 Cardinal draws, one card up and
one down per player, fleurs never below 0). At the end: every game ended, no
offered action was refused, and the replay of the log gives the same state.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from app.games.royal_secrets.cards import AUDIENCE_CARDS, SIDES
from app.games.royal_secrets.config import RoyalSecretsConfig
from app.games.royal_secrets.state import State
from app.kernel.actor import Actor
from app.kernel.testing.playout import Stored, play
from app.kernel.viewer import Viewer
from royal_secrets.helpers import GAME, MOD, NAMES, leaks, offered, pick


def lobby_log(n: int, seed: int, config: RoyalSecretsConfig) -> list[Stored]:
    log = [Stored(p, 0) for p in GAME.new_game(config, seed, 0)]
    state = GAME.replay(log)
    for name in NAMES[:n]:
        d = GAME.decide(state, GAME.parse_command({"type": "join", "name": name}), Actor.player(None), 1)
        log += [Stored(GAME.event_to_json(e), 1) for e in d.events]
        state = d.state
    return log


def invariants(state: State) -> None:
    if not state.started:
        return
    rnd = state.rnd
    zones: list[str] = [c for h in state.hands.values() for c in h]
    zones += list(state.valet_pile) + list(state.cardinal_pile) + [c for c, _ in state.cardinal_used]
    zones += list(state.discard)
    if not rnd.ended:
        zones += [b.card for b in rnd.bets]
    assert Counter(zones) == Counter(list(state.cards)), "cards are not conserved (I1)"
    audiences = [a for p in state.audience_piles.values() for a in p] + list(state.set_aside)
    audiences += list(state.audience_discard) + [h.audience for held in state.faveurs.values() for h in held]
    if rnd.number and not rnd.ended:
        audiences += list(rnd.audience.values())
    assert sorted(audiences) == sorted(AUDIENCE_CARDS), "Audience cards are not conserved (I1)"
    if state.phase in ("etiquette", "choose") and not rnd.bets:
        for p in state.ring:
            zeros = {f"{p}-0a", f"{p}-0b"}
            assert zeros <= set(state.hands[p]), "a Courtisan 0 is not home at the round start (I2)"
    assert sum(1 for s in SIDES if rnd.solo.get(s) is not None) <= 1, "two lone Audiences (I3)"
    assert len(state.cardinal_used) + len(state.cardinal_pile) + sum(b.owner is None for b in rnd.bets
                                                                     if not rnd.ended) == 14
    if state.phase in ("w2", "counting", "tiebreak", "w3"):
        for p in state.ring:
            assert sorted(b.face for b in rnd.bets_of(p)) == ["down", "up"], "one card up, one down (I4)"
    assert all(v >= 0 for v in state.fleurs.values()), "fleurs below 0 (RS-6)"


def chooser(state: State, rng: random.Random) -> tuple[Actor, dict[str, Any]] | None:
    invariants(state)
    if state.phase == "lobby":
        return MOD, {"type": "start"}
    if state.paused:
        return MOD, {"type": "mod_resume"}
    roll = rng.random()
    if roll < 0.01:
        return MOD, {"type": "mod_pause"}
    moves: list[tuple[Actor, Any]] = []
    for pid in state.ring:
        moves += [(Actor.player(pid), a) for a in offered(state, Viewer("T", "player", pid))]
    if roll < 0.06:
        moves = [(MOD, a) for a in offered(state, Viewer("T", "moderator")) if a.type == "mod_play_for"] or moves
    if not moves:
        return None
    who, action = rng.choice(moves)
    return who, pick(action, rng)


def seats(state: State) -> list[str]:
    return list(state.ring) or [s.player_id for s in state.seats]


def run(n: int, seed: int, config: RoyalSecretsConfig | None = None, check: bool = True) -> State:
    cfg = config or RoyalSecretsConfig()
    result = play(GAME, lobby_log(n, seed, cfg), chooser, seed, seats=seats, leaks=leaks if check else None)
    assert result.refused == [], f"offered actions were refused: {result.refused[:3]}"
    assert GAME.over(result.state), f"the game did not end (phase {result.state.phase})"
    invariants(result.state)
    assert result.state.result is not None
    return result.state


@pytest.mark.parametrize("n", [3, 4, 5])
@pytest.mark.parametrize("seed", [1, 2])
def test_random_games_end_with_no_leak_and_every_offered_action_accepted(n: int, seed: int) -> None:
    run(n, seed)


@pytest.mark.parametrize("config", [
    RoyalSecretsConfig(public_scores=True),
    RoyalSecretsConfig(audience_layout="mixed"),
    RoyalSecretsConfig(round_opener="designates"),
])
def test_random_games_under_each_host_option(config: RoyalSecretsConfig) -> None:
    run(4, 7, config)


@pytest.mark.slow
@pytest.mark.parametrize("n", [3, 4, 5])
def test_many_random_games(n: int) -> None:
    for seed in range(100, 140):
        run(n, seed, check=seed % 4 == 0)
