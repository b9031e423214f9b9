"""Every socket's keepalive on one shared grid (app/web/keepalive.py) and the pongs the server reads itself.

The grid on a real loop: pings due within a step share its instant, a full slot's pings leave a tenth of a
step earlier (never later, never in the past), a deadline runs on its tenth with its ping's number. Then
through a real `deuxrois serve` with 1 s pings: phones that answer (a pong alone, a pong with a message in
the same write, a pong split in two writes) stay, a silent one is cut (1011), and six bytes that look like
a pong but finish a message the parser has begun are read as that message.
"""

from __future__ import annotations

import asyncio
import json
import os
import socket
import struct
import time
from collections.abc import Iterator
from pathlib import Path

import httpx2
import pytest
from live_server import Served, create_game, raw_websocket, server_frames
from websockets.frames import Frame, Opcode
from websockets.protocol import OPEN
from websockets.server import ServerProtocol

from app.web import keepalive
from app.web.i18n import CATALOGUE
from app.web.serve import PING_FRAME, _between_frames

# -- the grid ------------------------------------------------------------------------------------------

STEP = 0.05


def _on_grid(scenario: object) -> list[tuple[str, int, float]]:
    """Run `scenario(grid, record)` on a fresh loop until its callbacks are done: (name, arg, loop time)."""
    runs: list[tuple[str, int, float]] = []

    async def main() -> None:
        loop = asyncio.get_running_loop()
        grid = keepalive.grid(loop, STEP)

        def record(name: str) -> keepalive.Due:
            return lambda arg: runs.append((name, arg, loop.time()))

        expected = scenario(grid, record, loop.time())  # type: ignore[operator]
        while len(runs) < expected:
            await asyncio.sleep(STEP / 5)

    asyncio.run(main())
    return runs


def test_pings_due_within_a_step_leave_together_on_its_instant() -> None:
    def scenario(grid: keepalive.Grid, record: object, now: float) -> int:
        start = (int(now / STEP) + 4) * STEP  # a grid instant well ahead
        for n in range(5):
            grid.ping_at(start + 0.001 + n * STEP / 6, record(f"p{n}"))  # type: ignore[operator]
        return 5

    runs = _on_grid(scenario)
    instants = {round(at / STEP * keepalive.SPREAD) for _, _, at in runs}
    assert len(instants) == 1, runs  # one wake-up for the five
    assert all(at >= min(at for _, _, at in runs) for _, _, at in runs)


def test_a_full_slot_sends_the_next_pings_a_tenth_of_a_step_earlier_never_in_the_past() -> None:
    order: list[float] = []

    def scenario(grid: keepalive.Grid, record: object, now: float) -> int:
        due = (int(now / STEP) + 4) * STEP - STEP / 2  # in the middle of a step, well ahead
        order.append(due)
        for n in range(keepalive.SLOT_SOCKETS + 3):
            grid.ping_at(due, record(f"p{n}"))  # type: ignore[operator]
        order.append(now)
        grid.ping_at(now, record("soon"))  # type: ignore[operator]
        return keepalive.SLOT_SOCKETS + 4

    runs = _on_grid(scenario)
    due, now = order
    at = {name: t for name, _, t in runs}
    instant = (int(due / STEP) + 1) * STEP
    first = [at[f"p{n}"] for n in range(keepalive.SLOT_SOCKETS)]
    spilled = [at[f"p{n}"] for n in range(keepalive.SLOT_SOCKETS, keepalive.SLOT_SOCKETS + 3)]
    assert min(first) >= instant - 1e-6  # the grid's instant, the full slot
    assert max(spilled) < min(first)  # the three more left earlier...
    assert min(spilled) >= instant - STEP / keepalive.SPREAD - 1e-6  # ...by one tenth of the step
    assert at["soon"] > now  # a ping due now still waits for a slot ahead


def test_a_deadline_runs_on_its_tenth_of_a_step_with_its_ping() -> None:
    asked: list[float] = []

    def scenario(grid: keepalive.Grid, record: object, now: float) -> int:
        asked.append(now + 0.013)
        grid.deadline_at(now + 0.013, record("deadline"), 7)  # type: ignore[operator]
        return 1

    ((name, ping, at),) = _on_grid(scenario)
    assert (name, ping) == ("deadline", 7)
    assert asked[0] - 1e-6 <= at  # never before


def test_the_parser_is_between_frames_only_before_a_frame_s_first_byte() -> None:
    conn = ServerProtocol()
    assert not _between_frames(conn)  # it reads the handshake's request first
    conn.receive_data(b"GET /g/ABCD/ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                      b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
    (request,) = conn.events_received()
    conn.send_response(conn.accept(request))
    assert conn.state is OPEN and _between_frames(conn)
    conn.receive_data(b"\x81\x82")  # a text frame's head: its mask and payload are still to come
    assert not _between_frames(conn)
    conn.receive_data(b"\x00\x00\x00\x00{}")
    assert _between_frames(conn)
    assert [(f.opcode, f.data) for f in conn.events_received() if isinstance(f, Frame)] == [(Opcode.TEXT, b"{}")]


# -- through the real server ---------------------------------------------------------------------------

INTERVAL_S, TIMEOUT_S = 1.0, 1.0
GRID_S = INTERVAL_S / 10
WATCH_S = 4.5  # four pings and more for a phone that answers


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Served]:
    served = Served(tmp_path, f"sqlite:///{tmp_path / 'keepalive.db'}",
                    env={"WS_PING_INTERVAL": str(INTERVAL_S), "WS_PING_TIMEOUT": str(TIMEOUT_S)}).start()
    try:
        yield served
    finally:
        served.stop()


def _masked(opcode: int, payload: bytes = b"", mask: bytes | None = None) -> bytes:
    mask = os.urandom(4) if mask is None else mask
    return (bytes([0x80 | opcode, 0x80 | len(payload)]) + mask
            + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))


class _Phone:
    """A raw websocket that answers the server's pings its own way, and keeps what it was sent."""

    def __init__(self, sock: socket.socket, answer: str) -> None:
        self.sock, self.answer = sock, answer
        self.sock.setblocking(False)
        self.pending, self.pings, self.texts, self.closed_with = b"", 0, [], None  # type: ignore[var-annotated]

    def serve(self) -> None:
        try:
            chunk = self.sock.recv(65536)
        except BlockingIOError:
            return
        if not chunk:
            self.closed_with = self.closed_with or -1
            return
        frames, self.pending = server_frames(self.pending + chunk)
        for opcode, payload in frames:
            if opcode == 0x9:
                assert payload == b""  # the server's pings carry nothing
                self.pings += 1
                self._pong()
            elif opcode == 0x1:
                self.texts.append(payload.decode())
            elif opcode == 0x8:
                self.closed_with = struct.unpack("!H", payload[:2])[0]

    def _pong(self) -> None:
        pong = _masked(0xA)
        self.sock.setblocking(True)
        if self.answer == "alone":
            self.sock.sendall(pong)
        elif self.answer == "with a message":
            self.sock.sendall(pong + _masked(0x1, json.dumps({"type": "ping"}).encode()))
        elif self.answer == "split":
            self.sock.sendall(pong[:2])
            time.sleep(0.02)
            self.sock.sendall(pong[2:])
        self.sock.setblocking(False)


def test_phones_that_answer_stay_a_silent_one_is_cut_and_a_message_is_never_taken_for_a_pong(server: Served) -> None:
    answers = ("alone", "with a message", "split", "silent")
    with httpx2.Client(base_url=server.url) as game_master:
        code, _ = create_game(game_master)
        cookies = []
        for name in ("Aude", "Bertrand", "Chloé", "Damien", "Émile"):
            with httpx2.Client(base_url=server.url) as phone:
                assert phone.post(f"/g/{code}/join", data={"name": name}).status_code == 200
                cookies.append(f"seat_{code}={phone.cookies[f'seat_{code}']}")
    phones = [_Phone(raw_websocket(server, f"/g/{code}/ws", cookie), answer)
              for cookie, answer in zip(cookies, answers, strict=False)]
    # The fifth phone starts a text frame and sends its last six bytes apart: a 2-byte payload under a mask
    # that begins as a pong does (8a 80). Those bytes finish the message; they are not a pong.
    tricky = raw_websocket(server, f"/g/{code}/ws", cookies[4])
    frame = _masked(0x1, b"{}", mask=b"\x8a\x80\x00\x00")
    tricky.sendall(frame[:2])
    time.sleep(0.1)
    tricky.sendall(frame[2:])
    phones.append(_Phone(tricky, "alone"))
    opened = time.monotonic()
    try:
        while time.monotonic() - opened < WATCH_S:
            for phone in phones:
                phone.serve()
            time.sleep(0.005)
    finally:
        for phone in phones:
            phone.sock.close()
    alone, with_message, split, silent, message = phones
    for phone in (alone, with_message, split, message):
        assert phone.closed_with is None, (phone.answer, phone.closed_with)
        assert phone.pings >= 3, (phone.answer, phone.pings)
    # The silent phone got its first ping and no second one: cut within interval + grid + timeout + a tenth.
    assert silent.closed_with == 1011 and silent.pings == 1
    # The message was read as a message ("{}" is no ping): the phone is told, in its language.
    assert any(CATALOGUE["error.ws_message"][0] in text for text in message.texts), message.texts[-1:]
    assert "Traceback" not in server.output()


def test_the_server_writes_its_pings_with_no_payload() -> None:
    assert server_frames(PING_FRAME) == ([(0x9, b"")], b"")
