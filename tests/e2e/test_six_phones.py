"""Six phones join by code, the dashboard starts the game, each phone holds to see its own card;
one phone drops off the network and comes back to the same state.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import pytest
from browser_harness import Contexts, LiveServer, Relay, Shoot
from playwright.sync_api import BrowserContext, Locator, Page, expect

pytestmark = pytest.mark.browser

NAMES = ["Aude", "Bertrand", "Cyprien", "Douce", "Ermeline", "Foulques"]
AWAY = 2  # the phone that drops off the network
CARD_NUMBER = re.compile(r"n°\s*(\d+)")
# A deadline for a socket to come back after the network does (htmx's backoff
# grows while offline), not a measured expectation.
RECONNECT_MS = 60_000


@dataclass
class Player:
    name: str
    context: BrowserContext
    page: Page


@contextmanager
def finger_on(page: Page, target: Locator) -> Iterator[None]:
    """A real touch held on `target` (touchstart ... touchend), as a thumb on the card."""
    target.scroll_into_view_if_needed()
    box = target.bounding_box()
    assert box is not None, "nothing to hold"
    point = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
    try:
        yield
    finally:
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        cdp.detach()


def read_own_card(player: Player) -> tuple[int, str]:
    """Hold the card: its face shows while the finger stays, and hides again when it lifts."""
    page = player.page
    face = page.locator("#card-face")
    hold = page.locator("#p-card .card-hold")
    expect(hold).to_be_visible()
    expect(face).to_be_hidden()
    with finger_on(page, hold):
        expect(face).to_be_visible()
        expect(hold).to_have_attribute("aria-pressed", "true")
        text = face.inner_text()
    expect(face).to_be_hidden()
    number = CARD_NUMBER.search(text)
    assert number, text
    return int(number.group(1)), text


def moderator_cards(dashboard: Page) -> dict[str, int]:
    """Name -> card number, from the moderator's table of players."""
    cards = {}
    for row in dashboard.locator("#m-players tbody tr").all():
        name_cell, _room, card_cell = (c.inner_text() for c in row.locator("td").all())
        number = CARD_NUMBER.search(card_cell)
        assert number, card_cell
        cards[name_cell.split()[0]] = int(number.group(1))
    return cards


def join(contexts: Contexts, code: str, name: str, shoot: Shoot, first: bool, via: Relay | None) -> Player:
    context = contexts.phone(name, base_url=via.url if via else None)
    page = context.new_page()
    page.goto("/")
    page.locator("#join-code").fill(code)
    page.locator("form[action='/join'] button[type=submit]").tap()
    page.wait_for_url(f"**/g/{code}")
    page.locator("#join-name").fill(name)
    page.locator(f"form[action='/g/{code}/join'] button[type=submit]").tap()
    # The recovery PIN, shown once, then on to the game page.
    expect(page.locator("#pin")).to_have_text(re.compile(r"^\d{6}$"))
    if first:
        shoot(page, "joined-pin")
    page.locator(f"a[href='/g/{code}']").tap()
    expect(page.locator(".live[data-kind='player'] #conn")).to_have_attribute("data-state", "open")
    expect(page.locator(".who")).to_contain_text(name)
    return Player(name, context, page)


@pytest.fixture
def relay(server: LiveServer) -> Iterator[Relay]:
    with Relay(server.port) as relay:
        yield relay


def test_six_phones_join_start_see_their_own_card_and_survive_going_offline(
    contexts: Contexts, relay: Relay, shoot: Shoot
) -> None:
    # The game master creates the game on the laptop and keeps the dashboard open.
    dashboard = contexts.desktop("moderator").new_page()
    dashboard.goto("/")
    dashboard.locator("form[action='/games'] button[type=submit]").click()
    code = dashboard.locator(".code").first.inner_text().strip()
    dashboard.locator("#mod-link").click()
    expect(dashboard.locator("#conn")).to_have_attribute("data-state", "open")

    screen = contexts.screen("big screen").new_page()
    screen.goto(f"/s/{code}")
    expect(screen.locator("#s-rooms")).to_be_visible()

    # The third phone reaches the server through a relay that can cut it off.
    players = [
        join(contexts, code, name, shoot, first=i == 0, via=relay if i == AWAY else None)
        for i, name in enumerate(NAMES)
    ]

    # Everyone seated shows up, live, on the dashboard and the big screen.
    expect(dashboard.locator("#m-players tbody tr")).to_have_count(len(NAMES))
    for name in NAMES:
        expect(screen.locator("#s-rooms")).to_contain_text(name)
    shoot(dashboard, "dashboard-lobby")
    shoot(screen, "screen-lobby")
    shoot(players[0].page, "phone-lobby")

    dashboard.locator("#m-controls button[value*='\"start\"']").click()

    # The deal reaches the dashboard, which sees every card.
    expect(dashboard.locator("#m-players tbody tr td").nth(2)).to_contain_text("n°")
    dealt = moderator_cards(dashboard)
    assert sorted(dealt) == sorted(NAMES)
    assert len(set(dealt.values())) == len(NAMES), dealt
    shoot(dashboard, "dashboard-started")

    # Each phone: the card is hidden until held, and it is that player's own card.
    for player in players:
        expect(player.page.locator("#p-status")).to_contain_text("Négociation")
        number, face = read_own_card(player)
        assert number == dealt[player.name], (player.name, face)
        # No other player's card is anywhere in this phone's page.
        html = player.page.content()
        others = {n for name, n in dealt.items() if name != player.name}
        assert not any(f"n° {n}<" in html for n in others), player.name
    shoot(players[0].page, "phone-started")
    with finger_on(players[0].page, players[0].page.locator("#p-card .card-hold")):
        shoot(players[0].page, "phone-card-held")

    # The big screen shows both rooms and nobody's card.
    expect(screen.locator("#s-status")).to_contain_text("Négociation")
    screen_text = screen.locator("main").inner_text()
    for name in NAMES:
        assert name in screen_text
    assert not CARD_NUMBER.search(screen.content())
    shoot(screen, "screen-started")

    # One phone loses the network; the game goes on without it.
    away = players[AWAY]
    away_conn = away.page.locator("#conn")
    relay.cut()
    away.context.set_offline(True)  # and the page is told so (navigator.onLine)
    expect(away_conn).to_have_attribute("data-state", "closed")
    shoot(away.page, "phone-offline")

    dashboard.locator("#m-controls button[value*='mod_pause']").click()
    expect(players[0].page.locator("#p-status .paused")).to_be_visible()
    expect(away.page.locator("#p-status .paused")).to_have_count(0)

    # Back on the network: the socket reconnects and the phone catches up.
    relay.restore()
    away.context.set_offline(False)
    expect(away_conn).to_have_attribute("data-state", "open", timeout=RECONNECT_MS)
    expect(away.page.locator("#p-status .paused")).to_be_visible(timeout=RECONNECT_MS)
    assert read_own_card(away)[0] == dealt[away.name]
    shoot(away.page, "phone-back-online")

    # A reload (the phone slept, the browser dropped the tab) gives the same seat and state.
    away.page.reload()
    expect(away.page.locator(".who")).to_contain_text(away.name)
    expect(away.page.locator("#p-status .paused")).to_be_visible()
    assert read_own_card(away)[0] == dealt[away.name]
    expect(away_conn).to_have_attribute("data-state", "open")
    shoot(away.page, "phone-reloaded")
