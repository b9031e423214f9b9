"""Débarquement tables: the home form, joining, refusals in the user's language, strangers, rejoin, timers, restart."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from debarquement_helpers import Phone, cards_in, create_table, hub_of, post, sit
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from web_helpers import create_game, make_settings, phone, receive

from app.games.debarquement import Phase
from app.games.deuxrois.game import Actor
from app.kernel.text import EngineError
from app.web.app import create_app


def started(client: TestClient, names: tuple[str, ...] = ("Ana", "Bob", "Chloé")) -> tuple[str, list[Phone]]:
    code = create_table(client)
    phones = [sit(client, code, n) for n in names]
    assert post(phones[0].client, code, {"type": "start"}).status_code == 200
    return code, phones


def test_the_home_page_creates_a_debarquement_table_with_its_links_and_qr(client: TestClient) -> None:
    home = client.get("/")
    assert 'name="game" value="debarquement"' in home.text and 'name="quick"' in home.text
    response = client.post("/games", data={"game": "debarquement", "quick": "on"})
    assert response.status_code == 200
    code = response.text.split('id="join-link">')[1].split("/g/")[1][:4]
    assert f"/s/{code}" in response.text and "<svg" in response.text
    assert "/m/" not in response.text  # no game-master secret for this game
    assert hub_of(client, code).state.state.threshold == 30  # "Conquête rapide" (F18)
    lobby = phone(client).get(f"/g/{code}")
    assert "Perd qui atteint 30 points" in lobby.text and 'action="/g/' in lobby.text
    qr = client.get(f"/qr/{code}.svg")
    assert qr.status_code == 200 and qr.headers["content-type"].startswith("image/svg+xml")
    # A form from before the game picker named the field "variant": it still creates a table.
    old = client.post("/games", data={"variant": "debarquement"})
    assert old.status_code == 200 and "/m/" not in old.text and 'id="join-link"' in old.text


def test_every_game_has_the_same_addresses_and_the_old_ones_redirect(client: TestClient) -> None:
    table = create_table(client)
    classic, _ = create_game(client)
    to_table = client.get(f"/join?code={table.lower()}", follow_redirects=False)
    assert to_table.status_code == 303 and to_table.headers["location"] == f"/g/{table}"
    to_game = client.get(f"/join?code={classic}", follow_redirects=False)
    assert to_game.headers["location"] == f"/g/{classic}"
    assert "Perd qui atteint" in client.get(f"/g/{table}").text  # the table's own door
    assert client.get(f"/s/{table}").status_code == 200
    # Addresses printed before a game was a folder (QR codes on tables) still lead there.
    for old, new in ((f"/d/{table}", f"/g/{table}"), (f"/d/{table}/screen", f"/s/{table}"),
                     (f"/d/{table}/qr.svg", f"/qr/{table}.svg"), (f"/d/{table}/bound", f"/g/{table}/bound")):
        moved = client.get(old, follow_redirects=False)
        assert moved.status_code == 308 and moved.headers["location"] == new, old
    posted = phone(client).post(f"/d/{table}/join", data={"name": "Zoé"})
    assert posted.status_code == 200 and "Zoé" in posted.text  # a POST follows the 308 with its body
    assert client.get(f"/m/{table}").status_code == 404  # no dashboard: the table runs itself


def test_joining_refusals_say_why_and_seat_nobody(client: TestClient) -> None:
    code = create_table(client)
    sit(client, code, "Ana", "40")
    hub = hub_of(client, code)
    version = hub.state.state.version
    for data, status, message in [
        ({"name": "  "}, 422, "Le nom doit faire de 1 à 24 caractères."),
        ({"name": "x" * 30}, 422, "Le nom doit faire de 1 à 24 caractères."),
        ({"name": "ANA"}, 409, "Le nom « ANA » est déjà pris à cette table."),
        ({"name": "Bob", "age": "douze"}, 422, "L&#39;âge doit être un nombre entier de 0 à 130"),
        ({"name": "Bob", "age": "131"}, 422, "L&#39;âge doit être un nombre entier de 0 à 130"),
    ]:
        response = phone(client).post(f"/g/{code}/join", data=data)
        assert response.status_code == status, response.text
        assert message in response.text
    english = phone(client).post(f"/g/{code}/join?lang=en", data={"name": "ana"})
    assert english.status_code == 409 and "is already taken at this table" in english.text
    assert hub.state.state.version == version and len(hub.state.state.seats) == 1


def test_a_phone_that_joins_twice_keeps_its_seat(client: TestClient) -> None:
    code = create_table(client)
    ana = sit(client, code, "Ana")
    again = ana.client.post(f"/g/{code}/join", data={"name": "Other"})
    assert again.status_code == 200 and "Ana" in again.text
    assert [s.name for s in hub_of(client, code).state.state.seats] == ["Ana"]


@pytest.fixture
def roomy_client(tmp_path: Path) -> Iterator[TestClient]:
    # More refusals in a row than one seat's burst allowance (the limiter has its own tests).
    with TestClient(create_app(make_settings(f"sqlite:///{tmp_path / 'g.db'}", rate_capacity=100))) as c:
        yield c


def test_bad_taps_change_nothing_and_say_why_in_the_users_language(roomy_client: TestClient) -> None:
    client = roomy_client
    code = create_table(client)
    ana, bob = sit(client, code, "Ana"), sit(client, code, "Bob")
    hub = hub_of(client, code)

    def refused(p: Phone, command: dict[str, object], status: int, text: str) -> None:
        version = hub.state.state.version
        response = post(p.client, code, command)
        assert response.status_code == status, response.text
        assert "flash-on" in response.text and text in response.text, response.text
        assert hub.state.state.version == version

    refused(ana, {"type": "play_card", "card": 12}, 409, "La partie n&#39;a pas encore commencé.")
    refused(bob, {"type": "start"}, 409, "Seul l&#39;hôte (Ana) peut lancer la partie.")
    refused(ana, {"type": "tick"}, 409, "Seul le minuteur du serveur peut faire cela.")
    refused(ana, {"type": "fly"}, 422, "Commande invalide")
    refused(ana, {"type": "play_card", "card": "douze"}, 422, "Commande invalide")
    assert post(ana.client, code, {"type": "start"}).status_code == 200
    s = hub.state.state
    stranger = next(c for c in range(1, 51) if c not in s.hands[ana.player_id])
    refused(ana, {"type": "play_card", "card": stranger}, 409, f"La carte n° {stranger}")
    ana.client.cookies.set("lang", "en")  # as the FR/EN switch stores it
    refused(ana, {"type": "play_card", "card": stranger}, 409, f"Card {stranger} (")
    refused(ana, {"type": "play_card", "card": stranger}, 409, "is not in your hand.")
    ana.client.cookies.delete("lang")
    refused(ana, {"type": "choose_boat", "boat": "normand"}, 409, "Aucune carte n&#39;attend de choix de bateau.")
    refused(ana, {"type": "next_manche"}, 409, "La manche est en cours.")
    refused(ana, {"type": "leave"}, 409, "On ne quitte la table")
    late = phone(client).post(f"/g/{code}/join", data={"name": "Zoé"})
    assert late.status_code == 409 and "La partie a déjà commencé" in late.text
    mine = s.hands[ana.player_id][0]
    assert post(ana.client, code, {"type": "play_card", "card": mine}).status_code == 200
    refused(ana, {"type": "play_card", "card": s.hands[ana.player_id][1]}, 409, "Vous avez déjà choisi votre carte")


def test_the_same_tap_twice_has_one_effect(client: TestClient) -> None:
    code, (ana, *_) = started(client)
    hub = hub_of(client, code)
    card = hub.state.state.hands[ana.player_id][0]
    first = post(ana.client, code, {"type": "play_card", "card": card}, key="tap-0001")
    version = hub.state.state.version
    second = post(ana.client, code, {"type": "play_card", "card": card}, key="tap-0001")
    assert first.status_code == second.status_code == 200
    assert hub.state.state.version == version and hub.state.state.chosen[ana.player_id] == card


def test_strangers_get_no_seat_no_hand_and_no_socket(client: TestClient) -> None:
    code, (ana, *_) = started(client)
    other = create_table(client)
    zoe = sit(client, other, "Zoé")
    nobody = phone(client)
    response = post(nobody, code, {"type": "play_card", "card": 1})
    assert response.status_code == 403 and "Ce téléphone n&#39;a pas de place dans cette partie." in response.text
    # A seat cookie of another table, replayed under this table's name, is nobody here.
    token = zoe.client.cookies.get(f"seat_{other}")
    assert token
    thief = phone(client)
    thief.cookies.set(f"seat_{code}", token, path=f"/g/{code}")
    assert post(thief, code, {"type": "play_card", "card": 1}).status_code == 403
    page = thief.get(f"/g/{code}")
    assert "La partie a commencé sans vous" in page.text and "dnum" not in page.text
    with pytest.raises(WebSocketDisconnect) as closed, thief.websocket_connect(f"/g/{code}/ws") as ws:
        receive(ws)
    assert closed.value.code == 4403
    # A seat at a débarquement table is no seat in a main game either.
    classic, _ = create_game(client)
    assert ana.client.post(f"/g/{classic}/act", data={"command": "{}", "key": "k" * 8}).status_code == 403


def test_a_phone_that_slept_gets_the_whole_table_back(client: TestClient) -> None:
    code, (ana, bob, chloe) = started(client)
    hub = hub_of(client, code)
    with ana.client.websocket_connect(f"/g/{code}/ws") as ws:
        ana.ws = ws
        ana.take(receive(ws))
        assert len(cards_in(ana.region("d-hand"))) == 6
    # Asleep: the others play.
    for p in (bob, chloe):
        card = hub.state.state.hands[p.player_id][0]
        assert post(p.client, code, {"type": "play_card", "card": card}).status_code == 200
    s = hub.state.state
    with ana.client.websocket_connect(f"/g/{code}/ws") as ws:
        woke = Phone("Ana", ana.client, ws, ana.player_id)
        woke.take(receive(ws))  # one message: every region, at the current version
        assert woke.version == s.version
        assert {"d-status", "d-hand", "d-boats", "d-mine", "d-actions", "d-players", "d-scores"} <= set(woke.regions)
        assert cards_in(woke.region("d-hand")) == set(s.hands[ana.player_id])
        assert woke.region("d-players").count("✓ a choisi") == 2
        assert "Touchez la carte" in woke.region("d-hand")
    page = ana.client.get(f"/g/{code}")
    assert cards_in(page.text.split('id="d-boats"')[0]) >= set(s.hands[ana.player_id])


def test_the_timer_plays_for_whoever_is_late_and_a_stale_tick_changes_nothing(client: TestClient) -> None:
    code, (ana, bob, _chloe) = started(client)
    hub = hub_of(client, code)
    table = hub.state
    assert table.prompt == "m1.t1.cards"
    assert hub._armed_for == table.since + 60_000  # the suggested 60 s to choose a card, from the deal's time
    card = table.state.hands[ana.player_id][0]
    assert post(ana.client, code, {"type": "play_card", "card": card}).status_code == 200
    assert hub._armed_for == table.since + 60_000  # the same prompt: the timer is not re-armed per choice
    with bob.client.websocket_connect(f"/g/{code}/ws") as ws:
        receive(ws)
        client.portal.call(hub._tick, hub._armed_for)  # the timer runs out now
        s = hub.state.state
        assert s.turn == 2 or s.phase is Phase.PLACING
        assert s.chosen == {} and len(s.revealed) == 3
        assert any("Cartes révélées au tour de jeu 1" in m for m in _drain(ws))
    with pytest.raises(EngineError) as stale:
        client.portal.call(hub.dispatch, {"type": "tick", "prompt": "m1.t1.cards"}, Actor.system())
    assert stale.value.code == "stale_tick"


def _drain(ws: object) -> list[str]:
    got: list[str] = []
    with contextlib.suppress(TimeoutError):
        while True:
            got.append(receive(ws, 0.3))  # type: ignore[arg-type]
    return got


def test_a_restart_keeps_the_table_the_seats_and_the_timer(tmp_path: Path) -> None:
    settings = make_settings(f"sqlite:///{tmp_path / 'r.db'}")
    with TestClient(create_app(settings)) as first:
        code, (ana, _bob) = started(first, ("Ana", "Bob"))
        hub = hub_of(first, code)
        card = hub.state.state.hands[ana.player_id][0]
        assert post(ana.client, code, {"type": "play_card", "card": card}).status_code == 200
        version, deadline, cookies = hub.state.state.version, hub._armed_for, ana.client.cookies
    with TestClient(create_app(make_settings(settings.database_url))) as second:
        back = phone(second)
        back.cookies = cookies
        page = back.get(f"/g/{code}")
        assert "Ma carte choisie" in page.text and f'<span class="dnum">{card}</span>' in page.text
        hub = hub_of(second, code)
        assert hub.state.state.version == version and hub.state.state.chosen == {ana.player_id: card}
        assert hub._armed_for == deadline  # re-armed from the times in the log


def test_a_new_phone_takes_a_seat_back_with_the_pin_once_someone_else_confirms(client: TestClient) -> None:
    code, (ana, bob, chloe) = started(client)
    hub = hub_of(client, code)
    new = phone(client)
    lobby = new.get(f"/g/{code}")
    assert 'action="/g/' in lobby.text and "/recover" in lobby.text
    wrong = new.post(f"/g/{code}/recover", data={"name": "Bob", "pin": "000000" if bob.pin != "000000" else "111111"})
    assert wrong.status_code == 403 and "Nom ou code de secours incorrect." in wrong.text
    with ana.client.websocket_connect(f"/g/{code}/ws") as ana_ws, bob.client.websocket_connect(f"/g/{code}/ws") as old_ws:
        ana.ws, bob.ws = ana_ws, old_ws
        ana.take(receive(ana_ws))
        bob.take(receive(old_ws))
        asked = new.post(f"/g/{code}/recover", data={"name": " bob ", "pin": bob.pin})
        assert asked.status_code == 200 and "/g/" + code + "/bound" in asked.text
        assert new.get(f"/g/{code}/bound").status_code == 204
        assert "En attente d&#39;une confirmation" in new.get(f"/g/{code}").text
        ana.take(receive(ana_ws))
        assert "Bob demande à reprendre sa place" in ana.region("d-actions")
        assert f"/rebind/{bob.player_id}" in ana.region("d-actions")
        # Nobody vouches for themselves: neither the new phone nor the old one.
        for who in (new, bob.client):
            refused = who.post(f"/g/{code}/rebind/{bob.player_id}", headers={"hx-request": "true"})
            assert refused.status_code == 403
            assert "Seule une autre personne assise à la table peut confirmer." in refused.text
        assert "rebind" not in bob.region("d-actions")
        ok = ana.client.post(f"/g/{code}/rebind/{bob.player_id}", headers={"hx-request": "true"})
        assert ok.status_code == 200
        with pytest.raises(WebSocketDisconnect):
            for _ in range(5):
                receive(old_ws)  # the old phone's socket is closed
    assert post(bob.client, code, {"type": "play_card", "card": 1}).status_code == 403  # its cookie is dead
    assert new.get(f"/g/{code}/bound").headers.get("hx-redirect") == f"/g/{code}"
    back = new.get(f"/g/{code}")
    assert cards_in(back.text.split('id="d-boats"')[0]) >= set(hub.state.state.hands[bob.player_id])
    again = chloe.client.post(f"/g/{code}/rebind/{bob.player_id}", headers={"hx-request": "true"})
    assert again.status_code == 409 and "Aucune demande en attente" in again.text
