"""Helpers for the débarquement web tests: phones that keep what they were pushed and act from it."""

from __future__ import annotations

import html
import json
import re
import secrets
from dataclasses import dataclass, field
from typing import Any

from httpx2 import Response
from starlette.testclient import TestClient, WebSocketTestSession
from web_helpers import phone, receive

SECTION = re.compile(r'<section id="(d-[a-z]+)".*?</section>', re.S)
COMMAND = re.compile(r'name="command" value="([^"]+)"')
VERSION = re.compile(r'data-version="(\d+)"')
# Every way a card is drawn in these pages: the big face (number) and the short label.
CARD_NUMBERS = re.compile(r'<span class="dnum">(\d+)</span>|<span class="dshort[^"]*">(\d+) ')


def create_table(client: TestClient, quick: bool = False) -> str:
    data = {"variant": "debarquement", **({"quick": "on"} if quick else {})}
    response = client.post("/games", data=data)
    assert response.status_code == 200, response.text
    match = re.search(r'id="join-link">[^<]*/g/([A-Z]{4})<', response.text)
    assert match, response.text
    return match.group(1)


def hub_of(client: TestClient, code: str) -> Any:
    return client.app.state.games._hubs[code]  # type: ignore[attr-defined]


def seat_id(client: TestClient, code: str, name: str) -> str:
    state = hub_of(client, code).state.state
    return next(s.player_id for s in state.seats if s.name == name)


def post(client: TestClient, code: str, command: dict[str, Any], key: str | None = None, **headers: str) -> Response:
    data = {"command": json.dumps(command), "key": key or secrets.token_hex(8)}
    return client.post(f"/g/{code}/act", data=data, headers={"hx-request": "true", **headers})


def cards_in(text: str) -> set[int]:
    return {int(a or b) for a, b in CARD_NUMBERS.findall(text)}


def commands_in(text: str) -> list[dict[str, Any]]:
    return [json.loads(html.unescape(raw)) for raw in COMMAND.findall(text)]


@dataclass
class Phone:
    """One browser: its cookie jar, its socket, every message it got and the latest HTML of each region."""

    name: str
    client: TestClient
    ws: WebSocketTestSession | None = None
    player_id: str = ""
    pin: str = ""
    messages: list[str] = field(default_factory=list)
    regions: dict[str, str] = field(default_factory=dict)
    version: int = -1

    def take(self, message: str) -> None:
        self.messages.append(message)
        for match in SECTION.finditer(message):
            self.regions[match.group(1)] = match.group(0)
        versions = VERSION.findall(message)
        if versions:
            self.version = int(versions[-1])

    def sync(self, version: int, timeout: float = 5.0) -> list[str]:
        """Messages until this socket shows `version` (every change re-renders the status region)."""
        assert self.ws is not None
        got: list[str] = []
        while self.version < version:
            message = receive(self.ws, timeout)
            self.take(message)
            got.append(message)
        return got

    def region(self, region_id: str) -> str:
        return self.regions.get(region_id, "")

    def buttons(self, region_id: str) -> list[dict[str, Any]]:
        return commands_in(self.region(region_id))


def sit(client: TestClient, code: str, name: str, age: str = "") -> Phone:
    p = Phone(name, phone(client))
    response = p.client.post(f"/g/{code}/join", data={"name": name, "age": age})
    assert response.status_code == 200, response.text
    pin = re.search(r'id="pin">(\d{6})<', response.text)
    assert pin, response.text  # shown once, for a new phone to claim the seat
    p.pin = pin.group(1)
    page = p.client.get(f"/g/{code}")
    assert 'id="d-hand"' in page.text  # the seat's own page, from the cookie
    p.player_id = seat_id(client, code, name)
    return p
