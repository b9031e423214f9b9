"""Real-browser fixtures: a live `deuxrois serve`, Debian's Chromium through Playwright, phone and desktop contexts.

Each xdist worker starts its own server (on a free port, with its own SQLite
file; `own_server` gives a test one of its own), and each test its own Chromium. Tests that use a browser carry
`@pytest.mark.browser`. A missing /usr/bin/chromium FAILS the tests with a
clear message: `make test` installs it (scripts/ensure-test-services).

Screenshots for review go to tests/e2e/screenshots/ (gitignored) through the
`shoot` fixture. The harness itself is in browser_harness.py.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_harness import CHROMIUM, CHROMIUM_ARGS, Contexts, LiveServer, Shoot, save_screenshot
from playwright.sync_api import Browser, Page, Playwright, expect, sync_playwright

# Pushes cross a real socket on a loaded CI machine: give `expect` the same
# patience as actions (a deadline, not a measured expectation).
expect.set_options(timeout=15_000)


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """`deuxrois serve` in a subprocess on a free port, with a fresh SQLite file; stopped at the end.

    Shared by the worker's tests: each test creates its own game on it.
    """
    server = LiveServer(tmp_path_factory.mktemp("live-server"))
    try:
        server.start()
        yield server
    finally:
        server.stop()


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[LiveServer]:
    """A server for this test alone: for tests that restart it."""
    server = LiveServer(tmp_path)
    try:
        server.start()
        yield server
    finally:
        server.stop()


# Playwright and Chromium live for ONE test, never longer: the sync API keeps an
# asyncio loop marked as running in this thread while it is open, so any later
# test on the same xdist worker calling asyncio.run() would fail. (~0.7 s a test.)
@pytest.fixture
def playwright_instance() -> Iterator[Playwright]:
    if not CHROMIUM.exists():
        pytest.fail(
            f"{CHROMIUM} is missing: the browser tests drive Debian's Chromium. "
            "Run `bash scripts/ensure-test-services` as root (make test does), or `apt-get install chromium`.",
            pytrace=False,
        )
    with sync_playwright() as playwright:
        yield playwright
    # The next test on this worker may call asyncio.run(): no loop may be left marked as running.
    assert asyncio._get_running_loop() is None, "Playwright left an asyncio loop running in this thread"


@pytest.fixture
def browser(playwright_instance: Playwright) -> Iterator[Browser]:
    browser = playwright_instance.chromium.launch(
        executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
    )
    try:
        yield browser
    finally:
        browser.close()


@pytest.fixture
def server(request: pytest.FixtureRequest) -> LiveServer:
    """The server this test's pages talk to: `own_server` if the test asked for it, else the shared one."""
    name = "own_server" if "own_server" in request.fixturenames else "live_server"
    live: LiveServer = request.getfixturevalue(name)
    return live


@pytest.fixture
def contexts(browser: Browser, playwright_instance: Playwright, server: LiveServer) -> Iterator[Contexts]:
    """Fresh contexts (own cookies, own storage) per test: `contexts.phone("alice")`, `contexts.desktop()`.

    Fails the test if any page threw an uncaught JavaScript error or got a 5xx answer.
    """
    made = Contexts(browser=browser, playwright=playwright_instance, base_url=server.url)
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


@pytest.fixture
def shoot(request: pytest.FixtureRequest) -> Shoot:
    """`shoot(page, "home")` saves tests/e2e/screenshots/<test>-home.png (whole page) for review."""

    def save(page: Page, label: str) -> Path:
        return save_screenshot(request.node.name, page, label)

    return save
