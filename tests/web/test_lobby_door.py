"""The lobby's door (issue 13, item 4): whoever runs it removes a seat and locks the lobby, in every game
that has one (app/kernel/seats.py), through the pages people use.

The game master's dashboard (Deux Rois, Royal Secrets, Régents), or the host's phone at a table with no
game master (Débarquement), shows each seat's "Retirer" (asked once) and the lock; each test posts the very
command that page renders, to the address it posts to. A removed phone's socket is cut and not let back
in, its cookie opens nothing, and back at the door it is told why; its name is free again. A locked lobby
refuses newcomers at the door while the seated keep their seats and a lost phone still gets its own back
with its PIN; the big screen and the door say it is closed; unlocking opens it again. Every change is an
event in the game's log.
"""

from __future__ import annotations

import html
import json
import re
import secrets
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from web_helpers import act, create_game, join, phone, receive, receive_until

BUTTON = re.compile(r'<button\b[^>]*name="command" value="([^"]+)"[^>]*>')
JOIN_LINK = re.compile(r'id="join-link">[^<]*/g/([A-Z]{4})<')
NAMES = ["Aline", "Bruno", "Chloé", "Denis", "Emma", "Fanny"]  # Deux Rois starts with six


@dataclass
class Door:
    """One game's table with three people seated, and whoever runs its door."""

    game: str
    code: str
    runner: TestClient  # the game master's browser, or the host's phone
    page: str  # the runner's page, which renders the door's buttons
    url: str  # where those buttons post
    seated: dict[str, tuple[TestClient, str]]  # name -> (phone, PIN)
    by_host: bool

    def hub(self) -> Any:
        return self.runner.app.state.games._hubs[self.code]  # type: ignore[attr-defined]

    def pid(self, name: str) -> str:
        return next(str(p["id"]) for p in self.hub().definition.lobby(self.hub().state)["players"] if p["name"] == name)

    def buttons(self) -> list[tuple[dict[str, Any], str]]:
        """Every door button on the runner's page: its command and the tag that carries it."""
        page = self.runner.get(self.page).text
        out = []
        for tag in BUTTON.finditer(page):
            command = json.loads(html.unescape(tag.group(1)))
            if command["type"] in ("mod_remove_seat", "mod_lock_lobby"):
                out.append((command, tag.group(0)))
        return out

    def press(self, command: dict[str, Any], lang: str = "") -> Any:
        """The button's form as htmx posts it (the command and an idempotency key)."""
        return self.runner.post(self.url + lang, data={"command": json.dumps(command), "key": secrets.token_hex(8)},
                                headers={"hx-request": "true"})

    def remove_button(self, name: str) -> tuple[dict[str, Any], str]:
        return next(b for b in self.buttons() if b[0] == {"type": "mod_remove_seat", "player_id": self.pid(name)})

    def lock_button(self, locked: bool) -> tuple[dict[str, Any], str]:
        return next(b for b in self.buttons() if b[0] == {"type": "mod_lock_lobby", "locked": locked})

    def log(self) -> list[dict[str, Any]]:
        hub = self.hub()
        return [e.payload for e in hub.repo.load_events(hub.game.id)]


def _created(client: TestClient, game: str) -> str:
    page = client.post("/games", data={"game": game}).text
    match = JOIN_LINK.search(page)
    assert match, page
    return match.group(1)


def open_door(client: TestClient, game: str) -> Door:
    code = create_game(client)[0] if game == "deuxrois" else _created(client, game)
    seated = {name: join(client, code, name) for name in NAMES[:3]}
    if game == "debarquement":  # no game master: the first seat hosts
        return Door(game, code, seated["Aline"][0], f"/g/{code}", f"/g/{code}/act", seated, by_host=True)
    return Door(game, code, client, f"/m/{code}", f"/m/{code}/act", seated, by_host=False)


@pytest.fixture(params=["deuxrois", "royal_secrets", "regents", "debarquement"])
def door(request: pytest.FixtureRequest, client: TestClient) -> Iterator[Door]:
    yield open_door(client, request.param)


REMOVED = {False: ("Le meneur vous a retiré de la partie.", "The game master removed you from the game."),
           True: ("L'hôte vous a retiré de la table.", "The host removed you from the table.")}


def test_a_removed_seat_is_cut_off_and_its_phone_is_a_newcomer_told_why(door: Door) -> None:
    troll, _ = door.seated["Chloé"]
    troll_id = door.pid("Chloé")
    command, tag = door.remove_button("Chloé")
    assert "hx-confirm=" in tag and "Chloé" in html.unescape(tag)  # asked once, naming the seat
    with troll.websocket_connect(f"/g/{door.code}/ws") as ws:
        receive(ws)  # the whole view on connect
        assert door.press(command).status_code == 200
        with pytest.raises(WebSocketDisconnect) as cut:
            receive_until(ws, "never")
        assert cut.value.code == 1013
    # The phone tries again: refused for good (htmx stops; app.js reloads it once into the door).
    with troll.websocket_connect(f"/g/{door.code}/ws") as ws, pytest.raises(WebSocketDisconnect) as refused:
        receive(ws)
    assert refused.value.code == 4403
    # Its seat cookie opens nothing: the door, as a newcomer, told why, in its language.
    french, english = REMOVED[door.by_host]
    page = html.unescape(troll.get(f"/g/{door.code}").text)
    assert french in page and f'action="/g/{door.code}/join"' in page
    assert english in html.unescape(troll.get(f"/g/{door.code}?lang=en").text)
    tap = act(troll, door.code, {"type": "leave"})
    assert tap.status_code == 403 and tap.headers["hx-redirect"] == f"/g/{door.code}"
    assert english in html.unescape(tap.text)  # the language the phone picked just before
    # The others stay; the name is free again (a new seat, never the old id).
    assert [p["name"] for p in door.hub().definition.lobby(door.hub().state)["players"]] == ["Aline", "Bruno"]
    again, _ = join(troll, door.code, "Chloé")
    assert door.pid("Chloé") != troll_id
    assert f'ws-connect="/g/{door.code}/ws"' in again.get(f"/g/{door.code}").text  # seated again
    # An event in the game's log, with whose seat it was.
    assert {"type": "seat_removed", "player_id": troll_id, "name": "Chloé"}.items() <= next(
        e for e in door.log() if e["type"] == "seat_removed").items()


def test_a_locked_lobby_turns_newcomers_away_while_the_seated_keep_their_seats(door: Door) -> None:
    screen = phone(door.runner)
    with screen.websocket_connect(f"/s/{door.code}/ws") as big:
        receive(big)
        command, _ = door.lock_button(True)
        assert door.press(command).status_code == 200
        receive_until(big, "Inscriptions fermées")  # the big screen says it at once
    assert "Inscriptions fermées" in screen.get(f"/s/{door.code}").text
    # The door says it, and refuses a newcomer in the newcomer's language.
    newcomer = phone(door.runner)
    page = html.unescape(newcomer.get(f"/g/{door.code}").text)
    assert "Inscriptions fermées" in page and f'action="/g/{door.code}/join"' not in page
    refused = newcomer.post(f"/g/{door.code}/join", data={"name": "Gaspard"})
    assert refused.status_code == 409 and "Les inscriptions sont fermées" in html.unescape(refused.text)
    english = newcomer.post(f"/g/{door.code}/join?lang=en", data={"name": "Gaspard"})
    assert english.status_code == 409 and "Joining is closed" in english.text
    # Seated phones keep playing; a lost phone gets its seat back with its PIN (the rebind still works).
    bruno, pin = door.seated["Bruno"]
    assert f'ws-connect="/g/{door.code}/ws"' in bruno.get(f"/g/{door.code}").text
    lost = phone(door.runner)
    assert lost.post(f"/g/{door.code}/recover", data={"name": "Bruno", "pin": pin}).status_code == 200
    assert door.hub().rebinds == [door.pid("Bruno")]
    # Locking twice says so; unlocking opens the door again.
    twice = door.press({"type": "mod_lock_lobby", "locked": True})
    assert twice.status_code == 409 and "déjà fermées" in html.unescape(twice.text)
    command, _ = door.lock_button(False)
    assert door.press(command).status_code == 200
    assert newcomer.post(f"/g/{door.code}/join", data={"name": "Gaspard"}).status_code == 200
    assert [e["locked"] for e in door.log() if e["type"] == "lobby_locked"] == [True, False]


START = {"deuxrois": 6, "royal_secrets": 3, "regents": 3, "debarquement": 2}


def test_the_door_is_run_in_the_lobby_only_and_by_whoever_runs_it(door: Door) -> None:
    # A seated player who does not run the door is refused, whatever the game.
    bruno, _ = door.seated["Bruno"]
    nope = act(bruno, door.code, {"type": "mod_lock_lobby", "locked": True})
    assert nope.status_code in (403, 409) and door.hub().definition.lobby(door.hub().state)["locked"] is False
    for name in NAMES[3:START[door.game]]:
        join(door.runner, door.code, name)
    start = {"type": "start"}
    assert door.press(start).status_code == 200
    assert not door.buttons()  # no "Retirer" and no lock once the game runs
    late = ({"type": "mod_remove_seat", "player_id": door.pid("Chloé")}, {"type": "mod_lock_lobby", "locked": True})
    for command in late:
        refused = door.press(command)
        assert refused.status_code == 409 and "La partie a commencé" in html.unescape(refused.text)
    for command in late:
        assert "The game has started" in html.unescape(door.press(command, "?lang=en").text)


def test_the_host_cannot_remove_his_own_seat_and_the_others_do_not_run_the_door(client: TestClient) -> None:
    door = open_door(client, "debarquement")
    own = door.press({"type": "mod_remove_seat", "player_id": door.pid("Aline")})
    assert own.status_code == 409 and "votre propre place" in html.unescape(own.text)
    assert all(c["player_id"] != door.pid("Aline") for c, _ in door.buttons() if c["type"] == "mod_remove_seat")
    bruno, _ = door.seated["Bruno"]
    assert 'mod_remove_seat' not in bruno.get(f"/g/{door.code}").text
    nope = act(bruno, door.code, {"type": "mod_remove_seat", "player_id": door.pid("Chloé")})
    assert nope.status_code == 409 and "Seul l'hôte (Aline)" in html.unescape(nope.text)


def test_an_undone_removal_gives_the_seat_and_its_phone_back(client: TestClient) -> None:
    """Deux Rois's undo reaches the door like every other move: the seat comes back, its cookie works again."""
    door = open_door(client, "deuxrois")
    chloe, _ = door.seated["Chloé"]
    before = door.hub().state.version
    assert door.press(door.remove_button("Chloé")[0]).status_code == 200
    assert "Le meneur retire Chloé de la partie" in html.unescape(client.get(door.page).text)  # the journal
    assert door.press({"type": "mod_undo", "to_version": before}).status_code == 200
    assert "Chloé" in [p["name"] for p in door.hub().definition.lobby(door.hub().state)["players"]]
    assert f'ws-connect="/g/{door.code}/ws"' in chloe.get(f"/g/{door.code}").text
