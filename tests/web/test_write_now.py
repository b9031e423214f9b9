"""A push written in the fan-out's own turn (`Connection`'s `write_now`, the server's `Websockets.write_now`).

A socket whose writer is idle takes a push at once through its server's synchronous write, instead of waking
its writer for the next turn of the loop. The order of a socket's pushes never changes, and a socket that
cannot take a push without waiting (a phone that stopped reading) leaves it to the writer and its deadline.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import uvicorn
from live_server import free_port
from websockets.asyncio.client import connect
from websockets.extensions.permessage_deflate import ClientPerMessageDeflateFactory

from app.kernel.viewer import Viewer
from app.live.connection import Connection
from app.web.serve import Websockets
from app.web.sockets import WRITE_NOW

PHONE = Viewer("ABCD", "player", "p1")


async def _nothing(_code: int) -> None:
    return None


def test_an_idle_socket_takes_a_push_at_once_and_a_busy_one_keeps_the_order() -> None:
    async def scenario() -> tuple[list[str], list[str], list[str], int]:
        written: list[str] = []  # through the synchronous write
        sent: list[str] = []  # through the writer's send
        on_the_wire: list[str] = []  # both, in the order they reached the socket
        release = asyncio.Event()

        def write_now(message: str) -> bool:
            written.append(message)
            on_the_wire.append(message)
            return True

        async def send(message: str) -> None:
            sent.append(message)
            await release.wait()  # the first page is slow to leave: pushes offered meanwhile wait behind it
            on_the_wire.append(message)

        conn = Connection(PHONE, send, _nothing, write_now=write_now)
        conn.offer("page")  # the whole page, queued before the writer runs (as `Hub.attach` does)
        writer = asyncio.create_task(conn.run_writer())
        await asyncio.sleep(0)  # the writer pops the page and waits in its send
        conn.offer("push 1")  # the writer holds the page: queued behind it, never written before it
        release.set()
        while conn.delivered < 2:
            await asyncio.sleep(0)
        conn.offer("push 2")  # the writer idles: written at once, in this very call
        on_the_wire_at_offer = list(on_the_wire)
        conn.drop()
        await asyncio.wait_for(writer, 30)  # a watchdog, not a measurement
        return written, sent, on_the_wire_at_offer, conn.delivered

    written, sent, on_the_wire, delivered = asyncio.run(scenario())
    assert sent == ["page", "push 1"]
    assert written == ["push 2"]
    assert on_the_wire == ["page", "push 1", "push 2"]
    assert delivered == 3


def test_a_socket_that_cannot_take_a_push_now_leaves_it_to_the_writer_and_its_deadline() -> None:
    async def scenario() -> tuple[list[str], list[int], bool]:
        tried: list[str] = []
        closed: list[int] = []

        def write_now(message: str) -> bool:
            tried.append(message)
            return False  # the phone's buffer is full: it reads no more

        async def hang(_message: str) -> None:
            await asyncio.Event().wait()

        async def close(code: int) -> None:
            closed.append(code)

        conn = Connection(PHONE, hang, close, 4, 0.05, write_now=write_now)
        writer = asyncio.create_task(conn.run_writer())
        await asyncio.sleep(0)  # the writer idles
        conn.offer("push")
        await asyncio.wait_for(writer, 30)  # a watchdog, not a measurement
        return tried, closed, conn.dropped

    tried, closed, dropped = asyncio.run(scenario())
    assert tried == ["push"]
    assert dropped is True and closed == [1013]  # the writer's deadline dropped it, as without the write


def test_a_socket_that_breaks_while_written_is_dropped_and_the_offer_raises_nothing() -> None:
    async def scenario() -> tuple[bool, bool, list[int]]:
        closed: list[int] = []

        def broken(_message: str) -> bool:
            raise ConnectionResetError("the phone went away mid-write")

        async def send(_message: str) -> None:
            raise AssertionError("a push the socket broke on is not sent again")

        async def close(code: int) -> None:
            closed.append(code)

        conn = Connection(PHONE, send, close, write_now=broken)
        writer = asyncio.create_task(conn.run_writer())
        await asyncio.sleep(0)
        offered = conn.offer("push")  # in a fan-out: an exception here would fail the tapper's tap
        await asyncio.wait_for(writer, 30)  # a watchdog, not a measurement
        return offered, conn.dropped, closed

    offered, dropped, closed = asyncio.run(scenario())
    assert offered is False and dropped is True and closed == [1013]  # it reconnects and gets its whole page


async def _pushing_app(scope: dict[str, Any], receive: Any, send: Any) -> None:
    """Accepts a socket and sends four texts, two through the server's synchronous write and two through
    ASGI, interleaved; closes, and tries the write once more. What each write answered goes in the scope's
    state, for the test."""
    assert scope["type"] == "websocket"
    await receive()  # websocket.connect
    await send({"type": "websocket.accept"})
    write_now = scope["extensions"][WRITE_NOW]
    done = [write_now("un " * 200)]
    await send({"type": "websocket.send", "text": "deux " * 200})
    done.append(write_now("trois " * 200))
    await send({"type": "websocket.send", "text": "quatre"})
    await receive()  # the phone's word: it has read all four
    await send({"type": "websocket.close", "code": 1000})
    done.append(write_now("après la fermeture"))
    scope["state"]["done"] = done


def test_the_server_writes_frames_a_phone_inflates_in_order_and_none_after_its_close() -> None:
    """A real uvicorn with this project's websocket protocol, a real client offering deflate as a browser
    does: frames written at once and frames sent through ASGI share one compression context and one order."""

    async def scenario() -> tuple[list[str], list[bool]]:
        state: dict[str, Any] = {}

        async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
            if scope["type"] == "lifespan":
                while (await receive())["type"] != "lifespan.shutdown":
                    await send({"type": "lifespan.startup.complete"})
                await send({"type": "lifespan.shutdown.complete"})
                return
            scope["state"] = state
            await _pushing_app(scope, receive, send)

        port = free_port()
        server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, ws=Websockets, log_level="warning"))
        serving = asyncio.create_task(server.serve())
        try:
            while not server.started:
                await asyncio.sleep(0.01)
            offer = ClientPerMessageDeflateFactory(client_max_window_bits=True)
            async with connect(f"ws://127.0.0.1:{port}/", extensions=[offer], open_timeout=30) as ws:
                texts = [str(await asyncio.wait_for(ws.recv(), 30)) for _ in range(4)]
                await ws.send("lu")
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(ws.recv(), 30)  # the close
            while "done" not in state:
                await asyncio.sleep(0.01)
        finally:
            server.should_exit = True
            await asyncio.wait_for(serving, 30)
        return texts, state["done"]

    texts, done = asyncio.run(scenario())
    assert texts == ["un " * 200, "deux " * 200, "trois " * 200, "quatre"]
    assert done == [True, True, False]  # written at once while open; refused once the close is sent
