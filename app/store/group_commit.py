"""Taps of several games in one commit: one wait for the disk, however many threads wrote meanwhile.

On SQLite each commit waits for `fsync` (`synchronous=FULL`: a committed tap survives a power cut). One
writer at a time, so at 100 games (200 taps a second) the taps queued behind each `fsync`, and an `fsync`
that the VM's disk held for 30-400 ms held every game's taps behind it (docs/performance.md). Here a
thread that finds another one committing leaves its rows in a queue; the next commit writes every queued
tap and commits them together, the way PostgreSQL groups its own commits. Nothing is answered before its
commit: a tap's thread returns once the commit holding its rows is done, or raises what its own rows
raised (and none of them is kept).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

Rows = Callable[[Any], None]  # writes one tap's rows on the driver connection it is given; may raise


class NotCommitted(RuntimeError):
    """The commit that held these rows stopped before its end (its thread was interrupted)."""


class _Write:
    __slots__ = ("done", "error", "finished", "rows")

    def __init__(self, rows: Rows) -> None:
        self.rows = rows
        # A follower's: set once it is committed (or failed), or once it is handed the lead. A write that
        # leads at once (a game tapping alone: every tap at one table) never waits, and makes none.
        self.done: threading.Event | None = None
        self.finished = False
        self.error: BaseException | None = NotCommitted("the commit holding this tap did not finish")


class GroupCommit:
    """`write(connection, rows)`: the rows committed, alone or with the writes queued while it waited.

    One writing thread at a time leads: it commits everything queued (its own rows among them) in one
    transaction, then hands the lead to the first write queued meanwhile, and returns. A write queued behind
    a leader waits for its own outcome only: it does not queue again for a lock once its rows are committed
    (Python's locks are not fair: a follower could watch several later commits go by first).

    `turn` is the process's writer lock: every other write of the store takes it too, so a group never
    meets another writer of this process inside SQLite."""

    def __init__(self, turn: AbstractContextManager[Any]) -> None:
        self._turn = turn
        self._queue_lock = threading.Lock()
        self._queue: list[_Write] = []
        self._leader: _Write | None = None

    def write(self, connection: Any, rows: Rows) -> None:
        entry = _Write(rows)
        with self._queue_lock:
            self._queue.append(entry)
            if self._leader is None:
                self._leader = entry
            else:
                entry.done = threading.Event()
        if entry.done is not None:
            entry.done.wait()
        if not entry.finished:  # handed the lead: its rows are still queued, first in line
            self._lead(connection)
        if entry.error is not None:
            raise entry.error

    def _lead(self, connection: Any) -> None:
        with self._queue_lock:
            group, self._queue = self._queue, []
        try:
            with self._turn:
                self._commit(connection, group)
        finally:
            with self._queue_lock:
                following = self._queue[0] if self._queue else None
                self._leader = following
            for entry in group:
                entry.finished = True
                if entry.done is not None:
                    entry.done.set()
            if following is not None and following.done is not None:  # queued behind a leader: it waits
                following.done.set()

    def _commit(self, connection: Any, group: list[_Write]) -> None:
        try:
            for entry in group:
                entry.rows(connection)
            connection.commit()
        except Exception as exc:
            connection.rollback()
            if len(group) == 1:
                group[0].error = exc
                return
            # One write broke the group (a replayed key, a seq another process took): each alone, so
            # that only its own fails.
            for entry in group:
                self._commit_alone(connection, entry)
            return
        except BaseException:  # an interruption: nothing of the group is kept, its writers hear NotCommitted
            connection.rollback()
            raise
        for entry in group:
            entry.error = None

    @staticmethod
    def _commit_alone(connection: Any, entry: _Write) -> None:
        try:
            entry.rows(connection)
            connection.commit()
        except Exception as exc:
            connection.rollback()
            entry.error = exc
        else:
            entry.error = None
