"""Phones, a big screen and a dashboard driving Régents through the real app (HTTP and websockets).

A `Table` seats phones by the door (`POST /g/CODE/join`), keeps what every
socket was pushed (the latest HTML of each region), and after each tap reads
every socket up to the new version and checks what it shows: each region is
what that viewer's own view renders to, no view carries a secret its viewer
may not know (the phase-1 perturbation check), the public regions are the same
on every phone, no text shows a raw key, and the public pages never print a
secret clan or domain.
"""

from __future__ import annotations

import contextlib
import html
import json
import random
import re
import secrets
from dataclasses import dataclass, field
from typing import Any

from httpx2 import Response
from starlette.testclient import TestClient, WebSocketTestSession
from web_helpers import phone, receive

from app.games.regents import GAME
from app.games.regents.board import DOMAIN_NAMES
from app.games.regents.clans import CLAN_NAMES
from app.games.regents.model import State
from app.kernel.viewer import Viewer
from app.web.presenter import HtmlPresenter

from .helpers import leaks

SECTION = re.compile(r'<section id="((?:rg|s|m)-[a-z]+)".*?</section>', re.S)
COMMAND = re.compile(r'name="command" value="([^"]+)"')
VERSION = re.compile(r'data-version="(\d+)"')
TAG = re.compile(r"<[^>]*>")
SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")
RAW_KEY = re.compile(r"\brg\.[a-z]")
PUBLIC_PHONE_REGIONS = ("rg-status", "rg-players", "rg-tracks", "rg-feed")
ACTING_REGIONS = ("rg-moment", "rg-map", "rg-actions")


def create_table(client: TestClient, **form: str) -> str:
    """A Régents table from the home page's form; the client keeps the game master's cookie."""
    response = client.post("/games", data={"game": "regents", **form})
    assert response.status_code == 200, response.text
    assert 'id="mod-link"' in response.text  # the secret link, shown once
    match = re.search(r'id="join-link">[^<]*/g/([A-Z]{4})<', response.text)
    assert match, response.text
    return match.group(1)


def hub_of(client: TestClient, code: str) -> Any:
    return client.app.state.games._hubs[code]  # type: ignore[attr-defined]


def post(client: TestClient, code: str, command: dict[str, Any], moderator: bool = False,
         **headers: str) -> Response:
    data = {"command": json.dumps(command), "key": secrets.token_hex(8)}
    return client.post(f"/{'m' if moderator else 'g'}/{code}/act", data=data, headers={"hx-request": "true", **headers})


def commands_in(text: str) -> list[dict[str, Any]]:
    return [json.loads(html.unescape(raw)) for raw in COMMAND.findall(text)]


def visible(text: str) -> str:
    """What a person reads: the text between the tags (attribute values, commands and ids removed)."""
    return html.unescape(TAG.sub(" ", text))


@dataclass
class Viewer_:
    """One browser: its cookie jar, its socket, every message it got and the latest HTML of each region."""

    name: str
    client: TestClient
    kind: str = "player"
    player_id: str = ""
    pin: str = ""
    ws: WebSocketTestSession | None = None
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
        assert self.ws is not None
        got: list[str] = []
        while self.version < version:
            message = receive(self.ws, timeout)
            self.take(message)
            got.append(message)
        return got

    def region(self, region_id: str) -> str:
        return self.regions.get(region_id, "")

    def commands(self, *region_ids: str) -> list[dict[str, Any]]:
        return [c for r in region_ids for c in commands_in(self.region(r))]

    @property
    def viewer(self) -> Viewer:
        return Viewer("", self.kind, self.player_id or None, "fr")  # type: ignore[arg-type]


def sit(client: TestClient, code: str, name: str) -> Viewer_:
    p = Viewer_(name, phone(client))
    response = p.client.post(f"/g/{code}/join", data={"name": name})
    assert response.status_code == 200, response.text
    pin = re.search(r'id="pin">(\d{6})<', response.text)
    assert pin, response.text
    p.pin = pin.group(1)
    assert 'id="rg-moment"' in p.client.get(f"/g/{code}").text  # the seat's own page, from its cookie
    state: State = hub_of(client, code).state
    p.player_id = next(s.player_id for s in state.seats if s.name == name)
    return p


class Table:
    """Phones seated at one table, the big screen and the dashboard, and the checks run after every tap."""

    def __init__(self, client: TestClient, code: str, names: list[str]) -> None:
        self.client, self.code = client, code
        self.phones = [sit(client, code, n) for n in names]
        self.screen = Viewer_("screen", phone(client), kind="screen")
        self.dashboard = Viewer_("dashboard", client, kind="moderator")
        self.everyone = [*self.phones, self.screen, self.dashboard]
        self.hub = hub_of(client, code)
        self.presenter = HtmlPresenter(GAME.pages)
        self.taps = 0
        self.seen: dict[str, int] = {}

    @property
    def state(self) -> State:
        s: State = self.hub.state
        return s

    def connect(self, stack: contextlib.ExitStack) -> None:
        urls = {"player": f"/g/{self.code}/ws", "screen": f"/s/{self.code}/ws", "moderator": f"/m/{self.code}/ws"}
        for v in self.everyone:
            v.ws = stack.enter_context(v.client.websocket_connect(urls[v.kind]))
            v.take(receive(v.ws))  # the whole view at once on connect

    def settle(self) -> None:
        s = self.state
        for v in self.everyone:
            for message in v.sync(s.version):
                self.check_text(v, message, s)
            viewer = Viewer(self.code, v.kind, v.player_id or None, "fr")  # type: ignore[arg-type]
            view = self.hub.view_for(viewer)
            found = leaks(s, viewer, {k: x for k, x in view.items() if k != "presence"})
            assert not found, f"{v.name}'s view leaks: {found}"
            # What the socket shows now is exactly what this viewer's own view renders to.
            fresh = {m.group(1): m.group(0) for html_ in self.presenter.regions(viewer, view)
                     for m in SECTION.finditer(html_)}
            for rid, html_ in fresh.items():
                if rid == "m-seats":
                    continue  # phone presence changes without a new version
                assert v.region(rid) == html_, f"{v.name}: region {rid} is not its own view's"
        for rid in PUBLIC_PHONE_REGIONS:
            assert len({p.region(rid) for p in self.phones}) == 1, f"the phones do not all show the same {rid}"

    def check_text(self, v: Viewer_, message: str, s: State) -> None:
        problems = shown_wrongly(s, v.player_id or None, message)
        assert not problems, f"{v.name}: {problems}"

    def tap(self, who: Viewer_, command: dict[str, Any]) -> Response:
        response = post(who.client, self.code, command, moderator=who.kind == "moderator")
        assert response.status_code == 200, (command, response.text)
        assert "flash-on" not in response.text, (command, response.text)
        self.taps += 1
        self.seen[command["type"]] = self.seen.get(command["type"], 0) + 1
        self.settle()
        return response

    def awaited(self) -> tuple[Viewer_, list[dict[str, Any]]] | None:
        """The phone that has something to tap, and what (from what it was pushed)."""
        for p in self.phones:
            cmds = [c for c in p.commands(*ACTING_REGIONS) if c["type"] != "leave" and _complete(c)]
            if cmds:
                return p, cmds
        return None

    def play_to_the_end(self, rng: random.Random, end_rate: float = 0.25, max_taps: int = 3000) -> None:
        """Every tap comes from a button a phone (or, when nobody can, the dashboard) was pushed."""
        for _ in range(max_taps):
            if self.state.phase == "over":
                return
            got = self.awaited()
            if got is None:
                skip = [c for c in self.dashboard.commands("m-controls") if c["type"] == "mod_skip"]
                assert skip, f"nobody can act in {self.state.phase} and the dashboard offers no skip"
                self.tap(self.dashboard, skip[0])
                continue
            p, cmds = got
            ends = [c for c in cmds if c["type"] in ("end_actions", "skip_neutral")]
            rest = [c for c in cmds if c["type"] not in ("end_actions", "skip_neutral")]
            choice = rng.choice(ends) if ends and (not rest or rng.random() < end_rate) else rng.choice(rest)
            self.tap(p, choice)
        raise AssertionError(f"the game did not end after {max_taps} taps: {self.seen}")


def shown_wrongly(s: State, pid: str | None, message: str) -> list[str]:
    """What a pushed message shows that no page may: a raw key, a snake_case word, a placeholder, and
    (before the end) another player's secret clan or domain printed as the public pages would print it."""
    text = visible(message)
    found = [f"raw key {m.group(0)!r}" for m in RAW_KEY.finditer(text)]
    found += [f"snake_case {m.group(0)!r}" for m in SNAKE.finditer(text)]
    found += ["a placeholder"] if "{" in text else []
    found += ["None"] if "None" in text else []
    if s.phase == "over":
        return found
    low = text.casefold()
    me = s.player(pid) if pid is not None and s.has(pid) else None
    shown = {sh.player for sh in me.shown} if me else set()
    for q in s.players:
        if me is not None and q.pid == me.pid:
            continue
        if not q.clan_public and q.pid not in shown and f"clan {CLAN_NAMES[q.clan]}".casefold() in low:
            found.append(f"{q.name}'s clan")
        if not q.domain_public and f"domaine {DOMAIN_NAMES[q.domain].fr}".casefold() in low:
            found.append(f"{q.name}'s domain")
    return found


def _complete(command: dict[str, Any]) -> bool:
    """A button that sends a whole command (a pick-many form needs boxes ticked, PRIVILÈGE's its selects)."""
    if command["type"] == "move_agent":
        return "from_space" in command
    if command["type"] == "play_card" and command.get("card") == "TRAHISON":
        return "agents" in command
    if command["type"] in ("choose_gain", "choose_loss"):
        return "domains" in command
    if command["type"] == "play_card" and command.get("card") in ("SUSPICION", "INFLUENCE"):
        return "agents" in command or "domains" in command
    return True
