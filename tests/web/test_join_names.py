"""Names at every game's door (issue 13, item 6): through POST /g/CODE/join, as a phone sends them.

A zero-width space does not make a second "Marie"; "MARIE", "Marié" and a
"Marie" spelt with a Cyrillic "а" or a Greek "Μ" are "Marie"; control, format
and invisible characters are never stored; a name that shows nothing is refused
in the user's language; a new phone finds its seat by the name however it
types it. In every game, through its own door.
"""

from __future__ import annotations

import html
import re
import unicodedata
from collections.abc import Callable

import pytest
from debarquement_helpers import create_table
from starlette.testclient import TestClient
from web_helpers import create_game, phone


def created(game: str) -> Callable[[TestClient], str]:
    """A table of `game` made on the home page, as its creator makes it; returns its code."""
    def create(client: TestClient) -> str:
        page = client.post("/games", data={"game": game}).text
        match = re.search(r'id="join-link">[^<]*/g/([A-Z]{4})<', page)
        assert match, page
        return match.group(1)
    return create


GAMES: dict[str, Callable[[TestClient], str]] = {
    "deuxrois": lambda client: create_game(client)[0],
    "debarquement": create_table,
    "royal_secrets": created("royal_secrets"),
    "regents": created("regents"),
    "inde": created("inde"),
}


def names(client: TestClient, code: str) -> list[str]:
    hub = client.app.state.games._hubs[code]  # type: ignore[attr-defined]
    return [str(p["name"]) for p in hub.definition.lobby(hub.state)["players"]]


def game_of_table(client: TestClient, code: str) -> str:
    return str(client.app.state.games._hubs[code].definition.id)  # type: ignore[attr-defined]


def join(client: TestClient, code: str, name: str, lang: str = "") -> tuple[int, str]:
    response = phone(client).post(f"/g/{code}/join{lang}", data={"name": name})
    return response.status_code, html.unescape(response.text)


@pytest.fixture(params=sorted(GAMES))
def table(request: pytest.FixtureRequest, client: TestClient) -> str:
    return GAMES[request.param](client)


@pytest.mark.parametrize("lookalike", [
    "Ma\u200brie", "MARIE", "Marié", " marie ", "Ma\u202erie", "Ｍａｒｉｅ",
    "M\u0430rie",  # a Cyrillic "а"
    "\u039carie",  # a Greek capital "Μ"
    "M\u0410RI\u0415",  # Cyrillic capitals "А" and "Е"
])
def test_a_lookalike_is_not_a_second_marie(client: TestClient, table: str, lookalike: str) -> None:
    assert join(client, table, "Marie")[0] == 200
    status, text = join(client, table, lookalike)
    assert status == 409, text
    assert "déjà pris" in text
    assert names(client, table) == ["Marie"]


@pytest.mark.parametrize(("typed", "stored"), [
    ("Lu\x00cas", "Lucas"),
    ("\x1b[2JLéa\x07", "[2JLéa"),
    ("\u202eZoé\u202c", "Zoé"),
    ("Jean\u200b \n Pierre", "Jean Pierre"),
])
def test_control_and_invisible_characters_are_never_stored(client: TestClient, table: str, typed: str, stored: str) -> None:
    assert join(client, table, typed)[0] == 200
    assert names(client, table) == [stored]
    assert not any(unicodedata.category(ch) in ("Cc", "Cf") for name in names(client, table) for ch in name)


# Each game says it in its own words.
EMPTY = {"deuxrois": ("Choisissez un nom", "Choose a name"),
         "debarquement": ("Le nom doit faire de 1 à", "The name must be 1 to"),
         "royal_secrets": ("Choisissez un nom", "Choose a name"),
         "regents": ("Choisissez un nom de 1 à", "Pick a name of 1 to"),
         "inde": ("Choisissez un nom de 1 à", "Pick a name of 1 to")}


@pytest.mark.parametrize("blank", ["   ", "\u200b\u200b", "\x00", "\u3164"])
def test_a_name_that_shows_nothing_is_refused_in_the_users_language(client: TestClient, table: str, blank: str) -> None:
    french, english = EMPTY[game_of_table(client, table)]
    status, text = join(client, table, blank)
    assert status == 422 and french in text
    status, text = join(client, table, blank, "?lang=en")
    assert status == 422 and english in text
    assert names(client, table) == []


def test_a_new_phone_finds_its_seat_by_the_name_however_it_is_typed(client: TestClient) -> None:
    code = GAMES["deuxrois"](client)
    first = phone(client)
    joined = first.post(f"/g/{code}/join", data={"name": "Marié"})
    pin = re.search(r'id="pin">(\d{6})<', joined.text)
    assert pin
    # The lost phone's owner types the name without its accent, in capitals, with a stray zero-width space.
    again = phone(client).post(f"/g/{code}/recover", data={"name": "MA\u200bRIE", "pin": pin.group(1)})
    assert again.status_code == 200, again.text
    hub = client.app.state.games._hubs[code]  # type: ignore[attr-defined]
    assert hub.rebinds == ["p1"]
