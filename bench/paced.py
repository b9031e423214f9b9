"""A tap on a cold machine: `fanout-50`'s taps with a pause before each, each part timed by its thread's CPU clock.

`taskset -c 0 python -m bench.paced [--pause 0.25] [--taps 60] [--rounds 3]` plays the `fanout-50` table
(50 phones, the dashboard, the big screen, the same deal every run) in rounds that alternate taps back to
back with taps `--pause` seconds apart, as a table plays them (2 taps a second per game), and prints the
CPU of each tap: the whole process, the store's thread (its transaction), `decide` (on the loop), the
audience, and the fan-out (views, renders).

Why: on the project's shared VMs the same tap costs about twice the CPU when the process slept before it.
While it sleeps the host runs other work, and the tap finds little of its memory in the caches: a
`SELECT 1` on a SQLite connection costs ~1 µs back to back and ~230 µs after 250 ms of sleep. The
server's CPU a tap (`side-by-side`, `bench.tap_split`) is paid cold, so a change that touches less memory
gains more there than `bench.instructions` or `fanout-50` (both back to back) show. Rounds alternate so
that a change in the machine's load shows in both columns; compare two trees by their cold column, over
several rounds.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from app.kernel.actor import Actor
from bench import fanout
from bench.harness import Options

PARTS = (  # (label, what it counts)
    ("store", "the store's transaction, in its thread"),
    ("decide", "the engine deciding the command (on the loop; again in the store's thread after a clash)"),
    ("audience", "who the events concern"),
    ("fan_out", "the views, their regions' HTML, the messages"),
    ("views", "building the concerned viewers' views"),
    ("renders", "Jinja renders of the regions that changed"),
)


def _timers(spent: Counter[str]) -> None:
    """Put each part's timer around it (this process only: the benchmark runs in its own)."""
    from app.games.deuxrois.definition import DeuxRois
    from app.live.hub import Hub, _Turn
    from app.store.repository import Repository
    from app.web.presenter import HtmlPresenter

    def timed(owner: Any, name: str, label: str) -> None:
        inner: Callable[..., Any] = getattr(owner, name)

        def wrapper(*args: Any, **kwargs: Any) -> Any:
            start = time.thread_time_ns()
            try:
                return inner(*args, **kwargs)
            finally:
                spent[label] += time.thread_time_ns() - start
        setattr(owner, name, wrapper)

    for owner, name, label in ((Repository, "commit", "store"), (_Turn, "decide", "decide"),
                               (DeuxRois, "audience", "audience"), (Hub, "fan_out", "fan_out"),
                               (Hub, "view_for", "views"), (HtmlPresenter, "_render", "renders")):
        timed(owner, name, label)


async def _round(pause: float, taps: int, spent: Counter[str]) -> dict[str, float]:
    """`taps` taps (complète requests and their acceptances in one room), each after `pause` seconds."""
    with tempfile.TemporaryDirectory() as scratch:
        games, hub, conns, _sent = await fanout._table(Options(workdir=Path(scratch)), "paced")
        writers = await fanout.writing(conns)
        room = hub.state.rooms[hub.state.players[0].id]
        pairs = [p.id for p in hub.state.players if hub.state.rooms[p.id] is room]
        await asyncio.sleep(0.2)
        spent.clear()
        cpu = time.process_time()
        for i in range(taps // 2):
            a, b = pairs[(2 * i) % len(pairs)], pairs[(2 * i + 1) % len(pairs)]
            await asyncio.sleep(pause)
            await hub.dispatch({"type": "request_reveal", "target": b, "kind": "complete"}, Actor.player(a), key=f"r{i}")
            rid = next(r.id for r in hub.state.requests.values() if r.from_id == a and r.to_id == b)
            await asyncio.sleep(pause)
            await hub.dispatch({"type": "answer_reveal", "request_id": rid, "accept": True}, Actor.player(b), key=f"a{i}")
        await asyncio.sleep(0.01)  # the last tap's writers
        # The sleeps themselves cost a little CPU: part of what a pause costs, as a real table's would.
        out = {"process": (time.process_time() - cpu) * 1e9 / taps}
        out.update({label: spent[label] / taps for label, _ in PARTS})
        await fanout.finish(games, conns, writers)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.paced", description=__doc__.splitlines()[0])
    parser.add_argument("--pause", type=float, default=0.25, help="seconds of sleep before each cold tap")
    parser.add_argument("--taps", type=int, default=60, help="taps a round (even)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of each kind, alternating")
    args = parser.parse_args(argv)
    spent: Counter[str] = Counter()
    _timers(spent)
    runs: dict[str, list[dict[str, float]]] = {"back to back": [], f"{args.pause} s apart": []}
    for _ in range(args.rounds):
        for label, pause in zip(runs, (0.0, args.pause), strict=True):
            runs[label].append(asyncio.run(_round(pause, args.taps, spent)))
    print(f"{args.taps} taps a round, {args.rounds} rounds of each; ms of CPU a tap, median (min-max) of the rounds")
    rows = [("process", "the process (every thread, user + system)"), *PARTS]
    for key, what in rows:
        cells = []
        for label in runs:
            values = [r[key] / 1e6 for r in runs[label]]
            cells.append(f"{label} {statistics.median(values):6.3f} ({min(values):.3f}-{max(values):.3f})")
        print(f"{key:9} {'   '.join(cells)}   {what}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
