"""`deuxrois serve --workers N` under the shared load driver, each worker held to the same share of a core.

`sudo python -m bench.workers --games 20 30 --workers 1 2 [--share 0.4] [--seconds 30]` runs, for each
(workers, games), a fresh PostgreSQL database and Redis, `deuxrois serve --workers N`, and
`../shared/perf/drive.py` (reveal requests and answers, 2 a second per game) pinned to CPU 1, and prints
tap -> last phone p50 / p99, the actions, the refused ones, and the workers' CPU.

Why a share: the issue asks whether 2 workers serve 1.6x the games of 1 at the same p99, and this
project's machines have 2 cores, one of them needed by the driver (and PostgreSQL and Redis run on them
too). Each worker goes into a cgroup of its own whose quota is `--share` of a core (worker i pinned to CPU
i mod 2), so one worker and two get the same CPU each, whatever else runs: what is measured is how the
games spread over processes (a tap decided in one process, caught up from the database and pushed in the
others), not how many cores were free. The quota's period is short (10 ms) so that a throttled worker
waits milliseconds, not a tenth of a second. Needs root (cgroup v1 `cpu` or v2 with the cpu controller);
without a writable cgroup it says so and stops.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from bench.served import DRIVER, OPEN_DOOR, ROOT, pin, wait_healthy

PERIOD_US = 10_000
DATABASE = "perf_workers"
REDIS = "redis://127.0.0.1:6379/14"


class Share:
    """A cgroup per worker, holding it to `share` of a core (cgroup v1 `cpu`, or v2)."""

    def __init__(self, share: float) -> None:
        v1, v2 = Path("/sys/fs/cgroup/cpu"), Path("/sys/fs/cgroup")
        if (v1 / "cpu.cfs_quota_us").exists():
            self.base, self.v2 = v1, False
        elif "cpu" in (v2 / "cgroup.controllers").read_text(errors="ignore").split():
            self.base, self.v2 = v2, True
        else:
            raise SystemExit("no cgroup cpu controller here: bench.workers cannot hold workers to a share")
        self.quota = int(share * PERIOD_US)
        self.made: list[Path] = []

    def hold(self, pid: int, n: int) -> None:
        group = self.base / f"bench-worker-{n}"
        try:
            group.mkdir(exist_ok=True)
            if self.v2:
                (group / "cpu.max").write_text(f"{self.quota} {PERIOD_US}")
            else:
                (group / "cpu.cfs_period_us").write_text(str(PERIOD_US))
                (group / "cpu.cfs_quota_us").write_text(str(self.quota))
            (group / "cgroup.procs").write_text(str(pid))
        except PermissionError as exc:
            raise SystemExit(f"cannot write {group} ({exc}): run as root") from exc
        self.made.append(group)

    def release(self) -> None:
        for group in self.made:
            for _ in range(50):
                try:
                    group.rmdir()
                    break
                except OSError:  # its process is still leaving
                    time.sleep(0.1)
        self.made.clear()


def _fresh_stores() -> str:
    for sql in (f"DROP DATABASE IF EXISTS {DATABASE} WITH (FORCE)", f"CREATE DATABASE {DATABASE}"):
        subprocess.run(["psql", "-q", "-h", "127.0.0.1", "-U", "postgres", "-c", sql], check=True,
                       capture_output=True)
    subprocess.run(["redis-cli", "-n", "14", "flushdb"], check=True, capture_output=True)
    return f"postgresql+psycopg://postgres@127.0.0.1:5432/{DATABASE}"


def _children(pid: int) -> list[int]:
    """Every process below `pid` (from /proc: each process's parent is its stat's fourth field)."""
    parents: dict[int, int] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # gone meanwhile
            continue
        parents[int(stat.parent.name)] = int(fields[1])
    found, todo = [], [pid]
    while todo:
        parent = todo.pop()
        kids = [child for child, p in parents.items() if p == parent]
        found += kids
        todo += kids
    return found


def _workers_of(server: int, n: int) -> list[int]:
    """uvicorn's worker processes (its supervisor spawns them; multiprocessing's tracker is not one); one
    worker is the server process itself."""
    if n == 1:
        return [server]
    found: list[int] = []
    for _ in range(200):
        found = [pid for pid in _children(server)
                 if b"spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes()]
        if len(found) == n:
            return found
        time.sleep(0.05)
    raise SystemExit(f"expected {n} workers, found {len(found)}")


def _cpu(pids: list[int]) -> float:
    """Seconds of CPU (user + system) the processes have used, from /proc."""
    ticks = 0
    for pid in pids:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        ticks += int(fields[11]) + int(fields[12])
    return ticks / os.sysconf("SC_CLK_TCK")


def run(workers: int, games: int, seconds: float, share: Share, port: int, driver: Path) -> dict[str, Any]:
    env = {**os.environ, **OPEN_DOOR, "DATABASE_URL": _fresh_stores(), "REDIS_URL": REDIS,
           "PYTHONPATH": str(ROOT)}
    deuxrois = Path(sys.executable).with_name("deuxrois")
    server = subprocess.Popen([str(deuxrois), "serve", "--host", "127.0.0.1", "--port", str(port), "--workers",
                               str(workers)], cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        procs = _workers_of(server.pid, workers)
        for n, pid in enumerate(procs):
            for thread in Path(f"/proc/{pid}/task").iterdir():  # the threads it has now; later ones inherit
                os.sched_setaffinity(int(thread.name), {n % 2})
            share.hold(pid, n)
        wait_healthy(port)
        started = time.monotonic()
        driver_run = subprocess.Popen([*pin(1), sys.executable, str(driver), "--port", str(port), "--games",
                                       str(games), "--rate", "2", "--duration", str(seconds), "--limit",
                                       str(seconds + 240)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        samples = []  # (seconds since the driver started, the workers' CPU): the set-up's joins are not a tap's
        while driver_run.poll() is None:
            samples.append((time.monotonic() - started, _cpu(procs)))
            time.sleep(0.25)
        out, err = driver_run.communicate()
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
        share.release()
    lines = [line for line in out.splitlines() if line.startswith("{")]
    if not lines:
        raise SystemExit(f"the driver gave no result: {err[-500:]}")
    report = json.loads(lines[-1])
    result = report["result"]
    latency = result["action_to_last_frame_ms"]
    # The actions start once the games are set up and every socket is open (the driver says how long that took).
    first = report["setup_s"] + report["connect_all_s"] + 0.5
    window = [(t, c) for t, c in samples if first <= t <= first + seconds]
    spent = window[-1][1] - window[0][1] if len(window) > 1 else 0.0
    actions_in_window = result["actions"] * (window[-1][0] - window[0][0]) / seconds if len(window) > 1 else 1
    return {"workers": workers, "games": games, "p50": latency["p50"], "p99": latency["p99"],
            "actions": result["actions"], "timed": latency["n"],
            "refused": sum(result.get("http_errors", {}).values()), "no_push": result.get("no_push", 0),
            "cpu_ms_per_action": 1000 * spent / max(1, actions_in_window)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.workers", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, nargs="+", required=True)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--share", type=float, default=0.4, help="of a core, for each worker")
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--driver", type=Path, default=DRIVER, help="the shared load driver (drive.py)")
    parser.add_argument("--port", type=int, default=32095)
    args = parser.parse_args(argv)
    if not args.driver.exists():
        raise SystemExit(f"no load driver at {args.driver} (--driver)")
    share = Share(args.share)
    print(f"each worker held to {args.share:.2f} of a core; reveal, 2 actions/s per game, {args.seconds:.0f} s")
    print("workers  games   p50 ms   p99 ms   timed/actions  refused  no push  workers' CPU ms/action  load")
    for games in args.games:
        for workers in args.workers:
            r = run(workers, games, args.seconds, share, args.port, args.driver)
            print(f"{r['workers']:7}  {r['games']:5}  {r['p50']:7.1f}  {r['p99']:7.1f}  {r['timed']:6}/{r['actions']:<6}"
                  f"  {r['refused']:7}  {r['no_push']:7}  {r['cpu_ms_per_action']:22.2f}  {os.getloadavg()[0]:.1f}",
                  flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
