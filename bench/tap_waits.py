"""Where a tap waits, by step: `deuxrois serve` with each tap's steps and each writer's send stamped.

    python -m bench.tap_waits --out FILE serve --host 127.0.0.1 --port P   # FILE written at SIGUSR1 and at exit
    python -m bench.tap_waits --read FILE [--skip 0.2]

The first form is the server, its hub and connections wrapped from outside (no change to the tree it runs:
`PYTHONPATH=<tree>` times another one). For each tap kept, the clock (`perf_counter`) at its `dispatch`, at the
start and end of its store transaction (in a store thread, or on the loop for a quiet table), when the loop
keeps it (`Hub._kept`: the callback that hears the thread is done) and when its fan-out is over; for each push
a writer sends, its offer and its send's start and end. Pushes written at once in the fan-out (`write_now`) are
only counted. The second form prints p50 / p90 / p99 / max of each wait in ms, the first `--skip` of the
records (the set-up's joins and first pages) left out. Not in `make bench`: it needs a driver (the shared
`drive.py`); see the sixteenth pass in docs/performance.md.
"""

from __future__ import annotations

import argparse
import atexit
import collections
import contextvars
import functools
import json
import signal
import sys
import time
from pathlib import Path
from types import FrameType
from typing import Any

_DISPATCHED: contextvars.ContextVar[float | None] = contextvars.ContextVar("dispatched", default=None)
_STORED: contextvars.ContextVar[tuple[float, float] | None] = contextvars.ContextVar("stored", default=None)

# (step, from, to): the rows `--read` prints, each a difference between two stamps of a record
TAP_STEPS = (
    ("dispatch -> the store's transaction starts", "dispatched", "store_in"),
    ("the store's transaction", "store_in", "store_out"),
    ("its end -> the loop keeps the tap", "store_out", "kept"),
    ("the fan-out", "kept", "fanned"),
    ("dispatch -> the fan-out is over", "dispatched", "fanned"),
)
PUSH_STEPS = (
    ("a push's offer -> its writer's send", "offered", "send_in"),
    ("the writer's send", "send_in", "send_out"),
)


class Stamps:
    def __init__(self) -> None:
        self.taps: list[dict[str, float]] = []
        self.pushes: list[dict[str, float]] = []
        self.at_once = 0  # pushes written in the fan-out, not through a writer

    def dump(self, path: Path) -> None:
        path.write_text(json.dumps({"taps": self.taps, "pushes": self.pushes, "at_once": self.at_once}))


def stamp(stamps: Stamps) -> None:
    """Wrap the hub, the store and the connections of the `app` on the path: each tap and push is stamped."""
    from app.live.connection import Connection
    from app.live.hub import Hub
    from app.store.repository import Repository

    dispatch, commit, kept = Hub.dispatch, Repository.commit, Hub._kept
    init, offer = Connection.__init__, Connection.offer

    @functools.wraps(dispatch)
    async def stamped_dispatch(self: Hub, *args: Any, **kwargs: Any) -> Any:
        _DISPATCHED.set(time.perf_counter())  # the tap's task's own context: its store thread copies it
        return await dispatch(self, *args, **kwargs)

    @functools.wraps(commit)
    def stamped_commit(self: Repository, *args: Any, **kwargs: Any) -> Any:
        began = time.perf_counter()
        try:
            return commit(self, *args, **kwargs)
        finally:
            _STORED.set((began, time.perf_counter()))  # the context the callback that keeps the tap runs in

    @functools.wraps(kept)
    def stamped_kept(self: Hub, turn: Any) -> None:
        began = time.perf_counter()
        kept(self, turn)
        dispatched, stored = _DISPATCHED.get(), _STORED.get()
        if dispatched is not None and stored is not None:
            stamps.taps.append({"dispatched": dispatched, "store_in": stored[0], "store_out": stored[1],
                                "kept": began, "fanned": time.perf_counter()})

    @functools.wraps(init)
    def stamped_init(self: Connection, viewer: Any, send: Any, *args: Any, **kwargs: Any) -> None:
        offered: collections.deque[float] = collections.deque()  # the queued pushes' offers, in their order

        async def stamped_send(message: str) -> None:
            began = time.perf_counter()
            await send(message)
            if offered:
                stamps.pushes.append({"offered": offered.popleft(), "send_in": began, "send_out": time.perf_counter()})

        init(self, viewer, stamped_send, *args, **kwargs)
        self._offered = offered  # type: ignore[attr-defined]

    @functools.wraps(offer)
    def stamped_offer(self: Connection, message: str, *args: Any, **kwargs: Any) -> bool:
        at, delivered = time.perf_counter(), self.delivered
        taken = offer(self, message, *args, **kwargs)
        if taken and self.delivered > delivered:
            stamps.at_once += 1
        elif taken:
            self._offered.append(at)  # type: ignore[attr-defined]
        return taken

    Hub.dispatch = stamped_dispatch  # type: ignore[method-assign]
    Repository.commit = stamped_commit  # type: ignore[method-assign]
    Hub._kept = stamped_kept  # type: ignore[method-assign]
    Connection.__init__ = stamped_init  # type: ignore[method-assign]
    Connection.offer = stamped_offer  # type: ignore[method-assign]


def _percentiles(values: list[float]) -> str:
    ordered = sorted(values)
    if not ordered:
        return "no record"
    at = [ordered[min(len(ordered) - 1, int(q * len(ordered)))] for q in (0.5, 0.9, 0.99)]
    return " ".join(f"{v * 1e3:8.2f}" for v in [*at, ordered[-1]])


def read(path: Path, skip: float) -> str:
    found = json.loads(path.read_text())
    out = [f"{'ms':48} {'p50':>8} {'p90':>8} {'p99':>8} {'max':>8}"]
    for kind, steps in (("taps", TAP_STEPS), ("pushes", PUSH_STEPS)):
        records = found[kind][int(len(found[kind]) * skip):]
        out.append(f"{len(records)} {kind}")
        for label, start, end in steps:
            out.append(f"  {label:46} {_percentiles([r[end] - r[start] for r in records])}")
    out.append(f"{found['at_once']} pushes written at once in their fan-out")
    return "\n".join(out)


def serve(out: Path, argv: list[str]) -> int:
    stamps = Stamps()
    stamp(stamps)

    def dump(_signum: int | None = None, _frame: FrameType | None = None) -> None:
        stamps.dump(out)

    signal.signal(signal.SIGUSR1, dump)
    atexit.register(dump)
    from app.cli import main as deuxrois

    return deuxrois(argv)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.tap_waits", description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, help="the stamps' file (serve)")
    parser.add_argument("--read", type=Path, help="print the waits of a stamps' file")
    parser.add_argument("--skip", type=float, default=0.2, help="the first fraction of the records to leave out")
    args, rest = parser.parse_known_args(argv)
    if args.read:
        print(read(args.read, args.skip))
        return 0
    if args.out is None or not rest:
        parser.error("either --read FILE, or --out FILE followed by deuxrois's arguments")
    return serve(args.out, rest)


if __name__ == "__main__":
    sys.exit(main())
