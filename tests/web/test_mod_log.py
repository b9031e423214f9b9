"""The dashboard's event log: every step, newest first, numbered as the undo form takes them."""

from __future__ import annotations

import re

from starlette.testclient import TestClient
from web_helpers import act, create_game, join, receive, receive_until


def test_the_log_lists_every_step_with_its_number_and_only_on_the_dashboard(client: TestClient) -> None:
    code, secret = create_game(client)
    aude, _ = join(client, code, "Aude")
    assert client.get(f"/m/{code}?k={secret}").status_code == 200
    hub = client.app.state.games._hubs[code]  # type: ignore[attr-defined]
    with client.websocket_connect(f"/m/{code}/ws") as mod, aude.websocket_connect(f"/g/{code}/ws") as phone:
        first = receive(mod)
        assert '<li value="2">Aude rejoint la partie</li>' in first
        assert "m-log" not in receive(phone)
        assert act(client, code, {"type": "mod_note", "text": "arbitrage"}, moderator=True).status_code == 200
        log = receive_until(mod, 'id="m-log"')[-1].split('id="m-log"')[1]
        numbers = [int(n) for n in re.findall(r'<li value="(\d+)">', log)]
        assert numbers == list(range(hub.seq, 0, -1))  # newest first, every step
        assert f'<li value="{hub.seq}">' in log
