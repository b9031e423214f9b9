"""Two trees under the shared load driver alone, in alternating pairs: what a change does at many games.

`python -m bench.pairs BASE NEW [--games 100] [--seconds 30] [--pairs 3]` runs `deuxrois serve` from each tree
(`PYTHONPATH=<tree>`, a fresh SQLite database, pinned to CPU 0) under `../shared/perf/drive.py` (pinned to CPU 1:
reveal requests and answers, 2 a second per game), in the order base, new, new, base for each pair, and prints
each run's tap -> last phone p50 / p99 / max, its CPU per action and its refusals, then each tree's medians.

Why not `side-by-side`: it runs the raw reference after the server, which halves the runs an hour allows, and on
the project's shared VMs the reference's own p99 moved by 4x between two runs minutes apart (docs/performance.md,
twelfth pass). Alternating pairs spread the host's drift over both trees; read the medians, not one run.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from bench.served import DRIVER, OPEN_DOOR, pin, wait_healthy


def _run(tree: Path, args: argparse.Namespace) -> dict[str, Any]:
    """One run of the driver against the server of `tree`: the driver's last JSON line."""
    with tempfile.TemporaryDirectory(prefix="pairs-") as scratch:
        env = {**os.environ, **OPEN_DOOR, "DATABASE_URL": f"sqlite:///{scratch}/pairs.db", "PYTHONPATH": str(tree)}
        serve = f"import sys; from app.cli import main; sys.exit(main(['serve', '--host', '127.0.0.1', '--port', '{args.port}']))"
        server = subprocess.Popen([*pin(0), sys.executable, "-c", serve],  # `deuxrois serve`, from the tree
                                  cwd=tree, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            wait_healthy(args.port)
            driven = subprocess.run([*pin(1), sys.executable, str(args.driver), "--port", str(args.port),
                                     "--server-pid", str(server.pid), "--games", str(args.games), "--rate", "2",
                                     "--duration", str(args.seconds), "--mode", "reveal",
                                     "--limit", str(args.seconds + 300)],
                                    capture_output=True, text=True, check=False)
        finally:
            server.terminate()
            server.wait(60)
    for line in reversed(driven.stdout.splitlines()):
        if line.startswith("{"):
            return dict(json.loads(line))
    raise SystemExit(f"the driver printed no result: {driven.stderr[-500:]}")


def summary(run: dict[str, Any]) -> dict[str, float]:
    """A run's figures: tap -> last phone p50, p99 and max (ms), CPU per action (ms), refusals."""
    result, args = run["result"], run["args"]
    latency = result["action_to_last_frame_ms"]
    seconds = args["duration"] + args["drain"]
    return {"p50": latency["p50"], "p99": latency["p99"], "max": latency["max"],
            "cpu": run["server_cpu_pct"] / 100 * 1000 * seconds / max(1, result["actions"]),
            "refused": sum(result.get("http_errors", {}).values()) + result.get("no_push", 0)}


def medians(runs: list[dict[str, float]]) -> dict[str, float]:
    return {key: statistics.median(run[key] for run in runs) for key in runs[0]}


def _line(label: str, figures: dict[str, float]) -> str:
    return (f"{label:>6}  p50 {figures['p50']:7.2f}  p99 {figures['p99']:7.2f}  max {figures['max']:7.2f} ms"
            f"  CPU {figures['cpu']:.2f} ms an action  refused {figures['refused']:g}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.pairs", description=__doc__.splitlines()[0])
    parser.add_argument("base", type=Path, help="the tree to compare against (a worktree)")
    parser.add_argument("new", type=Path, help="the tree with the change")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=30.0, help="seconds of taps a run")
    parser.add_argument("--pairs", type=int, default=3, help="pairs of each order (base, new, new, base)")
    parser.add_argument("--driver", type=Path, default=DRIVER, help="the shared load driver (drive.py)")
    parser.add_argument("--port", type=int, default=32092)
    args = parser.parse_args(argv)
    if not args.driver.exists():
        raise SystemExit(f"no load driver at {args.driver} (--driver)")
    trees = {"base": args.base.resolve(), "new": args.new.resolve()}
    runs: dict[str, list[dict[str, float]]] = {"base": [], "new": []}
    for _ in range(args.pairs):
        for label in ("base", "new", "new", "base"):
            runs[label].append(figures := summary(_run(trees[label], args)))
            print(_line(label, figures), flush=True)
    print(f"medians of {2 * args.pairs} runs each, {args.games} game(s), {args.seconds:g} s:")
    for label, kept in runs.items():
        print(_line(label, medians(kept)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
