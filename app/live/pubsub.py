"""A pub/sub seam chosen by URL (memory://, redis://), shaped like encode/broadcaster.

It carries "game X moved to seq N" notes between processes, each with the events
of that move when they are small (the others fold them without reading the
store). The database stays the source of truth: a note that does not follow on
from what a process has, or a lost one, makes it read the store; a lost note
costs a late push, never a lost move.
Each subscriber has a bounded queue; when it overflows the oldest note is
dropped (a newer one supersedes it anyway).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import Protocol

QUEUE_SIZE = 256


class Subscription:
    def __init__(self) -> None:
        self.queue: asyncio.Queue[str] = asyncio.Queue(QUEUE_SIZE)

    def put(self, message: str) -> None:
        if self.queue.full():
            self.queue.get_nowait()
        self.queue.put_nowait(message)

    def __aiter__(self) -> AsyncIterator[str]:
        return self._iterate()

    async def _iterate(self) -> AsyncIterator[str]:
        while True:
            yield await self.queue.get()


class PubSub(Protocol):
    async def connect(self) -> None: ...
    async def disconnect(self) -> None: ...
    async def publish(self, channel: str, message: str, sender: Subscription | None = None) -> None:
        """`sender`: the publisher's own subscription, which need not hear the note (a bus may still
        deliver it: each note names its origin, and a hub skips its own)."""
        ...

    def subscribe(self, channel: str) -> contextlib.AbstractAsyncContextManager[Subscription]: ...


class MemoryPubSub:
    """In-process: every app in this process with the same URL shares it (tests run two 'servers')."""

    def __init__(self) -> None:
        self._subs: dict[str, set[Subscription]] = {}

    async def connect(self) -> None:
        return None

    async def disconnect(self) -> None:
        return None

    async def publish(self, channel: str, message: str, sender: Subscription | None = None) -> None:
        # A single process's hub is the only subscriber of its game's channel: its own "seq N" after each
        # tap would wake it to read a note it then drops.
        for sub in list(self._subs.get(channel, ())):
            if sub is not sender:
                sub.put(message)

    @contextlib.asynccontextmanager
    async def subscribe(self, channel: str) -> AsyncIterator[Subscription]:
        sub = Subscription()
        self._subs.setdefault(channel, set()).add(sub)
        try:
            yield sub
        finally:
            subs = self._subs.get(channel)
            if subs is not None:
                subs.discard(sub)
                if not subs:
                    del self._subs[channel]


class Namespaced:
    """One deployment's channels: `prefix:channel`. Redis pub/sub ignores the database number, so two
    deployments sharing a Redis would otherwise hear each other's notes whenever their codes collide."""

    def __init__(self, inner: PubSub, prefix: str) -> None:
        self.inner = inner
        self.prefix = prefix

    def name(self, channel: str) -> str:
        return f"{self.prefix}:{channel}"

    async def connect(self) -> None:
        await self.inner.connect()

    async def disconnect(self) -> None:
        await self.inner.disconnect()

    async def publish(self, channel: str, message: str, sender: Subscription | None = None) -> None:
        await self.inner.publish(self.name(channel), message, sender)

    def subscribe(self, channel: str) -> contextlib.AbstractAsyncContextManager[Subscription]:
        return self.inner.subscribe(self.name(channel))


_MEMORY: dict[str, MemoryPubSub] = {}


def make_pubsub(url: str, prefix: str = "") -> PubSub:
    """The seam for `url`; with a `prefix`, every channel is namespaced by it."""
    bus: PubSub
    if url.startswith("memory://"):
        bus = _MEMORY.setdefault(url, MemoryPubSub())
    elif url.startswith(("redis://", "rediss://", "unix://")):
        from app.live.redis_pubsub import RedisPubSub

        bus = RedisPubSub(url)
    else:
        raise ValueError(f"unknown pub/sub URL {url!r}: use memory:// or redis://")
    return Namespaced(bus, prefix) if prefix else bus
