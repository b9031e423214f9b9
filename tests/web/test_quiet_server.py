"""The server ticks once a second, not ten times, and still stops at once when told (issue 11: an idle cost).

uvicorn's own server wakes every 0.1 s to see whether it should stop: 2 ms of CPU a second with nothing
played. `QuietServer` wakes once a second (its Date header's resolution) and a stop signal wakes it at once.
Run in this process on a real port, with a real SIGTERM.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import signal
import time
from email.utils import parsedate_to_datetime
from typing import Any

import httpx2
import uvicorn
from live_server import free_port

from app.web.serve import TICK_S, QuietServer


async def _hello(scope: Any, receive: Any, send: Any) -> None:
    assert scope["type"] == "http"
    await send({"type": "http.response.start", "status": 200, "headers": []})
    await send({"type": "http.response.body", "body": b"ok"})


class Counted(QuietServer):
    ticks: list[tuple[float, int]]

    async def on_tick(self, counter: int) -> bool:
        self.ticks.append((time.monotonic(), counter))
        return await super().on_tick(counter)


def test_it_wakes_once_a_second_keeps_its_date_fresh_and_stops_on_a_signal_at_once() -> None:
    port = free_port()
    server = Counted(uvicorn.Config(_hello, host="127.0.0.1", port=port, lifespan="off", log_level="warning"))
    server.ticks = []
    seen: dict[str, float] = {}

    async def scenario() -> None:
        serving = asyncio.create_task(server.serve())
        while not server.started:
            await asyncio.sleep(0.01)
        await asyncio.sleep(2.5 * TICK_S)
        async with httpx2.AsyncClient() as client:
            answer = await client.get(f"http://127.0.0.1:{port}/")
        seen["date"] = parsedate_to_datetime(answer.headers["date"]).timestamp()
        seen["asked"] = time.time()
        ticks_before = len(server.ticks)
        while len(server.ticks) == ticks_before:  # just after a tick: the next one is a whole second away
            await asyncio.sleep(0.005)
        seen["signalled"] = time.monotonic()
        os.kill(os.getpid(), signal.SIGTERM)  # to the server's handler, as `docker compose stop` sends it
        await serving
        seen["stopped"] = time.monotonic()

    # uvicorn raises the signal again once it has put the previous handler back: this one takes it.
    previous = signal.signal(signal.SIGTERM, lambda sig, frame: seen.setdefault("raised again", sig))
    try:
        asyncio.run(scenario())
    finally:
        signal.signal(signal.SIGTERM, previous)

    waking = [at for at, _ in server.ticks]
    # 2.5 s of serving plus one: 3-4 wake-ups (uvicorn's own server makes ten a second).
    assert 3 <= len(waking) <= 5, waking
    assert all(b - a >= 0.9 * TICK_S for a, b in itertools.pairwise(waking[:-1]))  # the last one: the signal
    # Every wake-up refreshes the Date header (uvicorn does it when the counter is a multiple of ten).
    assert all(counter % 10 == 0 for _, counter in server.ticks)
    assert abs(seen["date"] - seen["asked"]) <= TICK_S + 1  # the header's own resolution is a second
    # The signal ended the wait: the next tick was still about a second away.
    assert seen["stopped"] - seen["signalled"] < TICK_S / 2
    assert seen["raised again"] == signal.SIGTERM
