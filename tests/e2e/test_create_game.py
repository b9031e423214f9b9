"""A game master creates a game from a phone: the home page, the join code, the secret moderator link."""

from __future__ import annotations

import re

import pytest
from browser_harness import Contexts, LiveServer, Shoot
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

CODE = re.compile(r"[A-HJ-NP-Z]{4}")  # no I or O: read aloud across a room


def test_create_a_game_on_a_phone_shows_the_code_and_the_moderator_link(
    phone: Page, server: LiveServer, shoot: Shoot
) -> None:
    phone.goto("/")
    expect(phone.locator("h1")).to_contain_text("Deux Rois")
    # Laid out for the phone's width, not a desktop page shrunk to fit.
    assert phone.evaluate("document.documentElement.scrollWidth") <= 412
    shoot(phone, "home")

    phone.locator("form[action='/games'] button[type=submit]").tap()
    phone.wait_for_url("**/created")  # post/redirect/get: a reload shows this game, never a new one

    code = phone.locator(".code").first.inner_text().strip()
    assert CODE.fullmatch(code), code
    expect(phone.locator("h1")).to_contain_text(code)

    mod_link = phone.locator("#mod-link")
    expect(mod_link).to_be_visible()
    href = mod_link.get_attribute("href") or ""
    assert re.fullmatch(rf"{re.escape(server.url)}/m/{code}\?k=[\w-]{{16,}}", href), href
    # The players' QR code and link point at this game's join page.
    expect(phone.locator(".qr svg")).to_be_visible()
    expect(phone.locator(f"a[href='{server.url}/g/{code}']")).to_be_visible()
    shoot(phone, "created")

    # The secret link opens this game's dashboard, live.
    phone.goto(href)
    expect(phone.locator("h1")).to_contain_text(code)
    expect(phone.locator("#conn")).to_have_attribute("data-state", "open")
    shoot(phone, "moderator")


def test_a_player_types_the_code_and_reaches_the_game(contexts: Contexts, shoot: Shoot) -> None:
    creator = contexts.desktop("game master").new_page()
    creator.goto("/")
    creator.locator("form[action='/games'] button[type=submit]").click()
    code = creator.locator(".code").first.inner_text().strip()
    assert CODE.fullmatch(code), code

    player = contexts.phone("player").new_page()
    player.goto("/")
    # Typed in lower case, as a hurried player would.
    player.locator("#join-code").fill(code.lower())
    player.locator("form[action='/join'] button[type=submit]").tap()
    player.wait_for_url(f"**/g/{code}")
    expect(player.locator("h1")).to_contain_text(code)
    expect(player.locator("#join-name")).to_be_visible()
    shoot(player, "lobby")


def test_an_unknown_code_gets_a_clear_page_not_a_crash(phone: Page) -> None:
    response = phone.goto("/g/ZZZZ")
    assert response is not None and response.status == 404
    expect(phone.locator("body")).to_contain_text("ZZZZ")
