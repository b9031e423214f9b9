"""The websocket of any page: it only pushes. A reader task and a writer task per socket."""

from __future__ import annotations

import asyncio
import contextlib

import orjson
from starlette.websockets import WebSocket, WebSocketDisconnect

from app.kernel.viewer import Viewer
from app.live.connection import TRY_AGAIN_LATER, Connection
from app.live.hub import Hub
from app.settings import Settings
from app.web.deps import PageError, find_hub
from app.web.i18n import speaking, t
from app.web.templating import render

FORBIDDEN = 4403  # not one htmx reconnects on: a phone without a seat stops trying
POLICY = 1008  # a page that only listens spoke: closed, and htmx does not reconnect on it
MAX_MESSAGE = 4096
# The largest frame or message the server reads at all (uvicorn's ws_max_size, in bytes): MAX_MESSAGE
# characters of UTF-8. A bigger one is refused from its header (close 1009), never buffered.
MAX_FRAME_BYTES = 4 * MAX_MESSAGE
# The ASGI extension through which this project's server (app/web/serve.py) hands a socket's synchronous
# write to the app: a push goes out in the fan-out's own turn of the loop. Another server (the tests' ASGI
# client) has none, and every push goes through the socket's writer.
WRITE_NOW = "live.write_now"


async def refuse(ws: WebSocket, code: int = FORBIDDEN) -> None:
    await ws.accept()
    await ws.close(code)


async def hub_or_refuse(ws: WebSocket, code: str) -> Hub | None:
    """The socket's game, or None once the socket is closed: 4403 for an unknown code (htmx stops),
    1013 when this address has tried too many unknown codes (htmx tries again later)."""
    try:
        return await find_hub(ws, code)
    except PageError as exc:
        await refuse(ws, TRY_AGAIN_LATER if exc.status_code == 429 else FORBIDDEN)
        return None


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


async def _listen_only(ws: WebSocket) -> None:
    """A page with no login and nothing to say (the big screen): wait for the close, and close on a word."""
    message = await ws.receive()
    if message["type"] != "websocket.disconnect":
        await ws.close(POLICY)


async def serve_socket(ws: WebSocket, hub: Hub, viewer: Viewer, settings: Settings) -> None:
    await ws.accept()

    async def close(code: int) -> None:
        await ws.close(code)

    write_now = (ws.scope.get("extensions") or {}).get(WRITE_NOW)
    conn = Connection(viewer, ws.send_text, close, settings.send_queue, settings.send_timeout, write_now)
    hub.attach(conn)
    writer = asyncio.create_task(conn.run_writer())
    # Players and the moderator get a line back for a stray message; the screen is never read at all.
    reader = asyncio.create_task(_listen_only(ws) if viewer.kind == "screen" else _read(ws, conn))
    try:
        await asyncio.wait({writer, reader}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        hub.detach(conn)
        for task in (writer, reader):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, WebSocketDisconnect, Exception):
                await task
