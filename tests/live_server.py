"""A real `deuxrois serve` in a subprocess (imported as `live_server`: tests/ is on sys.path through its conftest).

For what a TestClient cannot show: uvicorn's own limits (websocket frame size),
its access log, forwarded headers from a proxy on the loopback, and two real
processes racing on one database. Each server gets the environment it is given
and nothing from the developer's shell (no .env either: it starts in its own folder).
"""

from __future__ import annotations

import base64
import os
import re
import socket
import struct
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx2

START_SECONDS = 60.0  # a deadline for start-up on a loaded machine, not a measured expectation
# Settings a scripted test taps past; the tests about limits set their own.
GENEROUS = {"RATE_CAPACITY": "100000", "RATE_PER_SECOND": "100000"}


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@dataclass
class Served:
    workdir: Path
    database_url: str
    env: dict[str, str] = field(default_factory=dict)
    port: int = field(default_factory=free_port)
    args: tuple[str, ...] = ()  # more `deuxrois serve` options (--workers N)
    process: subprocess.Popen[bytes] | None = field(default=None, repr=False)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def log(self) -> Path:
        return self.workdir / f"server-{self.port}.log"

    def output(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace") if self.log.exists() else ""

    def start(self) -> Served:
        keep = {"PATH", "HOME", "LANG", "LC_ALL", "PYTHONPATH", "TMPDIR"}
        env = {k: v for k, v in os.environ.items() if k in keep}
        env.update(DATABASE_URL=self.database_url, PYTHONUNBUFFERED="1", **GENEROUS, **self.env)
        deuxrois = Path(sys.executable).parent / "deuxrois"
        self.workdir.mkdir(parents=True, exist_ok=True)
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                [str(deuxrois), "serve", "--host", "127.0.0.1", "--port", str(self.port), *self.args],
                cwd=self.workdir, env=env, stdout=out, stderr=subprocess.STDOUT,
            )
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited with {self.process.returncode}:\n{self.output()}")
            try:
                if httpx2.get(f"{self.url}/healthz", timeout=2).status_code == 200:
                    return self
            except httpx2.TransportError:
                pass
            time.sleep(0.1)
        raise RuntimeError(f"the server did not answer /healthz in {START_SECONDS} s:\n{self.output()}")

    def pids(self) -> list[int]:
        """The processes that serve requests: the server itself, or its worker processes (--workers)."""
        assert self.process is not None
        children = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children").read_text().split()
        # uvicorn's supervisor has one child per worker, plus multiprocessing's resource tracker (no socket).
        workers = [int(pid) for pid in children if _listens(int(pid), self.port)]
        return workers or [self.process.pid]

    def holder(self, client_port: int) -> int | None:
        """The server process that holds the server's end of the connection from `client_port`, or None
        once no process does (the server closed it; read from /proc, Linux only)."""
        inodes = _tcp_inodes(self.port, client_port)
        for pid in self.pids():
            if inodes & _socket_inodes(pid):
                return pid
        return None

    def stop(self) -> None:
        if self.process is None:
            return
        self.process.terminate()
        try:
            self.process.wait(15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(5)
        self.process = None


def create_game(client: httpx2.Client, **form: str) -> tuple[str, str]:
    """Create a game on a live server; returns (code, moderator secret); the client keeps the dashboard cookie."""
    data = {"rounds": "5", "election_s": "45", "designation_s": "60", **form}
    response = client.post("/games", data=data, follow_redirects=True)  # post, redirect, get the created page
    assert response.status_code == 200, response.text
    match = re.search(r"/m/([A-Z]{4})\?k=([\w-]+)", response.text)
    assert match, response.text
    return match.group(1), match.group(2)


def raw_websocket(served: Served, path: str, cookie: str, rcvbuf: int | None = None) -> socket.socket:
    """A websocket opened by hand (no extension offered, so frames come plain), its handshake answer read
    byte by byte: not one byte of the first frame is taken. `rcvbuf`: a small receive buffer (a stalled phone)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    if rcvbuf is not None:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    sock.settimeout(30)
    sock.connect(("127.0.0.1", served.port))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall((f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{served.port}\r\nUpgrade: websocket\r\n"
                  f"Connection: Upgrade\r\nOrigin: {served.url}\r\nCookie: {cookie}\r\n"
                  f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
    answer = b""
    while not answer.endswith(b"\r\n\r\n"):
        answer += sock.recv(1)
    assert answer.startswith(b"HTTP/1.1 101"), answer
    return sock


def server_frames(stream: bytes) -> tuple[list[tuple[int, bytes]], bytes]:
    """The whole frames of what a server sent on a raw websocket (unmasked, no extension), as (opcode, payload),
    and the bytes of the next frame, still incomplete."""
    frames, at = [], 0
    while at + 2 <= len(stream):
        opcode, length, head = stream[at] & 0x0F, stream[at + 1] & 0x7F, 2
        if length == 126:
            if at + 4 > len(stream):
                break
            length, head = struct.unpack("!H", stream[at + 2:at + 4])[0], 4
        elif length == 127:
            if at + 10 > len(stream):
                break
            length, head = struct.unpack("!Q", stream[at + 2:at + 10])[0], 10
        if at + head + length > len(stream):
            break
        frames.append((opcode, stream[at + head:at + head + length]))
        at += head + length
    return frames, stream[at:]


def _tcp_table() -> list[list[str]]:
    rows: list[list[str]] = []
    for name in ("/proc/net/tcp", "/proc/net/tcp6"):
        with open(name, encoding="ascii") as table:
            rows += [line.split() for line in table.readlines()[1:]]
    return rows


def _port(address: str) -> int:
    return int(address.rsplit(":", 1)[1], 16)


def _tcp_inodes(local_port: int, remote_port: int) -> set[str]:
    """Socket inodes of the connections from local_port to remote_port (any state, any address)."""
    return {row[9] for row in _tcp_table() if _port(row[1]) == local_port and _port(row[2]) == remote_port}


def _socket_inodes(pid: int) -> set[str]:
    inodes: set[str] = set()
    try:
        fds = list(Path(f"/proc/{pid}/fd").iterdir())
    except OSError:  # the process ended (a short-lived child of the supervisor): it holds no socket
        return inodes
    for fd in fds:
        try:
            target = os.readlink(fd)
        except OSError:  # closed meanwhile
            continue
        if target.startswith("socket:["):
            inodes.add(target[8:-1])
    return inodes


def _listens(pid: int, port: int) -> bool:
    listening = {row[9] for row in _tcp_table() if _port(row[1]) == port and row[3] == "0A"}  # 0A: LISTEN
    return bool(listening & _socket_inodes(pid))
