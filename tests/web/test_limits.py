"""Bounded websocket frames and request bodies (issue 13, item 2).

Anyone can open a big screen's socket without logging in: it is never read,
and a frame bigger than any page may send is refused by uvicorn from its
header (through a real `deuxrois serve`, since a TestClient has no frame
limit). A request body over the limit is refused with 413 in the user's
language before the app reads it, and changes nothing.
"""

from __future__ import annotations

from collections.abc import Iterator

import httpx2
import pytest
import websockets
from live_server import Served
from live_server import create_game as create_live_game
from sqlalchemy import func
from sqlmodel import Session, select
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from web_helpers import create_game, receive
from websockets.sync.client import connect

from app.store.models import Game


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    workdir = tmp_path_factory.mktemp("limits")
    server = Served(workdir, f"sqlite:///{workdir / 'limits.db'}").start()
    try:
        yield server
    finally:
        server.stop()


def _screen(served: Served) -> str:
    with httpx2.Client(base_url=served.url) as client:
        code, _ = create_live_game(client)
    return f"ws://127.0.0.1:{served.port}/s/{code}/ws"


def test_a_frame_bigger_than_any_message_is_refused_from_its_header(served: Served) -> None:
    with connect(_screen(served), max_size=None, open_timeout=30) as ws:
        assert "id=" in str(ws.recv(timeout=30))  # the screen's first view
        ws.send("x" * 64 * 1024)  # no page sends anything; the app never took more than 4096 characters
        with pytest.raises(websockets.ConnectionClosed) as closed:
            ws.recv(timeout=30)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009  # message too big


def test_a_frame_within_the_limit_still_closes_a_screen(served: Served) -> None:
    with connect(_screen(served), max_size=None, open_timeout=30) as ws:
        ws.recv(timeout=30)
        ws.send("x" * 100)
        with pytest.raises(websockets.ConnectionClosed) as closed:
            ws.recv(timeout=30)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008  # policy: this page only listens


def test_the_big_screen_is_never_read(client: TestClient) -> None:
    code, _ = create_game(client)
    with client.websocket_connect(f"/s/{code}/ws") as ws:
        receive(ws)
        ws.send_text('{"type": "ping"}')
        with pytest.raises(WebSocketDisconnect) as closed:
            receive(ws)
    assert closed.value.code == 1008


def _games(client: TestClient) -> int:
    with Session(client.app.state.engine) as session:  # type: ignore[attr-defined]
        return int(session.exec(select(func.count()).select_from(Game)).one())


@pytest.mark.parametrize(("lang", "needle"), [("", "Requête trop volumineuse"), ("?lang=en", "Request too large")])
def test_a_body_over_the_limit_is_refused_in_the_users_language(client: TestClient, lang: str, needle: str) -> None:
    before = _games(client)
    response = client.post(f"/games{lang}", data={"rounds": "5", "negotiation": "1" * 100_000})
    assert response.status_code == 413
    assert needle in response.text and "<html" in response.text  # a page, not FastAPI's English JSON
    assert _games(client) == before


def test_a_body_sent_without_a_length_is_counted_as_it_arrives(client: TestClient) -> None:
    code, _ = create_game(client)

    def chunks() -> Iterator[bytes]:
        yield b"name=" + b"a" * 40_000
        yield b"b" * 40_000

    response = client.post(f"/g/{code}/join", content=chunks(),
                           headers={"content-type": "application/x-www-form-urlencoded", "hx-request": "true"})
    assert response.status_code == 413 and "Requête trop volumineuse" in response.text
    hub = client.app.state.games._hubs[code]  # type: ignore[attr-defined]
    assert hub.definition.lobby(hub.state)["players"] == []


def test_a_json_action_over_the_limit_gets_json(client: TestClient) -> None:
    code, _ = create_game(client)
    response = client.post(f"/m/{code}/act?lang=en", content=b'{"key": "' + b"k" * 70_000 + b'"}',
                           headers={"content-type": "application/json"})
    assert response.status_code == 413
    assert response.json()["error"] == {"code": "too_large", "message": "Request too large (at most 64 KB)."}


def test_a_body_under_the_limit_is_served(client: TestClient) -> None:
    response = client.post("/games", data={"rounds": "5", "note": "x" * 10_000})
    assert response.status_code == 200
