"""The smaller edges of issue 13, item 7, through the pages a phone or a tool opens.

Non-finite numbers on the home form are refused with a clear line, not a 500;
Starlette's own refusals (unknown page, wrong method, a malformed form) speak
the user's language instead of English JSON; HSTS goes with secure cookies;
/openapi.json is served only when a setting asks for it.
"""

from __future__ import annotations

import html

import pytest
from sqlalchemy import func
from sqlmodel import Session, select
from starlette.testclient import TestClient
from web_helpers import create_game, make_settings

from app.store.models import Game
from app.web.app import create_app


def _games(client: TestClient) -> int:
    with Session(client.app.state.engine) as session:  # type: ignore[attr-defined]
        return int(session.exec(select(func.count()).select_from(Game)).one())


@pytest.mark.parametrize("minutes", ["inf", "-inf", "nan", "1e999", "5, inf, 3", "Infinity", "200"])
def test_negotiation_minutes_that_are_no_duration_are_refused_clearly(client: TestClient, minutes: str) -> None:
    before = _games(client)
    form = {"rounds": "5", "election_s": "45", "designation_s": "60", "negotiation": minutes}
    french = client.post("/games", data=form)
    assert french.status_code == 422
    assert "Minutes de négociation invalides" in html.unescape(french.text)
    english = client.post("/games?lang=en", data=form)
    assert english.status_code == 422 and "Invalid negotiation minutes" in html.unescape(english.text)
    assert _games(client) == before


def test_reasonable_negotiation_minutes_still_make_a_game(client: TestClient) -> None:
    create_game(client, negotiation="5, 4.5, 3")


@pytest.mark.parametrize(("lang", "needle"), [("", "Cette page n'existe pas."), ("?lang=en", "This page does not exist.")])
def test_an_unknown_page_answers_in_the_users_language(client: TestClient, lang: str, needle: str) -> None:
    response = client.get(f"/nothing/here{lang}")
    assert response.status_code == 404
    assert needle in html.unescape(response.text) and "detail" not in response.text


def test_a_wrong_method_answers_in_the_users_language(client: TestClient) -> None:
    code, _ = create_game(client)
    response = client.get(f"/g/{code}/act")
    assert response.status_code == 405 and "allow" in response.headers
    assert "Cette adresse ne s'utilise pas ainsi." in html.unescape(response.text)


@pytest.mark.parametrize("path", ["/g/{code}/act", "/m/{code}/act"])
def test_a_tap_on_a_code_that_names_no_game_is_refused_in_the_users_language(sqlite_url: str, path: str) -> None:
    # A tap's route is a plain Starlette route (app.web.deps.tap_route): it finds the game as every page does,
    # counts a code that names no game against the address, and answers in the asker's language.
    settings = make_settings(sqlite_url, code_misses_burst=2.0, code_misses_per_second=0.001)
    with TestClient(create_app(settings)) as client:
        code, _ = create_game(client)
        form = {"command": '{"type": "start"}', "key": "k"}
        french = client.post(path.format(code="ZZZZ"), data=form, headers={"HX-Request": "true"})
        assert french.status_code == 404 and "Aucune partie « ZZZZ »" in html.unescape(french.text)
        english = client.post(path.format(code="ZZZY") + "?lang=en", data=form)
        assert english.status_code == 404 and "No game “ZZZY”" in html.unescape(english.text)
        spent = client.post(path.format(code=code), data=form)  # two misses spent: even a real code waits
        assert spent.status_code == 429


def test_a_malformed_form_answers_in_the_users_language(client: TestClient) -> None:
    code, _ = create_game(client)
    # A multipart body with no boundary: Starlette refuses it with 400 {"detail": "Missing boundary..."}.
    for lang, needle in (("", "Requête invalide."), ("?lang=en", "Invalid request.")):
        response = client.post(f"/g/{code}/join{lang}", content=b"name=x", headers={"content-type": "multipart/form-data"})
        assert response.status_code == 400
        assert needle in html.unescape(response.text) and "boundary" not in response.text


def test_a_json_client_gets_its_refusal_as_json_in_its_language(client: TestClient) -> None:
    response = client.post("/nothing?lang=en", content=b"{}", headers={"content-type": "application/json"})
    assert response.status_code == 404
    assert response.json() == {"ok": False, "error": {"code": "http_404", "message": "This page does not exist."}}


def test_hsts_goes_with_secure_cookies(sqlite_url: str) -> None:
    with TestClient(create_app(make_settings(sqlite_url))) as plain:
        assert "strict-transport-security" not in plain.get("/").headers
    with TestClient(create_app(make_settings(sqlite_url, secure_cookies=True)), base_url="https://jeu.example") as secure:
        for path in ("/", "/static/js/app.js", "/nothing"):
            assert secure.get(path).headers["strict-transport-security"] == "max-age=31536000"


def test_the_api_description_is_served_only_when_asked_for(sqlite_url: str) -> None:
    with TestClient(create_app(make_settings(sqlite_url))) as default:
        response = default.get("/openapi.json")
        assert response.status_code == 404 and "Cette page n'existe pas." in html.unescape(response.text)
    with TestClient(create_app(make_settings(sqlite_url, openapi=True))) as asked:
        assert asked.get("/openapi.json").json()["info"]["title"]
