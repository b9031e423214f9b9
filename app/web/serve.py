"""`deuxrois serve`: print the address phones open (and its QR code), then run uvicorn (one process or N)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
import sys
import time
from email.utils import formatdate
from types import FrameType
from typing import Any

import uvicorn
from fastapi import FastAPI
from sqlalchemy.engine import make_url
from uvicorn.config import STARTUP_FAILURE
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from uvicorn.server import ServerState
from websockets.exceptions import InvalidState
from websockets.extensions.permessage_deflate import ServerPerMessageDeflateFactory
from websockets.frames import Frame
from websockets.http11 import Request
from websockets.protocol import Protocol
from websockets.server import ServerProtocol

from app.settings import Settings
from app.store.database import make_engine, migrate
from app.web import keepalive
from app.web.app import create_app
from app.web.links import qr_terminal
from app.web.sockets import MAX_FRAME_BYTES, WRITE_NOW

# How the parent tells its worker processes the LAN address it printed (they build the app themselves).
LAN_URL_ENV = "DEUXROIS_LAN_URL"
CUT_AFTER_S = 5.0  # once the app is done with a socket, how long its close may take before it is cut
# permessage-deflate's window and hash table, per socket. uvicorn's 4 KiB window (12 bits) and memLevel 5
# keep 38 KiB of zlib state alive for each phone; a 2 KiB window and memLevel 4 keep 22 KiB, and a push
# (a few regions of 0.3-8 KB, much of it repeated markup) loses little: see docs/performance.md.
DEFLATE_WINDOW_BITS = 11
DEFLATE_MEM_LEVEL = 4
# zlib's fastest level: a phone's first page (34 KB at 50 players) deflates in half the time of the default
# level 6 for 2.7 KB on the wire instead of 2.2; fifty phones coming back at once pay it fifty times.
DEFLATE_LEVEL = 1
# Pings leave on a shared grid of this many seconds (at most a tenth of the interval), not each on its own
# clock: a wake-up of the loop sends or hears a few sockets' pings at once. With 52 phones, their pings
# and pongs cost 3-4 ms of CPU a second on their own clocks, under 1 on the grid (docs/performance.md).
# A silent phone is cut within interval + grid + timeout + a tenth of the grid (9.55 s by default).
PING_GRID_S = 0.5
# A ping with no payload, as the server writes it (unmasked; control frames are never compressed), and the head
# of a phone's pong to it (masked: the 4 bytes of its mask follow, and nothing else).
PING_FRAME = b"\x89\x00"
PONG_HEAD = b"\x8a\x80"
# The websockets library says "connection open" and "connection closed" at INFO for every socket, on top of
# uvicorn's '"WebSocket /g/CODE/ws" [accepted]': three lines a phone, 150 in the logs for a Wi-Fi blip at 50
# players, at ~50 us each (docs/performance.md). Its own logger keeps its warnings and drops those two;
# uvicorn's line, the socket's access log, stays.
SOCKET_LOG = logging.getLogger(f"{__name__}.websockets")
SOCKET_LOG.setLevel(logging.WARNING)
# uvicorn's server wakes every 0.1 s to see whether it should stop, and refreshes its Date header every tenth
# wake. Here a stop signal wakes the loop (QuietServer.handle_exit) and each request stamps the Date of its own
# second (Http): an idle server does not wake at all. On this project's VMs a wake after a second of idle costs
# about 1 ms of CPU (cold caches): the one wake a second left before cost the idle server 10-14 ms of CPU a
# second there (docs/performance.md).


class Websockets(WebSocketsSansIOProtocol):
    """uvicorn's websockets, except that a socket the server has given up on is cut, not closed.

    `close()` first flushes what is buffered, and a phone that stopped reading never takes it: the
    socket (and the server's shutdown, which waits for it) would stay until TCP gives up, which a
    phone that still acknowledges makes never. So a missed ping cuts the socket at once, and a socket
    the app is done with (it dropped that phone, or closed the page) is cut if it is still open
    CUT_AFTER_S later. A phone that reads gets its close frame as before.
    """

    _lost = False
    _keepalive_stopped = False
    _pings = 0  # pings sent: a pong's deadline names its ping
    _keepalive_grid: keepalive.Grid | None = None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.config.ws_per_message_deflate:  # nothing has used uvicorn's own yet: it starts with the handshake
            self.conn = ServerProtocol(
                extensions=[ServerPerMessageDeflateFactory(
                    server_max_window_bits=DEFLATE_WINDOW_BITS, client_max_window_bits=DEFLATE_WINDOW_BITS,
                    # A phone sends almost nothing on its socket (taps are POSTs): each of its messages
                    # is inflated on its own, instead of an inflater (7 KiB) kept for each phone.
                    client_no_context_takeover=True,
                    compress_settings={"memLevel": DEFLATE_MEM_LEVEL, "level": DEFLATE_LEVEL})],
                max_size=self.config.ws_max_size, logger=SOCKET_LOG)

    def handle_connect(self, event: Request) -> None:
        super().handle_connect(event)
        scope = getattr(self, "scope", None)  # a handshake refused here goes no further, and has none
        if scope is not None:
            scope["extensions"][WRITE_NOW] = self.write_now

    def write_now(self, text: str) -> bool:
        """A text frame written at once, as uvicorn's `send` writes it, if the socket takes it without waiting:
        False when its buffer is full (the phone reads slowly), or it is closing. The app's writer then sends it
        through ASGI, under its deadline."""
        if (not self.writable.is_set() or self.disconnected or self.close_sent or not self.handshake_complete
                or self.initial_response is not None or self.transport.is_closing()):
            return False
        try:
            self.conn.send_text(text.encode())
        except InvalidState:
            return False
        self.transport.write(b"".join(self.conn.data_to_send()))
        return True

    def start_keepalive(self) -> None:
        # Called once the handshake's answer is written: its request and response (headers, cookies:
        # ~3 KiB) are of no more use, the app keeps its own scope.
        self.request = self.response = None  # type: ignore[assignment]
        super().start_keepalive()

    def schedule_ping(self) -> None:
        assert self.ping_interval is not None
        due = self.loop.time() + max(0.0, self.ping_interval - self.last_ping_rtt)
        self._grid().ping_at(due, self._ping_due)

    def _grid(self) -> keepalive.Grid:
        # Found once a socket: each ping and each pong asks, and the lookup (a weak dictionary by loop, then by
        # step) was a tenth of an idle server's keepalive in Python (py-spy, docs/performance.md).
        found = self._keepalive_grid
        if found is None:
            assert self.ping_interval is not None
            found = self._keepalive_grid = keepalive.grid(self.loop, min(PING_GRID_S, self.ping_interval / 10))
        return found

    def _ping_due(self, _: int) -> None:
        if not self._keepalive_stopped:
            self.send_keepalive_ping()

    def send_keepalive_ping(self) -> None:
        """uvicorn's ping, written as it is (no payload) with its deadline on the grid. One ping is in flight at
        a time (the next is scheduled when its pong comes, or the socket is cut), so a payload to tell an old
        pong from the awaited one has nothing to tell apart."""
        if self.close_sent or self.transport.is_closing():
            return
        self._pings += 1
        self.pending_ping_payload = b""
        self.ping_sent_at = self.loop.time()
        self.transport.write(PING_FRAME)
        assert self.ping_timeout is not None  # the server always sets one (Settings.ws_ping_timeout)
        self._grid().deadline_at(self.ping_sent_at + self.ping_timeout, self._pong_due, self._pings)

    def _pong_due(self, ping: int) -> None:
        if ping == self._pings and self.pending_ping_payload is not None and not self._keepalive_stopped:
            self.keepalive_timeout()

    def handle_pong(self, event: Frame) -> None:
        if self.pending_ping_payload is not None and bytes(event.data) == self.pending_ping_payload:
            self._answered()

    def _answered(self) -> None:
        self.last_ping_rtt = self.loop.time() - self.ping_sent_at
        self.pending_ping_payload = None
        self.schedule_ping()

    def stop_keepalive(self) -> None:
        self._keepalive_stopped = True  # what the grid still holds for this socket finds it stopped
        super().stop_keepalive()

    def data_received(self, data: bytes) -> None:
        # A phone's socket carries little else than pongs: one that comes alone, while the parser waits for
        # a new frame, is taken as it is instead of through the library's parser and its events.
        if len(data) == 6 and data.startswith(PONG_HEAD) and self.handshake_complete and _between_frames(self.conn):
            if self.pending_ping_payload == b"":
                self._answered()
            return
        super().data_received(data)

    def keepalive_timeout(self) -> None:
        super().keepalive_timeout()  # the close frame (1011), then close()
        self._cut()

    def on_task_complete(self, task: asyncio.Task[None]) -> None:
        super().on_task_complete(task)
        self.loop.call_later(CUT_AFTER_S, self._cut)

    def connection_lost(self, exc: Exception | None) -> None:
        self._lost = True
        scope = getattr(self, "scope", None)
        if scope is not None:
            scope["extensions"].pop(WRITE_NOW, None)  # the app's scope holds the protocol no longer
        super().connection_lost(exc)

    def _cut(self) -> None:
        if not self._lost and self.transport is not None:
            self.transport.abort()


def _between_frames(conn: Protocol) -> bool:
    """Whether the library's parser waits for the first byte of a frame, none of one read yet: then its
    innermost generator waits in `StreamReader.at_eof` with nothing buffered. A library that parses otherwise
    is never bypassed."""
    waiting = conn.parser
    while (inner := getattr(waiting, "gi_yieldfrom", None)) is not None:
        waiting = inner
    return getattr(waiting, "__name__", None) == "at_eof" and not conn.reader.buffer


def stamp_date(state: ServerState, config: uvicorn.Config) -> None:
    """The headers uvicorn adds to every answer, with the Date of this second (made once a second at most)."""
    second = int(time.time())
    if getattr(state, "stamped_second", None) != second:
        date = [(b"date", formatdate(second, usegmt=True).encode())] if config.date_header else []
        state.default_headers = date + config.encoded_headers
        state.stamped_second = second  # type: ignore[attr-defined]


class Http(HttpToolsProtocol):
    """uvicorn's HTTP, each request stamping the Date of its own second: nothing ticks to keep it fresh. A
    websocket's handshake goes through here first, so its answer is stamped too."""

    def on_headers_complete(self) -> None:
        stamp_date(self.server_state, self.config)
        super().on_headers_complete()

    def handle_websocket_upgrade(self) -> None:
        super().handle_websocket_upgrade()
        # The socket is the websocket protocol's now, and this one is never called again. It and its parser
        # point at each other, which only a lost connection undid: left to the collector, every phone's
        # socket left ~3 KiB of cycle, kept for good once frozen (heap.space_collections).
        self.parser = None  # type: ignore[assignment]


class QuietServer(uvicorn.Server):
    """uvicorn's server, waking only to stop (at once when told), never on a tick."""

    _woken: asyncio.Event | None = None

    async def main_loop(self) -> None:
        self._woken = asyncio.Event()
        # Asked once with a counter of 0: uvicorn's first Date header. Then only a stop wakes it: it comes
        # through handle_exit (a signal), as uvicorn itself is told to stop.
        counter = 0
        while not await self.on_tick(counter):
            counter = 1  # on_tick refreshes the Date header only when counter % 10 == 0: requests do now
            await self._woken.wait()
            self._woken.clear()

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        super().handle_exit(sig, frame)
        if self._woken is not None:  # a signal handler runs between two steps of the loop: wake it properly
            asyncio.get_running_loop().call_soon_threadsafe(self._woken.set)


def run_one(app: FastAPI, options: dict[str, Any]) -> None:
    """What `uvicorn.run(app, **options)` does for one process, on the quiet server."""
    server = QuietServer(uvicorn.Config(app, **options))
    with contextlib.suppress(KeyboardInterrupt):
        server.run()
    if not server.started:
        sys.exit(STARTUP_FAILURE)


def lan_address() -> str:
    """This machine's address on the venue's network (no packet is sent: UDP connect only routes)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.255.255.255", 1))
            return str(s.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def public_url(settings: Settings, host: str, port: int) -> str:
    if settings.base_url:
        return settings.base_url.rstrip("/")
    shown = lan_address() if host in ("0.0.0.0", "::", "") else host
    return f"http://{shown}:{port}"


def workers_refusal(settings: Settings, workers: int) -> str | None:
    """Why `workers` processes cannot run on these settings, in one line; None when they can."""
    if workers < 1:
        return f"--workers {workers}: at least one process"
    if workers == 1:
        return None
    if make_url(settings.database_url).get_backend_name() != "postgresql":
        return (f"--workers {workers} needs PostgreSQL (DATABASE_URL=postgresql+psycopg://...): the processes "
                "write the same games at once, and only PostgreSQL makes them take turns on a game (an advisory "
                "lock per game); SQLite has no lock across processes, so their writes would clash and could fail")
    if not settings.pubsub.startswith(("redis://", "rediss://", "unix://")):
        return (f"--workers {workers} needs Redis (REDIS_URL=redis://host:6379/0): a move made in one process "
                "must reach the phones connected to the others, and memory:// only reaches its own process")
    return None


def worker_app() -> FastAPI:
    """The app of one worker process (uvicorn's factory): each reads the same environment as the parent."""
    app = create_app(Settings())
    lan_url = os.environ.get(LAN_URL_ENV)
    if lan_url:
        app.state.lan_url = lan_url
    return app


def serve(host: str, port: int, workers: int | None = None) -> None:
    """Run the server; `workers` processes (default: WORKERS, else 1) share one port. Check
    `workers_refusal` first: this does not."""
    settings = Settings()
    workers = settings.workers if workers is None else workers
    url = public_url(settings, host, port)
    sys.stdout.write(f"\nSoirée de jeux — les téléphones ouvrent / phones open:\n\n    {url}/\n\n")
    qr_terminal(f"{url}/")
    sys.stdout.flush()
    lan_url = url if not settings.base_url and host in ("0.0.0.0", "::", "") else None
    options: dict[str, Any] = {
        "host": host,
        "port": port,
        # A phone that stops reading does not answer a ping: gone within interval + grid + timeout (9.55 s),
        # and its seat shows "asleep" on the dashboard. A slower phone on a busy Wi-Fi still answers in time.
        "ws_ping_interval": settings.ws_ping_interval,
        "ws_ping_timeout": settings.ws_ping_timeout,
        # Pages only listen: a frame bigger than any message they may send is refused unread (16 MiB
        # is uvicorn's default, which 40 sockets with no login turned into 1.4 GB).
        "ws_max_size": MAX_FRAME_BYTES,
        "ws": Websockets,
        "http": Http,
        # Forwarded headers are the app's business (TRUSTED_PROXIES, app/web/app.py): uvicorn's own would
        # trust FORWARDED_ALLOW_IPS, which the documentation once set to "*" (any client chose its address).
        "proxy_headers": False,
        "log_level": "info",
        "access_log": settings.access_log,
    }
    if workers == 1:
        app = create_app(settings)
        if lan_url:
            app.state.lan_url = lan_url  # links made for a page opened as localhost point phones here instead
        run_one(app, options)
        return
    # Migrate once, here, before the workers start: N processes upgrading one empty database at once would
    # race on its first CREATE TABLE. Each worker still runs `upgrade head`, which finds nothing to do.
    engine = make_engine(settings.database_url)
    try:
        migrate(engine)
    finally:
        engine.dispose()
    if lan_url:
        os.environ[LAN_URL_ENV] = lan_url
    # Every worker accepts on the same socket, so any of them may get any game's requests: they share
    # games through PostgreSQL (the log, one writer at a time per game) and Redis (notes to catch up).
    # uvicorn's supervisor builds each worker's server itself: the workers keep its ten ticks a second.
    uvicorn.run("app.web.serve:worker_app", factory=True, workers=workers, **options)
