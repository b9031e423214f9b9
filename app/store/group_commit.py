"""Taps of several games in one commit: one wait for the disk, however many threads wrote meanwhile.

On SQLite each commit waits for `fsync` (`synchronous=FULL`: a committed tap survives a power cut). One
writer at a time, so at 100 games (200 taps a second) the taps queued behind each `fsync`, and an `fsync`
that the VM's disk held for 30-400 ms held every game's taps behind it (docs/performance.md). Here a
thread that finds the writer's turn taken leaves its rows in a queue; whoever takes the turn next writes
every queued tap and commits them together, the way PostgreSQL groups its own commits. Nothing is answered
before its commit: a tap's thread returns once the commit holding its rows is done, or raises what its own
rows raised (and none of them is kept).
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
    __slots__ = ("error", "rows", "taken")

    def __init__(self, rows: Rows) -> None:
        self.rows = rows
        self.taken = False  # a turn holder took it from the queue: its outcome is final once that turn ends
        self.error: BaseException | None = NotCommitted("the commit holding this tap did not finish")


class GroupCommit:
    """`write(connection, rows)`: the rows committed, alone or with the writes queued while it waited.

    `turn` is the process's writer lock: every other write of the store takes it too, so a group never
    meets another writer of this process inside SQLite."""

    def __init__(self, turn: AbstractContextManager[Any]) -> None:
        self._turn = turn
        self._queue_lock = threading.Lock()
        self._queue: list[_Write] = []

    def write(self, connection: Any, rows: Rows) -> None:
        entry = _Write(rows)
        with self._queue_lock:
            self._queue.append(entry)
        with self._turn:
            if not entry.taken:
                self._commit_queued(connection)
        if entry.error is not None:
            raise entry.error

    def _commit_queued(self, connection: Any) -> None:
        with self._queue_lock:
            group, self._queue = self._queue, []
        for entry in group:
            entry.taken = True
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
