"""A tap the store wrote is kept and fanned out by the callback that hears the store's thread is done, a loop
turn before the tap's coroutine resumes (issue 11: at 100 games that turn was most of a tap's wait), and its
HTTP answer still leaves before its frames: htmx drops a button's second tap while the first one's answer is
awaited, so a game master who taps again as soon as the dashboard moved must find the first answer in."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from web_helpers import act, create_game, join, make_settings, receive, receive_until

from app.web.app import create_app
from app.web.i18n import CATALOGUE


class _Written:
    """What the app sends, in the order it sends it: a tap's answer, each websocket frame."""

    def __init__(self, app: ASGIApp, log: list[str]) -> None:
        self.app, self.log = app, log

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = scope.get("path", "")

        async def written(message: Message) -> None:
            if message["type"] == "http.response.body" and path.endswith("/act"):
                self.log.append("answer")
            elif message["type"] == "websocket.send":
                self.log.append(f"frame {message.get('text', '')}")
            await send(message)

        await self.app(scope, receive, written)


@dataclass
class Table:
    client: TestClient  # the game master's browser
    code: str
    hub: Any
    log: list[str]


@pytest.fixture
def table(sqlite_url: str) -> Iterator[Table]:
    """A started game of six, its hub, and what the app writes."""
    app = create_app(make_settings(sqlite_url))
    log: list[str] = []
    app.add_middleware(_Written, log=log)
    with TestClient(app, raise_server_exceptions=False) as client:  # a 500 is an answer here
        code, _ = create_game(client)
        for i in range(6):
            join(client, code, f"J{i}")
        assert act(client, code, {"type": "start"}, moderator=True).status_code == 200
        yield Table(client, code, client.app.state.games._hubs[code], log)  # type: ignore[attr-defined]


def test_a_written_tap_is_kept_before_its_coroutine_resumes(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    hub, kept_by = table.hub, []
    keep = hub._keep

    def watched(turn: Any) -> None:
        kept_by.append(asyncio.current_task())  # None in a plain callback of the loop
        keep(turn)

    monkeypatch.setattr(hub, "_keep", watched)
    seq = hub.seq
    assert act(table.client, table.code, {"type": "mod_note", "text": "Foulques est sorti"}, moderator=True).status_code == 200
    assert kept_by == [None]
    assert hub.seq == seq + 1


def test_a_tap_s_answer_leaves_before_its_frames(table: Table) -> None:
    client, code, log = table.client, table.code, table.log
    with client.websocket_connect(f"/m/{code}/ws") as dashboard:
        receive(dashboard)  # the whole dashboard, first
        for n in range(5):
            log.clear()
            assert act(client, code, {"type": "mod_note", "text": f"note {n} de la partie"}, moderator=True).status_code == 200
            receive_until(dashboard, f"note {n} de la partie")
            frames = [i for i, line in enumerate(log) if line.startswith("frame") and f"note {n} de la partie" in line]
            assert frames and log.index("answer") < frames[0], log


def test_a_tap_whose_keeping_fails_is_answered_as_a_server_error(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    hub = table.hub

    def broken(*_: Any) -> Any:
        raise RuntimeError("a game's audience that fails")

    monkeypatch.setattr(hub.definition, "audience", broken)
    response = act(table.client, table.code, {"type": "mod_note", "text": "rien"}, moderator=True)
    assert response.status_code == 500
    assert CATALOGUE["error.server"][0] in response.text
    monkeypatch.undo()
    # The next tap goes through: the hub did not stay locked, and its log is the store's.
    assert act(table.client, table.code, {"type": "mod_note", "text": "ensuite"}, moderator=True).status_code == 200
    assert hub.seq == hub.repo.load_events(hub.game.id)[-1].seq
