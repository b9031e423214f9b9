"""Game codes and lobbies (issue 13, item 4): unknown codes are limited per address on every route that
takes one, and joins per address and per game. Each phone here has an address of its own."""

from __future__ import annotations

import html
from collections.abc import Iterator

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from web_helpers import create_game, make_settings, receive

from app.web.app import create_app

MISSES = 5
UNKNOWN = ["ZZZZ", "YYYY", "XXXX", "WWWW", "VVVV", "UUUU", "TTTT", "SSSS"]  # and "nope": not even a code


@pytest.fixture
def app_client(sqlite_url: str) -> Iterator[TestClient]:
    # Nothing refills during the test, however slow the machine: the limits show as counts.
    settings = make_settings(sqlite_url, code_misses_burst=MISSES, code_misses_per_second=0.0001,
                             joins_per_address_burst=4, joins_per_address_per_second=0.0001,
                             joins_per_game_burst=6, joins_per_game_per_second=0.0001)
    with TestClient(create_app(settings)) as client:
        yield client


def at(client: TestClient, address: str) -> TestClient:
    """Another browser, from `address`, on the same running app."""
    other = TestClient(client.app, client=(address, 40000))
    other.portal = client.portal
    return other


def _misses(phone: TestClient, paths: list[str]) -> list[int]:
    return [phone.get(path).status_code for path in paths]


@pytest.mark.parametrize("route", ["/g/{code}", "/s/{code}", "/m/{code}", "/qr/{code}.svg", "/join?code={code}",
                                   "/g/{code}/bound"])
def test_unknown_codes_are_limited_per_address_on_every_route(app_client: TestClient, route: str) -> None:
    code, _ = create_game(app_client)
    sweeper = at(app_client, "198.51.100.7")
    statuses = _misses(sweeper, [route.format(code=c) for c in UNKNOWN])
    assert statuses == [404] * MISSES + [429] * (len(UNKNOWN) - MISSES)
    # Spent: a code that exists answers the same, so the sweep learns nothing more.
    known = sweeper.get(route.format(code=code))
    assert known.status_code == 429
    assert "Trop de codes inconnus" in html.unescape(known.text)
    # Another address is not held back.
    assert at(app_client, "203.0.113.9").get(f"/s/{code}").status_code == 200


def test_a_socket_from_a_sweeping_address_is_told_to_come_back_later(app_client: TestClient) -> None:
    code, _ = create_game(app_client)
    sweeper = at(app_client, "198.51.100.8")
    for unknown in UNKNOWN[:MISSES]:
        with sweeper.websocket_connect(f"/s/{unknown}/ws") as ws, pytest.raises(WebSocketDisconnect) as closed:
            receive(ws)
        assert closed.value.code == 4403  # no such game: the page stops trying
    with sweeper.websocket_connect(f"/s/{code}/ws") as ws, pytest.raises(WebSocketDisconnect) as closed:
        receive(ws)
    assert closed.value.code == 1013  # try again later: a real screen behind the same address reconnects
    with at(app_client, "203.0.113.10").websocket_connect(f"/s/{code}/ws") as ws:
        assert "id=" in receive(ws)


def test_a_code_that_is_not_even_a_code_counts_as_a_miss(app_client: TestClient) -> None:
    sweeper = at(app_client, "198.51.100.9")
    assert _misses(sweeper, [f"/s/n{i}pe" for i in range(MISSES + 1)]) == [404] * MISSES + [429]


def _join(phone: TestClient, code: str, name: str) -> int:
    return phone.post(f"/g/{code}/join", data={"name": name}).status_code


def test_one_address_cannot_take_every_seat(app_client: TestClient) -> None:
    code, _ = create_game(app_client)
    flood = [_join(at(app_client, "198.51.100.20"), code, f"Bot {i}") for i in range(6)]
    assert flood == [200] * 4 + [429] * 2
    refused = at(app_client, "198.51.100.20").post(f"/g/{code}/join?lang=en", data={"name": "Bot 9"})
    assert "Many people joining at once" in refused.text
    # A real player from elsewhere still gets a seat.
    assert _join(at(app_client, "203.0.113.20"), code, "Marie") == 200
    hub = app_client.app.state.games._hubs[code]  # type: ignore[attr-defined]
    assert [p["name"] for p in hub.definition.lobby(hub.state)["players"]] == ["Bot 0", "Bot 1", "Bot 2", "Bot 3", "Marie"]


def test_many_addresses_cannot_fill_a_lobby_at_once_either(app_client: TestClient) -> None:
    code, _ = create_game(app_client)
    statuses = [_join(at(app_client, f"198.51.100.{30 + i}"), code, f"Bot {i}") for i in range(8)]
    assert statuses == [200] * 6 + [429] * 2
    # Another game's door is its own.
    other, _ = create_game(app_client)
    assert _join(at(app_client, "198.51.100.30"), other, "Bot 0") == 200
