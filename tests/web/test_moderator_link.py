"""The game master's secret (issue 13, item 5).

The link is exchanged for a session on first use (a new random cookie value,
stored hashed: the secret is never the cookie, and nowhere in the database in
clear), the link can be shown again to a browser with a session, uvicorn's
access log never prints it, and a new link ends every other session. Games
from before the migration keep playing, on SQLite and PostgreSQL.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import httpx2
import pytest
from alembic import command
from alembic.config import Config
from live_server import Served
from live_server import create_game as create_live_game
from sqlmodel import Session, select
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from web_helpers import act, create_game, join, make_settings, phone, receive

from app.store.database import MIGRATIONS, make_engine
from app.store.models import ModeratorSession
from app.store.tokens import hash_token
from app.web.app import create_app

LINK = re.compile(r"/m/([A-Z]{4})\?k=([\w-]+)")


def _link_on(page: str) -> str:
    found = LINK.search(html.unescape(page))
    assert found, page
    return found.group(2)


def _sessions(client: TestClient) -> list[ModeratorSession]:
    with Session(client.app.state.engine) as session:  # type: ignore[attr-defined]
        return list(session.exec(select(ModeratorSession)))


def test_the_access_log_never_prints_the_secret(tmp_path: Path) -> None:
    server = Served(tmp_path, f"sqlite:///{tmp_path / 'log.db'}", env={"ACCESS_LOG": "true"}).start()
    try:
        with httpx2.Client(base_url=server.url) as creator:
            code, secret = create_live_game(creator)
        with httpx2.Client(base_url=server.url, follow_redirects=True) as laptop:
            assert laptop.get(f"/m/{code}?k={secret}").status_code == 200
            assert laptop.get(f"/m/{code}?lang=en&k=wrong-guess&x=1").status_code == 403
    finally:
        server.stop()
    log = server.output()
    assert f'"GET /m/{code}?k=[hidden] HTTP/1.1" 303' in log
    assert f"/m/{code}?lang=en&k=[hidden]&x=1" in log
    assert secret not in log and "wrong-guess" not in log


def test_requests_are_logged_only_when_asked(tmp_path: Path) -> None:
    # A laptop's terminal keeps the join link and its QR code in view, and a convention's logs do not fill
    # with a line per tap; errors and the start-up lines still show.
    server = Served(tmp_path, f"sqlite:///{tmp_path / 'quiet.db'}").start()
    try:
        with httpx2.Client(base_url=server.url, follow_redirects=True) as laptop:
            code, _ = create_live_game(laptop)
            assert laptop.get(f"/m/{code}").status_code == 200
            assert laptop.get("/no-such-page").status_code == 404
    finally:
        server.stop()
    log = server.output()
    assert "Uvicorn running on" in log or "Application startup complete" in log, log
    assert "GET /" not in log and "POST /games" not in log and "HTTP/1.1" not in log, log


def test_the_link_is_exchanged_for_a_session_and_the_secret_is_stored_nowhere(client: TestClient, sqlite_url: str) -> None:
    code, secret = create_game(client)
    laptop = phone(client)
    opened = laptop.get(f"/m/{code}?k={secret}", follow_redirects=False)
    assert opened.status_code == 303 and opened.headers["location"] == f"/m/{code}"
    for browser in (client, laptop):  # the creator's browser and the one that opened the link
        cookie = browser.cookies.get(f"mod_{code}")
        assert cookie and cookie != secret
        assert hash_token(cookie) in {s.session_hash for s in _sessions(client)}
    assert laptop.get(f"/m/{code}").status_code == 200
    # Neither the secret nor a session value is in the database, in any file of it.
    database = Path(sqlite_url.removeprefix("sqlite:///"))
    stored = b"".join(p.read_bytes() for p in database.parent.glob(database.name + "*"))
    assert secret.encode() not in stored
    assert laptop.cookies[f"mod_{code}"].encode() not in stored


def test_the_link_is_shown_again_to_the_game_master_only(client: TestClient) -> None:
    code, secret = create_game(client)
    again = client.get(f"/m/{code}/link")
    assert again.status_code == 200 and again.headers["cache-control"] == "no-store"
    assert _link_on(again.text) == secret
    assert "Lien du meneur" in client.get(f"/m/{code}").text  # the dashboard leads there
    assert phone(client).get(f"/m/{code}/link").status_code == 403
    seated, _ = join(client, code, "Marie")
    assert seated.get(f"/m/{code}/link").status_code == 403


def test_a_new_link_ends_every_other_session(client: TestClient) -> None:
    code, old = create_game(client)
    laptop = phone(client)
    laptop.get(f"/m/{code}?k={old}")
    with laptop.websocket_connect(f"/m/{code}/ws") as ws:
        receive(ws)
        # A cross-site page cannot issue one, nor can a player.
        assert client.post(f"/m/{code}/link/new", headers={"origin": "http://evil.example"}).status_code == 403
        assert phone(client).post(f"/m/{code}/link/new").status_code == 403
        rotated = client.post(f"/m/{code}/link/new", follow_redirects=False)
        assert rotated.status_code == 303 and rotated.headers["location"] == f"/m/{code}/link"
        new = _link_on(client.get(f"/m/{code}/link").text)
        assert new != old
        with pytest.raises(WebSocketDisconnect):
            receive(ws)  # the laptop's dashboard is closed at once
    assert laptop.get(f"/m/{code}").status_code == 403
    with laptop.websocket_connect(f"/m/{code}/ws") as ws, pytest.raises(WebSocketDisconnect) as closed:
        receive(ws)
    assert closed.value.code == 4403  # and it is not let back in
    assert phone(client).get(f"/m/{code}?k={old}").status_code == 403
    # The browser that asked keeps its dashboard; the new link opens it anywhere.
    assert act(client, code, {"type": "mod_note", "text": "still here"}, moderator=True).status_code == 200
    assert phone(client).get(f"/m/{code}?k={new}").status_code == 200
    assert len(_sessions(client)) == 2


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def database_url(request: pytest.FixtureRequest) -> str:
    return str(request.getfixturevalue(f"{request.param}_url"))


def test_games_from_before_the_migration_stay_playable(database_url: str) -> None:
    settings = make_settings(database_url)
    with TestClient(create_app(settings)) as client:
        code, secret = create_game(client)
        seated, _ = join(client, code, "Marie")
        seat = dict(seated.cookies)
    # Back to the schema before sessions, as a server of the previous version left it.
    engine = make_engine(database_url)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, "0003")
    engine.dispose()
    with TestClient(create_app(settings)) as client:  # starts at head again
        # The previous version's cookie held the secret itself: still good, exchanged for a session.
        legacy = TestClient(client.app, cookies={f"mod_{code}": secret})
        legacy.portal = client.portal
        dashboard = legacy.get(f"/m/{code}")
        assert dashboard.status_code == 200
        exchanged = re.search(rf"mod_{code}=([^;]+);", dashboard.headers["set-cookie"])
        assert exchanged and exchanged.group(1) != secret
        legacy = TestClient(client.app, cookies={f"mod_{code}": exchanged.group(1)})
        legacy.portal = client.portal
        assert legacy.get(f"/m/{code}").status_code == 200
        assert _link_on(legacy.get(f"/m/{code}/link").text) == secret
        assert phone(client).get(f"/m/{code}?k={secret}").status_code == 200  # the printed link too
        player = TestClient(client.app, cookies=seat)
        player.portal = client.portal
        assert "Marie" in player.get(f"/g/{code}").text
        assert act(legacy, code, {"type": "mod_note", "text": "after the upgrade"}, moderator=True).status_code == 200


def test_a_script_without_accept_gets_the_link_at_once_and_drives_the_dashboard(tmp_path: Path) -> None:
    """A load driver or a venue's script sends no Accept header: no redirect to follow, the page comes with
    the link, and the link's secret opens the dashboard's actions (a browser still gets post/redirect/get)."""
    server = Served(tmp_path, f"sqlite:///{tmp_path / 'script.db'}").start()
    try:
        origin = {"origin": server.url}
        with httpx2.Client(base_url=server.url) as browser:
            assert browser.post("/games", data={"rounds": "5"}, headers=origin).status_code == 303
        with httpx2.Client(base_url=server.url) as script:
            script.headers.pop("accept")
            created = script.post("/games", data={"rounds": "5"}, headers=origin)
            assert created.status_code == 200
            code, secret = LINK.search(html.unescape(created.text)).groups()  # type: ignore[union-attr]
            note = script.post(f"/m/{code}/act", json={"key": "note000001", "command": {"type": "mod_note", "text": "hi"}},
                               headers={**origin, "cookie": f"mod_{code}={secret}"})
            assert note.status_code == 200 and note.json()["ok"] is True, note.text
    finally:
        server.stop()
