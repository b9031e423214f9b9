"""Débarquement in real Chromium: a table created from the home page, two phones join and play a tour de jeu,
the big screen follows the boats live, and a reloaded phone is back on its own hand.
"""

from __future__ import annotations

import re

import pytest
from browser_harness import Contexts, Shoot
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser


def sit(contexts: Contexts, code: str, name: str) -> Page:
    page = contexts.phone(name).new_page()
    page.goto(f"/g/{code}")
    page.locator('form[action$="/join"]').get_by_label("Votre nom").fill(name)
    page.get_by_role("button", name="M'asseoir").click()
    expect(page.locator("#pin")).to_have_text(re.compile(r"^\d{6}$"))  # the recovery PIN, shown once
    page.get_by_role("button", name="Continuer").click()
    expect(page.locator("#conn")).to_have_attribute("data-state", "open")
    return page


def test_two_phones_play_a_turn_and_the_screen_shows_the_boats(contexts: Contexts, shoot: Shoot) -> None:
    creator = contexts.desktop("creator").new_page()
    creator.goto("/")
    creator.locator('input[name="game"][value="debarquement"]').check()
    creator.get_by_role("button", name="Créer la partie").click()
    link = creator.locator("#join-link")
    expect(link).to_be_visible()
    code = link.inner_text().rsplit("/", 1)[-1]
    shoot(creator, "created")

    screen = contexts.screen("big screen").new_page()
    screen.goto(f"/s/{code}")
    expect(screen.locator(".live")).to_have_count(1)
    expect(screen.locator("#conn")).to_have_attribute("data-state", "open")

    ana, bob = sit(contexts, code, "Ana"), sit(contexts, code, "Bob")
    expect(screen.locator("#d-players")).to_contain_text("Bob")
    ana.get_by_role("button", name="Lancer la partie").click()
    for page in (ana, bob):
        expect(page.locator("#d-hand button.card-btn")).to_have_count(6)
    expect(screen.locator("#d-status")).to_contain_text("Manche 1")
    shoot(ana, "hand")

    bob.locator("#d-hand button.card-btn").first.click()
    expect(bob.locator("#d-hand")).to_contain_text("Ma carte choisie")
    expect(ana.locator("#d-players")).to_contain_text("a choisi")
    ana.locator("#d-hand button.card-btn").first.click()
    # A neutral card waits for its owner's boat: whoever is asked answers.
    for _ in range(2):
        buttons = [p.locator("#d-hand .boat-btn") for p in (ana, bob)]
        screen.wait_for_timeout(300)
        asked = next((b for b in buttons if b.count()), None)
        if asked is None:
            break
        asked.first.click()
    expect(screen.locator("#d-boats")).to_contain_text("Cartes révélées au tour de jeu 1")
    expect(screen.locator("#d-boats .stack")).not_to_have_count(0)
    expect(ana.locator("#d-status")).to_contain_text("tour de jeu 2")
    expect(screen.locator(".dnum").first).to_be_visible()
    assert screen.locator("#d-hand").count() == 0
    shoot(screen, "screen")
    shoot(bob, "after-turn")

    # A phone that slept (or reloaded) is on its own seat and hand again.
    bob.reload()
    expect(bob.locator("#conn")).to_have_attribute("data-state", "open")
    expect(bob.locator("#d-hand button.card-btn")).to_have_count(6)

    # A tap refused by the rules says why, in French, and the hand stays.
    bob.evaluate("""() => htmx.ajax('POST', location.pathname + '/act',
        {target: '#flash', swap: 'outerHTML', values: {command: '{"type":"next_manche"}', key: 'k-' + Date.now()}})""")
    expect(bob.locator("#flash")).to_contain_text("La manche est en cours.")
