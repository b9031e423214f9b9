"""The moderator's undo preview (issue #4): moderator only, what it shows, and the confirm that undoes."""

from __future__ import annotations

import html
import json
import re

from starlette.testclient import TestClient
from web_helpers import act, create_game, join, phone

from app.web.i18n import speaking
from app.web.templating import render

NAMES = ["Aude", "Bertrand", "Cyprien", "Douce", "Ermeline", "Foulques", "Gisèle", "Hugues"]


def started(client: TestClient) -> tuple[str, list[TestClient]]:
    code, _ = create_game(client)
    phones = [join(client, code, name)[0] for name in NAMES]
    assert act(client, code, {"type": "start"}, moderator=True).status_code == 200
    return code, phones


def hub_of(client: TestClient, code: str):  # type: ignore[no-untyped-def]
    return client.app.state.games._hubs[code]  # type: ignore[attr-defined]


def test_the_preview_shows_the_move_undone_and_confirm_undoes_it(client: TestClient) -> None:
    code, _ = started(client)
    hub = hub_of(client, code)
    aude = next(p.id for p in hub.state.players if p.name == "Aude")
    home = hub.state.rooms[aude]
    other = "angleterre" if home.value == "normandie" else "normandie"
    mark = hub.state.version
    assert act(client, code, {"type": "mod_move", "player": aude, "room": other}, moderator=True).status_code == 200
    version = hub.state.version

    page = client.get(f"/m/{code}")
    assert 'id="undo-preview"' in page.text and f'hx-get="/m/{code}/undo-preview"' in page.text

    answer = client.get(f"/m/{code}/undo-preview", params={"to_version": str(mark)})
    assert answer.status_code == 200 and answer.headers["cache-control"] == "no-store"
    text = html.unescape(answer.text)
    assert f"retour à l'étape {mark} (on est à l'étape {version})" in text
    assert "Changent de salle" in text and "Aude" in text
    assert hub.state.version == version  # a preview changes nothing

    english = client.get(f"/m/{code}/undo-preview", params={"to_version": str(mark), "lang": "en"})
    assert "Change room" in html.unescape(english.text) and "Aude changes room" in html.unescape(english.text)

    # The confirm button carries the ordinary mod_undo command; sending it undoes the move.
    values = [json.loads(html.unescape(v)) for v in re.findall(r'name="command" value="([^"]+)"', answer.text)]
    assert values == [{"type": "mod_undo", "to_version": mark, "seen_version": version}]
    # The game moved after the preview: the confirm is refused, the preview must be redone.
    assert act(client, code, {"type": "mod_pause"}, moderator=True).status_code == 200
    stale = act(client, code, values[0], moderator=True)
    assert stale.status_code == 409 and "preview again" in html.unescape(stale.text)  # lang=en since above
    assert hub.state.rooms[aude] is not home
    again = client.get(f"/m/{code}/undo-preview", params={"to_version": str(mark)})
    values = [json.loads(html.unescape(v)) for v in re.findall(r'name="command" value="([^"]+)"', again.text)]
    assert act(client, code, values[0], moderator=True).status_code == 200
    assert hub.state.rooms[aude] is home and hub.state.reverts[-1][1] == mark


def test_bad_versions_get_a_clear_message_in_both_languages(client: TestClient) -> None:
    code, _ = started(client)
    last = hub_of(client, code).state.version
    for value in ("0", str(last), "9999"):
        answer = client.get(f"/m/{code}/undo-preview", params={"to_version": value})
        assert answer.status_code == 409
        assert f"Version entre 1 et {last - 1}." in html.unescape(answer.text)
    en = client.get(f"/m/{code}/undo-preview", params={"to_version": "0", "lang": "en"})
    assert f"Version between 1 and {last - 1}." in html.unescape(en.text)
    junk = client.get(f"/m/{code}/undo-preview", params={"to_version": "trois", "lang": "fr"})
    assert junk.status_code == 422 and "numéro d'étape" in html.unescape(junk.text)
    closed = client.get(f"/m/{code}/undo-preview", params={"close": "1"})
    assert closed.status_code == 200 and "<article" not in closed.text


def test_the_preview_is_for_the_moderator_only(client: TestClient) -> None:
    code, phones = started(client)
    for stranger in (phones[0], phone(client)):
        answer = stranger.get(f"/m/{code}/undo-preview", params={"to_version": "1"})
        assert answer.status_code == 403
        assert "Réservé au meneur de jeu" in html.unescape(answer.text) and "<article" not in answer.text


def test_the_undo_form_offers_the_step_before_the_last(client: TestClient) -> None:
    """The dashboard's undo field starts at the step before the last (never below 1), up to the last."""
    code, _ = started(client)
    version = hub_of(client, code).state.version
    field = re.search(r'<input type="number" name="to_version" min="1" max="(\d+)" value="(\d+)">',
                      client.get(f"/m/{code}").text)
    assert field is not None and (int(field[1]), int(field[2])) == (version, version - 1)
    assert act(client, code, {"type": "mod_pause"}, moderator=True).status_code == 200
    field = re.search(r'name="to_version" min="1" max="(\d+)" value="(\d+)"', client.get(f"/m/{code}").text)
    assert field is not None and (int(field[1]), int(field[2])) == (version + 1, version)
    with speaking("fr"):  # a log of one step (no game gets there through the door): 1, not 0
        first = render("deuxrois/partials/mod_undo.html", v={"version": 1}, region="m-undo", kind="moderator", code=code)
    assert 'max="1" value="1"' in first
