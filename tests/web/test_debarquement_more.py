"""Débarquement tables: two server processes on one table, English phones, every interface string in both languages."""

from __future__ import annotations

import re
import secrets
from pathlib import Path

from debarquement_helpers import Phone, cards_in, create_table, hub_of, post, sit
from starlette.testclient import TestClient
from web_helpers import make_settings, phone, receive

from app.games.deuxrois.cards import Colour
from app.web.app import create_app
from app.web.i18n import CATALOGUE
from app.web.templating import TEMPLATES

# The keys the templates build from view values, and the values the engine can give them.
DYNAMIC = {
    "deb.colour.": [c.value for c in Colour],
    "deb.effect.": ["double", "zero"],
    "deb.boat.": ["normand", "anglais"],
    "deb.reason.": ["threshold", "max_manches"],
    "deb.do.": ["start", "next_manche", "leave"],
}


def test_a_table_shared_by_two_server_processes_reaches_phones_on_both(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'two.db'}"
    bus = f"memory://{secrets.token_hex(4)}"  # one bus for both "processes"
    with TestClient(create_app(make_settings(url, pubsub_url=bus))) as a, \
            TestClient(create_app(make_settings(url, pubsub_url=bus))) as b:
        code = create_table(a)
        ana, bob_on_a = sit(a, code, "Ana"), sit(a, code, "Bob")
        bob = Phone("Bob", phone(b), player_id=bob_on_a.player_id)
        bob.client.cookies = bob_on_a.client.cookies  # the same phone, served by the other process
        with bob.client.websocket_connect(f"/g/{code}/ws") as ws:
            bob.ws = ws
            bob.take(receive(ws))
            assert post(ana.client, code, {"type": "start"}).status_code == 200  # on process a
            bob.sync(hub_of(a, code).state.state.version)
            assert cards_in(bob.region("d-hand")) == set(hub_of(a, code).state.state.hands[bob.player_id])
            card = hub_of(b, code).state.state.hands[bob.player_id][0]
            assert post(bob.client, code, {"type": "play_card", "card": card}).status_code == 200  # on b
            bob.sync(hub_of(b, code).state.state.version)
            assert "Ma carte choisie" in bob.region("d-hand")
        a.portal.call(hub_of(a, code).catch_up)
        # Both processes fold the same log to the same table, prompt times included.
        assert hub_of(a, code).state == hub_of(b, code).state and hub_of(a, code).seq == hub_of(b, code).seq


def test_an_english_phone_reads_english_pages_and_pushes(client: TestClient) -> None:
    code = create_table(client)
    ana = sit(client, code, "Ana")
    sit(client, code, "Bob")
    page = ana.client.get(f"/g/{code}?lang=en")
    assert "Start the game" in page.text and "Lobby" in page.text and "Lancer" not in page.text
    with ana.client.websocket_connect(f"/g/{code}/ws") as ws:  # the lang cookie is now set
        ana.ws = ws
        ana.take(receive(ws))
        assert post(ana.client, code, {"type": "start"}).status_code == 200
        ana.sync(hub_of(client, code).state.state.version)
        assert "Tap the card to play this turn." in ana.region("d-hand")
        assert "Norman boat" in ana.region("d-boats") and "Manche 1 · turn 1" in ana.region("d-status")
    stranger = post(phone(client), code, {"type": "play_card", "card": 1})
    assert "Ce téléphone" in stranger.text  # a phone with no choice made reads French


def test_every_string_of_the_debarquement_pages_is_in_the_catalogue_in_both_languages() -> None:
    used: set[str] = set()
    for path in (TEMPLATES / "debarquement").rglob("*.html"):
        text = path.read_text(encoding="utf-8")
        used |= {k for k in re.findall(r'(?<![\w.])t\("([a-z_.]+)"', text) if not k.endswith(".")}
        for prefix in re.findall(r'(?<![\w.])t\("([a-z_.]+\.)" ~', text):
            assert prefix in DYNAMIC, f"{path.name}: unknown dynamic key {prefix}"
            used |= {prefix + value for value in DYNAMIC[prefix]}
    missing = sorted(k for k in used if k not in CATALOGUE)
    assert not missing, missing
    for key in used:
        fr, en = CATALOGUE[key]
        assert fr.strip() and en.strip(), key
