"""Real-browser fixtures: a live `deuxrois serve`, Debian's Chromium through Playwright, phone and desktop contexts.

Each xdist worker starts its own server (on a free port, with its own SQLite
file) and its own Chromium. Tests that use a browser carry
`@pytest.mark.browser`. A missing /usr/bin/chromium FAILS the tests with a
clear message: `make test` installs it (scripts/ensure-test-services).

Screenshots for review go to tests/e2e/screenshots/ (gitignored) through the
`shoot` fixture.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, sync_playwright

SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
CHROMIUM = Path("/usr/bin/chromium")
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
]
SERVER_START_SECONDS = 60.0  # a deadline for start-up, not a measured expectation
DESKTOP_VIEWPORT = {"width": 1366, "height": 850}  # a game master's laptop
SCREEN_VIEWPORT = {"width": 1920, "height": 1080}  # a projector


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@dataclass
class LiveServer:
    """A running `deuxrois serve`: its base URL, its database and its log."""

    url: str
    database_url: str
    log: Path
    process: subprocess.Popen[bytes] = field(repr=False)

    def output(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")


def _wait_healthy(server: LiveServer) -> None:
    deadline = time.monotonic() + SERVER_START_SECONDS
    last_error = ""
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            pytest.fail(
                f"`deuxrois serve` exited with status {server.process.returncode} before /healthz answered:\n"
                + server.output(),
                pytrace=False,
            )
        try:
            with urllib.request.urlopen(server.url + "/healthz", timeout=2) as response:
                if response.status == 200:
                    return
                last_error = f"HTTP {response.status}"
        except (urllib.error.URLError, OSError) as exc:
            last_error = str(exc)
        time.sleep(0.1)
    pytest.fail(
        f"`deuxrois serve` did not answer /healthz within {SERVER_START_SECONDS:.0f} s ({last_error}):\n"
        + server.output(),
        pytrace=False,
    )


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """`deuxrois serve` in a subprocess on a free port, with a fresh SQLite file; stopped at the end."""
    workdir = tmp_path_factory.mktemp("live-server")
    database_url = f"sqlite:///{workdir / 'e2e.db'}"
    port = _free_port()
    # These tests own their server: nothing from the developer's shell points it
    # elsewhere, and it starts in an empty folder, so no .env is read either.
    env = {k: v for k, v in os.environ.items() if k not in {"REDIS_URL", "PUBSUB_URL", "BASE_URL"}}
    env.update(DATABASE_URL=database_url, SECURE_COOKIES="false", PYTHONUNBUFFERED="1")
    deuxrois = Path(sys.executable).parent / "deuxrois"
    log = workdir / "server.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            [str(deuxrois), "serve", "--host", "127.0.0.1", "--port", str(port)],
            cwd=workdir,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    server = LiveServer(url=f"http://127.0.0.1:{port}", database_url=database_url, log=log, process=process)
    try:
        _wait_healthy(server)
        yield server
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=15)


@pytest.fixture(scope="session")
def playwright_instance() -> Iterator[Playwright]:
    if not CHROMIUM.exists():
        pytest.fail(
            f"{CHROMIUM} is missing: the browser tests drive Debian's Chromium. "
            "Run `bash scripts/ensure-test-services` as root (make test does), or `apt-get install chromium`.",
            pytrace=False,
        )
    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def browser(playwright_instance: Playwright) -> Iterator[Browser]:
    browser = playwright_instance.chromium.launch(
        executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
    )
    try:
        yield browser
    finally:
        browser.close()


@dataclass
class Contexts:
    """Makes browser contexts for one test; closes them at its end; records page errors and 5xx answers."""

    browser: Browser
    playwright: Playwright
    base_url: str
    opened: list[BrowserContext] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)

    def _context(self, name: str, **options: Any) -> BrowserContext:
        context = self.browser.new_context(base_url=self.base_url, locale="fr-FR", **options)
        context.set_default_timeout(15_000)
        context.set_default_navigation_timeout(30_000)
        context.on("weberror", lambda error: self.page_errors.append(f"{name}: {error.error}"))
        # A 5xx is a server bug whichever page asked.
        context.on(
            "response",
            lambda r: r.status >= 500 and self.page_errors.append(f"{name}: HTTP {r.status} {r.url}"),
        )
        self.opened.append(context)
        return context

    def phone(self, name: str = "phone") -> BrowserContext:
        """A Pixel 7: mobile viewport, touch, device pixel ratio, Android Chrome's user agent."""
        device = {k: v for k, v in self.playwright.devices["Pixel 7"].items() if k != "default_browser_type"}
        return self._context(name, **device)

    def desktop(self, name: str = "desktop") -> BrowserContext:
        """The game master's laptop (moderator dashboard)."""
        return self._context(name, viewport=DESKTOP_VIEWPORT)

    def screen(self, name: str = "screen") -> BrowserContext:
        """The projector (big screen)."""
        return self._context(name, viewport=SCREEN_VIEWPORT)

    def close(self) -> None:
        for context in self.opened:
            context.close()
        self.opened.clear()


@pytest.fixture
def contexts(
    browser: Browser, playwright_instance: Playwright, live_server: LiveServer
) -> Iterator[Contexts]:
    """Fresh contexts (own cookies, own storage) per test: `contexts.phone("alice")`, `contexts.desktop()`.

    Fails the test if any page threw an uncaught JavaScript error or got a 5xx answer.
    """
    made = Contexts(browser=browser, playwright=playwright_instance, base_url=live_server.url)
    yield made
    made.close()
    if made.page_errors:
        pytest.fail("Errors in the pages:\n" + "\n".join(made.page_errors), pytrace=False)


@pytest.fixture
def phone(contexts: Contexts) -> Page:
    """One Pixel 7 page."""
    return contexts.phone().new_page()


@pytest.fixture
def desktop(contexts: Contexts) -> Page:
    """One laptop-sized page."""
    return contexts.desktop().new_page()


def _slug(text: str) -> str:
    return re.sub(r"[^\w.-]+", "_", text)


@pytest.fixture
def shoot(request: pytest.FixtureRequest) -> Callable[[Page, str], Path]:
    """`shoot(page, "home")` saves tests/e2e/screenshots/<test>-home.png (whole page) for review."""
    test_name = _slug(request.node.name)

    def save(page: Page, label: str) -> Path:
        SCREENSHOTS.mkdir(exist_ok=True)
        path = SCREENSHOTS / f"{test_name}-{_slug(label)}.png"
        page.screenshot(path=str(path), full_page=True)
        assert path.stat().st_size > 0
        return path

    return save
