"""Idempotency, bad input, seat and moderator authorisation, rate limits: refused cleanly, nothing changes."""

from __future__ import annotations

import html
import json

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from web_helpers import act, create_game, join, make_settings, phone, receive

from app.web.app import create_app


def hub_of(client: TestClient, code: str):  # type: ignore[no-untyped-def]
    return client.app.state.games._hubs[code]  # type: ignore[attr-defined]


def six_seated(client: TestClient) -> tuple[str, list[TestClient]]:
    code, _ = create_game(client)
    return code, [join(client, code, f"Joueur {i}")[0] for i in range(6)]


def test_the_same_key_twice_has_one_effect(client: TestClient) -> None:
    code, _ = create_game(client)
    phones = [join(client, code, f"J{i}")[0] for i in range(6)]
    hub = hub_of(client, code)
    first = act(client, code, {"type": "start"}, key="start-key-1", moderator=True)
    seq = hub.seq
    again = act(client, code, {"type": "start"}, key="start-key-1", moderator=True)
    assert first.status_code == again.status_code == 200
    assert hub.seq == seq  # replayed, not re-run (a second start would be refused anyway)
    # JSON clients see it is a replay.
    body = {"key": "start-key-1", "command": {"type": "start"}}
    replay = client.post(f"/m/{code}/act", content=json.dumps(body), headers={"content-type": "application/json"})
    assert replay.json()["replayed"] is True and replay.json()["seq"] == seq
    # A player's key is their own: the same id from another seat is another command.
    target = hub.state.present(hub.state.rooms["p1"])
    mate = next(p for p in target if p != "p1")
    a = act(phones[0], code, {"type": "reveal_private", "target": mate}, key="same-id-123")
    b = act(phones[0], code, {"type": "reveal_private", "target": mate}, key="same-id-123")
    assert a.status_code == b.status_code == 200
    assert hub.seq == seq + 1


@pytest.mark.parametrize(
    ("data", "status", "needle"),
    [
        ({"command": "{not json", "key": "k" * 10}, 422, "JSON illisible"),
        ({"command": json.dumps({"kind": "x"}), "key": "k" * 10}, 422, "commande sans type"),
        ({"command": json.dumps({"type": "start"})}, 422, "identifiant d'action"),
        ({"command": json.dumps({"type": "start"}), "key": "short"}, 422, "identifiant d'action"),
        ({"command": json.dumps({"type": "fly"}), "key": "k" * 10}, 422, "Commande invalide"),
        ({"command": json.dumps({"type": "mod_timer", "mode": "extend", "seconds": -5}), "key": "k" * 10}, 422, "Commande invalide"),
        ({"command": json.dumps({"type": "start"}), "key": "k" * 10, "<script>": "x"}, 422, "Champ inattendu"),
        ({"command": json.dumps({"type": "start"}), "key": "k" * 10, "type": "mod_pause"}, 422, "Champ inattendu"),
    ],
)
def test_bad_input_gets_a_clear_message_and_changes_nothing(
    client: TestClient, data: dict[str, str], status: int, needle: str
) -> None:
    code, _ = six_seated(client)
    hub = hub_of(client, code)
    seq = hub.seq
    response = client.post(f"/m/{code}/act", data=data, headers={"hx-request": "true"})
    assert response.status_code == status
    assert needle in html.unescape(response.text) and 'id="flash"' in response.text
    assert hub.seq == seq and hub.state.phase == "lobby"


def test_bad_json_body_in_english(client: TestClient) -> None:
    code, _ = six_seated(client)
    response = client.post(f"/m/{code}/act?lang=en", content=b"[1,2", headers={"content-type": "application/json"})
    assert response.status_code == 422
    assert response.json()["error"]["message"] == "Invalid request: unreadable JSON."


def test_an_engine_refusal_is_explained_and_changes_nothing(client: TestClient) -> None:
    code, _ = create_game(client)
    join(client, code, "Seul")
    hub = hub_of(client, code)
    seq = hub.seq
    response = act(client, code, {"type": "start"}, moderator=True)
    assert response.status_code == 409 and "flash-on" in response.text
    assert hub.seq == seq and hub.state.phase == "lobby"


def test_same_phone_back_keeps_its_seat_and_names_stay_unique(client: TestClient) -> None:
    code, _ = create_game(client)
    p, _ = join(client, code, "Alice")
    again = p.post(f"/g/{code}/join", data={"name": "Alice"}, follow_redirects=False)
    assert again.status_code == 303 and again.headers["location"] == f"/g/{code}"
    assert "Vous êtes Alice" in p.get(f"/g/{code}").text
    other = phone(client).post(f"/g/{code}/join", data={"name": "alice"})
    assert other.status_code == 409 and "déjà pris" in other.text
    assert len(hub_of(client, code).state.players) == 1


def test_the_seat_cookie_is_http_only_lax_and_scoped_to_the_game(client: TestClient) -> None:
    code, _ = create_game(client)
    response = phone(client).post(f"/g/{code}/join", data={"name": "Alice"})
    cookie = response.headers["set-cookie"]
    assert cookie.startswith(f"seat_{code}=")
    assert "HttpOnly" in cookie and "SameSite=lax" in cookie and f"Path=/g/{code}" in cookie


def test_a_seat_cookie_acts_only_for_its_seat(client: TestClient) -> None:
    code, phones = six_seated(client)
    hub = hub_of(client, code)
    # In the lobby a player may leave, but never make someone else leave.
    response = act(phones[0], code, {"type": "leave", "player_id": "p2"})
    assert response.status_code == 409 and "vous-même" in response.text
    assert len(hub.state.players) == 6
    # No cookie, or a forged one: no seat.
    stranger = phone(client)
    assert act(stranger, code, {"type": "leave"}).status_code == 403
    stranger.cookies.set(f"seat_{code}", "forged-token-value", path=f"/g/{code}")
    assert act(stranger, code, {"type": "leave"}).status_code == 403
    # A seat cookie is not a moderator pass.
    assert act(phones[0], code, {"type": "start"}, moderator=True).status_code == 403
    assert act(phones[0], code, {"type": "start"}).status_code == 409  # the engine: players cannot start
    assert hub.state.phase == "lobby"


def test_a_seat_in_one_game_is_nothing_in_another(client: TestClient) -> None:
    code_a, phones = six_seated(client)
    code_b, _ = six_seated(client)
    token = phones[0].cookies.get(f"seat_{code_a}")
    intruder = phone(client)
    intruder.cookies.set(f"seat_{code_b}", token, path=f"/g/{code_b}")
    assert act(intruder, code_b, {"type": "leave"}).status_code == 403


def test_the_moderator_link_is_required(client: TestClient) -> None:
    code, secret = create_game(client)
    outsider = phone(client)
    assert outsider.get(f"/m/{code}").status_code == 403
    assert outsider.get(f"/m/{code}?k=wrong-secret").status_code == 403
    assert act(outsider, code, {"type": "start"}, moderator=True).status_code == 403
    with outsider.websocket_connect(f"/m/{code}/ws") as ws, pytest.raises(WebSocketDisconnect) as closed:
        receive(ws)
    assert closed.value.code == 4403
    # The secret link once, then a cookie scoped to the dashboard, and the secret leaves the address bar.
    opened = outsider.get(f"/m/{code}?k={secret}", follow_redirects=False)
    assert opened.status_code == 303 and opened.headers["location"] == f"/m/{code}"
    assert f"Path=/m/{code}" in opened.headers["set-cookie"] and "HttpOnly" in opened.headers["set-cookie"]
    assert outsider.get(f"/m/{code}").status_code == 200
    with outsider.websocket_connect(f"/m/{code}/ws") as ws:
        assert 'id="m-controls"' in receive(ws)


def test_a_phone_socket_needs_a_seat(client: TestClient) -> None:
    code, _ = create_game(client)
    with phone(client).websocket_connect(f"/g/{code}/ws") as ws, pytest.raises(WebSocketDisconnect) as closed:
        receive(ws)
    assert closed.value.code == 4403


def test_cross_site_requests_are_refused(client: TestClient) -> None:
    code, phones = six_seated(client)
    evil = {"origin": "http://evil.example"}
    assert act(phones[0], code, {"type": "leave"}, **evil).status_code == 403
    assert client.post("/games", data={"rounds": "5"}, headers=evil).status_code == 403
    with phones[0].websocket_connect(f"/g/{code}/ws", headers=evil) as ws, pytest.raises(WebSocketDisconnect):
        receive(ws)
    assert len(hub_of(client, code).state.players) == 6


def test_actions_are_rate_limited_per_seat(sqlite_url: str) -> None:
    settings = make_settings(sqlite_url, rate_capacity=5, rate_per_second=0.001)  # no refill during the test, however slow the machine
    with TestClient(create_app(settings)) as client:
        code, phones = six_seated(client)
        statuses = [act(phones[0], code, {"type": "fly"}).status_code for _ in range(8)]
        assert statuses[:5] == [422] * 5 and statuses[5:] == [429] * 3
        limited = act(phones[0], code, {"type": "fly"})
        assert "Trop d'actions" in html.unescape(limited.text)
        # Another seat has its own bucket.
        assert act(phones[1], code, {"type": "fly"}).status_code == 422
