"""The dashboard shows each seat's phone: connected, asleep (lost lately) or gone."""

from __future__ import annotations

import re

import pytest
from starlette.testclient import TestClient
from web_helpers import create_game, join, receive, receive_until

from app.live import presence as presence_module


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
