"""A tap's form, read by the tap's own parser when urlencoded (as htmx posts it) and by Starlette's otherwise:
both read the same fields, and a form with too many fields is refused in the user's language."""

from __future__ import annotations

import html
import json

import pytest
from starlette.testclient import TestClient
from web_helpers import create_game

from app.web import forms

# A note as a field beside the command (as the action forms send their inputs): '+', '&', '%', '=' and
# accents travel escaped in a urlencoded body, and as they are in a multipart one.
NOTE = "Élise + Oscar = 100 % & co ; \u2014 déjà"


@pytest.mark.parametrize("encoding", ["urlencoded", "multipart"])
def test_a_tap_reads_its_fields_the_same_way_urlencoded_or_multipart(client: TestClient, encoding: str) -> None:
    code, _ = create_game(client)
    fields = {"command": json.dumps({"type": "mod_note"}), "key": f"note-{encoding}", "text": NOTE}
    headers = {"hx-request": "true"}
    if encoding == "urlencoded":
        response = client.post(f"/m/{code}/act", data=fields, headers=headers)
    else:
        response = client.post(f"/m/{code}/act", files={k: (None, v) for k, v in fields.items()}, headers=headers)
    assert response.status_code == 200, response.text
    page = html.unescape(client.get(f"/m/{code}").text)
    assert NOTE in page  # the dashboard's log shows the note, every character as typed


def test_a_blank_optional_field_is_not_given(client: TestClient) -> None:
    code, _ = create_game(client)
    body = "command=" + json.dumps({"type": "mod_note", "text": "kept"}).replace(" ", "+") + "&key=blank-0001&text="
    response = client.post(f"/m/{code}/act", content=body.encode(),
                           headers={"hx-request": "true", "content-type": "application/x-www-form-urlencoded"})
    assert response.status_code == 200, response.text
    assert "kept" in client.get(f"/m/{code}").text  # the empty input did not replace the command's text


@pytest.mark.parametrize(("lang", "needle"), [("", "Requête trop longue."), ("?lang=en", "Request too long.")])
def test_a_form_with_too_many_fields_is_refused_in_the_users_language(client: TestClient, lang: str, needle: str) -> None:
    code, _ = create_game(client)
    extra = "&".join(f"f{i}=1" for i in range(forms.MAX_FIELDS))
    body = f"command=%7B%22type%22%3A%22mod_note%22%7D&key=many-0001&{extra}"
    response = client.post(f"/m/{code}/act{lang}", content=body.encode(),
                           headers={"hx-request": "true", "content-type": "application/x-www-form-urlencoded"})
    assert response.status_code == 422
    assert needle in html.unescape(response.text)
