"""The browser harness itself: Debian's Chromium runs under Playwright with the emulation the game tests rely on."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Playwright

pytestmark = pytest.mark.browser


def test_pixel_7_context_is_a_touch_phone(browser: Browser, playwright_instance: Playwright) -> None:
    device = {k: v for k, v in playwright_instance.devices["Pixel 7"].items() if k != "default_browser_type"}
    context = browser.new_context(**device)
    try:
        page = context.new_page()
        # Without the viewport meta tag a phone lays the page out 980 px wide.
        page.set_content(
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            "<button onclick=\"this.textContent='touché'\">maintenir</button>"
        )
        page.tap("button")
        assert page.text_content("button") == "touché"
        assert page.evaluate("window.innerWidth") == 412
        assert page.evaluate("navigator.maxTouchPoints") > 0
        assert "Android" in page.evaluate("navigator.userAgent")
    finally:
        context.close()


def test_offline_emulation_reaches_the_page(browser: Browser) -> None:
    # The reconnection tests cut a phone off with set_offline: the page must see it.
    context = browser.new_context()
    try:
        page = context.new_page()
        page.set_content("<p>x</p>")
        page.evaluate(
            "window.events = []; addEventListener('offline', () => events.push('offline'));"
            "addEventListener('online', () => events.push('online'))"
        )
        context.set_offline(True)
        page.wait_for_function("events.length === 1")
        assert page.evaluate("navigator.onLine") is False
        context.set_offline(False)
        page.wait_for_function("events.length === 2")
        assert page.evaluate("events") == ["offline", "online"]
        assert page.evaluate("navigator.onLine") is True
    finally:
        context.close()
