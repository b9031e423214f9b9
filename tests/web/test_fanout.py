"""A slow or dead phone never stalls the others: bounded queues, send deadlines, eviction."""

from __future__ import annotations

import asyncio
import statistics
import time

from starlette.testclient import TestClient
from web_helpers import act, create_game, join, make_settings

from app.engine.game import Actor
from app.live.connection import Connection, Viewer
from app.web.app import create_app


def test_a_stuck_phone_is_dropped_and_the_others_keep_pace(sqlite_url: str) -> None:
    settings = make_settings(sqlite_url, send_queue=4, send_timeout=0.5)
    with TestClient(create_app(settings)) as client:
        code, _ = create_game(client)
        for i in range(6):
            join(client, code, f"J{i}")
        assert act(client, code, {"type": "start"}, moderator=True).status_code == 200
        hub = client.app.state.games._hubs[code]  # type: ignore[attr-defined]

        async def scenario() -> dict[str, object]:
            received: dict[str, list[float]] = {"fast": [], "moderator": []}
            closed: list[int] = []
            never = asyncio.Event()

            async def stuck(_message: str) -> None:
                await never.wait()  # a phone that stopped reading: the send never completes

            async def close(code_: int) -> None:
                closed.append(code_)

            def recorder(name: str):  # type: ignore[no-untyped-def]
                async def send(_message: str) -> None:
                    received[name].append(time.perf_counter())
                return send

            conns = [
                Connection(Viewer(code, "player", "p1"), stuck, close, 4, 0.5),
                Connection(Viewer(code, "player", "p2"), recorder("fast"), close, 4, 0.5),
                Connection(Viewer(code, "moderator"), recorder("moderator"), close, 4, 0.5),
            ]
            writers = [asyncio.create_task(c.run_writer()) for c in conns]
            for c in conns:
                hub.attach(c)
            latencies = []
            for _ in range(12):
                started = time.perf_counter()
                # Every view changes (the deadline moves): every socket gets a push.
                await hub.dispatch({"type": "mod_timer", "mode": "extend", "seconds": 1}, Actor.moderator())
                latencies.append(time.perf_counter() - started)
                await asyncio.sleep(0.01)
            await asyncio.wait_for(writers[0], 2.0)  # the stuck writer gave up
            for c in conns[1:]:
                c.drop()
            await asyncio.gather(*writers[1:])
            return {"received": received, "closed": closed, "latencies": latencies,
                    "stuck_dropped": conns[0].dropped, "stuck_attached": conns[0] in hub.connections}

        outcome = client.portal.call(scenario)  # type: ignore[union-attr]
    received = outcome["received"]
    assert outcome["stuck_dropped"] is True and outcome["stuck_attached"] is False
    assert 1013 in outcome["closed"]  # "try again later": htmx reconnects and gets the whole view
    # The moderator got the first view and one push per note; nothing waited for the stuck phone.
    assert len(received["moderator"]) == 13  # type: ignore[index]
    assert len(received["fast"]) == 13  # type: ignore[index]
    # Waiting on the stuck phone would take its 0.5 s send deadline per action (or forever): the
    # typical action takes far less, whatever else the machine is doing.
    assert statistics.median(outcome["latencies"]) < 0.25  # type: ignore[arg-type]
