"""Where a tap is written: on the loop itself while taps come slowly, in the store's threads when they crowd.

A tap's trip to a store thread and back costs more than its write when the process sleeps between taps, at
a table's pace: the thread woken, the GIL handed over and back, the loop woken again, each finding its code
and data out of the caches. At one game that trip was about 1 ms of a tap's 5 ms of CPU (docs/performance.md,
thirteenth pass). Written on the loop, a tap holds the loop for its commit instead (about a millisecond of
`fsync` on SQLite): nothing at a quiet table, too much at a busy server, where the store's threads commit
several games' taps together (app/store/group_commit.py) while the loop serves the others. So the loop writes
a tap only when all of these hold:

- the store is SQLite (`Repository.local`): on PostgreSQL a write may wait for another process's turn;
- no tap of this process is in a store thread: the loop would wait for that thread's commit;
- taps come slowly: at most `QUIET_TAPS` came in the last second.
"""

from __future__ import annotations

import weakref

from app.store.repository import Repository

# Taps of the last second, at most, for the loop to write the next one: twenty is ten tables at a game's pace,
# whose commits would hold the loop about 2 % of the time. A table's bursts (a request answered at once) stay
# far under it; 100 games make 200. Counted, not averaged over gaps: after a stall of the loop the taps that
# waited come in a burst, and the count still says the process is busy.
QUIET_TAPS = 20


class Pace:
    """The process's taps as the loop sees them: how many came in the last second (two one-second buckets),
    and how many are in a store thread."""

    __slots__ = ("before", "in_threads", "local", "second", "taps")

    def __init__(self, local: bool) -> None:
        self.local = local
        self.second = 0  # the loop's clock, whole seconds: the bucket `taps` counts
        self.taps = 0
        self.before = 0  # taps of the second before it
        self.in_threads = 0

    def on_the_loop(self, now: float) -> bool:
        """A tap is to be written now (`now`: the loop's clock): True when the loop writes it itself."""
        second = int(now)
        if second != self.second:
            self.before = self.taps if second == self.second + 1 else 0
            self.second, self.taps = second, 0
        self.taps += 1
        recent = self.taps + self.before * (1 - (now - second))  # the last second's taps, about
        return self.local and self.in_threads == 0 and recent <= QUIET_TAPS


_PACES: weakref.WeakKeyDictionary[Repository, Pace] = weakref.WeakKeyDictionary()


def pace_of(repo: Repository) -> Pace:
    """The pace of the taps written to `repo`: one for the process's hubs, as they share its store."""
    pace = _PACES.get(repo)
    if pace is None:
        pace = _PACES[repo] = Pace(repo.local)
    return pace
