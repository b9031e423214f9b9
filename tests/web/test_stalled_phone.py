"""A phone that stops reading is dropped within 10 s, and never holds up the others (issue 11, item 5).

Through a real `deuxrois serve` (a TestClient has no websocket pings): one phone
connects with a tiny receive buffer and never reads a frame, as a phone that
left the Wi-Fi or froze. It cannot answer the server's ping, so the server
closes it (1011, keepalive ping timeout) within WS_PING_INTERVAL +
WS_PING_TIMEOUT plus the pings' grid (9.55 s by default), and the dashboard shows its seat asleep.
Meanwhile the game goes on: every new player changes every phone's lobby, the
stalled one's included, and the phone that reads gets each change. A page that
stopped reading with megabytes still unsent is cut just the same (uvicorn's own
close would wait to flush them, which never happens).
"""

from __future__ import annotations

import re
import secrets
import socket
import struct
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx2
import pytest
from live_server import Served, create_game, raw_websocket
from websockets.sync.client import ClientConnection, connect

from app.settings import Settings
from app.web import keepalive
from app.web.serve import PING_GRID_S

BOUND_S = 10.0  # the promise (issue 11): a phone that stops reading is gone within this
WATCHDOG_S = 60.0  # how long the test waits at most, whatever happens


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Served]:
    served = Served(tmp_path, f"sqlite:///{tmp_path / 'stall.db'}").start()  # the default ping settings
    try:
        yield served
    finally:
        served.stop()


def _join(server: Served, code: str, name: str) -> str:
    """A new phone joins; returns its seat cookie."""
    with httpx2.Client(base_url=server.url) as phone:
        assert phone.post(f"/g/{code}/join", data={"name": name}).status_code == 200
        return f"seat_{code}={phone.cookies[f'seat_{code}']}"


def _socket(server: Served, path: str, cookie: str) -> ClientConnection:
    return connect(f"ws://127.0.0.1:{server.port}{path}", open_timeout=30,
                   additional_headers={"Cookie": cookie, "Origin": server.url})


def _stalled(server: Served, path: str, cookie: str) -> socket.socket:
    """A websocket that reads its handshake answer and then nothing, with a 4 KiB receive buffer."""
    return raw_websocket(server, path, cookie, rcvbuf=4096)


def _close_code(stream: bytes) -> int | None:
    """The code of the close frame in what the server sent (unmasked frames, no extension)."""
    at = 0
    while at + 2 <= len(stream):
        opcode, length = stream[at] & 0x0F, stream[at + 1] & 0x7F
        at += 2
        if length == 126:
            length, at = struct.unpack("!H", stream[at:at + 2])[0], at + 2
        elif length == 127:
            length, at = struct.unpack("!Q", stream[at:at + 8])[0], at + 8
        if opcode == 0x8:
            return int(struct.unpack("!H", stream[at:at + 2])[0])
        at += length
    return None


PRESENCE = re.compile(r'data-player-id="(p\d+)".*?presence-(\w+)', flags=re.S)


def _until_presence(dashboard: ClientConnection, player: str, state: str, seen: dict[str, str], until: float) -> None:
    while seen.get(player) != state:
        seen.update(PRESENCE.findall(str(dashboard.recv(timeout=max(0.1, until - time.monotonic())))))


def test_the_default_pings_drop_a_silent_phone_within_ten_seconds() -> None:
    settings = Settings()
    grid = min(PING_GRID_S, settings.ws_ping_interval / 10)  # a ping waits at most this for its turn
    # ...and its pong's deadline runs on the next tenth of the grid's step (app/web/keepalive.py)
    assert settings.ws_ping_interval + grid + settings.ws_ping_timeout + grid / keepalive.SPREAD <= BOUND_S


def test_a_phone_that_stops_reading_is_dropped_within_ten_seconds_and_the_others_go_on(server: Served) -> None:
    with httpx2.Client(base_url=server.url) as game_master:
        code, _ = create_game(game_master)
        dashboard_cookie = "; ".join(f"{k}={v}" for k, v in game_master.cookies.items())
        aude, bertrand = _join(server, code, "Aude"), _join(server, code, "Bertrand")
        with _socket(server, f"/m/{code}/ws", dashboard_cookie) as dashboard:
            presence = dict(PRESENCE.findall(str(dashboard.recv(timeout=30))))
            stalled = _stalled(server, f"/g/{code}/ws", aude)
            stalled_at = time.monotonic()
            try:
                with _socket(server, f"/g/{code}/ws", bertrand) as reader:
                    assert "Joueurs inscrits : 2" in str(reader.recv(timeout=30))
                    _until_presence(dashboard, "p2", "connected", presence, stalled_at + WATCHDOG_S)
                    assert presence["p1"] == "connected"  # the stalled phone is attached, its pushes queue up
                    # The game goes on: each new player changes every phone's lobby, the stalled one's too.
                    for n, name in enumerate(("Chloé", "Damien", "Émile"), start=3):
                        _join(server, code, name)
                        while f"Joueurs inscrits : {n}" not in str(reader.recv(timeout=30)):
                            pass
                    _until_presence(dashboard, "p1", "asleep", presence, stalled_at + WATCHDOG_S)
                    dropped_after = time.monotonic() - stalled_at
                    assert dropped_after <= BOUND_S, f"the stalled phone was dropped after {dropped_after:.1f} s"
                    assert presence["p2"] == "connected"  # the phone that reads stays
                    # The server's end of the stalled socket is closed, not merely forgotten by the game.
                    assert server.holder(stalled.getsockname()[1]) is None
                    assert reader.ping().wait(30)  # and the reading phone still answers the server
                # What the stalled phone would read now: its pushes, then why it was closed.
                stream = b""
                while chunk := stalled.recv(65536):
                    stream += chunk
                assert _close_code(stream) == 1011  # keepalive ping timeout
            finally:
                stalled.close()
    assert "Traceback" not in server.output()


def test_a_page_that_stopped_reading_with_megabytes_unsent_is_cut_within_ten_seconds(server: Served) -> None:
    with httpx2.Client(base_url=server.url, headers={"Origin": server.url}) as game_master:
        code, _ = create_game(game_master)
        dashboard_cookie = "; ".join(f"{k}={v}" for k, v in game_master.cookies.items())
        stalled = _stalled(server, f"/m/{code}/ws", dashboard_cookie)
        stalled_at = time.monotonic()
        statuses: list[int] = []

        def notes() -> None:
            # Each note re-renders the dashboard's notes and journal, all of them: after a hundred,
            # megabytes wait for the stalled dashboard, more than the kernel's buffers hold.
            while time.monotonic() - stalled_at < 4 and len(statuses) < 200:
                body = {"key": secrets.token_hex(8), "command": {"type": "mod_note", "text": "n" * 200}}
                statuses.append(game_master.post(f"/m/{code}/act", json=body, timeout=60).status_code)

        writer = threading.Thread(target=notes)
        writer.start()
        try:
            while server.holder(stalled.getsockname()[1]) is not None:
                assert time.monotonic() - stalled_at < WATCHDOG_S, "the stalled dashboard is still held"
                time.sleep(0.1)
            dropped_after = time.monotonic() - stalled_at
        finally:
            writer.join()
            stalled.close()
    assert dropped_after <= BOUND_S, f"the stalled dashboard was cut after {dropped_after:.1f} s"
    assert statuses and set(statuses) == {200}
    assert "Traceback" not in server.output()
