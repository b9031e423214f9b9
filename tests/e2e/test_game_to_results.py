"""A short game (partie rapide, 3 rounds) from the deal to the results page, in real Chromium:
six phones, the dashboard and the big screen; the game master drives the phases.
"""

from __future__ import annotations

import pytest
from browser_harness import Contexts, Shoot
from game_steps import join, start
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

NAMES = ["Aude", "Bertrand", "Cyprien", "Douce", "Ermeline", "Foulques"]
MAX_STEPS = 40  # 3 rounds of 5 phases, plus run-offs: a bound on the loop, not an expectation


def create_rapid_game(dashboard: Page) -> str:
    dashboard.goto("/")
    dashboard.locator("form[action='/games'] input[name='rounds'][value='3']").check()
    dashboard.locator("form[action='/games'] button[type=submit]").click()
    code = dashboard.locator(".code").first.inner_text().strip()
    dashboard.locator("#mod-link").click()
    expect(dashboard.locator("#conn")).to_have_attribute("data-state", "open")
    return code


def test_a_rapid_game_is_played_to_the_results_on_every_page(contexts: Contexts, shoot: Shoot) -> None:
    dashboard = contexts.desktop("moderator").new_page()
    code = create_rapid_game(dashboard)
    screen = contexts.screen("big screen").new_page()
    screen.goto(f"/s/{code}")
    players = [join(contexts, code, name) for name in NAMES]
    dealt = start(dashboard, len(NAMES))
    expect(dashboard.locator("#m-status")).to_contain_text("Tour 1 sur 3")

    status = dashboard.locator("#m-status h2")
    for _ in range(MAX_STEPS):
        before = status.inner_text()
        if "Partie terminée" in before:
            break
        dashboard.locator("#m-controls button[value*='mod_advance']").click()
        expect(status).not_to_have_text(before)
    expect(status).to_contain_text("Partie terminée")

    # The results: the winning condition, every card and its points explained, and the debrief.
    info = dashboard.locator("#m-info")
    expect(info).to_contain_text("Résultat")
    expect(info.locator(".outcome")).to_be_visible()
    for name in NAMES:
        expect(info.locator("table.results")).to_contain_text(name)
    assert info.locator("table.results .explain li").count() >= len(NAMES)
    expect(info.locator("a[href$='/export.json']")).to_be_visible()
    shoot(dashboard, "dashboard-results")

    for player in players:
        expect(player.page.locator("#p-result")).to_contain_text("Résultat")
        expect(player.page.locator("#p-result .my-points")).to_be_visible()  # the end said to me first
        # Every card is revealed at the end (D11): each phone lists all six.
        expect(player.page.locator("#p-result .result-list > li")).to_have_count(len(NAMES))
    ok = players[0].page.locator(".alert-overlay:not([hidden]) .alert-ok")
    while ok.count():
        ok.first.tap()  # a crossing notice may still cover the page: the player dismisses it
    shoot(players[0].page, "phone-results")

    expect(screen.locator("#s-info")).to_contain_text("Résultat")
    expect(screen.locator("#s-info .outcome")).to_be_visible()
    # The end is paged on the projector: turn to the debrief graph's page.
    page = screen.evaluate("""() => [...document.querySelectorAll('#s-info .result-page')]
        .findIndex(p => p.querySelector("img[src*='graph.svg']"))""")
    assert page > 0
    screen.evaluate("i => window.showResultPage(i)", page)
    graph = screen.locator("#s-info img[src*='graph.svg']")
    expect(graph).to_be_visible()
    assert graph.evaluate("img => img.complete && img.naturalWidth > 0")  # the SVG was served and drawn
    shoot(screen, "screen-results")
    assert sorted(dealt) == sorted(NAMES)
