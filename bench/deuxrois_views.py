"""Deux Rois's views and phone regions at 50 players, mid-negotiation: what one fan-out builds.

The game is set up through the rules (50 joins, `start` with rooms alternating, a round of
complètes already made, a few requests waiting), then each operation is one tap (a complète
request, or its answer) followed by what the hub builds for the new state: 50 `player_view`s (the
first of a state also answers what every phone asks of it, so it is timed apart),
the `screen_view`, the `moderator_view`, and the phone regions the presenter re-renders (the
diff against the previous view, as a socket would get it). Timed (CPU time of the thread) per view
kind and per 52-view rebuild; `python -m bench.deuxrois_views --profile` prints a cProfile of the rebuilds.
"""

from __future__ import annotations

import cProfile
import gc
import pstats
import sys
import time
from typing import Any

from app.games.deuxrois.commands import parse_command
from app.games.deuxrois.config import GameConfig
from app.games.deuxrois.definition import PAGES
from app.games.deuxrois.game import Actor, decide, evolve, new_game, replay
from app.games.deuxrois.state import GameState
from app.games.deuxrois.views import moderator_view, player_view, screen_view
from app.kernel.viewer import Viewer
from app.web.presenter import HtmlPresenter
from bench.harness import Options, Result, Timer, benchmark

PLAYERS = 50
# CPU time of this thread, not the wall clock: the machine is shared, and what a view costs is its CPU.
_now = time.thread_time_ns
T0 = 1_764_470_000_000
View = dict[str, Any]


def _do(state: GameState, actor: Actor, command: dict[str, Any], at: int) -> GameState:
    for ev in decide(state, parse_command(command), actor, at):
        state = evolve(state, ev)
    return state


def mid_negotiation() -> tuple[GameState, list[str]]:
    """A 50-player game in round 1's negotiation: 25 per room, a dozen complètes made, 4 requests waiting."""
    state = replay(new_game(GameConfig(), seed=7, now_ms=T0))
    for i in range(PLAYERS):
        state = _do(state, Actor.player(f"x{i}"), {"type": "join", "name": f"Joueur {i + 1}"}, T0)
    rooms = ["normandie" if i % 2 == 0 else "angleterre" for i in range(PLAYERS)]
    state = _do(state, Actor.moderator(), {"type": "start", "rooms": rooms}, T0)
    for prompt in list(state.prompts.values()):  # the Infidèle's colour, if dealt
        state = _do(state, Actor.player(prompt.player_id),
                    {"type": "answer_prompt", "prompt_id": prompt.id, "choice": prompt.options[0]}, T0)
    assert state.phase == "N", state.phase
    room = [p.id for p in state.players if state.rooms[p.id] is state.rooms[state.players[0].id]]
    at = T0 + 1000
    for i in range(12):  # complètes already made: knowledge, feeds and log to describe
        state = _complete(state, room[(2 * i) % len(room)], room[(2 * i + 1) % len(room)], at)
        at += 1000
    for i in range(4):  # requests waiting for an answer
        a, b = room[(2 * i + 1) % len(room)], room[(2 * i + 2) % len(room)]
        state = _do(state, Actor.player(a), {"type": "request_reveal", "target": b, "kind": "complete"}, at)
    return state, room


def _complete(state: GameState, a: str, b: str, at: int) -> GameState:
    state = _do(state, Actor.player(a), {"type": "request_reveal", "target": b, "kind": "complete"}, at)
    rid = next(r.id for r in state.requests.values() if r.from_id == a and r.to_id == b)
    return _do(state, Actor.player(b), {"type": "answer_reveal", "request_id": rid, "accept": True}, at)


def taps(state: GameState, room: list[str], n: int) -> list[GameState]:
    """The states after each of `n` taps: a complète request, then its acceptance, alternately."""
    out, at = [], T0 + 100_000
    for i in range(4 * n):
        if len(out) >= n:
            break
        a, b = room[(2 * i + 9) % len(room)], room[(2 * i + 10) % len(room)]
        if any({r.from_id, r.to_id} & {a, b} for r in state.requests.values()):
            continue
        state = _do(state, Actor.player(a), {"type": "request_reveal", "target": b, "kind": "complete"}, at)
        out.append(state)
        rid = next(r.id for r in state.requests.values() if r.from_id == a and r.to_id == b)
        state = _do(state, Actor.player(b), {"type": "answer_reveal", "request_id": rid, "accept": True}, at)
        out.append(state)
        at += 1000
    return out[:n]


class Rebuild:
    """One fan-out's work for a new state: every view, then the regions that changed, per socket."""

    def __init__(self, state: GameState) -> None:
        self.presenter = HtmlPresenter(PAGES)
        self.viewers = [Viewer("BNCH", "player", p.id) for p in state.players]
        self.last: dict[Viewer, View | None] = {v: None for v in self.viewers}
        self.sent: dict[Viewer, dict[str, str]] = {v: {} for v in self.viewers}
        self.timers = {k: Timer() for k in ("player_view", "first_view", "screen_view", "moderator_view", "views",
                                            "regions", "tap")}
        self.region_bytes: list[int] = []
        self.views(state)
        self.render(self.views(state), timed=False)  # the first, whole-page render: not what a tap costs

    def views(self, state: GameState, timed: bool = False) -> dict[Viewer, View]:
        out: dict[Viewer, View] = {}
        t = self.timers
        start = _now()
        for i, v in enumerate(self.viewers):
            assert v.player_id is not None
            s = _now()
            out[v] = player_view(state, v.player_id)
            if timed:
                t["first_view" if i == 0 else "player_view"].add(_now() - s)
        s = _now()
        screen_view(state)
        m = _now()
        moderator_view(state)
        end = _now()
        if timed:
            t["screen_view"].add(m - s)
            t["moderator_view"].add(end - m)
            t["views"].add(end - start)
        return out

    def render(self, views: dict[Viewer, View], timed: bool = True) -> None:
        cache: dict[Any, str] = {}
        pushed = 0
        start = _now()
        for v, view in views.items():
            message = self.presenter.push(v, view, self.last[v], self.sent[v], cache)
            self.last[v] = view
            pushed += len(message or "")
        if timed:
            self.timers["regions"].add(_now() - start)
            self.region_bytes.append(pushed)

    def step(self, state: GameState) -> None:
        start = _now()
        self.render(self.views(state, timed=True))
        self.timers["tap"].add(_now() - start)


def _run(n: int) -> Rebuild:
    state, room = mid_negotiation()
    rebuild = Rebuild(state)
    states = taps(state, room, n)
    # What the set-up left stays out of the collector's way (as a server does after loading its games,
    # gc.freeze): the collections a rebuild's own garbage causes are still counted.
    gc.collect()
    gc.freeze()
    try:
        for s in states:
            rebuild.step(s)
    finally:
        gc.unfreeze()
    return rebuild


@benchmark("deuxrois-views", "50-player Deux Rois mid-negotiation: each view, the 52-view rebuild, phone regions")
def deuxrois_views(options: Options) -> list[Result]:
    r = _run(options.scale(40))
    t = r.timers
    assert all(r.region_bytes), "a tap pushed no HTML: the benchmark measured nothing"
    return [Result("player_view (the first)", t["first_view"].samples_ns),
            Result("player_view (each next)", t["player_view"].samples_ns),
            Result("screen_view", t["screen_view"].samples_ns),
            Result("moderator_view", t["moderator_view"].samples_ns),
            Result("52 views (one state)", t["views"].samples_ns),
            Result("50 phones' regions (push diff)", t["regions"].samples_ns),
            Result("52 views + regions (a tap)", t["tap"].samples_ns,
                   info={"backend": f"{sum(r.region_bytes) / len(r.region_bytes) / 1024:.1f} KB HTML pushed/tap"})]


def profile(n: int = 30, top: int = 40) -> None:
    """cProfile of `n` taps' rebuilds (views and regions), sorted by own time then cumulative."""
    state, room = mid_negotiation()
    rebuild = Rebuild(state)
    states = taps(state, room, n)
    prof = cProfile.Profile()
    prof.enable()
    for s in states:
        rebuild.step(s)
    prof.disable()
    stats = pstats.Stats(prof, stream=sys.stdout)
    stats.sort_stats("cumulative").print_stats(top)
    stats.sort_stats("tottime").print_stats(top)


if __name__ == "__main__":  # python -m bench.deuxrois_views --profile [TAPS]
    if sys.argv[1:2] != ["--profile"]:
        sys.exit("usage: python -m bench.deuxrois_views --profile [TAPS]   (the timings: python -m bench deuxrois-views)")
    profile(int(sys.argv[2]) if len(sys.argv) > 2 else 30)
