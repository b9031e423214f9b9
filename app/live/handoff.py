"""A result handed to a waiting coroutine that resumes it in the same turn of the loop.

An `asyncio.Future` wakes its task through `call_soon`: the task runs a turn of the loop after the callback
that set the result, behind every socket read and callback that turn holds. At 100 games that turn held a
tap's HTTP answer p99 15-54 ms after its fan-out (docs/performance.md), and the tapper's own frames, which
follow the answer, waited for it too. A `Handoff` is a future-like object (asyncio's
tasks await any object with `_asyncio_future_blocking`, `get_loop`, `add_done_callback`, `result` and `cancel`:
see `asyncio.isfuture`) whose `resolve` runs the task's wake-up at once, inside the caller's callback: the
coroutine runs to its next suspension (or its end) before `resolve` returns.

Resolve it only from a plain callback of the loop (`call_soon`, `call_soon_threadsafe`), never from a task:
asyncio refuses to enter a task while another one runs. A cancellation wakes the task the usual way.
"""

from __future__ import annotations

import asyncio
import contextvars
from collections.abc import Callable, Generator
from typing import Any, Generic, TypeVar

T = TypeVar("T")

Callback = Callable[[Any], object]


class Handoff(Generic[T]):
    _asyncio_future_blocking = False  # set by `__await__` while a task waits on it (asyncio's protocol)

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop
        self._done = False
        self._cancelled: str | None = None  # the cancellation's message once cancelled ("" for none)
        self._result: T | None = None
        self._exception: BaseException | None = None
        self._callbacks: list[tuple[Callback, contextvars.Context | None]] = []

    def get_loop(self) -> asyncio.AbstractEventLoop:
        return self._loop

    def done(self) -> bool:
        return self._done

    def cancelled(self) -> bool:
        return self._cancelled is not None

    def add_done_callback(self, fn: Callback, *, context: contextvars.Context | None = None) -> None:
        if self._done:
            self._loop.call_soon(fn, self, context=context)
        else:
            self._callbacks.append((fn, context))

    def remove_done_callback(self, fn: Callback) -> int:
        kept = [(f, c) for f, c in self._callbacks if f != fn]
        removed, self._callbacks = len(self._callbacks) - len(kept), kept
        return removed

    def cancel(self, msg: Any | None = None) -> bool:
        if self._done:
            return False
        self._done, self._cancelled = True, "" if msg is None else str(msg)
        callbacks, self._callbacks = self._callbacks, []
        for fn, context in callbacks:  # as a Future does: the cancelled task wakes a turn later
            self._loop.call_soon(fn, self, context=context)
        return True

    def result(self) -> T:
        if self._cancelled is not None:
            raise asyncio.CancelledError(self._cancelled or None)
        if not self._done:
            raise asyncio.InvalidStateError("the handoff has no result yet")
        if self._exception is not None:
            raise self._exception
        return self._result  # type: ignore[return-value]

    def exception(self) -> BaseException | None:
        if self._cancelled is not None:
            raise asyncio.CancelledError(self._cancelled or None)
        if not self._done:
            raise asyncio.InvalidStateError("the handoff has no result yet")
        return self._exception

    def resolve(self, result: T | None = None, exception: BaseException | None = None) -> None:
        """Give the result (or raise `exception` in the waiter) and run the waiter now, to its next
        suspension. A handoff already done (cancelled) takes nothing."""
        if self._done:
            return
        self._done, self._result, self._exception = True, result, exception
        callbacks, self._callbacks = self._callbacks, []
        for fn, context in callbacks:
            if context is None:
                fn(self)
            else:
                context.run(fn, self)

    def __await__(self) -> Generator[Any, None, T]:
        if not self._done:
            self._asyncio_future_blocking = True
            yield self  # the task registers its wake-up with add_done_callback
        return self.result()

    __iter__ = __await__
