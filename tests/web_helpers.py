"""Helpers for the tests that drive the app (imported as `web_helpers`: tests/ is on sys.path through its conftest)."""

from __future__ import annotations

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
