"""The browser-test harness (imported as `browser_harness`: tests/e2e is on sys.path); fixtures in conftest.py.

A `LiveServer` is a real `deuxrois serve` in a subprocess; `Contexts` makes
Playwright browser contexts for phones (Pixel 7), the moderator's laptop and
the big screen, and records what goes wrong in the pages.
"""

from __future__ import annotations

import contextlib
import os
import re
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright

SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
CHROMIUM = Path("/usr/bin/chromium")
LAN_HOST = "jeu.lan"
# Headless as root on a machine with no internet: no sandbox, no GPU, and none
# of the background traffic (updates, sync, QUIC probes) that would only time out.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--disable-quic",
    # A venue's LAN address as the browser sees it: a name that is not localhost
    # (so not a secure context) but reaches the test server on 127.0.0.1.
    f"--host-resolver-rules=MAP {LAN_HOST} 127.0.0.1",
]
SERVER_START_SECONDS = 60.0  # a deadline for start-up, not a measured expectation
DESKTOP_VIEWPORT = {"width": 1366, "height": 850}  # a game master's laptop
SCREEN_VIEWPORT = {"width": 1920, "height": 1080}  # a projector


class Shoot(Protocol):
    def __call__(self, page: Page, label: str) -> Path: ...


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@dataclass
class LiveServer:
    """A `deuxrois serve` of the test's own: fixed port and SQLite file, so it can be restarted mid-game."""

    workdir: Path
    port: int = field(default_factory=free_port)
    env: dict[str, str] = field(default_factory=dict)  # settings of this test's own (a looser rate limit)
    process: subprocess.Popen[bytes] | None = field(default=None, repr=False)
    _started: bool = field(default=False, repr=False)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def lan_url(self) -> str:
        """The same server under a plain-HTTP LAN name: what phones at a venue open."""
        return f"http://{LAN_HOST}:{self.port}"

    @property
    def database_url(self) -> str:
        return f"sqlite:///{self.workdir / 'e2e.db'}"

    @property
    def log(self) -> Path:
        return self.workdir / "server.log"

    def output(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace") if self.log.exists() else ""

    def start(self) -> None:
        """Start and wait for /healthz. On the first start only, move to another free port if another
        process took this one in the meantime (later starts keep it: open pages reconnect to it)."""
        for attempt in range(3):
            self._spawn()
            error = self._wait_healthy()
            if error is None:
                self._started = True
                return
            port_taken = "address already in use" in self.output().lower()
            if self._started or not port_taken or attempt == 2:
                pytest.fail(error + ":\n" + self.output(), pytrace=False)
            self.stop()
            self.port = free_port()

    def _spawn(self) -> None:
        # The tests own their server: nothing from the developer's shell points it
        # elsewhere, and it starts in an empty folder, so no .env is read either.
        env = {k: v for k, v in os.environ.items() if k not in {"REDIS_URL", "PUBSUB_URL", "BASE_URL"}}
        env.update(DATABASE_URL=self.database_url, SECURE_COOKIES="false", PYTHONUNBUFFERED="1", **self.env)
        deuxrois = Path(sys.executable).parent / "deuxrois"
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                [str(deuxrois), "serve", "--host", "127.0.0.1", "--port", str(self.port)],
                cwd=self.workdir,
                env=env,
                stdout=out,
                stderr=subprocess.STDOUT,
            )

    def stop(self) -> None:
        if self.process is None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=15)
        self.process = None

    def restart(self) -> None:
        """Stop and start again on the same port and database, as after a crash or an upgrade."""
        self.stop()
        self.start()

    def _wait_healthy(self) -> str | None:
        """None once /healthz answers 200 from our process, else what went wrong."""
        assert self.process is not None
        deadline = time.monotonic() + SERVER_START_SECONDS
        last_error = ""
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                return (
                    f"`deuxrois serve` exited with status {self.process.returncode} before /healthz answered"
                )
            try:
                with urllib.request.urlopen(self.url + "/healthz", timeout=2) as response:
                    # Still ours? Another process on this port could have answered.
                    if response.status == 200 and self.process.poll() is None:
                        return None
                    last_error = f"HTTP {response.status}"
            except (urllib.error.URLError, OSError) as exc:
                last_error = str(exc)
            time.sleep(0.1)
        return f"`deuxrois serve` did not answer /healthz within {SERVER_START_SECONDS:.0f} s ({last_error})"


@dataclass
class Contexts:
    """Makes browser contexts for one test; closes them at its end; records page errors and 5xx answers."""

    browser: Browser
    playwright: Playwright
    base_url: str
    opened: list[BrowserContext] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)

    def _context(self, name: str, base_url: str | None = None, **options: Any) -> BrowserContext:
        context = self.browser.new_context(base_url=base_url or self.base_url, locale="fr-FR", **options)
        context.set_default_timeout(15_000)
        context.set_default_navigation_timeout(30_000)
        context.on("weberror", lambda error: self.page_errors.append(f"{name}: {error.error}"))
        # The game master confirms what asks once (the deal, the next phase, a removal; leaving the table):
        # a person who taps the button means it. A test that wants "cancel" handles the dialog itself.
        context.on("page", lambda page: page.on("dialog", lambda dialog: dialog.accept()))
        # A 5xx is a server bug whichever page asked.
        context.on(
            "response",
            lambda r: r.status >= 500 and self.page_errors.append(f"{name}: HTTP {r.status} {r.url}"),
        )
        self.opened.append(context)
        return context

    def phone(self, name: str = "phone", base_url: str | None = None) -> BrowserContext:
        """A Pixel 7: mobile viewport, touch, device pixel ratio, Android Chrome's user agent.

        `base_url` sends it through a `Relay` instead of straight to the server.
        """
        device = {k: v for k, v in self.playwright.devices["Pixel 7"].items() if k != "default_browser_type"}
        return self._context(name, base_url, **device)

    def desktop(self, name: str = "desktop") -> BrowserContext:
        """The game master's laptop (moderator dashboard)."""
        return self._context(name, viewport=DESKTOP_VIEWPORT)

    def screen(self, name: str = "screen") -> BrowserContext:
        """The projector (big screen)."""
        return self._context(name, viewport=SCREEN_VIEWPORT)

    def sized(self, name: str, width: int, height: int) -> BrowserContext:
        """A desktop browser of a given size (the screenshot tour's dashboard is 1440x900)."""
        return self._context(name, viewport={"width": width, "height": height})

    def close(self) -> None:
        for context in self.opened:
            context.close()
        self.opened.clear()


def slug(text: str) -> str:
    return re.sub(r"[^\w.-]+", "_", text)


def save_screenshot(test_name: str, page: Page, label: str) -> Path:
    """tests/e2e/screenshots/<test>-<label>.png, the whole page, for review."""
    SCREENSHOTS.mkdir(exist_ok=True)
    path = SCREENSHOTS / f"{slug(test_name)}-{slug(label)}.png"
    page.screenshot(path=str(path), full_page=True)
    assert path.stat().st_size > 0
    return path


class Relay:
    """A TCP hop between one phone and the server that can drop that phone off the network.

    Chromium's offline emulation (`context.set_offline`) leaves open websockets
    untouched, so a phone "offline" that way still gets every push. The relay
    cuts for real: `cut()` drops the phone's open connections (the server and
    the page see them die, as when a phone leaves the Wi-Fi) and refuses new
    ones until `restore()`.
    """

    def __init__(self, target_port: int) -> None:
        self.target_port = target_port
        self._listener = socket.create_server(("127.0.0.1", 0))
        self._listener.settimeout(0.1)
        self.port: int = self._listener.getsockname()[1]
        self._up = threading.Event()
        self._up.set()
        self._stopping = threading.Event()
        self._lock = threading.Lock()
        self._open: set[socket.socket] = set()
        self._thread = threading.Thread(target=self._accept_loop, name=f"relay-{self.port}", daemon=True)
        self._thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def cut(self) -> None:
        self._up.clear()
        with self._lock:
            dropped = list(self._open)
        for sock in dropped:
            self._drop(sock)

    def restore(self) -> None:
        self._up.set()

    def close(self) -> None:
        self._stopping.set()
        self.cut()
        self._thread.join(timeout=5)
        self._listener.close()

    def __enter__(self) -> Relay:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _accept_loop(self) -> None:
        while not self._stopping.is_set():
            try:
                client, _ = self._listener.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            client.settimeout(None)
            if not self._up.is_set():
                client.close()  # no network: the connection dies at once
                continue
            try:
                upstream = socket.create_connection(("127.0.0.1", self.target_port), timeout=5)
            except OSError:
                client.close()
                continue
            upstream.settimeout(None)
            with self._lock:
                self._open.update((client, upstream))
            for src, dst in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(src, dst), daemon=True).start()

    def _pump(self, src: socket.socket, dst: socket.socket) -> None:
        try:
            while data := src.recv(65536):
                dst.sendall(data)
        except OSError:
            pass
        finally:
            self._drop(src)
            self._drop(dst)

    def _drop(self, sock: socket.socket) -> None:
        with self._lock:
            if sock not in self._open:
                return
            self._open.discard(sock)
        # shutdown() wakes the pump blocked in recv() on this socket; close() alone would not.
        with contextlib.suppress(OSError):
            sock.shutdown(socket.SHUT_RDWR)
        sock.close()
