"""Two real server processes on one PostgreSQL and one Redis (issue 13, item 1).

The same request may reach both processes (a phone retrying through a load
balancer), and both take writes for the same game at once. Neither may answer
500: a lost `(game_id, seq)` race re-checks the idempotency key first (the other
process may have applied this very command) and otherwise decides again.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx2
import pytest
import redis
from live_server import Served, create_game

from app.store.database import make_engine
from app.store.repository import Repository

pytestmark = pytest.mark.postgres
REDIS = "redis://127.0.0.1:6379/15"
PAIRS = 24
WRITES = 60  # per process


@pytest.fixture
def two(tmp_path: Path, postgres_url: str) -> Iterator[tuple[Served, Served]]:
    try:
        redis.Redis.from_url(REDIS, socket_connect_timeout=2).ping()
    except redis.ConnectionError as exc:  # pragma: no cover - the service is part of the test set-up
        pytest.fail(f"Redis at 127.0.0.1:6379 is needed for this test: {exc}")
    env = {"PUBSUB_URL": REDIS}
    a = Served(tmp_path / "a", postgres_url, env).start()
    try:
        b = Served(tmp_path / "b", postgres_url, env).start()  # a migrated the database; b finds it at head
        try:
            yield a, b
        finally:
            b.stop()
    finally:
        a.stop()


def _note(client: httpx2.Client, code: str, key: str, text: str) -> httpx2.Response:
    body = {"key": key, "command": {"type": "mod_note", "text": text}}
    return client.post(f"/m/{code}/act", json=body, timeout=60)


def _notes(database_url: str, code: str) -> list[tuple[int, str]]:
    repo = Repository(make_engine(database_url))
    record = repo.find_game(code)
    assert record is not None
    events = repo.load_events(record.id)
    repo.engine.dispose()
    return [(e.seq, str(e.payload.get("text"))) for e in events if e.payload.get("type") == "note_recorded"]


@pytest.fixture
def game(two: tuple[Served, Served]) -> Iterator[tuple[httpx2.Client, httpx2.Client, str]]:
    """A game created on a; the game master's browser on a and on b."""
    a, b = two
    with httpx2.Client(base_url=a.url) as on_a:
        code, _ = create_game(on_a)
        # Cookies are per host, not per port: the dashboard cookie works on both processes.
        with httpx2.Client(base_url=b.url, cookies=on_a.cookies) as on_b:
            yield on_a, on_b, code


def test_the_same_request_on_both_processes_is_applied_once_and_answered_twice(
    two: tuple[Served, Served], game: tuple[httpx2.Client, httpx2.Client, str], postgres_url: str,
) -> None:
    a, b = two
    on_a, on_b, code = game
    answers: list[tuple[str, httpx2.Response, httpx2.Response]] = []
    for i in range(PAIRS):
        key = f"pair-{i}-{secrets.token_hex(4)}"
        start = threading.Barrier(2)

        def send(client: httpx2.Client, key: str = key, start: threading.Barrier = start) -> httpx2.Response:
            start.wait()
            return _note(client, code, key, key)

        with ThreadPoolExecutor(2) as pool:
            first, second = pool.map(send, (on_a, on_b))
        answers.append((key, first, second))
    statuses = [(r.status_code, s.status_code) for _, r, s in answers]
    assert all(pair == (200, 200) for pair in statuses), (statuses, a.output()[-3000:], b.output()[-3000:])
    for key, first, second in answers:
        one, other = first.json(), second.json()
        # One process wrote it; the other answers the stored result: the same seq, marked as a replay.
        assert one["seq"] == other["seq"], key
        assert sorted([one["replayed"], other["replayed"]]) == [False, True], key
    notes = _notes(postgres_url, code)
    assert sorted(text for _, text in notes) == sorted(key for key, _, _ in answers)  # once each
    assert "Traceback" not in a.output() + b.output()


def test_concurrent_writes_on_both_processes_all_land_without_an_error(
    two: tuple[Served, Served], game: tuple[httpx2.Client, httpx2.Client, str], postgres_url: str,
) -> None:
    a, b = two
    on_a, on_b, code = game

    def send(job: tuple[httpx2.Client, str]) -> tuple[int, Any]:
        client, text = job
        response = _note(client, code, secrets.token_hex(8), text)
        return response.status_code, response.text

    jobs = [(client, f"{name}-{i}") for i in range(WRITES) for client, name in ((on_a, "a"), (on_b, "b"))]
    with ThreadPoolExecutor(8) as pool:
        results = list(pool.map(send, jobs))
    errors = [r for r in results if r[0] != 200]
    assert errors == [], (errors[:3], a.output()[-3000:], b.output()[-3000:])
    notes = _notes(postgres_url, code)
    assert sorted(text for _, text in notes) == sorted(text for _, text in jobs)  # none lost, none twice
    seqs = [seq for seq, _ in notes]
    assert len(set(seqs)) == len(seqs)
    assert "Traceback" not in a.output() + b.output()


def test_a_new_link_on_one_process_ends_the_session_the_other_keeps_in_memory(
    game: tuple[httpx2.Client, httpx2.Client, str],
) -> None:
    on_a, on_b, code = game
    assert _note(on_b, code, secrets.token_hex(8), "b knows this session now").status_code == 200
    rotated = on_a.post(f"/m/{code}/link/new")
    assert rotated.status_code == 303
    # b hears of it on the pub/sub seam: the old session's taps are refused there within a moment.
    deadline = time.monotonic() + 5
    while (status := _note(on_b, code, secrets.token_hex(8), "still?").status_code) == 200 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert status == 403
    assert _note(on_a, code, secrets.token_hex(8), "the new session").status_code == 200
