"""`python -m bench.traced_serve`: the real server under tracemalloc writes a snapshot at each SIGUSR1, and
`--compare` says which lines hold what grew between two. Run from the project's root, not imported."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

from live_server import free_port

ROOT = Path(__file__).resolve().parents[1]
GAMES = 10


def _wait_for(check, what: str, tries: int = 300) -> None:  # type: ignore[no-untyped-def]
    for _ in range(tries):
        if check():
            return
        time.sleep(0.1)
    raise AssertionError(f"no {what} after {tries / 10:.0f} s")


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=1.0) as answer:
            return bool(answer.status == 200)
    except (urllib.error.URLError, OSError):
        return False


def _create_games(base: str, n: int) -> None:
    form = urllib.parse.urlencode({"rounds": "5", "election_s": "45", "designation_s": "60"}).encode()
    for _ in range(n):
        request = urllib.request.Request(f"{base}/games", data=form, headers={"Origin": base})
        with urllib.request.urlopen(request, timeout=30) as made:
            assert made.status == 200


def test_two_snapshots_show_the_lines_that_hold_new_games(tmp_path: Path) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'traced.db'}"}
    log = (tmp_path / "server.log").open("wb")
    server = subprocess.Popen([sys.executable, "-m", "bench.traced_serve", "--snapshots", str(tmp_path / "snaps"),
                               "serve", "--host", "127.0.0.1", "--port", str(port)],
                              cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        _wait_for(lambda: _answers(f"{base}/healthz"), "answer on /healthz")
        _create_games(base, 1)  # its templates compiled, its modules loaded: before the first snapshot
        server.send_signal(signal.SIGUSR1)
        _wait_for((tmp_path / "snaps" / "1.snapshot").exists, "first snapshot")
        _create_games(base, GAMES)
        server.send_signal(signal.SIGUSR1)
        _wait_for((tmp_path / "snaps" / "2.snapshot").exists, "second snapshot")
    finally:
        server.terminate()
        server.wait(30)
        log.close()
    # A file may appear before it is whole: read once the server has stopped.
    report = subprocess.run([sys.executable, "-m", "bench.traced_serve", "--compare",
                             str(tmp_path / "snaps" / "1.snapshot"), str(tmp_path / "snaps" / "2.snapshot"),
                             "--per", str(GAMES), "--top", "40"],
                            cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert report.returncode == 0, report.stderr
    by_file, _, by_line = report.stdout.partition("by lineno:")
    assert by_file.startswith("by filename:") and float(by_file.split()[2]) > 0  # KiB a game
    # Each game loaded holds its hub (its sockets' set, timers, caches): the first lines name it, grown.
    hub = next(line for line in by_file.splitlines() if line.endswith("app/live/hub.py"))
    assert float(hub.split()[0]) > 0 and "app/live/hub.py:" in by_line
