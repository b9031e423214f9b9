"""The websocket of any page: it only pushes. A reader task and a writer task per socket."""

from __future__ import annotations

import asyncio
import contextlib

import orjson
from starlette.websockets import WebSocket, WebSocketDisconnect

from app.kernel.viewer import Viewer
from app.live.connection import Connection
from app.live.hub import Hub
from app.settings import Settings
from app.web.i18n import speaking, t
from app.web.templating import render

FORBIDDEN = 4403  # not one htmx reconnects on: a phone without a seat stops trying
MAX_MESSAGE = 4096


async def refuse(ws: WebSocket) -> None:
    await ws.accept()
    await ws.close(FORBIDDEN)


async def _read(ws: WebSocket, conn: Connection) -> None:
    """Clients have nothing to say but pings; anything else gets a message and changes nothing."""
    while True:
        message = await ws.receive()
        if message["type"] == "websocket.disconnect":
            return
        raw = message.get("text")
        if raw is None:  # a binary frame: nothing we speak
            raw = "\x00" * (MAX_MESSAGE + 1)
        ok = len(raw) <= MAX_MESSAGE
        if ok:
            try:
                data = orjson.loads(raw)
                ok = isinstance(data, dict) and data.get("type") == "ping"
            except orjson.JSONDecodeError:
                ok = False
        if not ok:
            with speaking(conn.viewer.lang):
                conn.offer(render("partials/flash.html", message=t("error.ws_message")))


async def serve_socket(ws: WebSocket, hub: Hub, viewer: Viewer, settings: Settings) -> None:
    await ws.accept()

    async def close(code: int) -> None:
        await ws.close(code)

    conn = Connection(viewer, ws.send_text, close, settings.send_queue, settings.send_timeout)
    hub.attach(conn)
    writer = asyncio.create_task(conn.run_writer())
    reader = asyncio.create_task(_read(ws, conn))
    try:
        await asyncio.wait({writer, reader}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        hub.detach(conn)
        for task in (writer, reader):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, WebSocketDisconnect, Exception):
                await task
