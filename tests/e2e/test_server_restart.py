"""The server restarts in the middle of a game: every page reconnects by itself and nothing is lost."""

from __future__ import annotations

import pytest
from browser_harness import Contexts, LiveServer, Shoot
from game_steps import create_game, join, read_own_card, start
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

NAMES = ["Guérin", "Hélis", "Isembard", "Jourdain", "Lancelin", "Mahaut"]
RECONNECT_MS = 60_000  # a deadline for htmx's reconnection backoff, not a measured expectation


def test_pages_reconnect_after_a_server_restart_and_the_game_goes_on(
    own_server: LiveServer, contexts: Contexts, shoot: Shoot
) -> None:
    dashboard = contexts.desktop("moderator").new_page()
    code = create_game(dashboard)
    players = [join(contexts, code, name) for name in NAMES]
    dealt = start(dashboard, len(NAMES))
    phone = players[0]
    expect(phone.page.locator("#p-status")).to_contain_text("Négociation")
    before = read_own_card(phone)

    own_server.restart()

    # Nobody reloads: the open pages reconnect to the new process on their own.
    for page in (dashboard, phone.page):
        expect(page.locator("#conn")).to_have_attribute("data-state", "open", timeout=RECONNECT_MS)
    # The game survived, with the same deal, and the new process drives it.
    assert read_own_card(phone) == before
    assert before[0] == dealt[phone.name]
    dashboard.locator("#m-controls button[value*='mod_pause']").click()
    for player in players:
        expect(player.page.locator("#p-status .paused")).to_be_visible(timeout=RECONNECT_MS)
    shoot(phone.page, "phone-after-restart")
    shoot(dashboard, "dashboard-after-restart")
