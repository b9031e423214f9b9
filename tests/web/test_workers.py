"""`deuxrois serve --workers N`: N processes behind one port, on PostgreSQL and Redis (issue 11, item 6).

Through the real command line. Every worker accepts on the same socket, so any
of them may get any game's requests: two phones of one game land on different
processes (found from the server's socket table) and still see each other's
moves; writes to one game through the one port all land, with no error; the
dashboard shows phones connected to either process. Without PostgreSQL or
without Redis the command refuses, and says why.
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx2
import pytest
import redis
from live_server import Served, create_game
from websockets.sync.client import ClientConnection, connect

from app.store.database import make_engine
from app.store.repository import Repository

REDIS = "redis://127.0.0.1:6379/15"
DEUXROIS = str(Path(sys.executable).with_name("deuxrois"))
NAMES = ("Aude", "Bertrand", "Chloé", "Damien", "Émile", "Fanny")
RID = re.compile(r"request_id&#34;:&#34;(q\d+)&#34;")
CARD = re.compile(r'<div id="card-face"[^>]*>\s*<h2>(.*?) <small>', flags=re.S)
PRESENCE = re.compile(r'data-player-id="(p\d+)".*?presence-(\w+)', flags=re.S)
TRIES = 80  # sockets opened at most to find two phones on different processes (the kernel picks)
# ... over this long at least: a worker that is still starting (compiling its templates) accepts nothing.
TRYING_S = 30.0


def _refused(tmp_path: Path, env: dict[str, str], workers: tuple[str, ...] = ("--workers", "2")
             ) -> subprocess.CompletedProcess[str]:
    keep = {k: v for k, v in os.environ.items() if k in {"PATH", "HOME", "LANG", "PYTHONPATH", "TMPDIR"}}
    # A port nobody may take: were the refusal missing, the server would fail to start rather than serve.
    return subprocess.run([DEUXROIS, "serve", "--port", "1", *workers], cwd=tmp_path, env={**keep, **env},
                          capture_output=True, text=True, timeout=60)


def test_several_workers_on_sqlite_are_refused_with_the_reason(tmp_path: Path) -> None:
    result = _refused(tmp_path, {"DATABASE_URL": f"sqlite:///{tmp_path / 'x.db'}", "REDIS_URL": REDIS})
    assert result.returncode == 2
    assert "needs PostgreSQL" in result.stderr and "SQLite has no lock across processes" in result.stderr
    assert not (tmp_path / "x.db").exists()  # refused before anything started


@pytest.mark.postgres
def test_several_workers_without_redis_are_refused_with_the_reason(tmp_path: Path, postgres_url: str) -> None:
    result = _refused(tmp_path, {"DATABASE_URL": postgres_url})
    assert result.returncode == 2
    assert "needs Redis" in result.stderr and "reach the phones connected to the others" in result.stderr


def test_workers_come_from_the_environment_too(tmp_path: Path) -> None:
    result = _refused(tmp_path, {"WORKERS": "3", "DATABASE_URL": f"sqlite:///{tmp_path / 'x.db'}"}, workers=())
    assert result.returncode == 2 and "--workers 3 needs PostgreSQL" in result.stderr


@pytest.fixture
def served(tmp_path: Path, postgres_url: str) -> Iterator[Served]:
    try:
        redis.Redis.from_url(REDIS, socket_connect_timeout=2).ping()
    except redis.ConnectionError as exc:  # pragma: no cover - the service is part of the test set-up
        pytest.fail(f"Redis at 127.0.0.1:6379 is needed for this test: {exc}")
    server = Served(tmp_path, postgres_url, {"REDIS_URL": REDIS}, args=("--workers", "2")).start()
    try:
        deadline = time.monotonic() + 60  # both workers up, on a loaded machine
        while len(server.pids()) < 2:
            assert time.monotonic() < deadline, server.output()
            time.sleep(0.1)
        yield server
    finally:
        server.stop()


def _post(client: httpx2.Client, path: str, command: dict[str, Any], cookie: str | None = None) -> dict[str, Any]:
    headers = {"Cookie": cookie} if cookie else {}
    response = client.post(path, json={"key": secrets.token_hex(8), "command": command}, headers=headers, timeout=60)
    assert response.status_code == 200, response.text
    result: dict[str, Any] = response.json()
    return result


def _socket(server: Served, path: str, cookie: str) -> ClientConnection:
    return connect(f"ws://127.0.0.1:{server.port}{path}", open_timeout=30,
                   additional_headers={"Cookie": cookie, "Origin": server.url})


def _until(ws: ClientConnection, pattern: re.Pattern[str] | str) -> str:
    while True:
        message = str(ws.recv(timeout=30))
        if re.search(pattern, message):
            return message


@pytest.mark.postgres
def test_two_phones_on_different_processes_see_each_others_moves(served: Served) -> None:
    with httpx2.Client(base_url=served.url, headers={"Origin": served.url}) as game_master:
        code, _ = create_game(game_master)
        mod_cookie = "; ".join(f"{k}={v}" for k, v in game_master.cookies.items())
        seats: dict[str, str] = {}
        for i, name in enumerate(NAMES, start=1):
            with httpx2.Client(base_url=served.url) as phone:
                assert phone.post(f"/g/{code}/join", data={"name": name}).status_code == 200
                seats[f"p{i}"] = f"seat_{code}={phone.cookies[f'seat_{code}']}"
        rooms = ["normandie" if i % 2 == 0 else "angleterre" for i in range(len(NAMES))]  # p1, p3, p5 together
        started = _post(game_master, f"/m/{code}/act", {"type": "start", "rooms": rooms})
        if "prompt_opened" in started["events"]:
            _post(game_master, f"/m/{code}/act", {"type": "mod_advance"})  # the Infidèle's colour: later
        # Phones of p1, p3, p5 open sockets until two of them live in different processes.
        placed: dict[int, tuple[str, ClientConnection, str]] = {}  # process -> (seat, its socket, its first page)
        with contextlib.ExitStack() as sockets:
            for attempt in range(TRIES):
                if len(placed) == 2:
                    break
                time.sleep(TRYING_S / TRIES if attempt >= 4 else 0)
                free = [p for p in ("p1", "p3", "p5") if all(p != seat for seat, _, _ in placed.values())]
                ws = sockets.enter_context(_socket(served, f"/g/{code}/ws", seats[free[attempt % len(free)]]))
                first = str(ws.recv(timeout=30))
                holder = served.holder(ws.socket.getsockname()[1])
                assert holder is not None
                if holder not in placed:
                    placed[holder] = (free[attempt % len(free)], ws, first)
            assert len(placed) == 2, f"every socket went to one process in {TRIES} tries"
            (asker, on_one, _), (target, on_other, target_page) = placed.values()
            target_card = CARD.search(target_page)
            assert target_card is not None
            with httpx2.Client(base_url=served.url, headers={"Origin": served.url}) as http:
                # The asker's move (posted to whichever process the kernel picks) reaches the target's phone...
                _post(http, f"/g/{code}/act", {"type": "request_reveal", "target": target, "kind": "complete"},
                      seats[asker])
                request = RID.search(_until(on_other, RID.pattern))
                assert request is not None
                # ...and the target's answer reaches the asker's phone: the target's card, now known to it.
                _post(http, f"/g/{code}/act", {"type": "answer_reveal", "request_id": request.group(1),
                                                "accept": True}, seats[target])
                _until(on_one, re.escape(target_card.group(1)))
            # The dashboard, on either process, shows both phones connected.
            with _socket(served, f"/m/{code}/ws", mod_cookie) as dashboard:
                cells = dict(PRESENCE.findall(str(dashboard.recv(timeout=30))))
                while not cells.get(asker) == cells.get(target) == "connected":
                    cells.update(PRESENCE.findall(str(dashboard.recv(timeout=30))))
    output = served.output()
    assert "Traceback" not in output and '" 500' not in output, output[-3000:]


@pytest.mark.postgres
def test_writes_to_one_game_through_every_worker_all_land(served: Served, postgres_url: str) -> None:
    with httpx2.Client(base_url=served.url, headers={"Origin": served.url}) as game_master:
        code, _ = create_game(game_master)
        cookies = dict(game_master.cookies)
    texts = [f"note-{i}" for i in range(80)]

    def send(text: str) -> int:
        # One connection per request: the kernel hands each to either process.
        with httpx2.Client(base_url=served.url, cookies=cookies, headers={"Origin": served.url}) as client:
            body = {"key": secrets.token_hex(8), "command": {"type": "mod_note", "text": text}}
            return client.post(f"/m/{code}/act", json=body, timeout=60).status_code

    with ThreadPoolExecutor(8) as pool:
        statuses = list(pool.map(send, texts))
    assert statuses == [200] * len(texts), served.output()[-3000:]
    repo = Repository(make_engine(postgres_url))
    record = repo.find_game(code)
    assert record is not None
    notes = [e.payload.get("text") for e in repo.load_events(record.id) if e.payload.get("type") == "note_recorded"]
    repo.engine.dispose()
    assert sorted(notes) == sorted(texts)  # none lost, none twice
    assert "Traceback" not in served.output()
