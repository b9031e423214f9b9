"""The small things that bite at a party: a reload never makes a new game, a refused form keeps what was
typed, links can be copied, leaving goes home, QR codes fill the box they are given."""

from __future__ import annotations

import re

from starlette.testclient import TestClient
from web_helpers import act, create_game, join

from app.web.links import qr_svg


def _games(client: TestClient) -> int:
    return len(client.app.state.games._hubs)  # type: ignore[attr-defined]


def test_the_creation_form_posts_then_redirects_so_a_reload_shows_the_same_game(client: TestClient) -> None:
    posted = client.post("/games", data={"rounds": "3"}, follow_redirects=False)
    assert posted.status_code == 303 and re.fullmatch(r"/games/[A-Z]{4}", posted.headers["location"])
    code = posted.headers["location"].rsplit("/", 1)[-1]
    first = client.get(posted.headers["location"])  # -> /m/CODE/created for a game with a dashboard
    assert first.status_code == 200 and first.url.path == f"/m/{code}/created"
    link = re.search(rf"/m/{code}\?k=([\w-]+)", first.text)
    assert link, first.text
    before = _games(client)
    again = client.get(f"/m/{code}/created")  # the reload
    assert again.status_code == 200 and link.group(0) in again.text and _games(client) == before
    assert again.headers["cache-control"] == "no-store"
    # The secret link opens the dashboard; a browser without the cookie is not shown it.
    assert client.get(link.group(0)).status_code == 200
    stranger = TestClient(client.app)
    stranger.portal = client.portal
    assert stranger.get(f"/m/{code}/created").status_code == 403


def test_a_table_without_a_game_master_is_shown_at_its_own_address(client: TestClient) -> None:
    posted = client.post("/games", data={"game": "debarquement"}, follow_redirects=False)
    assert posted.status_code == 303
    page = client.get(posted.headers["location"])
    assert page.status_code == 200 and 'id="join-link"' in page.text and "/m/" not in page.text
    assert page.text.count('data-copy="#') == 2  # the join link and the screen link can be copied


def test_the_created_page_offers_to_copy_each_link(client: TestClient) -> None:
    page = client.post("/games", data={"rounds": "5"}).text
    for target in ("#mod-link", "#join-link", "#screen-link"):
        assert f'data-copy="{target}"' in page
    assert "Copier le lien" in page


def test_a_refused_creation_form_comes_back_with_what_was_typed(client: TestClient) -> None:
    response = client.post("/games", data={"rounds": "3", "negotiation": "abc", "election_s": "33",
                                           "designation_s": "44", "historique": "on"})
    assert response.status_code == 422 and "Minutes de négociation invalides" in response.text
    assert 'value="abc"' in response.text and 'value="33"' in response.text and 'value="44"' in response.text
    assert re.search(r'name="rounds" value="3" checked', response.text)
    assert re.search(r'name="historique" value="on" role="switch" checked', response.text)
    assert _games(client) == 0


def test_a_player_who_leaves_is_sent_home_and_the_button_asks_first(client: TestClient) -> None:
    code, _ = create_game(client)
    aude, _ = join(client, code, "Aude")
    page = aude.get(f"/g/{code}").text
    assert "hx-confirm=" in page.split('id="p-actions"')[1]  # "Quitter la partie ?" asked once
    left = act(aude, code, {"type": "leave"})
    assert left.status_code == 200 and left.headers["hx-redirect"] == "/"
    stays = join(client, code, "Bertrand")[0]
    assert "hx-redirect" not in act(stays, code, {"type": "request_reveal", "target": "p9", "kind": "complete"}).headers


def test_a_qr_code_takes_the_size_of_its_box() -> None:
    svg = qr_svg("http://jeu.lan:8000/g/ABCD")
    assert "viewBox=" in svg and not re.search(r"<svg[^>]* width=", svg)


def test_the_app_can_be_installed_from_its_manifest(client: TestClient) -> None:
    page = client.get("/").text
    assert 'rel="manifest" href="/static/manifest.webmanifest"' in page and 'name="theme-color"' in page
    manifest = client.get("/static/manifest.webmanifest")
    assert manifest.status_code == 200 and manifest.headers["content-type"].startswith("application/manifest+json")
    data = manifest.json()
    assert data["display"] == "standalone" and data["start_url"] == "/"
    sizes = {icon["sizes"] for icon in data["icons"]}
    assert {"192x192", "512x512"} <= sizes and any(i.get("purpose") == "maskable" for i in data["icons"])
    for icon in data["icons"]:
        served = client.get(icon["src"])
        assert served.status_code == 200 and served.headers["content-type"] == icon["type"], icon


def test_the_others_are_told_why_the_game_waits_while_the_infidele_chooses(client: TestClient) -> None:
    code, _ = create_game(client)
    phones = [join(client, code, f"Joueur {i + 1}")[0] for i in range(22)]  # the deck of 22 holds the Infidèle
    assert act(client, code, {"type": "start"}, moderator=True).status_code == 200
    hub = client.app.state.games._hubs[code]  # type: ignore[attr-defined]
    assert hub.state.phase == "setup"
    chooser = next(p.player_id for p in hub.state.prompts.values())
    index = [p.id for p in hub.state.players].index(chooser)
    other = phones[(index + 1) % 22].get(f"/g/{code}").text
    assert "choisit en secret la couleur de sa carte" in other and "Mise en place" in other
    assert 'data-moment="prompt:' not in other
    mine = phones[index].get(f"/g/{code}").text
    assert 'data-moment="prompt:' in mine  # the chooser's own question comes full screen
    screen = client.get(f"/s/{code}").text
    assert "choisit en secret la couleur de sa carte" in screen
