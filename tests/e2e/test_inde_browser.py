"""Deux Rois – Inde in real Chromium: one person on a phone (412×915) against the computer, the board on a
1920×1080 screen. The table is created from the home page, the computer is seated from the phone, and the
person places every piece by tapping a highlighted cell and confirming, until the scored end on both.
"""

from __future__ import annotations

import re

import pytest
from browser_harness import Contexts, Shoot
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

TURN_MS = 20_000  # a deadline for the computer's move to arrive, not a measured expectation


def pick_cell(page: Page) -> str:
    """A cell a tiger would chase a village from if there is one (to see the preview), else the middle one."""
    marks = page.locator("#i-board .mk[data-for]")
    if marks.count():
        return str(marks.first.get_attribute("data-for"))
    cells = page.locator("#i-board .cell.legal input[name=cell]")
    return str(cells.nth(cells.count() // 2).get_attribute("value"))


def test_one_person_plays_the_computer_to_the_end_on_a_phone_with_the_board_on_the_screen(
        contexts: Contexts, shoot: Shoot) -> None:
    vera = contexts.phone("vera").new_page()
    vera.goto("/")
    vera.locator('input[name="game"][value="inde"]').check()
    vera.locator('select[name="inde_bot_delay_ms"]').select_option("400")
    vera.get_by_role("button", name="Créer la partie").click()
    link = vera.locator("#join-link")
    expect(link).to_be_visible()
    code = link.inner_text().rsplit("/", 1)[-1]
    shoot(vera, "created")

    screen = contexts.screen("board").new_page()
    screen.goto(f"/s/{code}")
    expect(screen.locator(".s-code")).to_have_text(code)
    expect(screen.locator("img.s-qr")).to_be_visible()

    vera.get_by_role("button", name="M'asseoir", exact=True).click()
    vera.locator('form[action$="/join"]').get_by_label("Votre nom").fill("Vera")
    vera.get_by_role("button", name="M'asseoir à la table").click()
    expect(vera.locator("#pin")).to_have_text(re.compile(r"^\d{6}$"))
    vera.get_by_role("button", name="Continuer").click()
    expect(vera.locator("#conn")).to_have_attribute("data-state", "open")
    expect(vera.locator("#i-moment")).to_contain_text("Il manque un adversaire")
    expect(screen.locator("#i-s-head")).to_contain_text("Vera")
    shoot(vera, "lobby")
    shoot(screen, "screen-lobby")

    vera.get_by_role("button", name="Ordinateur fort").click()
    expect(vera.locator("#i-moment")).to_contain_text("En face de vous : Maharadja, l'ordinateur.")
    vera.get_by_role("button", name="Commencer la partie").click()
    expect(screen.locator("#i-s-head")).to_contain_text("Au tour de")

    shots = 0
    for turn in range(30):
        expect(vera.locator("#i-moment[data-phase=over], #i-board .confirm-bar")).to_have_count(1, timeout=TURN_MS)
        if vera.locator("#i-moment[data-phase=over]").count():
            break
        expect(vera.locator("#i-moment")).to_contain_text("À vous de jouer")
        cell = pick_cell(vera)
        vera.locator(f'#i-board label.pick:has(input[value="{cell}"])').click()
        bar = vera.locator("#i-board .confirm-bar")
        expect(bar).to_be_visible()
        expect(vera.locator(f'#i-board label.pick:has(input[value="{cell}"]) + .pv')).to_contain_text("Poser")
        if shots < 2 or vera.locator(f'#i-board .mk[data-for="{cell}"]').count():
            shoot(vera, f"confirm-{turn}")
            shots += 1
        before = screen.locator("#i-s-head").get_attribute("data-version")
        mine = vera.locator("#i-moment").get_attribute("data-version")
        bar.get_by_role("button", name="Poser ici").click()
        # Both have the placement (the phone's next turn is then a later push, never this board again).
        expect(screen.locator("#i-s-head")).not_to_have_attribute("data-version", before or "")
        expect(vera.locator("#i-moment")).not_to_have_attribute("data-version", mine or "")
        if turn in (0, 8):
            shoot(screen, f"screen-turn-{turn}")
            shoot(vera, f"after-{turn}")
    else:
        pytest.fail("the game did not end after 30 turns")

    moment = vera.locator("#i-moment")
    expect(moment).to_contain_text(re.compile(r"Vous avez gagné|gagne :|Match nul"))
    expect(vera.locator("#i-score")).to_contain_text("Le score final")
    expect(screen.locator("#i-s-head")).to_contain_text(re.compile(r"gagne|Match nul"))
    expect(screen.locator(".s-codes")).to_be_visible()
    expect(screen.locator(".s-step").first).to_be_attached()
    shoot(vera, "end")
    screen.wait_for_timeout(1500)  # the walk-through has shown its first pair
    shoot(screen, "screen-end")

    # The screen fills 1920×1080 with nothing to scroll; the phone's board fits its width.
    assert screen.evaluate("document.documentElement.scrollHeight <= window.innerHeight + 1")
    assert vera.evaluate("document.querySelector('#i-board .board').getBoundingClientRect().width <= window.innerWidth")
    cell_px = vera.evaluate("document.querySelector('#i-board .cell').getBoundingClientRect().width")
    assert cell_px >= 42  # about a fingertip: 9 cells across a 412 px phone

    # A reloaded phone is back on its seat with the end.
    vera.reload()
    expect(vera.locator("#i-moment")).to_contain_text(re.compile(r"Vous avez gagné|gagne :|Match nul"))
