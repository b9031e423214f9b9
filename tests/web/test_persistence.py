"""The log survives: SQLite and PostgreSQL, a restart mid-round, timers re-armed from the stored state."""

from __future__ import annotations

import re
import time

import pytest
from starlette.testclient import TestClient
from web_helpers import act, create_game, join, make_settings, receive, receive_until

from app.store.export import export_game
from app.web.app import create_app

DEADLINE = re.compile(r'data-deadline="(\d+)"')


def hub_of(client: TestClient, code: str):  # type: ignore[no-untyped-def]
    return client.app.state.games._hubs[code]  # type: ignore[attr-defined]


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def database_url(request: pytest.FixtureRequest) -> str:
    return str(request.getfixturevalue(f"{request.param}_url"))


def test_a_restart_mid_round_keeps_the_state_and_the_remaining_time(database_url: str) -> None:
    settings = make_settings(database_url)
    with TestClient(create_app(settings)) as client:
        code, _ = create_game(client)
        phones = [join(client, code, f"Joueur {i}")[0] for i in range(8)]
        act(client, code, {"type": "start"}, moderator=True)
        hub = hub_of(client, code)
        mate = next(p for p in hub.state.present(hub.state.rooms["p1"]) if p != "p1")
        assert act(phones[0], code, {"type": "reveal_private", "target": mate}).status_code == 200
        with phones[0].websocket_connect(f"/g/{code}/ws") as ws:
            before = receive(ws)
        state = hub.state
        seq = hub.seq
        cookies = [dict(p.cookies) for p in phones]
    # A new server process on the same database.
    with TestClient(create_app(make_settings(database_url))) as client2:
        hub2 = hub_of(client2, code)  # re-armed at startup: the round is running
        assert hub2.seq == seq
        assert hub2.state.cards == state.cards and hub2.state.rooms == state.rooms
        assert hub2.state.phase == state.phase == "N" and hub2.state.deadline_ms == state.deadline_ms
        assert hub2.state.knowledge == state.knowledge
        back = TestClient(client2.app, cookies=cookies[0])
        back.portal = client2.portal
        with back.websocket_connect(f"/g/{code}/ws") as ws:
            after = receive(ws)
        assert DEADLINE.search(after).group(1) == DEADLINE.search(before).group(1)  # type: ignore[union-attr]
        assert after.split('<span id="srv-clock"')[0] == before.split('<span id="srv-clock"')[0]
        # And the game goes on from there.
        assert act(back, code, {"type": "reveal_private", "target": mate}).status_code == 200
        assert hub2.seq == seq + 1
    exported = export_game(code, database_url)
    assert exported["code"] == code and len(exported["log"]) == seq + 1
    assert exported["log"][0]["type"] == "game_created"
    assert [s["command"]["type"] for s in exported["steps"]] == ["reveal_private", "reveal_private"]
    assert exported["steps"][0]["actor"] == "Joueur 0" and exported["steps"][0]["at"] >= 0


def test_timers_fire_on_their_own(sqlite_url: str) -> None:
    with TestClient(create_app(make_settings(sqlite_url))) as client:
        # Negotiation of one second per round ("0.02" minutes).
        code, _ = create_game(client, negotiation="0.02")
        phones = [join(client, code, f"J{i}")[0] for i in range(6)]
        with phones[0].websocket_connect(f"/g/{code}/ws") as ws:
            receive(ws)
            act(client, code, {"type": "start"}, moderator=True)
            receive_until(ws, "Négociation")
            # Nobody does anything: the server's timer ends the negotiation and pushes the election.
            receive_until(ws, "Élection", timeout=5)
        hub = hub_of(client, code)
        assert hub.state.phase == "E"
        assert hub._armed_for == hub.state.deadline_ms  # the next timer is armed


def test_a_deadline_that_passed_while_the_server_was_down_fires_at_restart(sqlite_url: str) -> None:
    with TestClient(create_app(make_settings(sqlite_url))) as client:
        code, _ = create_game(client, negotiation="0.02")
        for i in range(6):
            join(client, code, f"J{i}")
        act(client, code, {"type": "start"}, moderator=True)
        deadline = hub_of(client, code).state.deadline_ms
    # The server is down when the negotiation runs out.
    time.sleep(max(0.0, deadline / 1000 - time.time()) + 0.1)
    with TestClient(create_app(make_settings(sqlite_url))) as client2:
        # No phone, no visit: the game was re-armed at startup and its overdue tick runs at once.
        hub2 = hub_of(client2, code)
        for _ in range(200):  # up to 10 s on a busy machine; it takes milliseconds
            if hub2.state.phase == "E":
                break
            time.sleep(0.05)
        assert hub2.state.phase == "E"
        assert hub2.state.round == 1


def test_idle_games_leave_memory_and_come_back_from_the_log(sqlite_url: str) -> None:
    with TestClient(create_app(make_settings(sqlite_url, idle_unload_s=0.2))) as client:
        code, _ = create_game(client)
        p, _ = join(client, code, "Alice")
        games = client.app.state.games  # type: ignore[attr-defined]
        with p.websocket_connect(f"/g/{code}/ws") as ws:
            receive(ws)
            time.sleep(0.5)
            assert code in games._hubs  # a socket holds it
        for _ in range(40):
            if code not in games._hubs:
                break
            time.sleep(0.05)
        assert code not in games._hubs
        # The next visit reloads it, seat and all.
        assert "Vous êtes Alice" in p.get(f"/g/{code}").text
        assert games._hubs[code].state.players[0].name == "Alice"
