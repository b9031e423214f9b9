"""Where a tap's CPU goes in the real server: `deuxrois serve` under the shared load driver, each part timed by
its own thread's CPU clock.

`python -m bench.tap_split [--games 1] [--seconds 30] [--mode note]` starts the server of this tree pinned to CPU 0 with a
few timers put around its parts (this module, run as the server's entry point), drives it with
`../shared/perf/drive.py` pinned to CPU 1 (reveal requests and answers, 2 a second per game; `--mode note`: the
game master's notes), and prints,
per command of a window after the set-up: the process's CPU (user and system), its main thread and the
store's threads, and the parts: the HTTP request around the command, the command's own work on the loop
(audience, bookkeeping), the fan-out (the views, the regions' renders, the presenter's own work), socket
sends, and the store's transaction. Then the wall-clock time a tap spent around the store's thread: waiting
for it, in it (its commit, shared with the taps queued behind it, and the GIL), and waiting for the loop again
(until the callback that keeps the tap runs).

Why not a sampling profiler: py-spy's `--gil` view charged the store's thread hop to the loop (the loop
"holds" the GIL while the kernel runs the other thread) and counted it twice; these clocks count each
thread's own CPU. The timers cost a few microseconds each (about 40 a tap): the process's figure is a
little above a plain server's (`side-by-side` gives that one). The split is for one game: with `--games N`
the process's and threads' figures hold, but a request or a command that awaits also counts what other games
ran meanwhile (at ten games "the loop's rest" comes out negative).
"""

from __future__ import annotations

import argparse
import contextvars
import os
import resource
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench.served import DRIVER, OPEN_DOOR, ROOT, pin, wait_healthy

PARTS = [  # (label, counter, what it is)
    ("http", "http", "the request around the command: parse, middleware, routing, the answer"),
    ("command", "command", "the command on the loop (audience, bookkeeping), without its fan-out"),
    ("  decide", "decide", "the engine deciding the command (again in the store's thread after a clash)"),
    ("  audience", "audience", "which viewers the events concern (the game's audience)"),
    ("  note", "publish", "the note to other processes (pubsub), and this hub's own listener"),
    ("  timer", "arm", "the game's next deadline, the loop's timer"),
    ("fan-out", "fan_out", "the views, the renders and the presenter, for every concerned socket"),
    ("  views", "views", "building the concerned viewers' views"),
    ("  renders", "renders", "Jinja renders of the regions that changed"),
    ("  presenter", "presenter", "digests, kept fragments, the message (renders aside)"),
    ("sends", "sends", "websocket sends: deflate, frames, writes"),
    ("store", "store", "the store's transaction in its thread"),
]


# ---------------------------------------------------------------- inside the server process
def _serve(port: int, out: Path) -> None:  # pragma: no cover - runs as the benchmark's server
    from starlette.websockets import WebSocket
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol, RequestResponseCycle

    from app.games import GAMES
    from app.live.hub import Hub, _Turn
    from app.store.repository import Repository
    from app.web.presenter import HtmlPresenter

    cpu = time.thread_time_ns
    spent: Counter[str] = Counter()

    def timed(owner: Any, name: str, label: str, each: Callable[..., str] | None = None) -> None:
        """`each(*args)`: a second counter for the same time, named from the call (a render's region)."""
        inner: Callable[..., Any] = getattr(owner, name)

        def wrapper(*args: Any, **kwargs: Any) -> Any:
            start = cpu()
            try:
                return inner(*args, **kwargs)
            finally:
                took = cpu() - start
                for key in (label, each(*args)) if each is not None else (label,):
                    spent[key] += took
                    spent[key + " n"] += 1
        setattr(owner, name, wrapper)

    def timed_async(owner: Any, name: str, label: str) -> None:
        inner: Callable[..., Any] = getattr(owner, name)

        async def wrapper(*args: Any, **kwargs: Any) -> Any:
            start = cpu()  # the loop's thread: what runs while this awaits is counted too (rare at this rate)
            try:
                return await inner(*args, **kwargs)
            finally:
                spent[label] += cpu() - start
                spent[label + " n"] += 1
        setattr(owner, name, wrapper)

    timed(HttpToolsProtocol, "data_received", "parse")
    timed_async(RequestResponseCycle, "run_asgi", "request")
    timed_async(Hub, "dispatch", "dispatch")
    timed(Hub, "fan_out", "fan_out")
    timed_async(Hub, "_publish", "publish")
    timed(Hub, "_arm", "arm")
    for kind in {type(game) for game in GAMES.values()}:
        timed(kind, "audience", "audience")
    timed(Hub, "view_for", "views")
    timed(HtmlPresenter, "push", "push")
    timed(HtmlPresenter, "_render", "renders", lambda _self, viewer, region, _sub: f"render:{viewer.kind}:{region.id}")
    timed_async(WebSocket, "send", "sends")
    timed(Repository, "commit", "store")
    timed(_Turn, "decide", "decide")
    # ns of wall clock per commit: to the store's thread, in it, back on the loop (to the callback that keeps a
    # written tap, Hub._keep, or to the tap's coroutine for a replay or a refusal). One record per
    # `Hub._commit`, in a context variable: the store's thread runs in a copy of the tap's context, and the
    # callback it queues on the loop in a copy of the thread's.
    hops: list[tuple[int, int, int]] = []
    hop: contextvars.ContextVar[list[int]] = contextvars.ContextVar("hop")
    commit_on_loop, commit_in_thread, keep = Hub._commit, Repository.commit, Hub._keep

    async def timed_commit(self: Hub, *args: Any, **kwargs: Any) -> Any:
        record = [time.perf_counter_ns(), 0, 0, 0]
        hop.set(record)
        try:
            return await commit_on_loop(self, *args, **kwargs)
        finally:
            if record[2]:
                hops.append((record[1] - record[0], record[2] - record[1],
                             (record[3] or time.perf_counter_ns()) - record[2]))

    def timed_in_thread(self: Repository, *args: Any, **kwargs: Any) -> Any:
        record = hop.get(None)
        if record is not None:
            record[1] = time.perf_counter_ns()
        try:
            return commit_in_thread(self, *args, **kwargs)
        finally:
            if record is not None:
                record[2] = time.perf_counter_ns()

    def timed_keep(self: Hub, *args: Any, **kwargs: Any) -> Any:
        record = hop.get(None)
        if record is not None:
            record[3] = time.perf_counter_ns()
        return keep(self, *args, **kwargs)

    Hub._commit, Repository.commit, Hub._keep = timed_commit, timed_in_thread, timed_keep  # type: ignore[method-assign]

    def thread_ns(thread: threading.Thread) -> int:
        assert thread.ident is not None
        return time.clock_gettime_ns(time.pthread_getcpuclockid(thread.ident))

    def dump(*_: Any) -> None:
        usage = resource.getrusage(resource.RUSAGE_SELF)  # microseconds, not the 10 ms ticks of /proc
        main = threading.main_thread()
        lines = [f"user {int(usage.ru_utime * 1e9)}", f"system {int(usage.ru_stime * 1e9)}",
                 f"main {thread_ns(main)}",
                 f"others {sum(thread_ns(t) for t in threading.enumerate() if t is not main and t.is_alive())}"]
        lines += [f"{k} {v}" for k, v in spent.items()]
        taken = list(hops)
        (out.parent / "hops").write_text("".join(f"{a} {b} {c}\n" for a, b, c in taken))
        lines.append(f"hops n {len(taken)}")
        out.write_text("\n".join(lines) + "\n")

    signal.signal(signal.SIGUSR1, dump)
    sys.argv = ["deuxrois", "serve", "--host", "127.0.0.1", "--port", str(port)]
    from app.cli import main

    main()


# ---------------------------------------------------------------- the benchmark
def _read(path: Path) -> dict[str, int]:
    return {k: int(v) for k, v in (line.rsplit(" ", 1) for line in path.read_text().splitlines())}


def _snapshot(server: subprocess.Popen[bytes], path: Path) -> dict[str, int]:
    path.unlink(missing_ok=True)
    server.send_signal(signal.SIGUSR1)
    for _ in range(100):
        if path.exists() and path.read_text().endswith("\n"):
            return _read(path)
        time.sleep(0.02)
    raise SystemExit("the server did not write its counters")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.tap_split", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=30.0, help="the measured window (after 12 s of set-up)")
    parser.add_argument("--driver", type=Path, default=DRIVER, help="the shared load driver (drive.py)")
    parser.add_argument("--port", type=int, default=32090)
    parser.add_argument("--mode", choices=["reveal", "note"], default="reveal",
                        help="the driver's taps: players' reveals, or the game master's notes")
    parser.add_argument("--serve", nargs=2, help=argparse.SUPPRESS)  # the server process itself
    args = parser.parse_args(argv)
    if args.serve:
        _serve(int(args.serve[0]), Path(args.serve[1]))
        return 0
    if not args.driver.exists():
        raise SystemExit(f"no load driver at {args.driver} (--driver)")
    with tempfile.TemporaryDirectory(prefix="tap-split-") as scratch:
        env = {**os.environ, **OPEN_DOOR, "DATABASE_URL": f"sqlite:///{scratch}/split.db",
               "PYTHONPATH": str(ROOT)}
        counters = Path(scratch) / "counters"
        server = subprocess.Popen([*pin(0), sys.executable, "-m", "bench.tap_split", "--serve", str(args.port),
                                   str(counters)], cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL)
        try:
            wait_healthy(args.port)
            driver = subprocess.Popen([*pin(1), sys.executable, str(args.driver), "--port", str(args.port),
                                       "--games", str(args.games), "--mode", args.mode, "--rate", "2", "--duration",
                                       str(args.seconds + _setup_s(args.games) + 4), "--limit", str(args.seconds + 200)],
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            time.sleep(_setup_s(args.games))  # joins, sockets, first pages: not a tap's cost
            before = _snapshot(server, counters)
            time.sleep(args.seconds)
            after = _snapshot(server, counters)
            hops = (counters.parent / "hops").read_text().splitlines()[before.get("hops n", 0):]
            driver.wait()
        finally:
            server.send_signal(signal.SIGTERM)
            server.wait(60)
    print(report({k: after.get(k, 0) - before.get(k, 0) for k in after}, args.games))
    print(hop_report([tuple(int(x) for x in line.split()) for line in hops]))
    return 0


def _setup_s(games: int) -> float:
    """The driver's set-up before the window: 12 s for one game; at 100 games its 5,200 phones take ~25 s more."""
    return 12 + games / 4


def hop_report(hops: list[tuple[int, ...]]) -> str:
    """Percentiles of the wall-clock time around the store's thread, per commit of the window."""
    if not hops:
        return "no commit in the window"

    def row(label: str, values: list[int]) -> str:
        ordered = sorted(values)
        at = [ordered[min(len(ordered) - 1, int(len(ordered) * q))] / 1e6 for q in (0.5, 0.9, 0.99)]
        return f"  {label:24} {at[0]:7.2f} {at[1]:7.2f} {at[2]:7.2f}  {ordered[-1] / 1e6:7.2f}"

    return "\n".join([f"{len(hops)} commits; ms of wall clock around the store's thread:  p50     p90     p99      max",
                      row("to the thread", [h[0] for h in hops]),
                      row("in the thread", [h[1] for h in hops]),
                      row("back on the loop", [h[2] for h in hops]),
                      row("the whole hop", [sum(h) for h in hops])])


def report(d: dict[str, int], games: int) -> str:
    taps = d.get("dispatch n", 0)
    if not taps:
        return "no command in the window"
    d = {**d, "http": d.get("request", 0) + d.get("parse", 0) - d.get("dispatch", 0),
         "command": d.get("dispatch", 0) - d.get("fan_out", 0),
         "presenter": d.get("push", 0) - d.get("renders", 0)}

    def ms(key: str) -> str:
        return f"{d.get(key, 0) / taps / 1e6:6.3f}"

    lines = [f"{taps} commands in the window, {games} game(s); ms of CPU per command:",
             f"process          {(d['user'] + d['system']) / taps / 1e6:6.3f}  (user {ms('user')}, system {ms('system')})",
             f"main thread      {ms('main')}    store's threads {ms('others')}"]
    lines += [f"{label:16} {ms(key)}  {what}" for label, key, what in PARTS]
    accounted = sum(d.get(k, 0) for k in ("http", "dispatch", "sends"))
    lines.append(f"the loop's rest  {(d['main'] - accounted) / taps / 1e6:6.3f}  pings, timers, the loop itself")
    regions = sorted(((v, k) for k, v in d.items() if k.startswith("render:") and not k.endswith(" n") and v), reverse=True)
    if regions:
        lines.append("renders by region (ms of CPU per command, renders per command):")
        lines += [f"  {key[7:]:24} {took / taps / 1e6:6.3f}  {d.get(key + ' n', 0) / taps:5.2f}" for took, key in regions]
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
