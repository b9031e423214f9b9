"""`python -m bench.tap_waits`: the real server, its taps' steps (from the request read to its answer written)
and its writers' sends stamped from outside, writes them at SIGUSR1, and `--read` prints each wait. Run from
the project's root, not imported."""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import secrets
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx2
from live_server import Served, create_game, free_port, raw_websocket, server_frames

ROOT = Path(__file__).resolve().parents[1]
NOTES = 5
DEADLINE_S = 60.0  # a watchdog on a loaded machine, not a measurement


def _until(check, what: str) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + DEADLINE_S
    while not check():
        assert time.monotonic() < deadline, f"no {what} after {DEADLINE_S:.0f} s"
        time.sleep(0.1)


def _answers(url: str) -> bool:
    try:
        return httpx2.get(url, timeout=1.0).status_code == 200
    except httpx2.TransportError:
        return False


def test_a_game_master_s_notes_are_stamped_step_by_step_and_read_back(tmp_path: Path) -> None:
    served = Served(tmp_path, f"sqlite:///{tmp_path / 'waits.db'}", port=free_port())
    out = tmp_path / "waits.json"
    env = {**os.environ, "DATABASE_URL": served.database_url, "RATE_CAPACITY": "100000", "RATE_PER_SECOND": "100000"}
    log = (tmp_path / "server.log").open("wb")
    server = subprocess.Popen([sys.executable, "-m", "bench.tap_waits", "--out", str(out),
                               "serve", "--host", "127.0.0.1", "--port", str(served.port)],
                              cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        _until(lambda: _answers(f"{served.url}/healthz"), "answer on /healthz")
        with httpx2.Client(base_url=served.url, headers={"Origin": served.url}) as game_master:
            code, _ = create_game(game_master)
            cookie = "; ".join(f"{k}={v}" for k, v in game_master.cookies.items())
            with contextlib.closing(raw_websocket(served, f"/m/{code}/ws", cookie)) as dashboard:
                for n in range(NOTES):
                    body = {"key": secrets.token_hex(8), "command": {"type": "mod_note", "text": f"note {n}"}}
                    assert game_master.post(f"/m/{code}/act", json=body, timeout=60).status_code == 200
                # The last note's push read: every writer's send is done before the stamps are written.
                seen = b""
                while f"note {NOTES - 1}".encode() not in seen:
                    chunk = dashboard.recv(65536)
                    assert chunk, "the server closed the dashboard"
                    seen += chunk
                assert server_frames(seen)[0]

        def written() -> bool:
            """The stamps, asked for again until they hold every note and push: a writer stamps its send once
            it resumes after it, which may come after the dashboard has read the frame and the signal came."""
            server.send_signal(signal.SIGUSR1)
            time.sleep(0.1)
            try:
                stamps = json.loads(out.read_text())
            except (OSError, ValueError):  # not written yet, or being written
                return False
            return len(stamps["taps"]) >= NOTES and len(stamps["pushes"]) >= NOTES + 1

        _until(written, "stamps of every note and its push")
    finally:
        server.terminate()
        server.wait(30)
        log.close()
    stamps = json.loads(out.read_text())
    taps = stamps["taps"][-NOTES:]
    # Each note from its request's headers to its answer's last byte; the answer leaves after the fan-out.
    order = ("heard", "app", "dispatched", "store_in", "store_out", "kept", "fanned", "returned", "written")
    assert all(tap[a] <= tap[b] for tap in taps for a, b in itertools.pairwise(order)), taps
    # The dashboard is the tapper's own socket: its pushes go through its writer (the first page and a push a note).
    assert len(stamps["pushes"]) >= NOTES + 1
    assert all(p["offered"] <= p["send_in"] <= p["send_out"] for p in stamps["pushes"])
    table = subprocess.run([sys.executable, "-m", "bench.tap_waits", "--read", str(out), "--skip", "0"],
                           cwd=ROOT, capture_output=True, text=True, check=True, timeout=60).stdout
    assert f"{len(stamps['taps'])} taps" in table and "dispatch -> the fan-out is over" in table
    assert "the request read -> its answer written" in table
    assert f"{len(stamps['pushes'])} pushes" in table and "a push's offer -> its writer's send" in table
