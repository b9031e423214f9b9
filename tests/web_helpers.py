"""Helpers for the tests that drive the app (imported as `web_helpers`: tests/ is on sys.path through its conftest)."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import re
import secrets
from typing import Any

import anyio
from httpx2 import Response
from starlette.testclient import TestClient, WebSocketTestSession
from starlette.types import Message

from app.kernel.game import Pages
from app.kernel.testing.audience import SamePage
from app.kernel.viewer import Viewer
from app.settings import Settings
from app.web.presenter import HtmlPresenter


def make_settings(database_url: str, **overrides: object) -> Settings:
    # Each app gets its own in-memory bus unless a test says otherwise. Rate limits are generous:
    # a scripted game taps faster than people do, and only the rate-limit tests set tight buckets.
    values: dict[str, object] = {
        "pubsub_url": f"memory://{secrets.token_hex(4)}",
        "rate_capacity": 10_000.0,
        "rate_per_second": 10_000.0,
        "joins_per_address_burst": 10_000.0,  # every phone of a test is "testclient"
        "joins_per_game_burst": 10_000.0,
        # A test process makes thousands of apps: what a freeze keeps would pile up (tests/web/test_heap.py
        # turns it on).
        "freeze_heap": False,
        **overrides,
    }
    return Settings(database_url=database_url, **values)  # type: ignore[arg-type]


def on_the_loop() -> bool:
    """Whether the caller runs on an event loop's thread (the app's), not in a store thread."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


def create_game(client: TestClient, **form: str) -> tuple[str, str]:
    """Create a game through the home page; returns (code, moderator secret). Import via `helpers`."""
    data = {"rounds": "5", "election_s": "45", "designation_s": "60", **form}
    response = client.post("/games", data=data)
    assert response.status_code == 200, response.text
    match = re.search(r"/m/([A-Z]{4})\?k=([\w-]+)", response.text)
    assert match, response.text
    return match.group(1), match.group(2)


def phone(client: TestClient) -> TestClient:
    """Another browser (own cookie jar) on the same running app and event loop as `client`."""
    other = TestClient(client.app)
    other.portal = client.portal
    return other


def receive(ws: WebSocketTestSession, timeout: float = 5.0) -> str:
    """The next pushed message, or fail after `timeout` (the TestClient would wait forever)."""

    async def get() -> Message:
        with anyio.fail_after(timeout):
            return await ws._send_rx.receive()

    message = ws.portal.call(get)
    ws._raise_on_close(message)
    return str(message["text"])


def receive_until(ws: WebSocketTestSession, needle: str, timeout: float = 5.0) -> list[str]:
    """Messages up to and including the first that contains `needle`."""
    seen: list[str] = []
    while True:
        seen.append(receive(ws, timeout))
        if needle in seen[-1]:
            return seen


def nothing_pending(ws: WebSocketTestSession, wait: float = 0.2) -> bool:
    try:
        receive(ws, wait)
    except TimeoutError:
        return True
    return False


def act(client: TestClient, code: str, command: dict[str, Any], key: str | None = None,
        moderator: bool = False, **headers: str) -> Response:
    """POST an action as htmx would (form: command JSON + idempotency key)."""
    url = f"/{'m' if moderator else 'g'}/{code}/act"
    data = {"command": json.dumps(command), "key": key or secrets.token_hex(8)}
    return client.post(url, data=data, headers={"hx-request": "true", **headers})


def join(client: TestClient, code: str, name: str) -> tuple[TestClient, str]:
    """A new phone joins: returns it (with its seat cookie) and its recovery PIN."""
    p = phone(client)
    response = p.post(f"/g/{code}/join", data={"name": name})
    assert response.status_code == 200, response.text
    pin = re.search(r'id="pin">(\d{6})<', response.text)
    assert pin, response.text
    return p, pin.group(1)


def same_page(pages: Pages) -> SamePage:
    """Whether two views make the same page for a viewer, in both languages (the audience scan's eye):
    regions whose inputs are equal are equal; the others are rendered and compared."""
    presenter = HtmlPresenter(pages)

    def same(viewer: Viewer, old: dict[str, Any], new: dict[str, Any]) -> bool:
        for region in pages[viewer.kind]:
            if all(old.get(k) == new.get(k) for k in region.keys):
                continue
            for lang in ("fr", "en"):
                speaker = dataclasses.replace(viewer, lang=lang)
                if presenter.region_html(speaker, region, old) != presenter.region_html(speaker, region, new):
                    return False
        return True

    return same


_ITEM = re.compile(r"<li\b.*?</li>", re.S)
_SPAN = re.compile(r'<span id="([\w-]+)"(?: hx-swap-oob="true")?>(.*?)</span>', re.S)


class FeedShown:
    """What a page shows of a feed region (Region.feed) after the pushes it got, as htmx and app.js make it:
    the whole region when it comes; else the new items put on top of its list (`id`, out of band,
    "afterbegin"), the list cut to its `data-feed-most`, and its small out-of-band spans (a count) replaced.
    `take` returns the message without the feed's parts, so that the rest compares as whole regions do."""

    def __init__(self, region: str, list_id: str) -> None:
        self.region, self.list_id = region, list_id
        self.items: list[str] = []
        self.spans: dict[str, str] = {}
        self.most = 0
        self.grown = 0  # pushes that brought new items only
        self.whole = re.compile(rf'<section id="{region}".*?</section>\n?', re.S)
        self.fed = re.compile(rf'<(\w+) id="{list_id}" hx-swap-oob="afterbegin">(.*?)</\1>\n?', re.S)

    def take(self, message: str) -> str:
        whole = self.whole.search(message)
        if whole is not None:
            html = whole.group(0)
            inside = re.search(rf'id="{self.list_id}"[^>]*data-feed-most="(\d+)"[^>]*>(.*?)</ol>', html, re.S)
            assert inside is not None, html[:300]
            self.most, self.items = int(inside.group(1)), _ITEM.findall(inside.group(2))
            self.spans = dict(_SPAN.findall(html))
            return message.replace(html, "")
        fed = self.fed.search(message)
        if fed is None:
            return message
        self.items = (_ITEM.findall(fed.group(2)) + self.items)[: self.most]
        self.grown += 1
        message = message.replace(fed.group(0), "")
        for span in _SPAN.finditer(message):
            if span.group(1) in self.spans:
                self.spans[span.group(1)] = span.group(2)
                message = message.replace(span.group(0) + "\n", "").replace(span.group(0), "")
        return message

