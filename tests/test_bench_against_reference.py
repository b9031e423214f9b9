"""`python -m bench.against_reference` runs this tree's server and the raw reference in turns and reads each one's
CPU off /proc over the run. The shared driver and reference live outside the project (`../shared/perf/`), so
stand-ins speak their interfaces here: the driver asks the real server it is pointed at, the reference's server
burns a known amount of CPU when its client asks. Nothing here is timed: the CPU burnt is counted, not clocked.
`bench` is run from the project's root, not imported by the suite."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from driver_stand_in import DRIVER_HEAD
from live_server import free_port

ROOT = Path(__file__).resolve().parents[1]

DRIVER = DRIVER_HEAD + '''assert urllib.request.urlopen(f"http://127.0.0.1:{a.port}/healthz").status == 200
print("setting up")
print(json.dumps({"result": {"actions": 40, "action_to_last_frame_ms": {"p50": 8.0, "p99": 30.0, "max": 31.0}}}))
'''

# The reference's server: its CPU is what the client asks it to burn (0.4 s for 50 phones, the shape of a game).
REFERENCE_SERVER = '''
import json, time
async def app(scope, receive, send):
    if scope["type"] != "http":
        return
    if scope["path"] == "/burn":
        end = time.process_time() + 0.4
        while time.process_time() < end:
            pass
    await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"application/json")]})
    await send({"type": "http.response.body", "body": json.dumps({"rss_kib": 1}).encode()})
'''

REFERENCE_CLIENT = '''
import argparse, json, urllib.request
ap = argparse.ArgumentParser()
for flag in ("--port", "--n", "--deflate", "--bcast-reps", "--rate", "--duration"):
    ap.add_argument(flag)
a = ap.parse_args()
assert a.n == "50"
urllib.request.urlopen(f"http://127.0.0.1:{a.port}/burn").read()
print(json.dumps({"games": {"actions": 20, "action_to_last_phone_ms": {"p50": 4.0, "p99": 12.0}}}))
'''


def test_each_server_runs_in_turn_and_the_ratios_come_from_the_medians(tmp_path: Path) -> None:
    for name, text in (("drive.py", DRIVER), ("reference_server.py", REFERENCE_SERVER),
                       ("reference_client.py", REFERENCE_CLIENT)):
        (tmp_path / name).write_text(text)
    run = subprocess.run([sys.executable, "-m", "bench.against_reference", "--rounds", "1", "--seconds", "5",
                          "--driver", str(tmp_path / "drive.py"), "--port", str(free_port())],
                         cwd=ROOT, capture_output=True, text=True, timeout=180, check=True)
    lines = run.stdout.splitlines()
    assert [line.split()[0] for line in lines[:2]] == ["real", "reference"], run.stdout
    assert "(40 actions)" in lines[0] and "(20 actions)" in lines[1], run.stdout
    # 0.4 s of CPU burnt over 20 actions: 20 ms an action (uvicorn's start, ~0.2 s, is before the window).
    reference_cpu = float(re.search(r"CPU\s+([\d.]+) ms", lines[1]).group(1))  # type: ignore[union-attr]
    assert 19.0 <= reference_cpu <= 24.0, run.stdout
    assert re.search(r"real / reference: p50 2\.00  p99 2\.50  CPU per action \d+\.\d\d", lines[-1]), run.stdout
