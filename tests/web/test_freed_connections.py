"""A connection's protocol objects go with it, by reference counting alone (issue 11: the collector's pauses).

The server freezes what survives each young collection (`heap.space_collections`), so a reference cycle
among objects that lived through one would stay for good once it became garbage. uvicorn's HTTP protocol
and its parser point at each other, and only a lost connection broke that: a connection upgraded to a
websocket (every phone, every reconnect) left ~3 KiB of cycle behind. Run on a real port, the collector off.
"""

from __future__ import annotations

import asyncio
import gc
import weakref
from typing import Any

import httpx2
import uvicorn
from live_server import free_port
from websockets.asyncio.client import connect

from app.web.serve import Http, QuietServer, Websockets

_made: list[weakref.ref[Any]] = []


class _Watched(Http):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _made.append(weakref.ref(self))


class _WatchedSocket(Websockets):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _made.append(weakref.ref(self))


async def _app(scope: Any, receive: Any, send: Any) -> None:
    if scope["type"] == "websocket":
        await receive()  # the connect
        await send({"type": "websocket.accept"})
        await send({"type": "websocket.send", "text": "hello"})
        while (await receive())["type"] != "websocket.disconnect":
            pass
        return
    await send({"type": "http.response.start", "status": 200, "headers": []})
    await send({"type": "http.response.body", "body": b"ok"})


def test_http_and_websocket_connections_are_freed_without_the_collector() -> None:
    _made.clear()  # this run's protocols only
    port = free_port()
    server = QuietServer(uvicorn.Config(_app, host="127.0.0.1", port=port, lifespan="off", log_level="warning",
                                        http=_Watched, ws=_WatchedSocket, ws_ping_interval=None))

    async def scenario() -> None:
        serving = asyncio.create_task(server.serve())
        while not server.started:
            await asyncio.sleep(0.01)
        for _ in range(3):  # three phones opening their socket and leaving
            async with connect(f"ws://127.0.0.1:{port}/ws") as ws:
                assert await ws.recv() == "hello"
        async with httpx2.AsyncClient() as client:  # one keep-alive connection, three requests
            for _ in range(3):
                assert (await client.get(f"http://127.0.0.1:{port}/")).text == "ok"
        await asyncio.sleep(0.3)  # the server hears the last connection go
        server.should_exit = True
        server.handle_exit(0, None)
        await serving


    gc.collect()
    gc.disable()
    try:
        asyncio.run(scenario())  # its loop closed: the timers that held a socket a moment (cutting it) are gone
        alive = [type(ref()).__name__ for ref in _made if ref() is not None]
    finally:
        gc.enable()
    assert len(_made) == 3 * 2 + 1  # each socket began as an HTTP connection
    assert alive == []
