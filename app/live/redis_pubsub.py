"""Redis pub/sub through redis-py's asyncio client: one connection for all of a process's channels."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

import redis.asyncio as aioredis
from redis.asyncio.client import PubSub as RedisClientPubSub

from app.live.pubsub import Subscription


class RedisPubSub:
    def __init__(self, url: str) -> None:
        self._url = url
        self._client: aioredis.Redis | None = None
        self._pubsub: RedisClientPubSub | None = None
        self._reader: asyncio.Task[None] | None = None
        self._subs: dict[str, set[Subscription]] = {}

    async def connect(self) -> None:
        self._client = aioredis.from_url(self._url, decode_responses=True)
        self._pubsub = self._client.pubsub(ignore_subscribe_messages=True)
        self._reader = asyncio.create_task(self._read())

    async def disconnect(self) -> None:
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._reader
        if self._pubsub is not None:
            await self._pubsub.aclose()  # type: ignore[no-untyped-call, unused-ignore]  # typed from redis 8.2
        if self._client is not None:
            await self._client.aclose()

    async def publish(self, channel: str, message: str, sender: Subscription | None = None) -> None:
        # Redis sends the note back to this process's own subscription too: the origin it names tells.
        assert self._client is not None, "connect() first"
        await self._client.publish(channel, message)

    async def _read(self) -> None:
        assert self._pubsub is not None
        while True:
            if not self._pubsub.subscribed:
                await asyncio.sleep(0.05)  # get_message() refuses to run before the first subscribe
                continue
            message = await self._pubsub.get_message(timeout=1.0)
            if message is None or message.get("type") != "message":
                continue
            for sub in list(self._subs.get(str(message["channel"]), ())):
                sub.put(str(message["data"]))

    @contextlib.asynccontextmanager
    async def subscribe(self, channel: str) -> AsyncIterator[Subscription]:
        assert self._pubsub is not None, "connect() first"
        sub = Subscription()
        first = channel not in self._subs
        self._subs.setdefault(channel, set()).add(sub)
        if first:
            await self._pubsub.subscribe(channel)
        try:
            yield sub
        finally:
            subs = self._subs.get(channel)
            if subs is not None:
                subs.discard(sub)
                if not subs:
                    del self._subs[channel]
                    with contextlib.suppress(Exception):
                        await self._pubsub.unsubscribe(channel)
