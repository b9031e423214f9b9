"""A dead phone: a new one claims the seat with the PIN, the moderator confirms, the old one is cut off."""

from __future__ import annotations

import html

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from web_helpers import act, create_game, join, phone, receive, receive_until


def test_recover_a_seat_with_the_pin_after_the_moderators_confirmation(client: TestClient) -> None:
    code, _ = create_game(client)
    old, pin = join(client, code, "Alice")
    others = [join(client, code, f"J{i}")[0] for i in range(5)]
    act(client, code, {"type": "start"}, moderator=True)
    new = phone(client)
    with client.websocket_connect(f"/m/{code}/ws") as mod_ws, old.websocket_connect(f"/g/{code}/ws") as old_ws:
        assert "Téléphones à confirmer" not in receive(mod_ws)
        receive(old_ws)
        # A wrong PIN: refused, nothing parked.
        wrong = new.post(f"/g/{code}/recover", data={"name": "Alice", "pin": "000000" if pin != "000000" else "111111"})
        assert wrong.status_code == 403 and "incorrect" in html.unescape(wrong.text)
        waiting = new.post(f"/g/{code}/recover", data={"name": " alice ", "pin": pin})
        assert waiting.status_code == 200 and "En attente du meneur de jeu" in waiting.text
        assert new.get(f"/g/{code}/bound").status_code == 204  # still waiting
        assert act(new, code, {"type": "reveal_public"}).status_code == 403  # not seated yet
        receive_until(mod_ws, "Téléphones à confirmer")
        # Only the moderator confirms.
        assert others[0].post(f"/m/{code}/rebind/p1").status_code == 403
        assert client.post(f"/m/{code}/rebind/p1").status_code == 204
        with pytest.raises(WebSocketDisconnect) as cut:
            receive_until(old_ws, "never")
        assert cut.value.code == 1013
    assert new.get(f"/g/{code}/bound").headers["hx-redirect"] == f"/g/{code}"
    assert "Vous êtes Alice" in new.get(f"/g/{code}").text
    # The old phone is now a stranger.
    assert act(old, code, {"type": "reveal_public"}).status_code == 403
    with old.websocket_connect(f"/g/{code}/ws") as ws, pytest.raises(WebSocketDisconnect):
        receive(ws)
    assert "Vous êtes Alice" not in old.get(f"/g/{code}").text
    # Confirming twice is refused: nothing is pending any more.
    assert client.post(f"/m/{code}/rebind/p1").status_code == 409
