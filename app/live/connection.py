"""One viewer's websocket as seen by the hub: a bounded queue drained by its own writer.

The hub never awaits a socket: it offers a message and moves on. A phone that
stops reading fills its queue (or misses the send deadline) and is dropped; it
reconnects and gets the whole view again, while the others never wait for it.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
from collections.abc import Awaitable, Callable
from typing import Any

from app.kernel.viewer import Viewer

TRY_AGAIN_LATER = 1013  # a close code htmx's ws extension reconnects on

_ids = itertools.count(1)


class Connection:
    # A plain list and one future, not an asyncio.Queue: a queue keeps four deques and an event alive for
    # each phone (about 2.5 KiB), and this one holds a push or two at a time.
    def __init__(
        self,
        viewer: Viewer,
        send: Callable[[str], Awaitable[None]],
        close: Callable[[int], Awaitable[None]],
        maxsize: int = 64,
        timeout: float = 5.0,
        write_now: Callable[[str], bool] | None = None,
    ) -> None:
        self.id = next(_ids)
        self.viewer = viewer
        self._send = send
        # The socket's own synchronous write, when its server offers one (app/web/sockets.py): True once the
        # message is written whole, False when the socket cannot take it without waiting (then the writer,
        # and its deadline, take it).
        self._write_now = write_now
        self._close = close
        self._timeout = timeout
        self._maxsize = maxsize
        self._queue: list[str] = []
        self._wake: asyncio.Future[None] | None = None  # the writer waits on it for the next message
        # region id -> what the presenter keeps of what this socket last got: digests of a region's inputs
        # and HTML, or the list a feed region showed
        self.sent: dict[str, Any] = {}
        self.dropped = False
        self.delivered = 0  # messages written to the socket

    def offer(self, message: str, at_once: bool = True) -> bool:
        """Write a message now if the socket takes it at once (`at_once`, an idle writer, a server's write),
        else queue it for the writer; never waits. A full queue drops the connection."""
        if self.dropped:
            return False
        if len(self._queue) >= self._maxsize:
            self.drop()
            return False
        if at_once and not self._queue and self._writer_idle() and self._write_now is not None:
            # Written in the fan-out's own turn of the loop. Through the writer, a push waited for the turn
            # after it, and at 100 games a turn of the loop is long: 2-5 ms at p50 and 25-50 ms at p99 between the
            # offer and the write (docs/performance.md). Only when nothing is queued or being written: the
            # order of a socket's pushes stays the order of the offers.
            try:
                written = self._write_now(message)
            except Exception:  # a socket that breaks mid-write: this phone resyncs, the fan-out goes on
                self.drop()
                return False
            if written:
                self.delivered += 1
                return True
        self._queue.append(message)
        self._wake_writer()
        return True

    def _writer_idle(self) -> bool:
        """The writer waits for a message: it holds none of its own (popped, its send not yet done)."""
        return self._wake is not None and not self._wake.done()

    def drop(self) -> None:
        """Stop this connection: the writer closes it, the phone reconnects and resyncs."""
        if self.dropped:
            return
        self.dropped = True
        self._queue.clear()
        self._wake_writer()

    def _wake_writer(self) -> None:
        if self._wake is not None and not self._wake.done():
            self._wake.set_result(None)

    async def run_writer(self) -> None:
        """Drain the queue into the socket, each send under a deadline; returns when dropped."""
        loop = asyncio.get_running_loop()
        while True:
            while not self._queue and not self.dropped:
                self._wake = loop.create_future()
                try:
                    await self._wake
                finally:
                    self._wake = None
            if self.dropped:
                break
            message = self._queue.pop(0)
            try:
                async with asyncio.timeout(self._timeout):  # no task per send, unlike wait_for in 3.11
                    await self._send(message)
            except (TimeoutError, OSError, RuntimeError):
                self.dropped = True
                break
            # The frame is on the socket: let it go now. Kept until the next push, a phone's first page
            # (all its regions, ~65 KB) would stay alive for each connected phone.
            del message
            self.delivered += 1
        self._queue.clear()
        # The socket may already be gone: then there is nothing left to tell it.
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self._close(TRY_AGAIN_LATER), 1.0)
