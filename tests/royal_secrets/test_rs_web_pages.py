"""Royal Secrets' pages through the routes people use: the home page, the door, the phone, the big screen, the
dashboard (the order round the table, start, pause, play for an absent player, undo with its preview, a new
phone for a seat), refusals in the user's language that change nothing, the export replayed as a scenario."""

from __future__ import annotations

import re

import pytest
from starlette.testclient import TestClient
from web_helpers import phone, receive

from app.games.royal_secrets.scenario import simulate
from app.games.royal_secrets.state import State
from royal_secrets.phones import create_table, forms_in, hub_of, post, raw_words, seat, visible_text

NAMES = ["Ana", "Bob", "Chloé", "Dan"]


def _table(client: TestClient, n: int = 4, **form: str) -> tuple[str, list[TestClient]]:
    code, _secret = create_table(client, **form)  # the creator's browser (client) is the dashboard now
    return code, [seat(client, code, name).client for name in NAMES[:n]]


def _state(client: TestClient, code: str) -> State:
    s: State = hub_of(client, code).state
    return s


def _mod(client: TestClient, code: str, command: dict[str, object], **fields: object) -> str:
    response = post(client, f"/m/{code}/act", command, **fields)
    assert response.status_code == 200 and "flash-on" not in response.text, response.text
    return response.text


def _act(p: TestClient, code: str, command: dict[str, object], **fields: object) -> str:
    response = post(p, f"/g/{code}/act", command, **fields)
    assert response.status_code == 200 and "flash-on" not in response.text, response.text
    return response.text


def _page(c: TestClient, url: str) -> str:
    response = c.get(url)
    assert response.status_code == 200, response.text
    assert not raw_words(response.text), raw_words(response.text)
    return response.text


def _holder(client: TestClient, code: str, phones: list[TestClient]) -> TestClient:
    return phones[int(str(_state(client, code).tuile)[1:]) - 1]


# -- the home page and creating a table ------------------------------------------------------------------


def test_the_home_page_offers_royal_secrets_with_its_settings(client: TestClient) -> None:
    home = _page(client, "/")
    assert 'name="game" value="royal_secrets"' in home and "Royal Secrets" in home
    assert 'data-game="royal_secrets"' in home and 'name="rs_public_scores"' in home
    code, _ = create_table(client, rs_public_scores="on", rs_layout="mixed", rs_opener="designates")
    config = _state(client, code).config
    assert (config.public_scores, config.audience_layout, config.round_opener) == (True, "mixed", "designates")


@pytest.mark.parametrize(("lang", "words"), [("fr", "Réglages invalides"), ("en", "Invalid settings")])
def test_bad_settings_are_refused_in_the_users_language(client: TestClient, lang: str, words: str) -> None:
    client.get(f"/?lang={lang}")
    response = client.post("/games", data={"game": "royal_secrets", "rs_layout": "sideways"})
    assert response.status_code == 422 and words in response.text


def test_created_page_gives_the_dashboard_the_players_qr_and_the_screen(client: TestClient) -> None:
    response = client.post("/games", data={"game": "royal_secrets"})
    text = response.text
    assert response.status_code == 200 and "Table Royal Secrets" in text and "<svg" in text
    code = re.search(r'id="join-link">[^<]*/g/([A-Z]{4})<', text)
    assert code and f'/s/{code.group(1)}' in text and "Ouvrir le tableau de bord" in text
    assert not raw_words(text)
    dashboard = _page(client, f"/m/{code.group(1)}")  # the creator's browser holds the cookie already
    assert 'ws-connect="/m/' in dashboard and "Commencer la partie" in dashboard


# -- the door ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("lang", "empty", "taken"), [
    ("fr", "Choisissez un nom.", "est déjà pris"),
    ("en", "Choose a name.", "is taken"),
])
def test_the_door_refuses_bad_names_politely(client: TestClient, lang: str, empty: str, taken: str) -> None:
    code, _ = create_table(client)
    door = phone(client)
    assert "M'asseoir à la table" in visible_text(_page(door, f"/g/{code}"))
    door.get(f"/g/{code}?lang={lang}")
    assert empty in door.post(f"/g/{code}/join", data={"name": "   "}).text
    assert door.post(f"/g/{code}/join", data={"name": "Ana"}).status_code == 200
    other = phone(client)
    other.get(f"/g/{code}?lang={lang}")
    response = other.post(f"/g/{code}/join", data={"name": " ana "})
    assert response.status_code == 409 and taken in visible_text(response.text)
    assert [s.name for s in _state(client, code).seats] == ["Ana"]


def test_a_sixth_phone_finds_the_table_full_and_latecomers_a_started_game(client: TestClient) -> None:
    code, _ = create_table(client)
    for name in ["A", "B", "C", "D", "E"]:
        seat(client, code, name)
    late = phone(client)
    assert "La table est complète (5 joueurs)." in late.post(f"/g/{code}/join", data={"name": "F"}).text
    _mod(client, code, {"type": "start"})
    page = _page(late, f"/g/{code}")
    assert "La partie a commencé" in page and "M'asseoir" not in page


# -- the phone, refusals ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("lang", "turn", "face"), [
    ("fr", "qui a la parole", "Impossible pendant"),
    ("en", "has the Parole", "Not possible during"),
])
def test_a_refused_tap_says_why_in_the_users_language_and_changes_nothing(
        client: TestClient, lang: str, turn: str, face: str) -> None:
    code, phones = _table(client)
    _mod(client, code, {"type": "start"})
    s = _state(client, code)
    other = next(p for i, p in enumerate(phones) if f"p{i + 1}" != s.tuile)
    other.get(f"/g/{code}?lang={lang}")
    response = post(other, f"/g/{code}/act", {"type": "choose", "side": "roi"})
    assert response.status_code == 409 and turn in visible_text(response.text)
    response = post(other, f"/g/{code}/act", {"type": "bet", "card": "p1-0a", "face": "up"})
    assert response.status_code == 409 and face in visible_text(response.text)
    response = post(other, f"/g/{code}/act", {"type": "choose", "side": "sideways"})
    assert response.status_code == 422
    assert _state(client, code).version == s.version


def test_the_phone_shows_one_moment_and_the_screen_and_dashboard_no_hand(client: TestClient) -> None:
    code, phones = _table(client)
    _mod(client, code, {"type": "start"})
    holder = _holder(client, code, phones)
    page = visible_text(_page(holder, f"/g/{code}"))
    assert "À vous : choisissez une Audience." in page and "Aller auprès du Roi" in page
    assert "Ma main : 12 cartes" in page and "Maintenir pour voir mes fleurs de lys" in page
    for url, c in ((f"/s/{code}", phone(client)), (f"/m/{code}", client)):
        text = _page(c, url)
        assert 'id="rs-hand"' not in text and "Ma main" not in text and "data-card" not in text
        assert "Le Roi" in text and "La Reine" in text
    screen = _page(phone(client), f"/s/{code}")
    assert 'ws-connect="/s/' in screen and f">{code}<" in screen and "<svg" in screen


def test_an_english_phone_reads_english_pages_and_pushes(client: TestClient) -> None:
    code, phones = _table(client)
    _mod(client, code, {"type": "start"})
    holder = _holder(client, code, phones)
    page = visible_text(_page(holder, f"/g/{code}?lang=en"))
    assert "Your turn: choose an Audience." in page and "Go with the Roi" in page and "My hand: 12 cards" in page
    assert "À vous" not in page and "Ma main" not in page
    with holder.websocket_connect(f"/g/{code}/ws") as ws:
        receive(ws)
        _act(holder, code, {"type": "choose", "side": "reine"})
        pushed = ""
        while "Your turn: give the Parole to…" not in pushed:
            pushed = visible_text(receive(ws))
        assert "chooses the Audience with the Reine" in pushed or "Round 1 of 7" in pushed
        assert not raw_words(pushed)
    screen = visible_text(_page(phone(client), f"/s/{code}?lang=en"))
    assert "The Roi" in screen and "Influence needed" in screen and "Le Roi" not in screen


def test_the_whole_first_round_from_the_phones_moments(client: TestClient) -> None:
    """Each phone taps only what its moment offers: choose, give the Parole, bet twice; the round is counted."""
    code, phones = _table(client)
    _mod(client, code, {"type": "start"})
    for _ in range(40):
        s = _state(client, code)
        if s.rnd.number == 2:
            break
        offered = [(p, f) for p in phones for f in forms_in(p.get(f"/g/{code}").text.split('id="rs-hand"')[0])
                   if f.command["type"] != "leave"]
        assert offered, s.phase
        p, form = offered[0]
        _act(p, code, form.command)
    s = _state(client, code)
    assert s.rnd.number == 2 and s.last is not None and s.last.decided
    reveal = visible_text(_page(phone(client), f"/s/{code}"))
    assert "Révélation du tour 1" in reveal


# -- the dashboard ------------------------------------------------------------------------------------------------


def test_the_game_master_orders_the_table_then_starts(client: TestClient) -> None:
    code, _phones = _table(client)
    page = visible_text(_page(client, f"/m/{code}"))
    assert "Avancer d'une place" in page and "4 joueurs" in page
    _mod(client, code, {"type": "move_seat", "player_id": "p3"})
    assert [s.name for s in _state(client, code).seats] == ["Ana", "Chloé", "Bob", "Dan"]
    response = post(client, f"/m/{code}/act", {"type": "move_seat", "player_id": "p1"})
    assert response.status_code == 409 and "première place" in response.text
    _mod(client, code, {"type": "start"})
    s = _state(client, code)
    assert s.ring == ("p1", "p3", "p2", "p4") and s.colours["p3"] == "rouge"
    assert "Chloé passe devant Bob" in visible_text(_page(client, f"/m/{code}"))


def test_a_player_cannot_use_the_dashboard(client: TestClient) -> None:
    code, phones = _table(client)
    response = post(phones[0], f"/m/{code}/act", {"type": "start"})
    assert response.status_code == 403
    assert phones[0].get(f"/m/{code}").status_code == 403
    assert not _state(client, code).started


def test_pause_and_play_for_an_absent_player(client: TestClient) -> None:
    code, phones = _table(client)
    _mod(client, code, {"type": "start"})
    s = _state(client, code)
    _mod(client, code, {"type": "mod_pause"})
    holder = _holder(client, code, phones)
    assert "Partie en pause" in visible_text(_page(holder, f"/g/{code}"))
    response = post(holder, f"/g/{code}/act", {"type": "choose", "side": "roi"})
    assert response.status_code == 409 and "pause" in response.text
    _mod(client, code, {"type": "mod_resume"})
    dash = visible_text(_page(client, f"/m/{code}"))
    name = s.name(s.tuile)
    assert f"{name} (choisit une Audience)" in dash and "Jouer pour un joueur absent" in dash
    _mod(client, code, {"type": "mod_play_for", "player_id": s.tuile})
    after = _state(client, code)
    assert s.tuile in after.rnd.positions and after.designating
    assert f"Le meneur de jeu joue pour {name}." in visible_text(_page(client, f"/m/{code}"))


def test_undo_with_its_preview_goes_back_and_pauses(client: TestClient) -> None:
    code, phones = _table(client)
    _mod(client, code, {"type": "start"})
    s = _state(client, code)
    start_version = s.version
    holder = _holder(client, code, phones)
    _act(holder, code, {"type": "choose", "side": "reine"})
    assert _state(client, code).rnd.positions == {s.tuile: "reine"}
    preview = client.get(f"/m/{code}/undo-preview?to_version={start_version}")
    text = visible_text(preview.text)
    assert preview.status_code == 200 and f"Revenir à l'étape n° {start_version}" in text
    assert "choisit l'Audience avec la Reine" in text and not raw_words(preview.text)
    command = forms_in(preview.text)[0].command
    assert command == {"type": "mod_undo", "to_version": start_version, "seen_version": start_version + 1}
    _act_mod = post(client, f"/m/{code}/act", command)
    assert _act_mod.status_code == 200 and "flash-on" not in _act_mod.text
    after = _state(client, code)
    assert after.rnd.positions == {} and after.paused and after.version == start_version + 2
    assert "revient à l'étape" in visible_text(_page(client, f"/m/{code}"))
    # The same preview again is stale; a version out of range says which ones exist.
    stale = post(client, f"/m/{code}/act", command)
    assert stale.status_code == 409 and "aperçu" in stale.text
    bad = client.get(f"/m/{code}/undo-preview?to_version=2")
    assert bad.status_code == 409 and "Choisissez une étape" in bad.text
    assert phones[0].get(f"/m/{code}/undo-preview?to_version=3").status_code == 403


def test_a_new_phone_gets_a_seat_once_the_game_master_confirms(client: TestClient) -> None:
    code, _phones = _table(client, 3)
    pin = seat(client, code, "Dan").pin
    new = phone(client)
    waiting = new.post(f"/g/{code}/recover", data={"name": "Dan", "pin": pin})
    assert waiting.status_code == 200 and "En attente de confirmation" in waiting.text
    dash = visible_text(_page(client, f"/m/{code}"))
    assert "Confirmer le nouveau téléphone de Dan" in dash
    assert client.post(f"/m/{code}/rebind/p4").status_code == 204
    assert "Vous êtes à la table" in visible_text(new.get(f"/g/{code}").text)


def test_the_dashboard_socket_pushes_the_seats_and_who_is_awaited(client: TestClient) -> None:
    code, _phones = _table(client)
    with client.websocket_connect(f"/m/{code}/ws") as ws:
        first = receive(ws)
        assert 'id="rs-seats"' in first and "Ana" in first
        _mod(client, code, {"type": "start"})
        got = ""
        while "choisit une Audience" not in got:
            got = receive(ws)
        assert "data-card" not in got


# -- the export, replayed --------------------------------------------------------------------------------------------


def test_the_export_is_a_scenario_that_replays_the_game_move_for_move(client: TestClient) -> None:
    code, phones = _table(client, 3)
    _mod(client, code, {"type": "move_seat", "player_id": "p2"})
    _mod(client, code, {"type": "start"})
    for _ in range(30):  # the first round and a bit, from whatever each moment offers
        s = _state(client, code)
        if s.rnd.number == 2 and not s.designating and s.phase == "choose" and len(s.rnd.positions) == 1:
            break
        offered = [(p, f) for p in phones for f in forms_in(p.get(f"/g/{code}").text.split('id="rs-hand"')[0])]
        p, form = offered[-1]
        _act(p, code, form.command)
    _mod(client, code, {"type": "mod_pause"})
    exported = client.get(f"/m/{code}/export.json")
    assert exported.status_code == 200 and "attachment" in exported.headers["content-disposition"]
    scenario = exported.json()
    assert scenario["game"] == "royal_secrets" and scenario["setup"]["players"] == ["Ana", "Bob", "Chloé"]
    report = simulate(scenario)
    s = _state(client, code)
    assert report["events"] == s.version == len(scenario["log"])
    assert {p["name"]: p["fleurs"] for p in report["players"]} == {s.name(p): s.fleurs[p] for p in s.ring}
    assert [p["name"] for p in report["players"]] == [s.name(p) for p in s.ring]
    assert report["round"] == s.rnd.number and report["phase"] == s.phase
