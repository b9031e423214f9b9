"""`deuxrois serve` (address, QR code, /healthz) and `deuxrois export` through the real console script."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from web_helpers import act, create_game, join, make_settings

from app.kernel.text import EngineError
from app.store.export import export_game
from app.web.app import create_app

DEUXROIS = str(Path(sys.executable).with_name("deuxrois"))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_serve_prints_the_address_and_a_qr_code_then_answers_healthz(tmp_path: Path) -> None:
    port = free_port()
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'db' / 'x.db'}", "PYTHONUNBUFFERED": "1"}
    env.pop("REDIS_URL", None)
    env.pop("PUBSUB_URL", None)
    log = (tmp_path / "out.log").open("w+")
    proc = subprocess.Popen([DEUXROIS, "serve", "--host", "127.0.0.1", "--port", str(port)],
                            cwd=tmp_path, env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 60  # a deadline for start-up on a busy machine, not a measurement
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1) as r:
                    assert r.status == 200
                    break
            except OSError:
                time.sleep(0.1)
        else:
            raise AssertionError(Path(log.name).read_text())
        out = Path(log.name).read_text()
        assert f"http://127.0.0.1:{port}/" in out
        assert "█" in out or "▀" in out  # the QR code, drawn in the terminal
        assert (tmp_path / "db" / "x.db").exists()
    finally:
        proc.terminate()
        proc.wait(10)
        log.close()


def test_export_writes_a_replayable_scenario(sqlite_url: str) -> None:
    with TestClient(create_app(make_settings(sqlite_url))) as client:
        code, _ = create_game(client)
        for i in range(6):
            join(client, code, f"J{i}")
        act(client, code, {"type": "start"}, moderator=True)
    done = subprocess.run([DEUXROIS, "export", code.lower(), "--database", sqlite_url],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    scenario = json.loads(done.stdout)
    assert scenario["setup"]["players"] == [f"J{i}" for i in range(6)]
    assert len(scenario["setup"]["deal"]) == 6 and scenario["steps"] == []
    with pytest.raises(EngineError, match="No game"):
        export_game("ZZZZ" if code != "ZZZZ" else "YYYY", sqlite_url)
