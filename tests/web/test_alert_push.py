"""A phone gets a full-screen notice when something happens to it (here: the moderator moves it)."""

from __future__ import annotations

from starlette.testclient import TestClient
from web_helpers import act, create_game, join, receive, receive_until


def test_a_moved_player_is_told_to_go_and_only_he_is(client: TestClient) -> None:
    code, _ = create_game(client)
    phones = [join(client, code, name)[0] for name in ("Aude", "Bertrand", "Cyprien", "Douce", "Ermeline", "Foulques")]
    assert act(client, code, {"type": "start"}, moderator=True).status_code == 200
    hub = client.app.state.games._hubs[code]  # type: ignore[attr-defined]
    aude = hub.state.players[0].id
    to_room = hub.state.rooms[aude].other
    with phones[0].websocket_connect(f"/g/{code}/ws") as ws_aude, phones[1].websocket_connect(f"/g/{code}/ws") as ws_b:
        assert 'class="alert-overlay' not in receive(ws_aude)  # nothing has happened to her yet
        receive(ws_b)
        response = act(client, code, {"type": "mod_move", "player": aude, "room": to_room.value}, moderator=True)
        assert response.status_code == 200, response.text
        pushed = "".join(receive_until(ws_aude, "alert-overlay"))
        room = "Angleterre" if to_room.value == "angleterre" else "Normandie"
        assert f"Partez en {room} !" in pushed and 'role="alertdialog"' in pushed
        # Bertrand's phone is told about the move in the feed at most, never with Aude's alert.
        others = "".join(receive_until(ws_b, 'id="p-room"'))
        assert "alert-overlay" not in others
