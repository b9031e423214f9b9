"""Royal Secrets through the pages people use: a table made on the home page, phones seated at the door,
taps posted as htmx posts them, pushes read from the real websockets, and the HTML leak scan.

Every card a page draws carries its id (`data-card`), every Audience card its id (`data-audience`) and
every fleurs-de-lys total the seat it belongs to (`data-of`), so a page can be checked against what its
viewer may know (rulings 4.3) without reading its words.
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

from app.games.royal_secrets.state import State
from app.kernel.viewer import Viewer
from royal_secrets.helpers import may_see

SECTION = re.compile(r'<section id="(rs-[a-z]+)".*?</section>', re.S)
FORM = re.compile(r"<form\b[^>]*>.*?</form>", re.S)
COMMAND = re.compile(r'name="command" value="([^"]+)"')
CHECKBOX = re.compile(r'type="checkbox" name="([a-z_]+)\[\]" value="([^"]+)"')
VERSION = re.compile(r'data-version="(\d+)"')
CARDS = re.compile(r'data-card="([^"]+)"')
AUDIENCES = re.compile(r'data-audience="([^"]+)"')
TOTALS = re.compile(r'data-of="([^"]+)"')
TAGS = re.compile(r"<[^>]+>")
# Words a page must never show: snake_case keys (catalogue keys are dotted: "rs.x.y"), seat ids, event types.
RAW = re.compile(r"\b(?:[a-z]+_[a-z_0-9]+|rs\.[a-z_.]+|p\d+|bet[12]|w[023])\b")


def create_table(client: TestClient, **form: str) -> tuple[str, str]:
    """A Royal Secrets table from the home page: (code, the game master's secret)."""
    response = client.post("/games", data={"game": "royal_secrets", **form})
    assert response.status_code == 200, response.text
    match = re.search(r"/m/([A-Z]{4})\?k=([\w-]+)", response.text)
    assert match, response.text
    return match.group(1), match.group(2)


def hub_of(client: TestClient, code: str) -> Any:
    return client.app.state.games._hubs[code]  # type: ignore[attr-defined]


def post(client: TestClient, url: str, command: dict[str, Any], **fields: Any) -> Response:
    data: dict[str, Any] = {"command": json.dumps(command), "key": secrets.token_hex(8), **fields}
    return client.post(url, data=data, headers={"hx-request": "true"})


def visible_text(page: str) -> str:
    """What a person reads: the tags dropped, entities decoded."""
    return " ".join(html.unescape(TAGS.sub(" ", page)).split())


def raw_words(page: str) -> set[str]:
    return set(RAW.findall(visible_text(page)))


@dataclass
class Form:
    """One form a page offers: the command its button sends and the checkboxes it adds."""

    command: dict[str, Any]
    boxes: dict[str, list[str]] = field(default_factory=dict)


def forms_in(text: str) -> list[Form]:
    out: list[Form] = []
    for block in FORM.findall(text):
        boxes: dict[str, list[str]] = {}
        for name, value in CHECKBOX.findall(block):
            boxes.setdefault(name, []).append(html.unescape(value))
        out += [Form(json.loads(html.unescape(raw)), boxes) for raw in COMMAND.findall(block)]
    return out


@dataclass
class Viewer_:
    """One browser: its cookie jar, its socket, everything it was pushed, the latest HTML of each region."""

    name: str
    client: TestClient
    kind: str = "player"
    player_id: str = ""
    pin: str = ""
    ws: WebSocketTestSession | None = None
    messages: list[str] = field(default_factory=list)
    regions: dict[str, str] = field(default_factory=dict)
    version: int = -1

    @property
    def url(self) -> str:
        return {"player": "/g/{}", "screen": "/s/{}", "moderator": "/m/{}"}[self.kind]

    def take(self, message: str) -> None:
        self.messages.append(message)
        for match in SECTION.finditer(message):
            self.regions[match.group(1)] = match.group(0)
        versions = VERSION.findall(message)
        if versions:
            self.version = int(versions[-1])

    def sync(self, version: int, timeout: float = 5.0) -> list[str]:
        """The messages until this socket shows `version` (the status region re-renders at every change)."""
        assert self.ws is not None
        got: list[str] = []
        while self.version < version:
            message = receive(self.ws, timeout)
            self.take(message)
            got.append(message)
        return got

    def region(self, region_id: str) -> str:
        return self.regions.get(region_id, "")

    def forms(self, region_id: str) -> list[Form]:
        return forms_in(self.region(region_id))

    def page(self) -> str:
        return "\n".join(self.regions.values())


def seat(client: TestClient, code: str, name: str) -> Viewer_:
    p = Viewer_(name, phone(client))
    response = p.client.post(f"/g/{code}/join", data={"name": name})
    assert response.status_code == 200, response.text
    pin = re.search(r'id="pin">(\d{6})<', response.text)
    assert pin, response.text  # shown once, for a new phone to claim the seat
    p.pin = pin.group(1)
    page = p.client.get(f"/g/{code}")
    assert 'id="rs-moment"' in page.text
    state: State = hub_of(client, code).state
    p.player_id = next(s.player_id for s in state.seats if s.name == name)
    return p


def moderator(client: TestClient, code: str, secret: str) -> Viewer_:
    m = Viewer_("game master", phone(client), kind="moderator")
    response = m.client.get(f"/m/{code}?k={secret}")
    assert response.status_code == 200 and 'id="rs-seats"' in response.text, response.text
    return m


def leaks(state: State, who: Viewer_, message: str) -> list[str]:
    """What `message` shows that its viewer may not know now (rulings 4.3), as readable lines."""
    viewer = Viewer("T", "player", who.player_id) if who.kind == "player" else Viewer("T", who.kind)  # type: ignore[arg-type]
    found = [f"card {c}" for c in sorted(set(CARDS.findall(message)) - may_see(state, viewer))]
    allowed = set(state.rnd.audience.values()) | set(state.last.audience.values() if state.last else ())
    allowed |= {h.audience for held in state.faveurs.values() for h in held}
    if state.over:
        allowed |= set(state.set_aside) | set(state.audience_discard)
    found += [f"audience {a}" for a in sorted(set(AUDIENCES.findall(message)) - allowed)]
    if not (state.config.public_scores or state.over):
        own = {who.player_id} if who.kind == "player" else set()
        found += [f"the fleurs of {p}" for p in sorted(set(TOTALS.findall(message)) - own)]
    return found
