"""Régents's door, settings and refusals through the app: clear errors in the user's language, nothing changed."""

from __future__ import annotations

import json
import re

import pytest
from starlette.testclient import TestClient
from web_helpers import phone

from app.games.regents.model import State

from .phones import Table, create_table, hub_of, post, shown_wrongly, sit, visible


def state_of(client: TestClient, code: str) -> State:
    s: State = hub_of(client, code).state
    return s


def test_the_home_page_offers_regents_with_its_settings(client: TestClient) -> None:
    page = client.get("/").text
    assert 'name="game" value="regents"' in page and 'name="rg_prompt_seconds"' in page
    assert "1 conseiller par domaine mené seul" in page


def test_creating_a_table_gives_the_secret_link_the_join_link_and_the_screen(client: TestClient) -> None:
    response = client.post("/games", data={"game": "regents", "rg_prompt_seconds": "20", "rg_fourth_bonus": "per_player"})
    assert response.status_code == 200
    code = re.search(r"/g/([A-Z]{4})<", response.text).group(1)  # type: ignore[union-attr]
    assert f"/m/{code}?k=" in response.text and f"/s/{code}" in response.text and "<svg" in response.text
    config = state_of(client, code).config
    assert config.prompt_seconds == 20 and config.fourth_turn_bonus == "per_player"
    # The creator's browser is the dashboard at once.
    assert "Les joueurs" in client.get(f"/m/{code}").text


@pytest.mark.parametrize(("lang", "words"), [("fr", "Réglages invalides"), ("en", "Invalid settings")])
def test_bad_settings_are_refused_in_the_users_language(client: TestClient, lang: str, words: str) -> None:
    response = client.post(f"/games?lang={lang}", data={"game": "regents", "rg_prompt_seconds": "soon"})
    assert response.status_code == 422 and words in response.text


def test_the_door_seats_names_refuses_clashes_and_a_sixth_player(client: TestClient) -> None:
    code = create_table(client)
    door = phone(client).get(f"/g/{code}").text
    assert 'action="/g/' + code + '/join"' in door and "Votre nom" in door
    sit(client, code, "Ana")
    taken = phone(client).post(f"/g/{code}/join", data={"name": " ana "})
    assert taken.status_code == 409 and "« ana » est déjà pris" in taken.text
    empty = phone(client).post(f"/g/{code}/join", data={"name": "   "})
    assert empty.status_code == 422 and "de 1 à 24 caractères" in empty.text
    for name in ("Bob", "Chloé", "Dan", "Eve"):
        sit(client, code, name)
    full = phone(client).get(f"/g/{code}").text
    assert "La table est complète" in full and f'action="/g/{code}/join"' not in full
    sixth = phone(client).post(f"/g/{code}/join?lang=en", data={"name": "Fay"})
    assert sixth.status_code == 409 and "The table is full (5 players at most)." in sixth.text
    assert len(state_of(client, code).seats) == 5


def test_the_game_master_starts_only_with_three_to_five(client: TestClient) -> None:
    code = create_table(client)
    sit(client, code, "Ana")
    sit(client, code, "Bob")
    dash = client.get(f"/m/{code}").text
    assert "Il faut de 3 à 5 joueurs (vous êtes 2)." in dash and "disabled" in dash
    refused = post(client, code, {"type": "start"}, moderator=True)
    assert refused.status_code == 409 and "Il faut de 3 à 5 joueurs (vous êtes 2)." in refused.text
    assert state_of(client, code).phase == "lobby"
    # A phone cannot start the game: the dashboard is the game master's.
    ana = sit(client, code, "Chloé")
    assert post(ana.client, code, {"type": "start"}).status_code == 409
    assert state_of(client, code).phase == "lobby"
    assert post(client, code, {"type": "start"}, moderator=True).status_code == 200
    assert state_of(client, code).phase == "placement"


@pytest.fixture
def started(client: TestClient) -> tuple[TestClient, str, Table]:
    code = create_table(client)
    table = Table(client, code, ["Ana", "Bob", "Chloé", "Dan"])
    assert post(client, code, {"type": "start"}, moderator=True).status_code == 200
    return client, code, table


@pytest.mark.parametrize(("lang", "expected"), [
    ("fr", "Un agent ne va que dans un lieu voisin."),
    ("en", "An agent only moves to a neighbouring space."),
])
def test_an_illegal_move_is_refused_in_the_users_language_and_changes_nothing(
        started: tuple[TestClient, str, Table], lang: str, expected: str) -> None:
    client, code, table = started
    s = state_of(client, code)
    while s.phase == "placement":  # every agent in the throne room
        placer = next(p for p in table.phones if p.player_id == s.placer.pid)
        assert post(placer.client, code, {"type": "place_agent", "space": "TRONE"}).status_code == 200
        s = state_of(client, code)
    active = next(p for p in table.phones if p.player_id == s.current.pid)
    active.client.get(f"/g/{code}?lang={lang}")  # the language is a cookie
    version = s.version
    response = post(active.client, code, {"type": "move_agent", "from_space": "TRONE", "to_space": "GARDE_TOUR"})
    assert response.status_code == 409 and expected in response.text and "flash-on" in response.text
    assert state_of(client, code).version == version
    other = next(p for p in table.phones if p.player_id != s.current.pid)
    other.client.get(f"/g/{code}?lang={lang}")
    late = post(other.client, code, {"type": "end_actions"})
    word = "Ce n'est pas votre tour" if lang == "fr" else "It is not your turn"
    assert late.status_code == 409 and word in late.text.replace("&#39;", "'")
    assert state_of(client, code).version == version


@pytest.mark.parametrize(("lang", "expected"), [("fr", "Commande invalide"), ("en", "Invalid command")])
def test_malformed_input_answers_422_and_changes_nothing(started: tuple[TestClient, str, Table], lang: str,
                                                        expected: str) -> None:
    client, code, table = started
    ana = table.phones[0]
    ana.client.get(f"/g/{code}?lang={lang}")
    version = state_of(client, code).version
    bad_space = post(ana.client, code, {"type": "place_agent", "space": "CUISINE"})
    assert bad_space.status_code == 422 and expected in bad_space.text
    unreadable = ana.client.post(f"/g/{code}/act", data={"command": "{not json", "key": "k-12345678"},
                                 headers={"hx-request": "true"})
    assert unreadable.status_code == 422
    assert ("Requête invalide" if lang == "fr" else "Invalid request") in unreadable.text
    stranger = phone(client).post(f"/g/{code}/act", data={"command": json.dumps({"type": "end_actions"}),
                                                          "key": "k-12345678"}, headers={"hx-request": "true"})
    assert stranger.status_code == 403
    assert state_of(client, code).version == version


def test_a_phone_in_english_reads_english(started: tuple[TestClient, str, Table]) -> None:
    client, code, table = started
    s = state_of(client, code)
    placer = next(p for p in table.phones if p.player_id == s.placer.pid)
    page = visible(placer.client.get(f"/g/{code}?lang=en").text)
    assert "Your turn: place an agent" in page and "Place here" in page and "Hold to see" in page
    assert "Poser ici" not in page
    screen = visible(phone(client).get(f"/s/{code}?lang=en").text)
    assert "Set-up: everyone places 4 agents" in screen and "Influence tracks" in screen


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_no_page_shows_a_raw_key_a_placeholder_or_a_secret(client: TestClient, lang: str) -> None:
    """The pages as loaded (not pushed): the home page's Régents fieldset, the created page, the door,
    the PIN page, every seat's phone, the dashboard and the screen, in the lobby and once started."""
    created = client.post(f"/games?lang={lang}", data={"game": "regents"})
    code = re.search(r"/g/([A-Z]{4})<", created.text).group(1)  # type: ignore[union-attr]
    home = client.get(f"/?lang={lang}").text
    ours = home.split('data-game="regents">')[1].split("</fieldset>")[0]
    door = phone(client)
    loaded: list[tuple[str | None, str]] = [(None, created.text), (None, ours), (None, door.get(f"/g/{code}?lang={lang}").text)]
    table = Table(client, code, ["Ana", "Bob", "Chloé"])
    loaded += [(None, table.phones[0].client.get(f"/g/{code}?lang={lang}").text)]
    lobby = state_of(client, code)
    for pid, page in loaded:
        assert shown_wrongly(lobby, pid, page) == [], page[:300]
    assert post(client, code, {"type": "start"}, moderator=True).status_code == 200
    s = state_of(client, code)
    started: list[tuple[str | None, str]] = [(p.player_id, p.client.get(f"/g/{code}?lang={lang}").text) for p in table.phones]
    started += [(None, client.get(f"/m/{code}?lang={lang}").text), (None, phone(client).get(f"/s/{code}?lang={lang}").text)]
    for pid, page in started:
        assert shown_wrongly(s, pid, page) == [], (pid, page[:300])


def test_a_new_phone_gets_its_seat_back_with_the_pin_once_the_game_master_confirms(client: TestClient) -> None:
    code = create_table(client)
    ana = sit(client, code, "Ana")
    sit(client, code, "Bob")
    sit(client, code, "Chloé")
    assert post(client, code, {"type": "start"}, moderator=True).status_code == 200
    new = phone(client)
    waiting = new.post(f"/g/{code}/recover", data={"name": "ana", "pin": ana.pin})
    assert waiting.status_code == 200 and "Le meneur de jeu va confirmer" in waiting.text
    dash = client.get(f"/m/{code}").text
    assert "Téléphones qui demandent une place" in dash and f'hx-post="/m/{code}/rebind/{ana.player_id}"' in dash
    wrong = phone(client).post(f"/g/{code}/recover", data={"name": "Bob", "pin": "000000"})
    assert wrong.status_code == 403
    assert client.post(f"/m/{code}/rebind/{ana.player_id}", headers={"origin": "http://testserver"}).status_code == 204
    page = new.get(f"/g/{code}").text
    assert "Vous êtes Ana" in page and 'id="rg-secret"' in page
    assert 'id="rg-secret"' not in ana.client.get(f"/g/{code}").text  # the old phone is cut off
