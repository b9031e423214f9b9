"""Join links and QR codes: a page opened as localhost hands phones the LAN address instead."""

from __future__ import annotations

import re

from starlette.testclient import TestClient
from web_helpers import create_game


def join_link(client: TestClient, code: str, host: str) -> str:
    page = client.get(f"/s/{code}", headers={"host": host})
    assert page.status_code == 200
    match = re.search(r"(https?://[^\s\"<]+/g/" + code + ")", page.text)
    assert match, page.text
    return match.group(1)


def test_a_localhost_page_links_phones_to_the_lan_address(client: TestClient) -> None:
    code, _ = create_game(client)
    assert join_link(client, code, "localhost:8000") == f"http://localhost:8000/g/{code}"  # no LAN address known
    client.app.state.lan_url = "http://192.0.2.10:8000"  # type: ignore[attr-defined]  # what `deuxrois serve` records
    assert join_link(client, code, "localhost:8000") == f"http://192.0.2.10:8000/g/{code}"
    assert join_link(client, code, "127.0.0.1:8000") == f"http://192.0.2.10:8000/g/{code}"
    # A page opened under a real name keeps it (a reverse proxy, a local DNS name).
    assert join_link(client, code, "jeu.example.org") == f"http://jeu.example.org/g/{code}"
