"""Every socket's keepalive on one shared grid: a slot of the loop's clock holds the sockets due then.

uvicorn gives each socket a timer for its next ping and another for its pong's deadline (cancelled when
the pong comes back), and builds each ping as a frame of random bytes. At 100 games (5,200 sockets, a
ping every 5 s each) those were about a thousand timers made and cancelled a second, and pings due on the
same grid instant left in one burst of several hundred. Here a slot is a list: one loop callback runs
every socket due at that instant, no timer is made per socket, and nothing is cancelled; a deadline only
looks whether its ping is still unanswered.

A slot holds at most `SLOT_SOCKETS` pings: more leave a tenth of the grid step earlier, and so on, so a busy
server's pings go in short even batches, while a table's 52 phones still share one wake-up.
"""

from __future__ import annotations

import asyncio
import math
import weakref
from collections.abc import Callable

SPREAD = 10  # a grid step's slots: its instant, and the nine tenths before it for the pings that spill
SLOT_SOCKETS = 64  # pings that leave on one wake-up at most (~1-2 ms of the loop)

Due = Callable[[int], None]


class Grid:
    """Slots of one loop: `ping_at` for the next pings (on the grid, spread when a slot is full), `deadline_at`
    for the pongs' deadlines (on the next tenth of a step)."""

    def __init__(self, loop: asyncio.AbstractEventLoop, step: float) -> None:
        self.loop = loop
        self.step = step
        self.tenth = step / SPREAD
        self._slots: dict[int, list[tuple[Due, int]]] = {}  # slot (in tenths of a step) -> what is due then

    def ping_at(self, when: float, due: Due) -> None:
        """`due(0)` at the first grid instant from `when`, or when that slot is full at an earlier tenth of the
        step with room (a ping a little early never stretches how long a silent phone is kept)."""
        first = math.ceil(when / self.step) * SPREAD
        soonest = math.floor(self.loop.time() / self.tenth) + 1
        slot = next((s for s in range(first, max(soonest, first - SPREAD + 1) - 1, -1)
                     if len(self._slots.get(s, ())) < SLOT_SOCKETS), first)
        self._add(slot, due, 0)

    def deadline_at(self, when: float, due: Due, arg: int) -> None:
        """`due(arg)` at the first tenth of a step from `when`."""
        self._add(math.ceil(when / self.tenth), due, arg)

    def _add(self, slot: int, due: Due, arg: int) -> None:
        entries = self._slots.get(slot)
        if entries is None:
            entries = self._slots[slot] = []
            self.loop.call_at(slot * self.tenth, self._run, slot)
        entries.append((due, arg))

    def _run(self, slot: int) -> None:
        for due, arg in self._slots.pop(slot, ()):
            due(arg)


_GRIDS: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict[float, Grid]] = weakref.WeakKeyDictionary()


def grid(loop: asyncio.AbstractEventLoop, step: float) -> Grid:
    """The loop's grid of this step (a server's sockets share one; tests run servers on several loops)."""
    grids = _GRIDS.setdefault(loop, {})
    found = grids.get(step)
    if found is None:
        found = grids[step] = Grid(loop, step)
    return found
