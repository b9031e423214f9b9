"""The screenshot tours (`make screenshots`): each screen of both games at each phase, as people see them.

Phones are 412x915 (Pixel 7), the dashboard 1440x900, the big screen 1920x1080. Every picture is checked
by axe-core as it is taken (serious or critical findings fail the tour) and its visible text is read for
internal words (seat ids, snake_case keys); the big screen must never need a scroll. The pictures and an
index.html to page through them are in tests/e2e/screenshots/tour/<game>/ (see tour.py).
"""

from __future__ import annotations

import secrets

import pytest
from browser_harness import Contexts
from game_steps import Player, finger_on, join
from playwright.sync_api import Page, expect
from tour import DASHBOARD, SCREEN, Tour

pytestmark = pytest.mark.browser

NAMES = ["Aude", "Bertrand", "Cyprien", "Douce", "Ermeline", "Foulques", "Gaspard", "Héloïse"]
# Guillaume, Harold, Sang royal (rouge), Geôlier, Cartographe, Protection divine, Assassin, Armurier (four
# red, four blue, as the deck of eight asks): a reveal, a refusal, a forced reveal, a power after the
# election, two departure powers, seat by seat.
DEAL = [1, 2, 7, 16, 17, 3, 5, 6]
ROOMS = ["normandie", "angleterre", "normandie", "angleterre", "normandie", "normandie", "angleterre", "angleterre"]
MOMENT = ".moment:not([hidden])"


def post(page: Page, url: str, command: dict[str, object]) -> None:
    """A command as the page's own buttons send it (htmx, the idempotency key), for what no button offers."""
    page.evaluate(
        """([url, command, key]) => htmx.ajax('POST', url, {target: '#flash', swap: 'outerHTML',
            values: {command: JSON.stringify(command), key: key}})""",
        [url, command, secrets.token_hex(8)],
    )


def moment(page: Page) -> None:
    expect(page.locator(MOMENT)).to_have_count(1)


def in_moment(page: Page, label: str) -> None:
    page.locator(MOMENT).get_by_role("button", name=label, exact=True).first.tap()


def no_moment(page: Page) -> None:
    expect(page.locator(MOMENT)).to_have_count(0)


def later(page: Page) -> None:
    """Put the moment away ("plus tard" or OK)."""
    page.locator(f"{MOMENT} .alert-ok").tap()


def advance(dashboard: Page, phase: str) -> None:
    dashboard.locator("#m-controls button[value*='mod_advance']").click()
    expect(dashboard.locator("#m-status .phase")).to_have_text(phase)


def screen_fits(screen: Page) -> None:
    """A projector shows it all: nothing to scroll."""
    size = screen.evaluate("() => [document.documentElement.scrollWidth, document.documentElement.scrollHeight]")
    assert size[0] <= SCREEN["width"] and size[1] <= SCREEN["height"], size


def test_deux_rois_every_screen_at_every_phase(contexts: Contexts) -> None:
    tour = Tour("deuxrois")
    tour.start()
    creator = contexts.phone("creator").new_page()
    creator.goto("/")
    tour.take(creator, "home", "phone", full_page=True)

    desk = contexts.sized("game master", **DASHBOARD)
    dashboard = desk.new_page()
    dashboard.goto("/")
    dashboard.locator("form[action='/games'] input[name='rounds'][value='3']").check()
    dashboard.locator("form[action='/games'] button[type=submit]").click()
    code = dashboard.locator(".code").first.inner_text().strip()
    tour.take(dashboard, "game created", "dashboard", full_page=True)
    dashboard.locator("#mod-link").click()
    expect(dashboard.locator("#conn")).to_have_attribute("data-state", "open")

    screen = contexts.sized("big screen", **SCREEN).new_page()
    screen.goto(f"/s/{code}")
    expect(screen.locator("#conn")).to_have_attribute("data-state", "open")
    tour.take(screen, "lobby, nobody yet", "screen")
    screen_fits(screen)

    door = contexts.phone("door").new_page()
    door.goto(f"/g/{code}")
    tour.take(door, "the door", "phone", full_page=True)
    players: dict[str, Player] = {}
    for name in NAMES:
        players[name] = join(contexts, code, name)
    aude, bertrand, cyprien, douce, ermeline, foulques, gaspard, heloise = (players[n] for n in NAMES)
    tour.take(aude.page, "lobby, seated", "phone", full_page=True)
    tour.take(dashboard, "lobby, eight seated", "dashboard", full_page=True)
    tour.take(screen, "lobby, eight seated", "screen")
    screen_fits(screen)

    # The deal: fixed, so every power of the tour is in play (the game master's button deals at random).
    post(dashboard, f"/m/{code}/act", {"type": "start", "deal": DEAL, "rooms": ROOMS})
    expect(dashboard.locator("#m-status .phase")).to_have_text("Négociation")
    for p in players.values():
        expect(p.page.locator("#p-status .phase")).to_have_text("Négociation")
    tour.take(aude.page, "negotiation, the calm screen", "phone", full_page=True)
    with finger_on(aude.page, aude.page.locator("#p-card .card-hold")):
        tour.take(aude.page, "negotiation, card held", "phone")

    # A full reveal asked: the asked player's moment names the asker; both then hold to see.
    aude.page.locator(".mates-page details.mate", has_text="Cyprien").locator("summary").tap()
    tour.take(aude.page, "negotiation, a room-mate opened", "phone", full_page=True)
    aude.page.locator(".mates-page details.mate[open] button[value*='\"complete\"']").tap()
    moment(cyprien.page)
    expect(cyprien.page.locator(MOMENT)).to_contain_text("Aude vous demande une révélation complète")
    tour.take(cyprien.page, "negotiation, asked for a full reveal", "phone")
    tour.take(dashboard, "negotiation, a request pending", "dashboard", full_page=True)
    in_moment(cyprien.page, "Accepter")
    moment(aude.page)
    expect(aude.page.locator(MOMENT)).to_contain_text("Cyprien vous montre sa carte")
    tour.take(aude.page, "negotiation, a card shown", "phone")
    with finger_on(aude.page, aude.page.locator(f"{MOMENT} .card-hold")):
        expect(aude.page.locator(f"{MOMENT} .card-face")).to_contain_text("Cyprien : Sang royal")
        tour.take(aude.page, "negotiation, the shown card held", "phone")
    later(aude.page)
    later(cyprien.page)

    # A colour reveal refused: the asker is told.
    ermeline.page.locator(".mates-page details.mate", has_text="Foulques").locator("summary").tap()
    ermeline.page.locator(".mates-page details.mate[open] button[value*='\"couleur\"']").tap()
    moment(foulques.page)
    in_moment(foulques.page, "Refuser")
    moment(ermeline.page)
    expect(ermeline.page.locator(MOMENT)).to_contain_text("Foulques a refusé votre demande")
    tour.take(ermeline.page, "negotiation, a request refused", "phone")
    later(ermeline.page)

    # Harold forces a reveal: the target's moment names him.
    bertrand.page.locator("#powers-box summary").tap()
    bertrand.page.locator("#powers-box button[value*='authority']", has_text="Gaspard").tap()
    moment(gaspard.page)
    expect(gaspard.page.locator(MOMENT)).to_contain_text("Bertrand")
    tour.take(gaspard.page, "negotiation, a forced reveal", "phone")
    later(gaspard.page)
    later(bertrand.page)
    tour.take(screen, "negotiation", "screen")
    screen_fits(screen)
    tour.take(dashboard, "negotiation", "dashboard", full_page=True)

    # Paused: every page says how much time will be left.
    dashboard.locator("#m-controls button[value*='mod_pause']").click()
    expect(aude.page.locator("#p-status .paused")).to_contain_text("restantes")
    tour.take(aude.page, "paused", "phone")
    tour.take(screen, "paused", "screen")
    tour.take(dashboard, "paused", "dashboard")
    dashboard.locator("#m-controls button[value*='mod_resume']").click()
    expect(aude.page.locator("#p-status .countdown")).to_be_visible()

    # The election: everyone votes from the moment.
    advance(dashboard, "Élection")
    moment(aude.page)
    tour.take(aude.page, "election, the vote", "phone")
    tour.take(screen, "election", "screen")
    screen_fits(screen)
    votes = {"Aude": "Ermeline", "Cyprien": "Aude", "Ermeline": "Aude", "Foulques": "Aude",
             "Bertrand": "Douce", "Douce": "Bertrand", "Gaspard": "Bertrand", "Héloïse": "Bertrand"}
    for name, candidate in votes.items():
        moment(players[name].page)
        in_moment(players[name].page, candidate)
    expect(dashboard.locator("#m-status .phase")).to_have_text("Désignation")

    # The designation: the général names an envoy; the named envoy and Sang royal get their moments.
    moment(aude.page)
    tour.take(aude.page, "designation, the général names envoys", "phone")
    moment(cyprien.page)
    expect(cyprien.page.locator(MOMENT)).to_contain_text("Usurpation")
    tour.take(cyprien.page, "designation, a power's window opens", "phone")
    later(cyprien.page)
    aude.page.locator(f"{MOMENT} input[type=checkbox][value='{player_id(dashboard, 'Foulques')}']").check()
    aude.page.locator(f"{MOMENT} button[value*='\"designate\"']").tap()
    moment(foulques.page)
    expect(foulques.page.locator(MOMENT)).to_contain_text("Vous êtes désigné envoyé")
    tour.take(foulques.page, "designation, named envoy", "phone")
    later(foulques.page)
    aude.page.locator(f"{MOMENT} button[value*='lock_envoys']").tap()
    bertrand.page.locator(f"{MOMENT} input[type=checkbox][value='{player_id(dashboard, 'Gaspard')}']").check()
    bertrand.page.locator(f"{MOMENT} button[value*='\"designate\"']").tap()
    bertrand.page.locator(f"{MOMENT} button[value*='lock_envoys']").tap()
    later(gaspard.page)
    tour.take(dashboard, "designation", "dashboard", full_page=True)
    tour.take(screen, "designation", "screen")
    screen_fits(screen)

    # The departure: the envoys are told; the Geôlier and the Cartographe get their moments.
    expect(dashboard.locator("#m-status .phase")).to_have_text("Départ")
    moment(foulques.page)
    tour.take(foulques.page, "departure, you are an envoy", "phone")
    moment(douce.page)
    tour.take(douce.page, "departure, the Geôlier's window", "phone")
    douce.page.locator(f"{MOMENT} select[name='choice']").select_option("general")
    douce.page.locator(f"{MOMENT} button[value*='block']", has_text="Gaspard").tap()
    moment(ermeline.page)
    in_moment(ermeline.page, "Connaissance du terrain")
    tour.take(screen, "departure", "screen")
    screen_fits(screen)

    # The arrival: "Partez !", the Cartographe's five-second glance, the blocked envoy stays.
    advance(dashboard, "Arrivée")
    moment(foulques.page)
    expect(foulques.page.locator(MOMENT)).to_contain_text("Partez en Angleterre")
    tour.take(foulques.page, "arrival, go", "phone")
    moment(ermeline.page)
    tour.take(ermeline.page, "arrival, the survey", "phone")
    tour.take(gaspard.page, "arrival, blocked", "phone", full_page=True)
    tour.take(screen, "arrival", "screen")
    screen_fits(screen)
    tour.take(dashboard, "arrival", "dashboard", full_page=True)

    # The undo preview, used: it closes after the undo.
    dashboard.locator("#m-controls input[name='text']").fill("Foulques est sorti fumer")
    dashboard.locator("#m-controls button[value*='mod_note']").click()
    expect(dashboard.locator("#m-info")).to_contain_text("Foulques est sorti fumer")
    expect(dashboard.locator("#m-controls input[name='text']")).to_have_value("")  # taken: the field empties
    dashboard.locator("#m-undo button[hx-get$='/undo-preview']").click()
    expect(dashboard.locator("#undo-preview article")).to_be_visible()
    tour.take(dashboard, "undo preview", "dashboard")
    dashboard.locator("#undo-preview button[value*='mod_undo']").click()
    expect(dashboard.locator("#undo-preview article")).to_have_count(0)
    tour.take(dashboard, "after the undo", "dashboard")
    dashboard.locator("#m-controls button[value*='mod_resume']").click()  # an undo leaves the game paused
    expect(dashboard.locator("#m-status .countdown")).to_be_visible()

    # The rest of the game, as fast as the game master's button goes; then the results everywhere.
    status = dashboard.locator("#m-status")
    for _ in range(40):
        if status.get_attribute("data-phase") == "over":
            break
        before = status.get_attribute("data-step")
        dashboard.locator("#m-controls button[value*='mod_advance']").click()
        expect(status).not_to_have_attribute("data-step", before or "")
    expect(status).to_contain_text("Partie terminée")
    for p in players.values():
        # The end reaches each phone on its own socket, after the dashboard: a moment counted before it
        # would leave under the tap.
        expect(p.page.locator("#p-result .my-points")).to_have_count(1)
        while p.page.locator(MOMENT).count():
            later(p.page)
    expect(aude.page.locator("#p-result .my-points")).to_be_visible()
    tour.take(aude.page, "results", "phone")
    tour.take(dashboard, "results", "dashboard", full_page=True)
    pages = screen.locator(".result-page")
    for i in range(pages.count()):
        screen.evaluate("i => window.showResultPage && window.showResultPage(i)", i)
        tour.take(screen, f"results, page {i + 1}", "screen")
        screen_fits(screen)

    # English on a phone.
    heloise.page.goto(f"/g/{code}?lang=en")
    tour.take(heloise.page, "results in English", "phone", full_page=True)

    tour.write_index()
    assert not tour.problems(), "\n".join(tour.problems())


def player_id(dashboard: Page, name: str) -> str:
    """A player's seat id, read off the dashboard's table (never shown as text: a data attribute)."""
    row = dashboard.locator("#m-players [data-player-id]", has_text=name).first
    value = row.get_attribute("data-player-id")
    assert value, name
    return value


def test_debarquement_every_screen_at_every_phase(contexts: Contexts) -> None:
    tour = Tour("debarquement")
    tour.start()
    creator = contexts.sized("creator", **DASHBOARD).new_page()
    creator.goto("/")
    creator.locator('input[name="game"][value="debarquement"]').check()
    tour.take(creator, "home, débarquement picked", "desktop", full_page=True)
    creator.get_by_role("button", name="Créer la partie").click()
    link = creator.locator("#join-link")
    expect(link).to_be_visible()
    code = link.inner_text().rsplit("/", 1)[-1]
    tour.take(creator, "table created", "desktop", full_page=True)

    screen = contexts.sized("big screen", **SCREEN).new_page()
    screen.goto(f"/s/{code}")
    tour.take(screen, "lobby", "screen")
    screen_fits(screen)
    names = ["Ana", "Bob", "Chloé"]
    phones: list[Page] = []
    for name in names:
        page = contexts.phone(name).new_page()
        page.goto(f"/g/{code}")
        if not phones:
            tour.take(page, "the door", "phone", full_page=True)
        page.locator('form[action$="/join"]').get_by_label("Votre nom").fill(name)
        page.get_by_role("button", name="M'asseoir").click()
        page.get_by_role("button", name="Continuer").click()
        expect(page.locator("#conn")).to_have_attribute("data-state", "open")
        expect(page.locator("#conn")).to_contain_text("connecté")
        phones.append(page)
    host = phones[0]
    tour.take(host, "lobby, the host", "phone", full_page=True)
    tour.take(screen, "lobby, three seated", "screen")
    host.get_by_role("button", name="Lancer la partie").click()
    for page in phones:
        expect(page.locator("#d-hand button.card-btn")).to_have_count(6)
    tour.take(host, "a hand", "phone", full_page=True)
    assert host.evaluate("document.documentElement.scrollWidth") <= 412  # the table fits the phone
    tour.take(screen, "first turn", "screen")
    screen_fits(screen)

    took_boat = False
    for turn in range(40):
        if phones[0].locator("#d-status").inner_text().find("Fin de manche") >= 0 or \
                screen.locator("#d-scores table").count():
            break
        for page in phones:
            cards = page.locator("#d-hand button.card-btn")
            if cards.count():
                cards.first.click()
        for _ in range(len(names) + 1):
            screen.wait_for_timeout(300)
            asked = [p for p in phones if p.locator("#d-hand .boat-btn").count()]
            if not asked:
                break
            if not took_boat:
                tour.take(asked[0], "a boat to choose", "phone", full_page=True)
                took_boat = True
            asked[0].locator("#d-hand .boat-btn").first.click()
        if turn == 1:
            tour.take(screen, "boats filling", "screen")
            screen_fits(screen)
            tour.take(phones[1], "after a turn", "phone", full_page=True)
    expect(screen.locator("#d-scores table")).to_be_visible()
    tour.take(screen, "manche scored", "screen")
    screen_fits(screen)
    tour.take(host, "manche scored", "phone", full_page=True)
    assert host.evaluate("document.documentElement.scrollWidth") <= 412
    phones[1].goto(f"/g/{code}?lang=en")
    tour.take(phones[1], "in English", "phone", full_page=True)
    tour.write_index()
    assert not tour.problems(), "\n".join(tour.problems())
