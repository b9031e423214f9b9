"""Six phones join by code, the dashboard starts the game, each phone holds to see its own card;
one phone drops off the network and comes back to the same state.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from browser_harness import Contexts, LiveServer, Relay, Shoot
from game_steps import CARD_NUMBER, create_game, finger_on, join, read_own_card, start
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

NAMES = ["Aude", "Bertrand", "Cyprien", "Douce", "Ermeline", "Foulques"]
AWAY = 2  # the phone that drops off the network
# A deadline for a socket to come back after the network does (htmx's backoff
# grows while offline), not a measured expectation.
RECONNECT_MS = 60_000


@pytest.fixture
def relay(server: LiveServer) -> Iterator[Relay]:
    with Relay(server.port) as relay:
        yield relay


def test_six_phones_join_start_see_their_own_card_and_survive_going_offline(
    contexts: Contexts, relay: Relay, shoot: Shoot
) -> None:
    # The game master creates the game on the laptop and keeps the dashboard open.
    dashboard = contexts.desktop("moderator").new_page()
    code = create_game(dashboard)

    screen = contexts.screen("big screen").new_page()
    screen.goto(f"/s/{code}")
    expect(screen.locator("#s-rooms")).to_be_visible()
    # Latecomers join from the projector: its QR code and link lead to this game.
    expect(screen.locator(".join-qr svg")).to_be_visible()
    expect(screen.locator(".join-qr")).to_contain_text(f"/g/{code}")

    # The third phone reaches the server through a relay that can cut it off.
    players = [
        join(contexts, code, name, shoot if i == 0 else None, via=relay if i == AWAY else None)
        for i, name in enumerate(NAMES)
    ]

    # Everyone seated shows up, live, on the dashboard and the big screen.
    expect(dashboard.locator("#m-players [data-player-id]")).to_have_count(len(NAMES))
    for name in NAMES:
        expect(screen.locator("#s-rooms")).to_contain_text(name)
    shoot(dashboard, "dashboard-lobby")
    shoot(screen, "screen-lobby")
    shoot(players[0].page, "phone-lobby")

    # The deal reaches the dashboard, which sees every card.
    dealt = start(dashboard, len(NAMES))
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
