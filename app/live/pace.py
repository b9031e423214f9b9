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
- taps come slowly: the mean of the gaps between the last taps is at least `QUIET_GAP_S`.
"""

from __future__ import annotations

import weakref

from app.store.repository import Repository

# Twenty taps a second (ten tables at a game's pace): on the loop, their commits would then hold it about 2 %
# of the time. A table's bursts (a request answered at once) stay far above it: their gaps alternate ~10 ms
# and seconds.
QUIET_GAP_S = 0.05
WEIGHT = 0.2  # of the newest gap, in the mean


class Pace:
    """The process's taps as the loop sees them: how fast they come, and how many are in a store thread."""

    __slots__ = ("gap", "in_threads", "last", "local")

    def __init__(self, local: bool) -> None:
        self.local = local
        self.gap = 1.0  # no tap yet: as quiet as a table between two taps
        self.last: float | None = None
        self.in_threads = 0

    def on_the_loop(self, now: float) -> bool:
        """A tap is to be written now (`now`: the loop's clock): True when the loop writes it itself."""
        if self.last is not None:
            self.gap += WEIGHT * (now - self.last - self.gap)
        self.last = now
        return self.local and self.in_threads == 0 and self.gap >= QUIET_GAP_S


_PACES: weakref.WeakKeyDictionary[Repository, Pace] = weakref.WeakKeyDictionary()


def pace_of(repo: Repository) -> Pace:
    """The pace of the taps written to `repo`: one for the process's hubs, as they share its store."""
    pace = _PACES.get(repo)
    if pace is None:
        pace = _PACES[repo] = Pace(repo.local)
    return pace
