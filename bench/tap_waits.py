"""Where a tap waits, by step: `deuxrois serve` with each tap's steps and each writer's send stamped.

    python -m bench.tap_waits --out FILE serve --host 127.0.0.1 --port P   # FILE written at SIGUSR1 and at exit
    python -m bench.tap_waits --read FILE [--skip 0.2]

The first form is the server, its HTTP protocol, hub and connections wrapped from outside (no change to the
tree it runs: `PYTHONPATH=<tree>` times another one). For each tap kept, the clock (`perf_counter`) when its
request's headers are read (uvicorn's protocol, in the turn of the loop that read them) and when the app's task
for it starts, at its `dispatch`, at the start and end of its store transaction (in a store thread, or on the
loop for a quiet table), when the loop keeps it (`Hub._kept`: the callback that hears the thread is done), when
its fan-out is over, when `dispatch` returns to the route, and when the answer's last byte is handed to the
socket; for each push a writer sends, its offer and its send's start and end. Pushes written at once in the
fan-out (`write_now`) are only counted. The second form prints p50 / p90 / p99 / max of each wait in ms, the
first `--skip` of the records (the set-up's joins and first pages) left out. Not in `make bench`: it needs a
driver (the shared `drive.py`); see the sixteenth and seventeenth passes in docs/performance.md.
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

# The request's own stamps, filled in as it goes: the app's task holds it, and the callback that keeps the tap
# runs in a copy of that task's context (the store thread's), which holds the very same dict.
_REQUEST: contextvars.ContextVar[dict[str, float] | None] = contextvars.ContextVar("request", default=None)
_TAP: contextvars.ContextVar[dict[str, float] | None] = contextvars.ContextVar("tap", default=None)
HEARD = "bench.heard"  # the scope's key for the clock at the request's headers
_STORED: contextvars.ContextVar[tuple[float, float] | None] = contextvars.ContextVar("stored", default=None)

# (step, from, to): the rows `--read` prints, each a difference between two stamps of a record
TAP_STEPS = (
    ("the request read -> its app's task starts", "heard", "app"),
    ("the app's task -> dispatch", "app", "dispatched"),
    ("dispatch -> the store's transaction starts", "dispatched", "store_in"),
    ("the store's transaction", "store_in", "store_out"),
    ("its end -> the loop keeps the tap", "store_out", "kept"),
    ("the fan-out", "kept", "fanned"),
    ("dispatch -> the fan-out is over", "dispatched", "fanned"),
    ("the fan-out -> dispatch returns", "fanned", "returned"),
    ("dispatch returns -> the answer written", "returned", "written"),
    ("the request read -> its answer written", "heard", "written"),
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
    """Wrap the HTTP protocol, the hub, the store and the connections of the `app` on the path: each tap and push
    is stamped."""
    from uvicorn.protocols.http.httptools_impl import RequestResponseCycle

    from app.live.connection import Connection
    from app.live.hub import Hub
    from app.store.repository import Repository
    from app.web.serve import Http

    headers, run_asgi, answer = Http.on_headers_complete, RequestResponseCycle.run_asgi, RequestResponseCycle.send
    dispatch, commit, kept = Hub.dispatch, Repository.commit, Hub._kept
    init, offer = Connection.__init__, Connection.offer

    @functools.wraps(headers)
    def stamped_headers(self: Http) -> None:
        self.scope[HEARD] = time.perf_counter()  # type: ignore[literal-required]  # the scope the app's task gets
        headers(self)

    @functools.wraps(run_asgi)
    async def stamped_run_asgi(self: RequestResponseCycle, app: Any) -> None:
        request = {"app": time.perf_counter()}
        heard = self.scope.get(HEARD)
        if isinstance(heard, float):
            request["heard"] = heard
        _REQUEST.set(request)  # the task's own context
        await run_asgi(self, app)

    @functools.wraps(answer)
    async def stamped_answer(self: RequestResponseCycle, message: Any) -> None:
        await answer(self, message)
        request = _REQUEST.get()
        if request is not None and message["type"] == "http.response.body" and not message.get("more_body"):
            request["written"] = time.perf_counter()

    @functools.wraps(dispatch)
    async def stamped_dispatch(self: Hub, *args: Any, **kwargs: Any) -> Any:
        request = _REQUEST.get()
        tap = request if request is not None else {}  # a tap with no request: a timer's
        tap["dispatched"] = time.perf_counter()
        _TAP.set(tap)  # the tap's task's own context: its store thread copies it
        try:
            return await dispatch(self, *args, **kwargs)
        finally:
            tap["returned"] = time.perf_counter()

    @functools.wraps(commit)
    def stamped_commit(self: Repository, *args: Any, **kwargs: Any) -> Any:
        began = time.perf_counter()
        try:
            return commit(self, *args, **kwargs)
        finally:
            _STORED.set((began, time.perf_counter()))  # the context the callback that keeps the tap runs in

    @functools.wraps(kept)
    def stamped_kept(self: Hub, turn: Any, *args: Any) -> None:
        began = time.perf_counter()
        kept(self, turn, *args)  # newer trees hand it the list that holds the tapper's frames
        tap, stored = _TAP.get(), _STORED.get()
        if tap is not None and stored is not None:
            tap.update(store_in=stored[0], store_out=stored[1], kept=began, fanned=time.perf_counter())
            stamps.taps.append(tap)  # its last stamps ("returned", "written") come once its answer leaves

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

    Http.on_headers_complete = stamped_headers  # type: ignore[method-assign]
    RequestResponseCycle.run_asgi = stamped_run_asgi  # type: ignore[method-assign]
    RequestResponseCycle.send = stamped_answer  # type: ignore[method-assign]
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
            # A timer's tap has no request; a tap whose answer had not left when the stamps were written, no "written".
            waits = [r[end] - r[start] for r in records if start in r and end in r]
            fewer = f" ({len(waits)} {kind})" if len(waits) < len(records) else ""
            out.append(f"  {label:46} {_percentiles(waits)}{fewer}")
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
