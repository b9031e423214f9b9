"""Débarquement through its GameDefinition with the kernel's playout harness, as the server hosts it.

The harness checks what every game must hold (each decision's state is the
fold of its events, events survive JSON, a replay of the stored log gives the
same table, a refusal changes nothing); this test adds the leak scan: no
phone's view holds another seat's hand or hidden choice, and the screen none.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from app.games.debarquement.definition import GAME, DebarquementConfig, Table
from app.games.debarquement.state import Phase
from app.kernel.actor import Actor
from app.kernel.testing.playout import Move, Stored, play
from app.kernel.viewer import Viewer

T0 = 1_800_000_000_000
NAMES = ("Ana", "Bob", "Chloé", "Dan", "Eva", "Féli", "Gus", "Hana")


def _choose(table: Table, rng: random.Random) -> Move | None:
    s = table.state
    if s.phase is Phase.LOBBY:
        if len(s.seats) < _seats[0]:
            return Actor("player", None), {"type": "join", "name": NAMES[len(s.seats)]}
        return Actor.player(s.host or ""), {"type": "start"}
    if rng.random() < 0.05:
        return None  # now and then a player dawdles: the clock jumps to the deadline and the timer plays
    if s.phase is Phase.CHOOSING:
        player = rng.choice([p for p in s.player_ids if p not in s.chosen])
        return Actor.player(player), {"type": "play_card", "card": rng.choice(s.hands[player])}
    if s.awaiting_boat is not None:
        return Actor.player(s.awaiting_boat[1]), {"type": "choose_boat", "boat": rng.choice(["normand", "anglais"])}
    return Actor.player(s.host or ""), {"type": "next_manche"}


_seats = [2]


def _paths(value: Any, path: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], Any]]:
    """Every (path, value) under a key that holds cards of one seat: "hand" or "chosen"."""
    found: list[tuple[tuple[str, ...], Any]] = []
    if isinstance(value, dict):
        for key, inner in value.items():
            if key in ("hand", "chosen"):
                found.append(((*path, key), inner))
            found += _paths(inner, (*path, str(key)))
    elif isinstance(value, list):
        for i, inner in enumerate(value):
            found += _paths(inner, (*path, str(i)))
    return found


def _leaks(table: Table, viewer: Viewer, view: dict[str, Any]) -> list[str]:
    """A hand or a hidden choice anywhere but in the viewer's own `me`, or one that is not its own."""
    s = table.state
    own = {("me", "hand"): [c["number"] for c in (view.get("me") or {}).get("hand") or ()]}
    found = []
    for path, _cards in _paths(view):
        if viewer.kind != "player" or path not in (("me", "hand"), ("me", "chosen")):
            found.append("/".join(path))
    if viewer.kind == "player" and view.get("me") and own[("me", "hand")] != list(s.hands.get(viewer.player_id or "", ())):
        found.append("a hand that is not the viewer's")
    return found


def test_the_leak_check_finds_a_hand_out_of_place() -> None:
    table = GAME.replay([Stored(p, T0) for p in GAME.new_game(DebarquementConfig(), 1, T0)])
    view = {"me": None, "players": [{"name": "Bob", "hand": [{"number": 3}]}]}
    assert _leaks(table, Viewer("T", "player", "p1"), view) == ["players/0/hand"]
    assert _leaks(table, Viewer("T", "screen"), {"me": {"hand": []}}) == ["me/hand"]


@pytest.mark.parametrize("seats", [2, 5, 8])
@pytest.mark.parametrize("seed", range(3))
def test_whole_games_hold_the_kernel_invariants_and_leak_nothing(seats: int, seed: int) -> None:
    _seats[0] = seats
    config = DebarquementConfig(threshold=30)
    log = [Stored(p, T0) for p in GAME.new_game(config, seed, T0)]
    run = play(GAME, log, _choose, seed, seats=lambda t: t.state.player_ids, leaks=_leaks, start_ms=T0,
               config=config.model_dump())
    assert GAME.over(run.state), f"no end after {run.steps} steps"
    assert run.state.state.player_ids and len(run.state.state.player_ids) == seats
    assert not [r for r in run.refused if r[1] != "stale_tick"], run.refused[:3]
