"""What the benchmarks that run the real server under the shared load driver share: where the driver is, the
door's limits opened (the driver joins thousands of phones from one address), pinning to a CPU, and waiting
for the server to answer."""

from __future__ import annotations

import shutil
import subprocess
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DRIVER = ROOT.parent / "shared" / "perf" / "drive.py"
OPEN_DOOR = {k: "100000" for k in ("JOINS_PER_ADDRESS_BURST", "JOINS_PER_GAME_BURST", "RATE_CAPACITY",
                                   "RATE_PER_SECOND", "CODE_MISSES_BURST")}


def pin(cpu: int) -> list[str]:
    """The command's prefix that runs it on one CPU (none where taskset is missing)."""
    return ["taskset", "-c", str(cpu)] if shutil.which("taskset") else []


def wait_healthy(port: int, tries: int = 300, path: str = "healthz") -> None:
    """Until the server on `port` answers /healthz (its database migrated), 0.1 s between tries; `path`: another
    page that answers once the server is up (the raw reference's /stats)."""
    for _ in range(tries):
        if subprocess.run(["curl", "-sf", f"http://127.0.0.1:{port}/{path}"], capture_output=True).returncode == 0:
            return
        time.sleep(0.1)
