"""Mode Historique through the pages: the switch at creation, the private birth year, the générals' secret
number typed into a generic number field, the event in force on phones, the big screen and the dashboard."""

from __future__ import annotations

import html
import json
import re

import pytest
from starlette.testclient import TestClient
from web_helpers import act, create_game, join, phone, receive, receive_until

from app.games.deuxrois.action_forms import command_fields

pytestmark = pytest.mark.skipif("historique_number" not in command_fields(), reason="no Mode Historique engine")


def hub_of(client: TestClient, code: str):  # type: ignore[no-untyped-def]
    return client.app.state.games._hubs[code]  # type: ignore[attr-defined]


def test_a_historique_game_over_the_web(client: TestClient) -> None:
    code, _ = create_game(client, historique="on")
    hub = hub_of(client, code)
    assert hub.state.config.historique is True
    first = phone(client)
    door = first.get(f"/g/{code}").text
    assert 'name="birth_year"' in door and "reste secrète" in door
    assert first.post(f"/g/{code}/join", data={"name": "Aude", "birth_year": "1987"}).status_code == 200
    bad = phone(client).post(f"/g/{code}/join", data={"name": "Bad", "birth_year": "1492"})
    assert bad.status_code == 422  # the engine's own range check, in French
    phones = [first] + [join(client, code, f"J{i}")[0] for i in range(5)]
    assert hub.state.players[0].birth_year == 1987
    assert act(client, code, {"type": "start"}, moderator=True).status_code == 200
    while hub.state.phase != "X":
        assert act(client, code, {"type": "mod_advance"}, moderator=True).status_code == 200
    # The générals give a secret number in a number field (the action's min/max), or leave it to chance.
    index = {p.id: i for i, p in enumerate(hub.state.players)}
    givers = [pid for pid in index if any(a["type"] == "historique_number" and a["available"]
                                          for a in hub.view_for_player(pid).get("actions", []))]
    assert givers
    with phones[index[givers[0]]].websocket_connect(f"/g/{code}/ws") as ws:
        actions = receive(ws).split('<section id="p-actions"')[1].split("</section>")[0]
        assert 'type="number" name="number" min="1" max="14"' in actions
        commands = [json.loads(html.unescape(c)) for c in re.findall(r'name="command" value="([^"]+)"', actions)]
        typed = next(c for c in commands if c == {"type": "historique_number"})
        assert any(c.get("random") is True for c in commands if c["type"] == "historique_number")
        response = phones[index[givers[0]]].post(
            f"/g/{code}/act", data={"command": json.dumps(typed), "key": "number-key-1", "number": "7"},
            headers={"hx-request": "true"})
        assert response.status_code == 200, response.text
    assert 7 in hub.state.historique.numbers.values()
    # The moderator sets the round's event: it shows on every page that may see it.
    with phones[0].websocket_connect(f"/g/{code}/ws") as ws, client.websocket_connect(f"/s/{code}/ws") as screen:
        receive(ws)
        receive(screen)
        assert hub.state.phase == "X"
        assert act(client, code, {"type": "mod_historique_pick", "number": 2}, moderator=True).status_code == 200
        on_phone = receive_until(ws, 'id="p-event"')[-1]
        assert "Tempête en Manche" in on_phone and "Envoyés : sortez de la salle" in on_phone
        assert "Tempête en Manche" in receive_until(screen, 'id="s-event"')[-1]
    with client.websocket_connect(f"/m/{code}/ws") as mod:
        dashboard = receive(mod)
        assert "Tempête en Manche" in dashboard and "mod_historique_cancel" in dashboard
