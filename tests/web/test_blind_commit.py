"""A tap in one round trip: the store decides on the hub's log and writes without reading first (issue 11,
item 4), and the unique keys catch what it did not read: a replayed command, another writer's events."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import event, text

from app.store.database import make_engine, migrate
from app.store.repository import Batch, Repository, StoredEvent


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def repo(request: pytest.FixtureRequest) -> Iterator[Repository]:
    engine = make_engine(str(request.getfixturevalue(f"{request.param}_url")))
    migrate(engine)
    yield Repository(engine)
    engine.dispose()


class Decider:
    """A command that appends one note on the log it is shown, remembering what it was shown."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.shown: list[list[int]] = []

    def __call__(self, fresh: list[StoredEvent]) -> Batch:
        self.shown.append([e.seq for e in fresh])
        return Batch([{"type": "note", "text": self.text}], {"ok": True, "text": self.text})


def _game(repo: Repository) -> int:
    return repo.create_game(lambda: "BLIND1", "h", "deuxrois", {}, 1, [{"type": "created"}], 0).id


def _texts(repo: Repository, game_id: int) -> list[Any]:
    return [e.payload.get("text") for e in repo.load_events(game_id)]


def test_a_blind_tap_is_written_without_reading_the_log(repo: Repository) -> None:
    game_id = _game(repo)
    # What reached the database: Core's statements, and on SQLite the driver's own (the tap's two rows go
    # through the driver's cursor; sqlite3 tells every statement it runs).
    statements: list[str] = []
    listen = event.listens_for(repo.engine, "before_cursor_execute")
    listen(lambda _conn, _cursor, sql, *_: statements.append(sql))
    driver: list[str] = []
    if repo.engine.dialect.name == "sqlite":
        repo.engine.dispose()
        event.listen(repo.engine, "connect", lambda dbapi, _record: dbapi.set_trace_callback(driver.append))
    decide = Decider("a")
    assert repo.commit(game_id, 1, 5, "k1", decide, blind=True) is None
    assert decide.shown == [[]]  # decided once, on the caller's log
    reads = [sql for sql in [*statements, *driver] if sql.lstrip().startswith("SELECT") and "pg_advisory" not in sql]
    assert reads == []  # neither the key nor the log was read (PostgreSQL's turn-taking lock aside)
    if repo.engine.dialect.name == "sqlite":
        assert [sql.split()[0] for sql in driver].count("INSERT") == 2, driver  # the event and the key
    assert _texts(repo, game_id) == [None, "a"]
    assert repo.commit(game_id, 2, 6, "k1", Decider("a"), blind=True) == {"ok": True, "text": "a"}  # the key


def test_a_replayed_key_answers_what_was_stored_and_writes_nothing(repo: Repository) -> None:
    game_id = _game(repo)
    repo.commit(game_id, 1, 5, "k1", Decider("a"), blind=True)
    again = Decider("a")
    # The caller knows the newest log (seq 2) and sends the same key: the key's row clashes.
    assert repo.commit(game_id, 2, 6, "k1", again, blind=True) == {"ok": True, "text": "a"}
    assert _texts(repo, game_id) == [None, "a"]


def test_events_another_writer_appended_are_read_and_decided_on(repo: Repository) -> None:
    game_id = _game(repo)
    repo.commit(game_id, 1, 5, "other", Decider("theirs"), blind=True)  # another process: seq 2
    mine = Decider("mine")
    assert repo.commit(game_id, 1, 6, "mine", mine, blind=True) is None  # this caller still thinks seq 1
    assert mine.shown == [[], [2]]  # the blind try clashed on seq 2, then the log was read
    assert _texts(repo, game_id) == [None, "theirs", "mine"]


def test_a_refusal_on_a_stale_log_is_decided_again_on_the_newest(repo: Repository) -> None:
    game_id = _game(repo)
    repo.commit(game_id, 1, 5, "other", Decider("theirs"), blind=True)  # another process: seq 2
    mine = Decider("mine")

    def needs_theirs(fresh: list[StoredEvent]) -> Batch:
        if not fresh:
            raise ValueError("refused on the log this caller knows")
        return mine(fresh)

    assert repo.commit(game_id, 1, 6, "mine", needs_theirs, blind=True) is None
    assert mine.shown == [[2]]
    assert _texts(repo, game_id) == [None, "theirs", "mine"]


def test_rows_written_by_the_standard_json_load_as_they_were(repo: Repository) -> None:
    # The JSON columns are written with orjson since 6 December: rows an earlier version wrote (the standard
    # library's spacing, non-ASCII escaped) read back the same, next to new ones.
    game_id = _game(repo)
    old = {"type": "note", "text": "Élise, déjà là", "n": [1, 2.5, None]}
    cast = "CAST(:p AS JSON)" if repo.engine.dialect.name == "postgresql" else ":p"
    with repo.engine.begin() as connection:
        connection.execute(text(f"INSERT INTO events (game_id, seq, type, payload, at) VALUES (:g, 2, 'note', {cast}, 0)"),
                           {"g": game_id, "p": json.dumps(old)})
    assert repo.commit(game_id, 2, 0, "k", Decider("après"), True) is None
    stored = repo.load_events(game_id)
    assert [e.payload for e in stored[1:]] == [old, {"type": "note", "text": "après"}]
    with repo.engine.connect() as connection:
        raw = connection.execute(text("SELECT payload FROM events WHERE game_id = :g AND seq = 3"), {"g": game_id}).scalar()
    assert (json.loads(raw) if isinstance(raw, str) else raw) == {"type": "note", "text": "après"}


def test_taps_of_many_games_at_once_never_wait_in_sqlites_busy_handler(sqlite_url: str) -> None:
    """SQLite lets one writer in at a time; a second waits in its busy handler, which sleeps 1, 2, 5, 10... ms
    between tries. The store's threads take turns in the process instead, taps and rarer writes alike. With the busy handler off here
    (a busy timeout of 0), a writer that met another in SQLite would fail at once with "database is locked"."""
    engine = make_engine(sqlite_url)
    event.listen(engine, "connect", lambda dbapi, _record: dbapi.execute("PRAGMA busy_timeout=0"))
    migrate(engine)
    repo = Repository(engine)
    games = [repo.create_game(lambda i=i: f"BUSY{i:02d}", "h", "deuxrois", {}, 1, [{"type": "created"}], 0).id
             for i in range(8)]
    failures: list[BaseException] = []
    start = threading.Barrier(len(games))

    def tap_on(game_id: int) -> None:
        start.wait()
        try:
            for seq in range(1, 41):  # the blind path (a tap), now and then the full one, a seat, a session
                repo.commit(game_id, seq, seq, f"k{seq}", Decider(str(seq)), blind=seq % 5 != 0)
                if seq % 10 == 0:
                    repo.add_seat(game_id, f"p{seq}", f"t{game_id}-{seq}", "123456")
                    repo.add_moderator_session(game_id, f"s{game_id}-{seq}", "sealed")
        except BaseException as exc:  # the test reports it
            failures.append(exc)

    threads = [threading.Thread(target=tap_on, args=(game_id,)) for game_id in games]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    repo.close()
    assert failures == []
    assert all(_texts(repo, game_id) == [None, *map(str, range(1, 41))] for game_id in games)
    assert all(repo.seat_of(game_id, f"t{game_id}-40") == "p40" for game_id in games)
    engine.dispose()
