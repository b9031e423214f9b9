"""`python -m bench.pairs` runs each tree's server in turn under the load driver and reads the driver's result
as `side-by-side` does (CPU per action from the server's share of its core over the run and its drain). The
shared driver lives outside the project (`../shared/perf/`), so a stand-in speaks its interface here: it asks
the server it is pointed at, and prints a result line. Nothing here is timed."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from driver_stand_in import DRIVER_HEAD
from live_server import free_port

ROOT = Path(__file__).resolve().parents[1]

# The driver's interface as bench.pairs uses it: --port, --server-pid, --games, --duration...; one JSON line.
STAND_IN = DRIVER_HEAD + '''health = urllib.request.urlopen(f"http://127.0.0.1:{a.port}/healthz").status
runs = open(__file__ + ".runs", "a+"); runs.seek(0); n = len(runs.read().splitlines()); runs.write("run\\n")
p50 = [10.0, 8.0, 6.0, 30.0][n % 4]  # base, new, new, base
print("setting up")
print(json.dumps({"args": {"duration": float(a.duration), "drain": 2.0}, "server_cpu_pct": 75.0 if health == 200 else 0,
                  "result": {"actions": 6000, "http_errors": {"409": 1}, "no_push": 0,
                             "action_to_last_frame_ms": {"p50": p50, "p99": 5 * p50, "max": 9 * p50}}}))
'''


def test_the_pairs_alternate_the_trees_and_report_each_trees_medians(tmp_path: Path) -> None:
    driver = tmp_path / "drive.py"
    driver.write_text(STAND_IN)
    run = subprocess.run([sys.executable, "-m", "bench.pairs", str(ROOT), str(ROOT), "--games", "1", "--seconds", "30",
                          "--pairs", "1", "--driver", str(driver), "--port", str(free_port())],
                         cwd=ROOT, capture_output=True, text=True, timeout=180, check=True)
    lines = run.stdout.splitlines()
    assert [line.split()[0] for line in lines[:4]] == ["base", "new", "new", "base"], run.stdout
    # 75 % of a core for 32 s (the run and its drain) is 24 s of CPU: 4 ms for each of 6,000 actions.
    assert all("CPU 4.00 ms an action  refused 1" in line for line in lines[:4]), run.stdout
    base, new = (next(line for line in lines[5:] if line.split()[0] == label) for label in ("base", "new"))
    assert re.search(r"p50\s+20\.00\s+p99\s+100\.00", base) and re.search(r"p50\s+7\.00\s+p99\s+35\.00", new), run.stdout


def test_it_refuses_to_run_without_the_driver(tmp_path: Path) -> None:
    run = subprocess.run([sys.executable, "-m", "bench.pairs", str(ROOT), str(ROOT), "--driver",
                          str(tmp_path / "missing.py")], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert run.returncode != 0 and "no load driver" in run.stderr
