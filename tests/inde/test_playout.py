"""Random whole games through GAME (the kernel's harness): every game ends after 44 actions, every
placement legal, the score's lines add up, replay equals state, and no view leaks (helpers.leaks)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from app.games.inde import GAME
from app.games.inde.board import adj, diag, orth
from app.games.inde.config import InDeConfig
from app.games.inde.events import PiecePlaced
from app.games.inde.model import State
from app.games.inde.pieces import Kind
from app.games.inde.placement import breach
from app.games.inde.position import Board, animal_groups, domain_palaces, kind_at, lone
from app.games.inde.scoring import scores
from app.games.inde.views import view_for
from app.kernel.actor import Actor
from app.kernel.testing.playout import Move, Stored, play
from app.kernel.viewer import Viewer
from inde.helpers import leaks

NEWCOMER = Actor("player", None)


def _log(seed: int, seats: tuple[str | None, str | None], config: InDeConfig) -> list[Stored]:
    """Game created, two seats (a name, or None for the computer at a level), started."""
    log = [Stored(p, 0) for p in GAME.new_game(config, seed=seed, at=0)]
    state = GAME.replay(log)
    commands: list[tuple[dict[str, Any], Actor]] = []
    for i, seat in enumerate(seats):
        if seat is None:
            commands.append(({"type": "add_bot", "level": "greedy" if i == 0 else "facile"}, Actor.moderator()))
        else:
            commands.append(({"type": "join", "name": seat}, NEWCOMER))
    commands.append(({"type": "start"}, Actor.moderator()))
    for raw, actor in commands:
        d = GAME.decide(state, GAME.parse_command(raw), actor, 1_000)
        log += [Stored(GAME.event_to_json(e), 1_000) for e in d.events]
        state = d.state
    return log


def choose(state: State, rng: random.Random) -> Move | None:
    """A person picks among what his phone offers: a random highlighted cell, sometimes a forfeit."""
    if state.turn is None:
        return None
    seat = state.player_of(state.turn.colour)
    if seat.bot is not None:
        return None  # the hub's timer sends bot_play
    view = view_for(state, Viewer("T", "player", seat.player_id))
    actions = {a["type"]: a for a in view["legal_actions"] if a["available"]}
    assert set(actions) - {"set_bot"} == {"place", "forfeit"}  # and who plays each seat (the table box)
    place = actions["place"]
    assert [o["value"] for o in place["options"]] == [c["key"] for c in view["me"]["legal_cells"]]
    if rng.random() < 0.05:
        return Actor.player(seat.player_id), {"type": "forfeit", **actions["forfeit"]["fixed"]}
    cell = rng.choice(place["options"])["value"]
    return Actor.player(seat.player_id), {"type": "place", "cell": cell, **place["fixed"]}


def invariants(board: Board) -> None:
    """P3 (and P4), J2, J3, one palais per domaine (J4), E2: nothing a placement forbids ever stands."""
    groups = animal_groups(board)
    for x, p in board.items():
        if p.kind is Kind.P:
            assert not any(board.get(y) in ((p.colour, Kind.P), (p.colour, Kind.J)) for y in diag(x))
            assert not any(board.get(y) == (p.colour, Kind.P) for y in orth(x))
        elif p.kind is Kind.J:
            assert not any(board.get(y) == (p.colour, Kind.J) for y in orth(x))
            assert len(domain_palaces(board, x)) == 1
        elif p.kind is Kind.E and lone(groups, x):
            assert not any(kind_at(board, y) is Kind.E and lone(groups, y) for y in adj(x))


SEATINGS: list[tuple[str | None, str | None]] = [("Vera", "Faisal"), ("Vera", None), (None, None)]


def _check(run_state: State, log: list[Stored]) -> None:
    assert GAME.over(run_state) and run_state.actions == 44
    assert all(side.actions == 22 for side in run_state.sides.values())
    invariants(run_state.board)
    final = scores(run_state.board)
    assert run_state.result is not None
    assert run_state.result.totals == {c: sum(line.points for line in s.lines) for c, s in final.items()}
    assert all(s.total == sum(s.by_code().values()) for s in final.values())
    placed = sum(1 for e in log if e.payload["type"] == "piece_placed")
    lost = sum(len(side.lost) for side in run_state.sides.values())
    assert placed + lost == 44 and len(run_state.board) == placed + 2


@pytest.mark.parametrize("seats", SEATINGS, ids=["two people", "person v bot", "bot v bot"])
def test_random_playouts(seats: tuple[str | None, str | None]) -> None:
    for seed in range(6):
        log = _log(seed, seats, InDeConfig(bot_delay_ms=500))
        run = play(GAME, log, choose, seed, seats=lambda s: [x.player_id for x in s.seats], leaks=leaks)
        assert not run.refused, run.refused
        _check(run.state, run.log)
        events = [GAME.event_from_json(e.payload) for e in run.log]
        state = GAME.replay(log)
        for event in events[len(log):]:  # every placement was legal on the position it met
            if isinstance(event, PiecePlaced):
                assert breach(state.board, event.colour, event.kind, event.cell) is None
            state = GAME.evolve(state, event, 0)
            invariants(state.board)


@pytest.mark.slow
@pytest.mark.parametrize("seats", SEATINGS, ids=["two people", "person v bot", "bot v bot"])
def test_many_random_playouts(seats: tuple[str | None, str | None]) -> None:
    for seed in range(100, 140):
        log = _log(seed, seats, InDeConfig())
        run = play(GAME, log, choose, seed, seats=lambda s: [x.player_id for x in s.seats])
        assert not run.refused
        _check(run.state, run.log)
