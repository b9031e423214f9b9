"""Phones stay awake on a secure origin; on a plain-HTTP LAN address, where browsers refuse the wake lock,
the phone tells its player to keep the screen on (docs/self-hosting.md, HTTPS)."""

from __future__ import annotations

import pytest
from browser_harness import Contexts, LiveServer, Shoot
from game_steps import create_game, join
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_keep_awake_hint_only_where_the_wake_lock_is_refused(
    contexts: Contexts, server: LiveServer, shoot: Shoot
) -> None:
    code = create_game(contexts.desktop("moderator").new_page())

    # 127.0.0.1 counts as secure, like HTTPS: the browser grants the wake lock
    # (asked here once more and released), and the page shows no hint.
    local = join(contexts, code, "Tiphaine")
    assert local.page.evaluate("window.isSecureContext") is True
    granted = local.page.evaluate(
        "navigator.wakeLock.request('screen').then(l => l.release().then(() => l.type), e => String(e))"
    )
    assert granted == "screen"
    expect(local.page.locator("#awake-hint")).to_be_hidden()

    # http://<LAN name>:port, as at a venue without HTTPS: no wake lock, so the hint shows.
    venue = join(contexts, code, "Ursin", base_url=server.lan_url)
    assert venue.page.url.startswith(server.lan_url)
    assert venue.page.evaluate("window.isSecureContext") is False
    assert venue.page.evaluate("'wakeLock' in navigator") is False
    expect(venue.page.locator("#awake-hint")).to_be_visible()
    expect(venue.page.locator("#awake-hint")).to_contain_text("écran")
    shoot(venue.page, "lan-hint")
