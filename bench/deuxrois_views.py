"""Deux Rois's views and phone regions at 50 players, mid-negotiation: what one fan-out builds.

The game is set up through the rules (50 joins, `start` with rooms alternating, a dozen complètes
made, four requests waiting), then each operation is one tap (a complète request, or its answer)
and what the hub builds for the new state:

* every view (`view_for`): 50 phones' (the first of a state also answers what every phone asks of
  that state, so it is timed apart), the big screen's and the dashboard's, then the regions the
  presenter re-renders for each socket;
* the views of the tap's audience only (`GameDefinition.audience`: the two players and the
  dashboard), as the hub does, and their regions.

Timed in CPU time of the thread (the machine is shared); no database, no sockets (`fanout-50` has
the whole hub). `python -m bench.deuxrois_views --profile [TAPS]` prints a cProfile of the rebuilds;
`--audiences [PAIRS]` counts whom random complètes reach (every page, a room, a few phones).
"""

from __future__ import annotations

import cProfile
import gc
import pstats
import random
import sys
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from app.games.deuxrois.commands import parse_command
from app.games.deuxrois.config import GameConfig
from app.games.deuxrois.definition import GAME, PAGES
from app.games.deuxrois.events import Event
from app.games.deuxrois.game import Actor, decide, evolve, new_game, replay
from app.games.deuxrois.state import GameState
from app.kernel.viewer import Viewer
from app.web.presenter import HtmlPresenter
from app.web.templating import forget_fragments
from bench.harness import Options, Result, Timer, benchmark

PLAYERS = 50
T0 = 1_764_470_000_000
View = dict[str, Any]
Tap = tuple[GameState, list[Event], GameState]  # before, the events, after
_now = time.thread_time_ns  # CPU time of this thread, not the wall clock: the machine is shared


def _do(state: GameState, actor: Actor, command: dict[str, Any], at: int) -> tuple[GameState, list[Event]]:
    events = decide(state, parse_command(command), actor, at)
    for ev in events:
        state = evolve(state, ev)
    return state, events


def mid_negotiation() -> tuple[GameState, list[str]]:
    """A 50-player game in round 1's negotiation: 25 per room, a dozen complètes made, 4 requests waiting."""
    state = replay(new_game(GameConfig(), seed=7, now_ms=T0))
    for i in range(PLAYERS):
        state, _ = _do(state, Actor.player(f"x{i}"), {"type": "join", "name": f"Joueur {i + 1}"}, T0)
    rooms = ["normandie" if i % 2 == 0 else "angleterre" for i in range(PLAYERS)]
    state, _ = _do(state, Actor.moderator(), {"type": "start", "rooms": rooms}, T0)
    for prompt in list(state.prompts.values()):  # the Infidèle's colour, if dealt
        state, _ = _do(state, Actor.player(prompt.player_id),
                       {"type": "answer_prompt", "prompt_id": prompt.id, "choice": prompt.options[0]}, T0)
    assert state.phase == "N", state.phase
    room = [p.id for p in state.players if state.rooms[p.id] is state.rooms[state.players[0].id]]
    at = T0 + 1000
    for i in range(12):  # complètes already made: knowledge, feeds and log to describe
        state = _complete(state, room[(2 * i) % len(room)], room[(2 * i + 1) % len(room)], at)[-1][2]
        at += 1000
    for i in range(4):  # requests waiting for an answer
        a, b = room[(2 * i + 1) % len(room)], room[(2 * i + 2) % len(room)]
        state, _ = _do(state, Actor.player(a), {"type": "request_reveal", "target": b, "kind": "complete"}, at)
    return state, room


def _complete(state: GameState, a: str, b: str, at: int) -> list[Tap]:
    asked, events = _do(state, Actor.player(a), {"type": "request_reveal", "target": b, "kind": "complete"}, at)
    rid = next(r.id for r in asked.requests.values() if r.from_id == a and r.to_id == b)
    shown, answer = _do(asked, Actor.player(b), {"type": "answer_reveal", "request_id": rid, "accept": True}, at)
    return [(state, events, asked), (asked, answer, shown)]


def taps(state: GameState, room: list[str], n: int) -> list[Tap]:
    """`n` taps in a row: a complète request, then its acceptance, between free players of one room."""
    out: list[Tap] = []
    at = T0 + 100_000
    for i in range(4 * n):
        a, b = room[(2 * i + 9) % len(room)], room[(2 * i + 10) % len(room)]
        if len(out) >= n or any({r.from_id, r.to_id} & {a, b} for r in state.requests.values()):
            continue
        out += _complete(state, a, b, at)
        state = out[-1][2]
        at += 1000
    return out[:n]


class Sockets:
    """The 52 viewers of one game and what each socket was last sent (the presenter's digests)."""

    def __init__(self, state: GameState) -> None:
        self.presenter = HtmlPresenter(PAGES)
        self.viewers = [Viewer("BNCH", "player", p.id) for p in state.players]
        self.viewers += [Viewer("BNCH", "moderator"), Viewer("BNCH", "screen")]
        self.sent: dict[Viewer, dict[str, bytes]] = {v: {} for v in self.viewers}
        self.timers = {k: Timer() for k in ("first_view", "player_view", "screen_view", "moderator_view", "views",
                                            "regions", "tap", "audience")}
        self.pushed: dict[str, list[int]] = {"tap": [], "audience": []}
        self.push(state, self.viewers, timed=None)  # the first, whole-page render: not what a tap costs

    def views(self, state: GameState, viewers: list[Viewer], timed: bool) -> dict[Viewer, View]:
        out: dict[Viewer, View] = {}
        t, first = self.timers, True
        start = _now()
        for v in viewers:
            s = _now()
            out[v] = GAME.view_for(state, v, ())
            if timed:
                kind = ("first_view" if first else "player_view") if v.kind == "player" else f"{v.kind}_view"
                t[kind].add(_now() - s)
            first = first and v.kind != "player"
        if timed:
            t["views"].add(_now() - start)
        return out

    def push(self, state: GameState, viewers: list[Viewer], timed: str | None) -> None:
        """Build these viewers' views and push their changed regions; `timed` names the whole's timer."""
        start = _now()
        built = self.views(state, viewers, timed=timed == "tap")
        cache: dict[Any, str] = {}  # one fan-out's shared renders
        pushed = 0
        regions = _now()
        for v, view in built.items():
            pushed += len(self.presenter.push(v, view, self.sent[v], cache) or "")
        if timed is not None:
            end = _now()
            if timed == "tap":
                self.timers["regions"].add(end - regions)
            self.timers[timed].add(end - start)
            self.pushed[timed].append(pushed)


@contextmanager
def _quiet_collector() -> Iterator[None]:
    """What the set-up left stays out of the collector's way (as the server does after loading its games,
    gc.freeze): the collections a rebuild's own garbage causes are still counted."""
    gc.collect()
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


@benchmark("deuxrois-views", "50-player Deux Rois mid-negotiation: each view, the 52-view rebuild, phone regions")
def deuxrois_views(options: Options) -> list[Result]:
    state, room = mid_negotiation()
    forget_fragments()  # whatever an earlier benchmark of this process kept
    every, narrow = Sockets(state), Sockets(state)
    played = taps(state, room, options.scale(40))
    with _quiet_collector():
        for _, _, after in played:
            every.push(after, every.viewers, timed="tap")
        forget_fragments()  # the same states again: the kept room-mates' boxes would all be warm
        for before, events, after in played:
            audience = GAME.audience(before, events, after)
            narrow.push(after, [v for v in narrow.viewers if audience.concerns(v)], timed="audience")
    assert all(every.pushed["tap"]) and all(narrow.pushed["audience"]), "a tap pushed no HTML: nothing measured"
    t = every.timers

    def kb(pushes: list[int]) -> dict[str, str]:
        return {"backend": f"{sum(pushes) / len(pushes) / 1024:.1f} KB of HTML pushed a tap"}

    return [Result("player_view (the first)", t["first_view"].samples_ns),
            Result("player_view (each next)", t["player_view"].samples_ns),
            Result("screen_view", t["screen_view"].samples_ns),
            Result("moderator_view", t["moderator_view"].samples_ns),
            Result("52 views (one state)", t["views"].samples_ns),
            Result("52 sockets' regions", t["regions"].samples_ns),
            Result("tap, 52 views + regions", t["tap"].samples_ns, info=kb(every.pushed["tap"])),
            Result("tap, audience's views + regions", narrow.timers["audience"].samples_ns,
                   info=kb(narrow.pushed["audience"]))]


def profile(n: int = 30, top: int = 40) -> None:
    """cProfile of `n` taps' whole rebuilds (views and regions), sorted by cumulative then own time."""
    state, room = mid_negotiation()
    sockets = Sockets(state)
    played = taps(state, room, n)
    prof = cProfile.Profile()
    with _quiet_collector():
        prof.enable()
        for _, _, after in played:
            sockets.push(after, sockets.viewers, timed="tap")
        prof.disable()
    stats = pstats.Stats(prof, stream=sys.stdout)
    stats.sort_stats("cumulative").print_stats(top)
    stats.sort_stats("tottime").print_stats(top)


def audiences(pairs: int = 600, seed: int = 1) -> Counter[str]:
    """Whom the taps of `pairs` complètes reach, each requested then accepted between two free room-mates
    picked at random (either room), as the shared driver plays: how many reach every page, a whole room
    (a swap) or a few, and which events made a tap reach every page."""
    state, _ = mid_negotiation()
    rng, out = random.Random(seed), Counter[str]()
    at = T0 + 200_000
    for _ in range(pairs):
        busy = {p for r in state.requests.values() for p in (r.from_id, r.to_id)}
        free = [p for p in state.present(rng.choice(list(state.iter_rooms()))) if p not in busy]
        played = _complete(state, *rng.sample(free, 2), at)
        for before, evs, after in played:
            audience = GAME.audience(before, evs, after)
            if audience.everyone:
                out["every page"] += 1
                out.update({f"  every page, after {_said(ev)}" for ev in evs})
            else:
                out["a room (a swap)" if len(audience.players) > PLAYERS // 4 else "a few phones"] += 1
        state, at = played[-1][2], at + 1500
    return out


def _said(event: Event) -> str:
    changes = getattr(event, "changes", None)  # a card's status: which part
    return type(event).__name__ + (f" {sorted(changes)}" if isinstance(changes, dict) else "")


if __name__ == "__main__":  # python -m bench.deuxrois_views --profile [TAPS] | --audiences [PAIRS]
    if sys.argv[1:2] == ["--audiences"]:
        for what, count in sorted(audiences(int(sys.argv[2]) if len(sys.argv) > 2 else 600).items()):
            print(f"{count:6d}  {what}")
        sys.exit()
    if sys.argv[1:2] != ["--profile"]:
        sys.exit("usage: python -m bench.deuxrois_views --profile [TAPS] | --audiences [PAIRS]"
                 "   (the timings: python -m bench deuxrois-views)")
    profile(int(sys.argv[2]) if len(sys.argv) > 2 else 30)
