"""This tree's server and the raw reference in turns, each one's CPU per action read off `/proc`: issue 11's goals
as ratios to the reference on whatever host runs them.

`python -m bench.against_reference [--games 1] [--seconds 30] [--rounds 3]` runs, per round, `deuxrois serve` from
this tree (a fresh SQLite database) under `../shared/perf/drive.py` (reveal requests and answers, 2 a second per
game), then the raw reference (`../shared/perf/reference_server.py`: FastAPI websockets, a ~2 KB JSON view to
each of 50 phones per action, no database) under its own client at the same shape, as `side-by-side` starts
them: the server pinned to CPU 0, the driver to CPU 1. It prints each run's tap -> last phone p50 / p99 and its
CPU per action, then the medians and the ratios real / reference.

Why not `side-by-side` alone: it prints the server's CPU only as a share of its core rounded to a tenth of a
percent (0.5 ms an action at one game), and the reference's latency but not its CPU. And the reference's own
cost moves with the host: about 3 ms an action on 1 December (`../shared/reports/perf_report.md`), 6.5-8 ms on
7 December's slower VM, where one 50-player tap of this server cost 8.2-9.1 ms. The goals were set against the
first (CPU <= 4 ms, 1 game p99 <= 15 ms), so on another host they are read as ratios to the reference.

CPU: the server's user + system ticks (`/proc/PID/stat`), sampled every 50 ms, over the last `seconds + 2` s (the
run and its 2 s drain) before the client printed its result; the few tenths of a second the client spends on
its sums after the drain shift that window a little, which a 30 s window hardly feels.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from bench.served import DRIVER, OPEN_DOOR, ROOT, pin, wait_healthy

DRAIN_S = 2.0  # both clients wait this long for the last frames after the last action
TICK_S = 1 / os.sysconf("SC_CLK_TCK")
Samples = list[tuple[float, float]]  # (monotonic time, the process's CPU seconds)


def cpu_seconds(pid: int) -> float:
    """The process's user + system CPU so far (fields 14 and 15 of /proc/PID/stat, after its name)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) * TICK_S


def cpu_between(samples: Samples, start: float, end: float) -> float:
    """CPU seconds spent between `start` and `end`, from the last sample at or before each (samples sorted)."""

    def at(t: float) -> float:
        before = [cpu for when, cpu in samples if when <= t]
        return before[-1] if before else samples[0][1]

    return at(end) - at(start)


class Sampler:
    """A thread reading a process's CPU every 50 ms until `stop`; `samples` holds what it read."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.samples: Samples = []
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._done.is_set():
            try:
                self.samples.append((time.monotonic(), cpu_seconds(self.pid)))
            except (OSError, IndexError, ValueError):
                return  # the process is gone
            self._done.wait(0.05)

    def stop(self) -> Samples:
        self._done.set()
        self._thread.join()
        return self.samples


def _drive(server: subprocess.Popen[bytes], client: list[str], seconds: float) -> tuple[dict[str, Any], float]:
    """Run the client against the server; its last JSON line and the server's CPU seconds over the run and drain."""
    sampler = Sampler(server.pid)
    run = subprocess.Popen(client, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert run.stdout is not None
    result: dict[str, Any] | None = None
    printed, at_print = time.monotonic(), 0.0
    for line in run.stdout:
        if line.startswith("{"):
            # Read now, not left to the sampler: on a busy machine its thread may not have run since the run's end.
            result, printed, at_print = json.loads(line), time.monotonic(), cpu_seconds(server.pid)
    run.wait()
    samples = sorted([*sampler.stop(), (printed, at_print)])
    if result is None:
        raise SystemExit(f"{client[2]} printed no result")
    return result, cpu_between(samples, printed - seconds - DRAIN_S, printed)


def _stop(server: subprocess.Popen[bytes]) -> None:
    server.terminate()
    try:
        server.wait(60)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


def real_run(args: argparse.Namespace) -> dict[str, float]:
    """This tree's server under the shared driver: tap -> last phone p50 / p99 (ms) and CPU per action (ms)."""
    with tempfile.TemporaryDirectory(prefix="against-") as scratch:
        env = {**os.environ, **OPEN_DOOR, "DATABASE_URL": f"sqlite:///{scratch}/real.db", "PYTHONPATH": str(ROOT)}
        serve = f"import sys; from app.cli import main; sys.exit(main(['serve', '--host', '127.0.0.1', '--port', '{args.port}']))"
        server = subprocess.Popen([*pin(0), sys.executable, "-c", serve], cwd=ROOT, env=env,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            wait_healthy(args.port)
            out, cpu = _drive(server, [*pin(1), sys.executable, str(args.driver), "--port", str(args.port),
                                       "--server-pid", str(server.pid), "--games", str(args.games), "--rate", "2",
                                       "--duration", str(args.seconds), "--mode", "reveal",
                                       "--limit", str(args.seconds + 300)], args.seconds)
        finally:
            _stop(server)
    return _figures(out["result"]["action_to_last_frame_ms"], out["result"]["actions"], cpu)


def reference_run(args: argparse.Namespace) -> dict[str, float]:
    """The raw reference at the same shape (50 phones a game), as `side-by-side` runs it."""
    perf = args.driver.parent
    env = {**os.environ, "SEND_MODE": "seq", "ENC": "orjson", "HOLD_S": str(args.seconds + 120)}
    server = subprocess.Popen([*pin(0), sys.executable, "-m", "uvicorn", "reference_server:app", "--host", "127.0.0.1",
                               "--port", str(args.port), "--ws", "auto", "--log-level", "warning", "--backlog", "4096"],
                              cwd=perf, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_healthy(args.port, path="stats")
        out, cpu = _drive(server, [*pin(1), sys.executable, str(perf / "reference_client.py"), "--port", str(args.port),
                                   "--n", str(50 * args.games), "--deflate", "1", "--bcast-reps", "0", "--rate", "2",
                                   "--duration", str(args.seconds)], args.seconds)
    finally:
        _stop(server)
    return _figures(out["games"]["action_to_last_phone_ms"], out["games"]["actions"], cpu)


def _figures(latency: dict[str, float], actions: int, cpu: float) -> dict[str, float]:
    """A run's p50 and p99 (ms), its CPU per action (ms, from `cpu` seconds) and its actions."""
    return {"p50": latency["p50"], "p99": latency["p99"], "cpu": 1000 * cpu / max(1, actions), "actions": actions}


def ratios(real: list[dict[str, float]], reference: list[dict[str, float]]) -> dict[str, float]:
    """real / reference of the medians of p50, p99 and CPU per action."""
    return {key: statistics.median(r[key] for r in real) / max(1e-9, statistics.median(r[key] for r in reference))
            for key in ("p50", "p99", "cpu")}


def _line(label: str, figures: dict[str, float]) -> str:
    return (f"{label:>9}  p50 {figures['p50']:7.2f}  p99 {figures['p99']:7.2f} ms  CPU {figures['cpu']:5.2f} ms an"
            f" action ({figures['actions']:g} actions)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.against_reference", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=30.0, help="seconds of taps a run")
    parser.add_argument("--rounds", type=int, default=3, help="runs of each, in turns")
    parser.add_argument("--driver", type=Path, default=DRIVER, help="the shared load driver (drive.py); the"
                        " reference's server and client are beside it")
    parser.add_argument("--port", type=int, default=32093)
    args = parser.parse_args(argv)
    if not args.driver.exists():
        raise SystemExit(f"no load driver at {args.driver} (--driver)")
    runs: dict[str, list[dict[str, float]]] = {"real": [], "reference": []}
    for _ in range(args.rounds):
        for label, run in (("real", real_run), ("reference", reference_run)):
            runs[label].append(figures := run(args))
            print(_line(label, figures), flush=True)
    print(f"medians of {args.rounds} runs each, {args.games} game(s), {args.seconds:g} s:")
    for label, kept in runs.items():
        print(_line(label, {key: statistics.median(r[key] for r in kept) for key in kept[0]}))
    ratio = ratios(runs["real"], runs["reference"])
    print(f"real / reference: p50 {ratio['p50']:.2f}  p99 {ratio['p99']:.2f}  CPU per action {ratio['cpu']:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
