"""The dashboard shows each seat's phone: connected, asleep (lost lately) or gone."""

from __future__ import annotations

import re
import secrets

import pytest
from starlette.testclient import TestClient
from web_helpers import create_game, join, make_settings, receive, receive_until

from app.live import presence as presence_module
from app.web.app import create_app


def presence_cells(html: str) -> dict[str, str]:
    """Player id -> the presence word in the dashboard's players table."""
    rows = re.findall(r'data-player-id="(p\d+)".*?presence-(\w+)', html, flags=re.S)
    return dict(rows)


def test_the_dashboard_follows_each_phone_connecting_and_leaving(client: TestClient) -> None:
    code, secret = create_game(client)
    aude, _ = join(client, code, "Aude")
    join(client, code, "Bertrand")
    # The moderator's browser opened the secret link once: its cookie now opens the dashboard socket.
    assert client.get(f"/m/{code}?k={secret}").status_code == 200
    with client.websocket_connect(f"/m/{code}/ws") as mod:
        first = receive(mod)
        assert presence_cells(first) == {"p1": "gone", "p2": "gone"}  # nobody has opened the game yet
        assert "○ parti" in first
        with aude.websocket_connect(f"/g/{code}/ws") as phone:
            assert "presence-" not in receive(phone)  # the phone never gets the dashboard's table
            pushed = receive_until(mod, "presence-connected")[-1]
            assert presence_cells(pushed)["p1"] == "connected" and "● connecté" in pushed
        pushed = receive_until(mod, "presence-asleep")[-1]
        assert presence_cells(pushed)["p1"] == "asleep" and "◐ en veille" in pushed


def test_a_phone_lost_long_ago_is_shown_gone(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    code, _ = create_game(client)
    aude, _ = join(client, code, "Aude")
    hub = client.app.state.games._hubs[code]  # type: ignore[attr-defined]
    with aude.websocket_connect(f"/g/{code}/ws") as phone:
        receive(phone)
        assert hub.presence() == {"p1": "connected"}
    assert hub.presence() == {"p1": "asleep"}
    monkeypatch.setattr(presence_module, "ASLEEP_S", 0.0)  # as if the phone had been away for long
    assert hub.presence() == {"p1": "gone"}


def _other_process(app_client: TestClient, cookies: dict[str, str]) -> TestClient:
    """A browser on another server process of the same deployment (same database, same bus)."""
    other = TestClient(app_client.app, cookies=cookies)
    other.portal = app_client.portal
    return other


def test_the_dashboard_sees_phones_connected_to_another_process(sqlite_url: str) -> None:
    # Two processes of one deployment: one database, one bus (Redis in production; one memory:// here).
    settings = make_settings(sqlite_url, pubsub_url=f"memory://{secrets.token_hex(4)}")
    with TestClient(create_app(settings)) as a, TestClient(create_app(settings)) as b:
        code, secret = create_game(a)
        aude, _ = join(a, code, "Aude")
        bertrand, _ = join(a, code, "Bertrand")
        assert a.get(f"/m/{code}?k={secret}").status_code == 200
        with a.websocket_connect(f"/m/{code}/ws") as dashboard:
            receive(dashboard)
            # Aude's phone reaches process b (its hub loads there and asks a's hub who is connected).
            with _other_process(b, dict(aude.cookies)).websocket_connect(f"/g/{code}/ws") as phone:
                receive(phone)
                pushed = receive_until(dashboard, "presence-connected")[-1]
                assert presence_cells(pushed) == {"p1": "connected", "p2": "gone"}
                # Bertrand's phone reaches a: both shown, each from its own process.
                with bertrand.websocket_connect(f"/g/{code}/ws") as other:
                    receive(other)
                    pushed = receive_until(dashboard, 'data-player-id="p2"')[-1]
                    while presence_cells(pushed) != {"p1": "connected", "p2": "connected"}:
                        pushed = receive(dashboard)
            pushed = receive_until(dashboard, "presence-asleep")[-1]
            cells = presence_cells(pushed)
            while cells["p1"] != "asleep":
                cells = presence_cells(receive(dashboard))
            assert cells == {"p1": "asleep", "p2": "asleep"}
        # A dashboard whose process loads the game after the phone connected elsewhere asks, and is told.
        with _other_process(b, dict(aude.cookies)).websocket_connect(f"/g/{code}/ws") as phone:
            receive(phone)
            # a unloads the game (no socket there now): its next hub starts knowing nothing.
            assert a.portal.call(a.app.state.games.sweep, 0.0) == [code]  # type: ignore[union-attr,attr-defined]
            with a.websocket_connect(f"/m/{code}/ws") as dashboard:
                pushed = receive(dashboard)
                while presence_cells(pushed).get("p1") != "connected":
                    pushed = receive(dashboard)
