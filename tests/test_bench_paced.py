"""`python -m bench.paced` still runs: it times parts of the hub and the store by name, which a refactor may
move. Nothing here is timed; the benchmark's figures are read on demand (docs/performance.md)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# The parts it prints (bench.paced.PARTS, and the process): `bench` is run from the project's root, not
# imported by the suite.
PARTS = ("process", "store", "decide", "audience", "fan_out", "views", "renders")


def test_the_paced_benchmark_times_every_part_of_a_tap() -> None:
    # Its own process: the benchmark puts its timers around the hub's and the store's methods for good.
    run = subprocess.run([sys.executable, "-m", "bench.paced", "--taps", "4", "--rounds", "1", "--pause", "0.01"],
                         cwd=ROOT, capture_output=True, text=True, timeout=120, check=True)
    for part in PARTS:
        row = next(line for line in run.stdout.splitlines() if line.startswith(part + " "))
        # Both columns, each with a figure above zero: every part was reached by the taps.
        figures = [float(x) for x in re.findall(r"(?:back to back|s apart)\s+(\d+\.\d+)", row)]
        assert len(figures) == 2 and all(f > 0 for f in figures), row
