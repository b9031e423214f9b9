"""Event-log benchmarks through app.store: what one tap costs the database, and reloading a game.

Each operation is what the live hub does: `Repository.append` of one command's
events with its idempotency key, in one transaction (SQLite: WAL,
synchronous=FULL, as the server configures it).
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import Engine, create_engine, event, text
from sqlalchemy.engine import make_url

from app.store.database import make_engine, migrate
from app.store.repository import Batch, Repository, StoredEvent
from app.store.tokens import hash_token, new_code
from bench.harness import Options, Result, Timer, benchmark


def _payload(seq: int) -> dict[str, Any]:
    # About the size of a vote or a reveal event (~250 bytes of JSON).
    return {
        "type": "vote_cast",
        "seq": seq,
        "round": 3,
        "room": "normandie",
        "voter": f"p{seq % 50}",
        "target": f"p{(seq * 7) % 50}",
        "note": {"fr": "vote enregistré", "en": "vote recorded"},
        "at_ms": 1_764_470_000_000 + seq,
    }


@contextmanager
def _database(options: Options) -> Iterator[tuple[Engine, str]]:
    """A migrated engine: a fresh SQLite file, or a scratch database created on the given PostgreSQL server."""
    if options.database_url is None:
        url = f"sqlite:///{options.workdir / 'bench.db'}"
        engine = make_engine(url)
        migrate(engine)
        try:
            yield engine, "sqlite (WAL, synchronous=FULL)"
        finally:
            engine.dispose()
        return
    server = make_url(options.database_url)
    if server.get_backend_name() != "postgresql":
        raise SystemExit(
            "--database-url: give a PostgreSQL server URL (the bench creates and drops its own database)"
        )
    scratch = f"deuxrois_bench_{uuid.uuid4().hex[:8]}"
    admin = create_engine(server, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{scratch}"'))
    engine = make_engine(server.set(database=scratch).render_as_string(hide_password=False))
    try:
        migrate(engine)
        with engine.connect() as conn:
            version = conn.execute(text("SHOW server_version")).scalar_one()
        yield engine, f"postgresql {version}"
    finally:
        engine.dispose()
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{scratch}"'))
        admin.dispose()


def _new_game(repo: Repository) -> int:
    game = repo.create_game(new_code, hash_token("bench"), "classic", {}, 1, [{"type": "game_created"}], 0)
    return game.id


@benchmark(
    "store-append",
    "event-log appends through app.store: one command (1 or 3 events + idempotency key) per commit",
)
def store_append(options: Options) -> list[Result]:
    results = []
    with _database(options) as (engine, backend):
        repo = Repository(engine)
        for batch in (1, 3):
            game_id = _new_game(repo)
            seq = 1
            timer = Timer()
            for i in range(options.scale(2000)):
                payloads = [_payload(seq + k) for k in range(1, batch + 1)]
                with timer:
                    repo.append(game_id, seq, payloads, at=i, idempotency_key=f"cmd-{i}", result={"ok": True})
                seq += batch
            assert repo.last_seq(game_id) == seq, "the log lost events"
            results.append(
                Result(f"append {batch} event/commit", timer.samples_ns, batch, "event", {"backend": backend})
            )
    return results


# The server's store threads: asyncio's default executor on a 2-core machine (min(32, cores + 4)).
WRITERS = 6


@benchmark(
    "store-taps-games",
    "taps of 6 games at once, each from its own thread as the hub's store threads write them (blind commits)",
)
def store_taps_games(options: Options) -> list[Result]:
    """What a tap waits for when several games tap at once: each writer thread commits its game's taps one
    after the other (an event and its key, decided on the caller's log, as `Hub.dispatch` does). On SQLite
    the taps that queue behind a commit share the next one (`app.store.group_commit`); `commits_a_tap`
    says how many commits the disk saw for each tap, `taps_per_s_wall` how many taps all the games made a
    second (ops_per_s adds the taps' waits up as if they came one after the other)."""
    with _database(options) as (engine, backend):
        commits = [0]
        if engine.dialect.name == "sqlite":
            engine.dispose()  # the next connections are traced: every COMMIT the driver sends
            event.listen(engine, "connect", lambda dbapi, _record: dbapi.set_trace_callback(
                lambda sql: commits.__setitem__(0, commits[0] + (sql == "COMMIT"))))
        repo = Repository(engine)
        games = [_new_game(repo) for _ in range(WRITERS)]
        taps = options.scale(500)
        timers = [Timer() for _ in games]
        start = threading.Barrier(len(games))

        def tap(seq: int) -> Callable[[list[StoredEvent]], Batch]:
            return lambda _fresh: Batch([_payload(seq)], {"ok": True})

        def write(i: int) -> None:
            start.wait()
            for seq in range(1, taps + 1):
                with timers[i]:
                    repo.commit(games[i], seq, seq, f"cmd-{seq}", tap(seq + 1), blind=True)

        commits[0] = 0
        began = time.perf_counter()
        threads = [threading.Thread(target=write, args=(i,)) for i in range(len(games))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        wall = time.perf_counter() - began
        repo.close()
        assert all(repo.last_seq(g) == taps + 1 for g in games), "the log lost taps"
        info: dict[str, Any] = {"backend": backend, "taps_per_s_wall": round(len(games) * taps / wall)}
        if engine.dialect.name == "sqlite":
            info["commits_a_tap"] = round(commits[0] / (len(games) * taps), 2)
        return [Result(f"{len(games)} games tapping at once", [ns for t in timers for ns in t.samples_ns], 1,
                       "tap", info)]


@benchmark("store-load", "reload a game's whole log (2,000 events) from app.store, as after a restart")
def store_load(options: Options) -> list[Result]:
    events = 2000
    with _database(options) as (engine, backend):
        repo = Repository(engine)
        game_id = _new_game(repo)
        repo.append(game_id, 1, [_payload(seq) for seq in range(2, events + 1)], at=0)
        timer = Timer()
        for _ in range(options.scale(100)):
            with timer:
                loaded = repo.load_events(game_id)
            assert len(loaded) == events
        return [Result(f"load {events} events", timer.samples_ns, events, "event", {"backend": backend})]


@benchmark(
    "sqlite-raw-append",
    "baseline: the same appends with the stdlib sqlite3 driver, no ORM (what app.store adds)",
)
def sqlite_raw_append(options: Options) -> list[Result]:
    db = sqlite3.connect(options.workdir / "raw.db", isolation_level=None)
    try:
        # The server's pragmas (app/store/database.py).
        for pragma in ("journal_mode=WAL", "foreign_keys=ON", "busy_timeout=5000", "synchronous=FULL"):
            db.execute(f"PRAGMA {pragma}")
        db.execute(
            "CREATE TABLE events (id INTEGER PRIMARY KEY, game_id INT, seq INT, type TEXT, payload TEXT, at INT)"
        )
        db.execute("CREATE UNIQUE INDEX events_game_seq ON events (game_id, seq)")
        timer = Timer()
        for seq in range(1, options.scale(2000) + 1):
            row = (1, seq, "vote_cast", json.dumps(_payload(seq)), seq)
            with timer:
                db.execute("BEGIN")
                db.execute("INSERT INTO events (game_id, seq, type, payload, at) VALUES (?, ?, ?, ?, ?)", row)
                db.execute("COMMIT")
        assert db.execute("SELECT count(*) FROM events").fetchone()[0] == len(timer.samples_ns)
        return [
            Result(
                "raw append 1 event/commit", timer.samples_ns, 1, "event", {"backend": "sqlite3 (WAL, FULL)"}
            )
        ]
    finally:
        db.close()
