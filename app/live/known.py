"""What the store said about who is asking, kept in a hub's memory: a tap needs no trip to the database.

A seat's token and a game master's session are asked of every tap and socket, and change seldom: a
phone replaced, a new link issued (here, or in another process, whose word reaches the hub on the
pub/sub seam). Only the store's yes is kept: a refusal is asked again, so a seat taken a moment ago is
found. Forgetting has one catch: an answer still on its way from the store's thread when its key is
forgotten was read before the change, and is not kept (`forget` moves an epoch the answer is checked
against).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Known(Generic[K, V]):
    __slots__ = ("_epoch", "_items")

    def __init__(self) -> None:
        self._items: dict[K, V] = {}
        self._epoch = 0

    async def ask(self, key: K, fetch: Callable[[], V | None]) -> V | None:
        """The kept answer for `key`, or `fetch`'s (run in a thread: it reads the store), kept if a yes."""
        found = self._items.get(key)
        if found is not None:
            return found
        epoch = self._epoch
        found = await asyncio.to_thread(fetch)
        if found is not None and epoch == self._epoch:
            self._items[key] = found
        return found

    def forget(self, drop: Callable[[K, V], bool] | None = None) -> None:
        """Forget the entries `drop` names (every entry without it), and any answer on its way."""
        self._epoch += 1
        if drop is None:
            self._items.clear()
        else:
            self._items = {k: v for k, v in self._items.items() if not drop(k, v)}
