"""Taps of several games that queue behind one commit are committed together, and a write that breaks the
group fails alone (issue 11: at 100 games each tap waited for its own fsync behind the others')."""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from sqlalchemy import event

from app.store.database import make_engine, migrate
from app.store.group_commit import GroupCommit, NotCommitted
from app.store.repository import Batch, Repository, StoredEvent


class Note:
    def __init__(self, text: str) -> None:
        self.text = text

    def __call__(self, _fresh: list[StoredEvent]) -> Batch:
        return Batch([{"type": "note", "text": self.text}], {"ok": True, "text": self.text})


class SlowDisk:
    """Every COMMIT SQLite runs, by thread; the next one it is told to hold waits until `released` (an fsync
    the VM's disk holds), time for other games' taps to queue."""

    def __init__(self) -> None:
        self.commits: list[str] = []
        self.holding = threading.Event()
        self.released = threading.Event()
        self._hold_next = False

    def hold_next_commit(self) -> None:
        self.holding.clear()
        self.released.clear()
        self._hold_next = True

    def __call__(self, sql: str) -> None:
        if sql == "COMMIT":
            self.commits.append(threading.current_thread().name)
            if self._hold_next:
                self._hold_next = False
                self.holding.set()
                assert self.released.wait(5)


@pytest.fixture
def store(sqlite_url: str) -> Iterator[tuple[Repository, list[int], SlowDisk]]:
    engine = make_engine(sqlite_url)
    migrate(engine)
    repo = Repository(engine)
    games = [repo.create_game(lambda i=i: f"GRP{i:02d}", "h", "deuxrois", {}, 1, [{"type": "created"}], 0).id
             for i in range(6)]
    disk = SlowDisk()
    engine.dispose()
    event.listen(engine, "connect", lambda dbapi, _record: dbapi.set_trace_callback(disk))
    yield repo, games, disk
    repo.close()
    engine.dispose()


def _behind_a_slow_commit(repo: Repository, disk: SlowDisk, first: Callable[[], Any],
                          queued: list[Callable[[], Any]]) -> None:
    """`first` commits on the slow disk; the disk lets it through once every one of `queued` has queued."""
    disk.hold_next_commit()
    lead = threading.Thread(target=first, name="first")
    lead.start()
    assert disk.holding.wait(5)
    threads = [threading.Thread(target=tap, name=f"tap{i}") for i, tap in enumerate(queued)]
    for thread in threads:
        thread.start()
    deadline = time.monotonic() + 5
    while len(repo._group._queue) < len(queued):
        assert time.monotonic() < deadline
        time.sleep(0.005)
    disk.released.set()
    for thread in [lead, *threads]:
        thread.join(10)


def _texts(repo: Repository, game_id: int) -> list[Any]:
    return [e.payload.get("text") for e in repo.load_events(game_id)]


def test_taps_that_queue_behind_a_commit_share_the_next_one(store: tuple[Repository, list[int], SlowDisk]) -> None:
    repo, games, disk = store
    answers: dict[int, Any] = {}

    def tap(game_id: int) -> Callable[[], None]:
        return lambda: answers.__setitem__(game_id, repo.commit(game_id, 1, 2, "k", Note(f"tap {game_id}"), blind=True))

    _behind_a_slow_commit(repo, disk, tap(games[0]), [tap(g) for g in games[1:]])
    assert all(_texts(repo, g) == [None, f"tap {g}"] for g in games)
    assert answers == {g: None for g in games}  # each decided and written now
    # The first tap's commit, then one for the five that waited (each its own, one after the other, before).
    assert disk.commits[0] == "first" and len(disk.commits) == 2, disk.commits


def test_a_replay_in_a_group_fails_alone(store: tuple[Repository, list[int], SlowDisk]) -> None:
    repo, games, disk = store
    repo.commit(games[5], 1, 1, "k-old", Note("old"), blind=True)
    answers: dict[int, Any] = {}

    def tap(game_id: int, after: int, key: str) -> Callable[[], None]:
        return lambda: answers.__setitem__(game_id, repo.commit(game_id, after, 2, key, Note(f"tap {game_id}"),
                                                                blind=True))

    # Four new taps queue with game 5's replay: its key is taken, the group's commit breaks, each goes alone.
    _behind_a_slow_commit(repo, disk, tap(games[0], 1, "k0"),
                          [*(tap(g, 1, f"k{g}") for g in games[1:5]), tap(games[5], 2, "k-old")])
    assert all(_texts(repo, g) == [None, f"tap {g}"] for g in games[:5])
    assert _texts(repo, games[5]) == [None, "old"]
    assert answers[games[5]] == {"ok": True, "text": "old"}  # the stored answer; nothing written twice
    assert all(answers[g] is None for g in games[:5])


def _behind_a_leader(group: GroupCommit, turn: threading.Lock, lead: Callable[[Any], None],
                     writes: list[Callable[[Any], None]], connection: sqlite3.Connection) -> list[BaseException | None]:
    """`lead` commits first, held at the writer's turn until every one of `writes` (each from its own thread)
    has queued behind it; what each one raised, `lead` first."""
    everyone = [lead, *writes]
    outcomes: list[BaseException | None] = [None] * len(everyone)

    def run(i: int) -> None:
        try:
            group.write(connection, everyone[i])
        except BaseException as exc:  # the test reads it
            outcomes[i] = exc

    def until(condition: Callable[[], bool]) -> None:
        deadline = time.monotonic() + 5
        while not condition():
            assert time.monotonic() < deadline
            time.sleep(0.005)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(everyone))]
    with turn:
        threads[0].start()
        until(lambda: group._leader is not None and not group._queue)  # it leads, its rows taken, at the turn
        for thread in threads[1:]:
            thread.start()
        until(lambda: len(group._queue) == len(writes))
    for thread in threads:
        thread.join(5)
    return outcomes


def _insert(k: str) -> Callable[[Any], None]:
    return lambda c: c.execute("INSERT INTO t VALUES (?)", (k,))


@pytest.fixture
def table(tmp_path: Any) -> sqlite3.Connection:
    connection = sqlite3.connect(tmp_path / "g.db", check_same_thread=False)
    connection.execute("CREATE TABLE t (k TEXT PRIMARY KEY)")
    return connection


def test_a_group_is_one_commit_and_a_clash_in_it_fails_alone(table: sqlite3.Connection) -> None:
    commits: list[str] = []
    table.set_trace_callback(lambda sql: commits.append(sql) if sql == "COMMIT" else None)
    turn = threading.Lock()
    group = GroupCommit(turn)
    assert _behind_a_leader(group, turn, _insert("a"), [_insert(k) for k in "bcd"], table) == [None] * 4
    assert commits == ["COMMIT", "COMMIT"]  # the leader's, then the three queued behind it in one
    outcomes = _behind_a_leader(group, turn, _insert("e"), [_insert(k) for k in "fag"], table)  # "a" is taken
    assert outcomes[:2] == [None, None] and outcomes[3] is None and isinstance(outcomes[2], sqlite3.IntegrityError)
    assert sorted(k for (k,) in table.execute("SELECT k FROM t")) == list("abcdefg")
    assert group._leader is None and group._queue == []  # nobody left leading: the next write leads


def test_the_writers_of_an_interrupted_commit_hear_that_nothing_was_kept(table: sqlite3.Connection) -> None:
    turn = threading.Lock()
    group = GroupCommit(turn)

    def interrupted(_connection: Any) -> None:
        raise KeyboardInterrupt

    outcomes = _behind_a_leader(group, turn, _insert("w"), [_insert("x"), interrupted, _insert("y")], table)
    # The thread that led the group saw the interruption; the others hear their rows were not committed.
    assert outcomes[0] is None
    assert sum(isinstance(o, KeyboardInterrupt) for o in outcomes[1:]) == 1
    assert sum(isinstance(o, NotCommitted) for o in outcomes[1:]) == 2
    assert table.in_transaction is False
    assert list(table.execute("SELECT k FROM t")) == [("w",)]
    assert group._leader is None
    group.write(table, _insert("z"))  # the next write leads, and commits
    assert list(table.execute("SELECT k FROM t ORDER BY k")) == [("w",), ("z",)]
