"""The server's pings leave on a shared grid, not each on its own clock (issue 11: an idle phone's cost).

Through a real `deuxrois serve` with 2 s pings (a 0.2 s grid): five phones open their sockets 0.1 s
apart, and each notes when its first ping arrives. On their own clocks the five pings would come
0.1 s apart, half a grid step; on the grid they arrive together, a whole number of steps apart, in at most
two more instants than the whole steps the openings span.
"""

from __future__ import annotations

import itertools
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import httpx2
import pytest
from live_server import Served, create_game, raw_websocket, server_frames

from app.web.serve import PING_GRID_S

INTERVAL_S = 2.0
GRID_S = min(PING_GRID_S, INTERVAL_S / 10)
PHONES, APART_S = 5, 0.1  # half a grid step: a ping on its own clock is as far from the grid as it can be
# Two pings this close left on one wake-up of the server (loopback, a machine running the suite on both
# cores): 45 ms of jitter were seen; a ping on its own clock is 100 ms off the grid.
TOGETHER_S = 0.06


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Served]:
    served = Served(tmp_path, f"sqlite:///{tmp_path / 'ping.db'}", env={"WS_PING_INTERVAL": str(INTERVAL_S)}).start()
    try:
        yield served
    finally:
        served.stop()


def _first_ping(sock: socket.socket) -> float:
    """When the first ping frame arrives (monotonic), reading the pushes before it."""
    rest = b""
    while True:
        frames, rest = server_frames(rest)
        if any(opcode == 0x9 for opcode, _ in frames):
            return time.monotonic()
        chunk = sock.recv(65536)
        assert chunk, "the server closed the socket before its first ping"
        rest += chunk


def test_pings_leave_together_on_the_grid(server: Served) -> None:
    with httpx2.Client(base_url=server.url) as game_master:
        code, _ = create_game(game_master)
        cookies = []
        for name in ("Aude", "Bertrand", "Chloé", "Damien", "Émile")[:PHONES]:
            with httpx2.Client(base_url=server.url) as phone:
                assert phone.post(f"/g/{code}/join", data={"name": name}).status_code == 200
                cookies.append(f"seat_{code}={phone.cookies[f'seat_{code}']}")
    socks, opened = [], []
    try:
        for cookie in cookies:
            socks.append(raw_websocket(server, f"/g/{code}/ws", cookie))
            opened.append(time.monotonic())
            time.sleep(APART_S)
        # Each socket's first ping comes about INTERVAL_S after it opened; read them in the order they opened.
        arrived = sorted(_first_ping(sock) for sock in socks)
    finally:
        for sock in socks:
            sock.close()
    instants = [arrived[0]]
    for t in arrived[1:]:
        if t - instants[-1] > TOGETHER_S:
            instants.append(t)
    # Opening a socket takes its own time on a loaded machine: openings spanning k whole grid steps have
    # their first pings on at most k + 2 grid instants (4 when they open 0.1 s apart, as meant; on their
    # own clocks, five pings 0.1 s apart are five instants).
    steps = int((opened[-1] - opened[0]) / GRID_S)
    assert len(instants) <= steps + 2, ([round(t - arrived[0], 3) for t in arrived], round(opened[-1] - opened[0], 3))
    for a, b in itertools.pairwise(instants):
        slots = (b - a) / GRID_S
        assert abs(slots - round(slots)) * GRID_S <= TOGETHER_S, [round(t - arrived[0], 3) for t in arrived]
