"""A `Handoff` resumes its waiting task inside the callback that resolves it (app/live/handoff.py), on both
loops the server runs on; its errors and cancellations reach the task as a Future's do."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Coroutine
from typing import Any

import pytest
import uvloop

from app.live.handoff import Handoff

LOOPS: dict[str, Callable[[Coroutine[Any, Any, Any]], Any]] = {"asyncio": asyncio.run, "uvloop": uvloop.run}


@pytest.fixture(params=list(LOOPS))
def run(request: pytest.FixtureRequest) -> Callable[[Coroutine[Any, Any, Any]], Any]:
    return LOOPS[request.param]


async def _waiting(handoff: Handoff[int], log: list[str]) -> asyncio.Task[int]:
    async def wait() -> int:
        value = await handoff
        log.append(f"resumed with {value}")
        return value

    task = asyncio.create_task(wait())
    await asyncio.sleep(0)  # it waits now
    return task


def test_a_thread_s_result_resumes_the_task_before_its_callback_returns(run: Any) -> None:
    async def scenario() -> list[str]:
        loop, log = asyncio.get_running_loop(), []
        handoff: Handoff[int] = Handoff(loop)
        task = await _waiting(handoff, log)

        def heard(value: int) -> None:  # what the store's thread posts to the loop
            loop.call_soon(log.append, "next turn")
            handoff.resolve(value)
            log.append(f"callback over, the task done: {task.done()}")

        threading.Thread(target=loop.call_soon_threadsafe, args=(heard, 7)).start()
        assert await task == 7
        await asyncio.sleep(0)
        return log

    assert run(scenario()) == ["resumed with 7", "callback over, the task done: True", "next turn"]


def test_an_error_is_raised_in_the_task_and_a_cancelled_wait_takes_no_result(run: Any) -> None:
    async def scenario() -> tuple[BaseException | None, bool, bool, list[str]]:
        loop, log = asyncio.get_running_loop(), []
        failing: Handoff[int] = Handoff(loop)
        task = await _waiting(failing, log)
        loop.call_soon(lambda: failing.resolve(exception=ValueError("refused")))
        await asyncio.wait([task])
        error = task.exception()
        cancelled: Handoff[int] = Handoff(loop)
        waiting = await _waiting(cancelled, log)
        waiting.cancel()
        await asyncio.wait([waiting])
        cancelled.resolve(5)  # the store's thread answers late: nobody waits, nothing runs
        await asyncio.sleep(0)
        return error, waiting.cancelled(), cancelled.cancelled(), log

    error, task_cancelled, handoff_cancelled, log = run(scenario())
    assert isinstance(error, ValueError) and str(error) == "refused"
    assert task_cancelled and handoff_cancelled and log == []
