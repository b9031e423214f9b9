"""Create, join 8 phones, start: what each phone, the moderator and the screen receive, over HTTP and websockets."""

from __future__ import annotations

import html
import json
import re

from markupsafe import escape
from starlette.testclient import TestClient
from web_helpers import act, create_game, join, nothing_pending, receive, receive_until

from app.games.deuxrois.cards import CARDS

NAMES = ["Aude", "Bertrand", "Cyprien", "Douce", "Ermeline", "Foulques", "Gisèle", "Hugues"]

# The phone's actions: what waits now, the room-mates' boxes in pages, then my card to the room and my powers.
ACTIONS = ("p-actions", *(f"p-mates-{n}" for n in range(1, 10)), "p-powers")

def hub_of(client: TestClient, code: str):  # type: ignore[no-untyped-def]
    return client.app.state.games._hubs[code]  # type: ignore[attr-defined]


def started_game(client: TestClient) -> tuple[str, list[TestClient]]:
    code, _ = create_game(client)
    phones = [join(client, code, name)[0] for name in NAMES]
    response = act(client, code, {"type": "start"}, moderator=True)
    assert response.status_code == 200, response.text
    return code, phones


def test_eight_phones_join_and_each_gets_its_own_card_on_connect(client: TestClient) -> None:
    code, phones = started_game(client)
    hub = hub_of(client, code)
    assert hub.state.phase == "N" and len(hub.state.players) == 8
    for p, player in zip(phones, hub.state.players, strict=True):
        with p.websocket_connect(f"/g/{code}/ws") as ws:
            first = receive(ws)
            # The whole view at once: every region of the phone page.
            for region in ("p-status", "p-card", *ACTIONS, "p-room", "p-info"):
                assert f'id="{region}"' in first
            mine = CARDS[hub.state.cards[player.id]]
            assert str(escape(mine.label("fr"))) in first
            assert f"n° {mine.number}<" in first
            # No other card number is ever on this phone at the start.
            others = {hub.state.cards[o.id] for o in hub.state.players} - {mine.number}
            assert not any(f"n° {n}<" in first for n in others)
            assert 'data-deadline="' in first and "Négociation" in first
            # Power buttons name the card: every phone has the same closed box, and they are only in it.
            actions = "".join(first.split(f'<section id="{r}"')[1].split("</section>")[0] for r in ACTIONS)
            assert actions.count('<details class="powers" id="powers-box">') == 1
            for power in mine.powers:
                assert str(escape(power.name.fr)) not in actions.split('<details class="powers" id="powers-box">')[0]
            # Names of my room-mates, mine in the header of the page, never the moderator's blocks.
            assert "m-players" not in first and "m-controls" not in first


def test_phone_page_renders_the_same_regions_as_the_first_push(client: TestClient) -> None:
    code, phones = started_game(client)
    page = phones[0].get(f"/g/{code}")
    assert page.status_code == 200
    assert page.headers["cache-control"] == "no-store"
    for region in ("p-status", "p-card", *ACTIONS, "p-room", "p-info"):
        assert f'id="{region}" hx-swap-oob="true"' in page.text
    assert f'ws-connect="/g/{code}/ws"' in page.text
    assert "Vous êtes Aude" in page.text


def test_an_action_pushes_only_what_changed_to_whom_it_concerns(client: TestClient) -> None:
    code, phones = started_game(client)
    hub = hub_of(client, code)
    a = hub.state.players[0].id
    room = hub.state.rooms[a]
    mate = next(p for p in hub.state.present(room) if p != a)
    outsider = next(p.id for p in hub.state.players if hub.state.rooms[p.id] != room)
    index = {p.id: i for i, p in enumerate(hub.state.players)}
    with (
        phones[index[a]].websocket_connect(f"/g/{code}/ws") as ws_a,
        phones[index[mate]].websocket_connect(f"/g/{code}/ws") as ws_mate,
        phones[index[outsider]].websocket_connect(f"/g/{code}/ws") as ws_out,
    ):
        for ws in (ws_a, ws_mate, ws_out):
            receive(ws)
        response = act(phones[index[a]], code, {"type": "request_reveal", "kind": "complete", "target": mate})
        assert response.status_code == 200, response.text
        to_mate = receive(ws_mate)
        assert 'id="p-actions"' in to_mate and "answer_reveal" in to_mate
        assert 'data-buzz="1"' in to_mate  # the phone vibrates: something is asked of it
        assert 'id="p-card"' not in to_mate  # the card did not change: not re-sent
        to_a = receive(ws_a)
        assert "cancel_reveal" in to_a
        assert nothing_pending(ws_out)  # nothing changed for a player in the other room


def test_moderator_and_screen_get_their_own_pages(client: TestClient) -> None:
    code, _ = create_game(client)
    for name in NAMES:
        join(client, code, name)
    with client.websocket_connect(f"/m/{code}/ws") as mod_ws, client.websocket_connect(f"/s/{code}/ws") as screen_ws:
        first_mod = receive(mod_ws)
        first_screen = receive(screen_ws)
        assert 'id="m-controls"' in first_mod and "Aude" in first_mod
        assert 'id="s-rooms"' in first_screen and "Hugues" in first_screen
        act(client, code, {"type": "start"}, moderator=True)
        mod_push = receive(mod_ws)
        screen_push = receive(screen_ws)
        hub = hub_of(client, code)
        # The moderator sees every card; the screen none.
        for player in hub.state.players:
            card = CARDS[hub.state.cards[player.id]]
            assert str(escape(card.label("fr"))) in mod_push
            assert f"n° {card.number}<" not in screen_push
        assert "Normandie" in screen_push and "Angleterre" in screen_push


def test_english_phone_gets_english_pushes(client: TestClient) -> None:
    code, _ = create_game(client)
    p, _ = join(client, code, "Alice")
    p.get(f"/g/{code}?lang=en")
    with p.websocket_connect(f"/g/{code}/ws") as ws:
        assert "Lobby: waiting for players" in receive(ws)
        join(client, code, "Bob")
        assert "Players seated: 2" in receive(ws)


def test_the_websocket_takes_no_input_and_says_so(client: TestClient) -> None:
    code, phones = started_game(client)
    hub = hub_of(client, code)
    seq = hub.seq
    with phones[0].websocket_connect(f"/g/{code}/ws") as ws:
        receive(ws)
        ws.send_text(json.dumps({"type": "vote", "candidate": "p2"}))
        assert "Ce canal ne reçoit rien" in receive(ws)
        ws.send_text("not json at all")
        assert 'id="flash"' in receive(ws)
        ws.send_bytes(b"\x00\x01binary")
        assert "Ce canal ne reçoit rien" in receive(ws)
        ws.send_text(json.dumps({"type": "ping"}))
        assert nothing_pending(ws)
    assert hub.seq == seq


def test_buttons_carry_whole_commands_that_the_server_accepts(client: TestClient) -> None:
    code, phones = started_game(client)
    hub = hub_of(client, code)
    index = {p.id: i for i, p in enumerate(hub.state.players)}
    me = hub.state.players[0].id
    with phones[0].websocket_connect(f"/g/{code}/ws") as ws:
        first = receive(ws)
    commands = [json.loads(html.unescape(v)) for v in re.findall(r'name="command" value="([^"]+)"', first)]
    assert commands and all("type" in c for c in commands)
    reveal = next(c for c in commands if c["type"] == "reveal_private")
    with phones[index[reveal["target"]]].websocket_connect(f"/g/{code}/ws") as target_ws:
        before = receive(target_ws)
        # As it reads in "ce que je sais" (a card's objective may name another card: match the whole line).
        my_card = f"Aude : {escape(CARDS[hub.state.cards[me]].label('fr'))}"
        assert my_card not in before
        assert act(phones[0], code, reveal).status_code == 200
        shown = receive_until(target_ws, 'id="p-info"')[-1]
        assert my_card in shown


def test_a_mates_box_shows_my_waiting_request_and_goes_back_once_i_cancel_it(client: TestClient) -> None:
    # Each box of a mates page is made once for its mate, the page's actions and the address (mate_box.html):
    # the one box my request changed is made anew, both ways, and its page-mates come back as they were.
    code, phones = started_game(client)
    hub = hub_of(client, code)
    a = hub.state.players[0].id
    mate = next(p for p in hub.state.present(hub.state.rooms[a]) if p != a)
    name = next(p.name for p in hub.state.players if p.id == mate)

    def box(push: str, pid: str) -> str:
        return push.split(f'<details class="mate" id="mate-{pid}">')[1].split("</details>")[0]

    with phones[0].websocket_connect(f"/g/{code}/ws") as ws:
        first = receive(ws)
        mates = re.findall(r'<details class="mate" id="mate-([\w-]+)">', first)
        assert mate in mates and a not in mates
        before = {pid: box(first, pid) for pid in mates}
        assert "demande envoyée" not in before[mate] and "cancel_reveal" not in before[mate]
        act(phones[0], code, {"type": "request_reveal", "kind": "complete", "target": mate})
        asked = receive(ws)
        waiting = box(asked, mate)
        assert "demande envoyée" in waiting and "cancel_reveal" in waiting
        assert html.escape(f"Votre demande attend la réponse de {name}.") in waiting
        shown = re.findall(r'<details class="mate" id="mate-([\w-]+)">', asked)
        assert all(box(asked, pid) == before[pid] for pid in shown if pid != mate)
        rid = next(r.id for r in hub.state.requests.values() if r.from_id == a)
        act(phones[0], code, {"type": "cancel_reveal", "request_id": rid})
        assert box(receive_until(ws, f'id="mate-{mate}"')[-1], mate) == before[mate]
