"""The door and the table through the real routes: home form, created page, lobby, seats, refusals in the
reader's language that change nothing, a new phone vouched for by the other player, the computer taking a
seat over and giving it back, no dashboard, words and never raw keys on any page."""

from __future__ import annotations

import contextlib
import re

import pytest
from starlette.testclient import TestClient
from web_helpers import phone, receive

from app.games.inde import GAME
from app.games.inde.config import Deal
from app.games.inde.pieces import Colour
from app.games.inde.scenario import play
from inde.web import Phone, create, hub_of, raw_words, sit, state_of, visible_text, watch


def started(client: TestClient, **form: str) -> tuple[str, Phone, Phone]:
    code = create(client, inde_first="vert", **form)
    vera, faisal = sit(client, code, "Vera"), sit(client, code, "Faisal")
    assert vera.post(code, {"type": "start"}).status_code == 200
    return code, vera, faisal


def test_the_home_page_offers_the_game_with_its_two_settings(client: TestClient) -> None:
    home = client.get("/").text
    assert 'value="inde"' in home and "Deux Rois – Inde" in home
    assert 'name="inde_first"' in home and 'name="inde_bot_delay_ms"' in home
    assert raw_words(home) == []


@pytest.mark.parametrize(("form", "fr"), [
    ({"inde_first": "blue"}, "Qui commence"),
    ({"inde_bot_delay_ms": "soon"}, "de 0 à 10 000 millisecondes"),
    ({"inde_bot_delay_ms": "99999"}, "de 0 à 10 000 millisecondes"),
])
def test_a_bad_setting_is_refused_in_words_and_creates_nothing(client: TestClient, form: dict[str, str], fr: str) -> None:
    before = len(client.app.state.games._hubs)  # type: ignore[attr-defined]
    response = client.post("/games", data={"game": "inde", **form})
    assert response.status_code == 422 and fr in response.text
    assert len(client.app.state.games._hubs) == before  # type: ignore[attr-defined]


def test_the_settings_reach_the_game(client: TestClient) -> None:
    code = create(client, inde_first="fuchsia", inde_bot_delay_ms="400")
    config = state_of(client, code).config
    assert config.first == "fuchsia" and config.bot_delay_ms == 400 and config.deal is None


def test_no_dashboard_the_table_runs_itself(client: TestClient) -> None:
    code = create(client)
    created = client.post("/games", data={"game": "inde"}).text
    assert "/m/" not in created and "/s/" in created
    assert client.get(f"/m/{code}").status_code == 404
    assert GAME.has_dashboard is False and GAME.rebind_by == "table"


def test_the_door_seats_two_then_says_the_table_is_full(client: TestClient) -> None:
    code = create(client)
    door = client.get(f"/g/{code}").text
    assert 'action="/g/' in door and "Prendre place" in door and raw_words(door) == []
    sit(client, code, "Vera")
    bad = phone(client).post(f"/g/{code}/join", data={"name": " vera "})
    assert bad.status_code == 409 and "déjà pris" in visible_text(bad.text)
    sit(client, code, "Faisal")
    full = phone(client).get(f"/g/{code}").text
    assert "La table est complète" in visible_text(full) and 'action="/g/' + code + '/join"' not in full
    assert "Vera" in full and "Faisal" in full
    late = phone(client).post(f"/g/{code}/join", data={"name": "Zoé"})
    assert late.status_code == 409 and "complète" in visible_text(late.text)
    assert [s.name for s in state_of(client, code).seats] == ["Vera", "Faisal"]


def test_an_empty_name_is_refused_in_words(client: TestClient) -> None:
    code = create(client)
    answer = phone(client).post(f"/g/{code}/join", data={"name": "   "})
    assert answer.status_code == 422 and "Choisissez un nom de 1 à 24 caractères." in answer.text


@pytest.mark.parametrize(("lang", "words"), [
    ("fr", "Interdit"),
    ("en", "Not allowed"),
])
def test_a_cell_the_rules_forbid_is_refused_in_the_readers_language_and_changes_nothing(
        client: TestClient, lang: str, words: str) -> None:
    code, vera, faisal = started(client)
    state = state_of(client, code)
    mover = vera if state.turn is not None and state.sides[state.turn.colour].player_id == "p1" else faisal
    mover.client.get(f"/?lang={lang}")  # the language cookie, as the FR/EN links set it
    with mover.client.websocket_connect(f"/g/{code}/ws") as ws:
        mover.ws = ws
        mover.read()
        grey = mover.grey_cells()
        assert grey, "a grey cell to tap"
        why = re.search(r'value="' + grey[0] + r'".*?<p class="pv why-text">([^<]+)</p>', mover.region("i-board"), re.S)
        assert why and words in why.group(1)  # the phone says why before anyone sends anything
        answer = mover.place(code, grey[0])
    assert answer.status_code == 409 and words in answer.text
    assert state_of(client, code) is state


@pytest.mark.parametrize(("command", "status", "fr", "en"), [
    ({"type": "place", "cell": "9,9"}, 422, "Cette case n'est pas sur le plateau", "That cell is not on the board"),
    ({"type": "place", "cell": "4,4", "colour": "vert"}, 422, "Cette action est illisible", "This action cannot be read"),
    ({"type": "place", "cell": "4,4", "action": 99}, 409, "La partie a avancé", "The game moved on"),
    ({"type": "start"}, 409, "Impossible pendant la partie", "Not possible during the game"),
    ({"type": "leave"}, 409, "Impossible pendant la partie", "Not possible during the game"),
])
def test_bad_commands_answer_a_clear_error_in_both_languages(
        client: TestClient, command: dict[str, object], status: int, fr: str, en: str) -> None:
    code, vera, faisal = started(client)
    state = state_of(client, code)
    mover = vera if state.turn is not None and state.sides[state.turn.colour].player_id == "p1" else faisal
    answer = mover.post(code, command)
    assert answer.status_code == status and fr in visible_text(answer.text), answer.text
    mover.client.get("/?lang=en")
    answer = mover.post(code, command)
    assert answer.status_code == status and en in visible_text(answer.text), answer.text
    assert state_of(client, code) is state


def test_out_of_turn_the_phone_is_told_whose_turn_it_is(client: TestClient) -> None:
    code, vera, faisal = started(client)
    state = state_of(client, code)
    waiting = faisal if state.turn is not None and state.sides[state.turn.colour].player_id == "p1" else vera
    answer = waiting.post(code, {"type": "place", "cell": "4,4"})
    mover = state.name_of(state.turn.colour)  # type: ignore[union-attr]
    assert answer.status_code == 409 and f"C'est au tour de {mover} : attendez le vôtre." in visible_text(answer.text)
    assert state_of(client, code) is state


def test_a_new_phone_gets_its_seat_back_once_the_other_player_confirms(client: TestClient) -> None:
    code, vera, faisal = started(client)
    new = phone(client)
    waiting = new.post(f"/g/{code}/recover", data={"name": "faisal", "pin": faisal.pin})
    assert waiting.status_code == 200 and "L'autre joueur doit confirmer" in visible_text(waiting.text)
    assert new.get(f"/g/{code}/bound").status_code == 204
    with vera.client.websocket_connect(f"/g/{code}/ws") as ws:
        vera.ws = ws
        vera.read()
        moment = vera.region("i-moment")
        assert "Un nouveau téléphone demande la place de Faisal." in visible_text(moment)
        url = re.search(r'hx-post="(/g/[A-Z]{4}/rebind/p2)"', moment)
        assert url
        # Faisal cannot vouch for himself; Vera can.
        assert faisal.client.post(url.group(1)).status_code == 403
        assert vera.client.post(url.group(1)).status_code == 200
    assert new.get(f"/g/{code}/bound").headers.get("HX-Redirect") == f"/g/{code}"
    assert "Vous êtes Faisal" in new.get(f"/g/{code}").text
    assert 'id="i-moment"' not in faisal.client.get(f"/g/{code}").text  # the old phone lost the seat


def test_the_computer_finishes_for_a_gone_phone_and_gives_the_seat_back(client: TestClient) -> None:
    code, vera, faisal = started(client, inde_bot_delay_ms="5")
    hub = hub_of(client, code)
    with contextlib.ExitStack() as stack:
        for p in (vera, faisal):
            p.ws = stack.enter_context(p.client.websocket_connect(f"/g/{code}/ws"))
            p.read()
        # Faisal's phone is gone: Vera lets the computer play for him (the table box on her phone).
        assert vera.post(code, vera.command("i-table", "set_bot", player_id="p2", level="facile")).status_code == 200
        assert state_of(client, code).seats[1].bot == "facile"
        faisal.sync(hub.state.version)
        assert "L'ordinateur joue pour vous." in visible_text(faisal.region("i-moment"))
        back = faisal.command("i-moment", "set_bot", player_id="p2")
        # Vera cannot take Faisal's seat back for him.
        assert vera.post(code, {**back, "level": None}).status_code == 409
        goal = hub.state.actions + 1
        if hub.state.turn is not None and hub.state.turn.colour is Colour.VERT:
            vera.sync(hub.state.version)
            assert vera.place(code, vera.legal_cells()[0]).status_code == 200
            goal += 1
        while hub.state.actions < goal:  # the computer's move for Faisal, from the timer
            faisal.read(5.0)
        assert hub.state.last is not None and hub.state.last.by_bot and hub.state.last.colour is Colour.FUCHSIA
        assert faisal.post(code, back).status_code == 200
        assert state_of(client, code).seats[1].bot is None
        assert state_of(client, code).feed[-1].fr == "Faisal reprend la main."


def test_the_screen_shows_the_code_and_qr_in_the_lobby_and_never_a_control(client: TestClient) -> None:
    code = create(client)
    screen = watch(client)
    page = screen.client.get(f"/s/{code}").text
    assert f'src="/qr/{code}.svg"' in page and code in page
    assert "<form" not in page and "<button" not in page and raw_words(page) == []
    assert screen.client.get(f"/qr/{code}.svg").status_code == 200


def test_every_page_of_a_started_table_reads_as_words_in_both_languages(client: TestClient) -> None:
    code, vera, faisal = started(client)
    for lang in ("fr", "en"):
        for viewer, url in ((vera, f"/g/{code}"), (faisal, f"/g/{code}"), (watch(client), f"/s/{code}")):
            viewer.client.get(f"/?lang={lang}")
            page = viewer.client.get(url).text
            assert raw_words(page) == [], (lang, url, raw_words(page))
            assert str(state_of(client, code).seed) not in page


def test_the_export_is_a_scenario_that_replays_to_the_same_board(client: TestClient) -> None:
    code, vera, faisal = started(client, inde_bot_delay_ms="5")
    hub = hub_of(client, code)
    # Let the computer play both seats to the end (the timer), then export the stored log.
    for p in (vera, faisal):
        seat = "p1" if p is vera else "p2"
        assert p.post(code, {"type": "set_bot", "player_id": seat, "level": "greedy"}).status_code == 200
    with faisal.client.websocket_connect(f"/g/{code}/ws") as ws:
        for _ in range(200):
            if hub.state.phase == "over":
                break
            receive(ws, 5.0)
    state = hub.state
    assert state.phase == "over"
    exported = GAME.export(code, hub.game.seed, hub.game.config, hub.repo.load_events(hub.game.id))
    assert {"title", "code", "game", "seed", "config", "log"} <= set(exported) and exported["game"] == "inde"
    assert exported["players"] == ["Vera", "Faisal"]
    assert exported["deal"] is not None
    replayed = play(Deal.model_validate(exported["deal"]), exported["moves"], names=("Vera", "Faisal"))
    assert replayed.board == state.board and replayed.result == state.result
    assert state.first is Colour.VERT
