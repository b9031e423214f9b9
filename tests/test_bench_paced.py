"""`python -m bench.paced` still runs: it times parts of the hub and the store by name, which a refactor may
move. Nothing here is timed; the benchmark's figures are read on demand (docs/performance.md)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from bench import paced

ROOT = Path(__file__).resolve().parents[1]


def test_the_paced_benchmark_times_every_part_of_a_tap() -> None:
    # Its own process: the benchmark puts its timers around the hub's and the store's methods for good.
    run = subprocess.run([sys.executable, "-m", "bench.paced", "--taps", "4", "--rounds", "1", "--pause", "0.01"],
                         cwd=ROOT, capture_output=True, text=True, timeout=120, check=True)
    for part in ("process", *(label for label, _ in paced.PARTS)):
        row = next(line for line in run.stdout.splitlines() if line.startswith(part + " "))
        # Both columns, each with a figure above zero: every part was reached by the taps.
        figures = [float(x) for x in re.findall(r"(?:back to back|s apart)\s+(\d+\.\d+)", row)]
        assert len(figures) == 2 and all(f > 0 for f in figures), row
