"""The server does not tick while idle, its answers still carry this second's Date, and it stops at once
when told (issue 11: an idle cost).

uvicorn's own server wakes every 0.1 s to see whether it should stop, and to refresh its Date header: 2 ms of
CPU a second with nothing played. `QuietServer` wakes only for a stop signal, and `Http` stamps each answer.
Run in this process on a real port, with a real SIGTERM.
"""

from __future__ import annotations

import asyncio
import os
import signal
import time
from email.utils import parsedate_to_datetime
from typing import Any

import httpx2
import uvicorn
from live_server import free_port

from app.web.serve import Http, QuietServer


async def _hello(scope: Any, receive: Any, send: Any) -> None:
    assert scope["type"] == "http"
    await send({"type": "http.response.start", "status": 200, "headers": []})
    await send({"type": "http.response.body", "body": b"ok"})


class Counted(QuietServer):
    ticks: list[tuple[float, int]]

    async def on_tick(self, counter: int) -> bool:
        self.ticks.append((time.monotonic(), counter))
        return await super().on_tick(counter)


def test_it_never_wakes_while_idle_stamps_each_answer_and_stops_on_a_signal_at_once() -> None:
    port = free_port()
    server = Counted(uvicorn.Config(_hello, host="127.0.0.1", port=port, lifespan="off", log_level="warning",
                                    http=Http))
    server.ticks = []
    seen: dict[str, Any] = {"dates": []}

    async def scenario() -> None:
        serving = asyncio.create_task(server.serve())
        while not server.started:
            await asyncio.sleep(0.01)
        async with httpx2.AsyncClient() as client:
            for _ in range(3):  # three answers over 3.75 s of nothing else: each carries its own second
                await asyncio.sleep(1.25)
                answer = await client.get(f"http://127.0.0.1:{port}/")
                seen["dates"].append((parsedate_to_datetime(answer.headers["date"]).timestamp(), time.time()))
        seen["idle ticks"] = len(server.ticks)
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

    # One look at start-up (uvicorn's first Date header), none in 3.75 s of serving, one for the signal.
    assert seen["idle ticks"] == 1, server.ticks
    assert len(server.ticks) == 2
    for date, asked in seen["dates"]:
        assert asked - 1.5 <= date <= asked  # the header's resolution is a second (and the answer took a moment)
    dates = [date for date, _ in seen["dates"]]
    assert dates == sorted(set(dates))  # a new second, a new Date: nothing kept it from moving
    assert seen["stopped"] - seen["signalled"] < 0.5
    assert seen["raised again"] == signal.SIGTERM
