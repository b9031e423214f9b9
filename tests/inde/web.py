"""Helpers for the Inde page tests: phones (and the big screen) that keep what they were pushed and act from it.

A `Phone` reads its socket, keeps the latest HTML of each region, and plays only
from what it was shown: the confirm bar's command plus a highlighted cell, as the
browser's form sends them. `scan` holds the checks every page and push must pass.
"""

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

from app.games.inde.model import State

SECTION = re.compile(r'<section id="(i-[a-z-]+)".*?</section>', re.S)
VERSION = re.compile(r'<section id="i-(?:moment|s-head)"[^>]*data-version="(\d+)"')
PHASE = re.compile(r'<section id="i-(?:moment|s-head)"[^>]*data-phase="([a-z]+)"')
COMMAND = re.compile(r'name="command" value="([^"]+)"')
RADIO = re.compile(r'<label class="pick( why)?"><input type="radio" name="cell" value="(\d,\d)"')
CONFIRM = re.compile(r'<div class="confirm-bar">\s*<button type="submit" name="command" value="([^"]+)"')
# Words a person should never read: catalogue keys, snake_case names (event and command types), seat ids.
RAW = re.compile(r"\binde\.[a-z_]+|\b[a-z]+_[a-z_]+\b|\bp\d\b|\bNone\b|\bnull\b")


def create(client: TestClient, **form: str) -> str:
    """A table created from the home page's form (game=inde); returns its code."""
    response = client.post("/games", data={"game": "inde", **form})
    assert response.status_code == 200, response.text
    match = re.search(r'id="join-link">[^<]*/g/([A-Z]{4})<', response.text)
    assert match, response.text
    assert "/m/" not in response.text  # no dashboard: no game-master link
    return match.group(1)


def hub_of(client: TestClient, code: str) -> Any:
    return client.app.state.games._hubs[code]  # type: ignore[attr-defined]


def state_of(client: TestClient, code: str) -> State:
    state: State = hub_of(client, code).state
    return state


def visible_text(page: str) -> str:
    """What a person reads: the page without styles, scripts, tags and attribute values."""
    page = re.sub(r"<(style|script)\b.*?</\1>", " ", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


def raw_words(page: str) -> list[str]:
    return RAW.findall(visible_text(page))


@dataclass
class Phone:
    """One browser: its cookie jar, its socket, every message and the latest HTML of each region."""

    name: str
    client: TestClient
    ws: WebSocketTestSession | None = None
    pin: str = ""
    messages: list[str] = field(default_factory=list)
    regions: dict[str, str] = field(default_factory=dict)
    version: int = -1
    phase: str = ""

    def take(self, message: str) -> None:
        self.messages.append(message)
        for match in SECTION.finditer(message):
            self.regions[match.group(1)] = match.group(0)
        if (versions := VERSION.findall(message)):
            self.version = int(versions[-1])
        if (phases := PHASE.findall(message)):
            self.phase = phases[-1]

    def read(self, timeout: float = 5.0) -> str:
        assert self.ws is not None
        message = receive(self.ws, timeout)
        self.take(message)
        return message

    def sync(self, version: int, timeout: float = 5.0) -> None:
        """Messages until this socket shows `version` (every event re-renders the headline region)."""
        while self.version < version:
            self.read(timeout)

    def region(self, region_id: str) -> str:
        return self.regions.get(region_id, "")

    def commands(self, region_id: str) -> list[dict[str, Any]]:
        return [json.loads(html.unescape(raw)) for raw in COMMAND.findall(self.region(region_id))]

    def command(self, region_id: str, kind: str, **match: Any) -> dict[str, Any]:
        found = [c for c in self.commands(region_id) if c["type"] == kind and all(c.get(k) == v for k, v in match.items())]
        assert found, f"{self.name} was shown no {kind} {match} in {region_id}"
        return found[0]

    def legal_cells(self) -> list[str]:
        return [cell for why, cell in RADIO.findall(self.region("i-board")) if not why]

    def grey_cells(self) -> list[str]:
        return [cell for why, cell in RADIO.findall(self.region("i-board")) if why]

    def confirm(self) -> dict[str, Any]:
        match = CONFIRM.search(self.region("i-board"))
        assert match, f"{self.name} has no confirm bar"
        parsed: dict[str, Any] = json.loads(html.unescape(match.group(1)))
        return parsed

    def post(self, code: str, command: dict[str, Any], **fields: str) -> Response:
        """As htmx sends a form: the button's command, the fields the person picked, an idempotency key."""
        data = {"command": json.dumps(command), "key": secrets.token_hex(8), **fields}
        return self.client.post(f"/g/{code}/act", data=data, headers={"hx-request": "true"})

    def place(self, code: str, cell: str) -> Response:
        return self.post(code, self.confirm(), cell=cell)


def sit(client: TestClient, code: str, name: str) -> Phone:
    p = Phone(name, phone(client))
    response = p.client.post(f"/g/{code}/join", data={"name": name})
    assert response.status_code == 200, response.text
    pin = re.search(r'id="pin">(\d{6})<', response.text)
    assert pin, response.text
    p.pin = pin.group(1)
    assert 'id="i-moment"' in p.client.get(f"/g/{code}").text  # the seat's own page, from its cookie
    return p


def watch(client: TestClient) -> Phone:
    return Phone("screen", phone(client))
