"""Two players in a room agree to a full reveal by tapping their phones; each learns the other's card, nobody else does."""

from __future__ import annotations

import pytest
from browser_harness import Contexts, Shoot
from game_steps import create_game, join, moderator_table, start
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

NAMES = ["Néel", "Osmond", "Pétronille", "Quentin", "Richilde", "Sibylle"]


def test_a_full_reveal_offered_and_accepted_on_the_phones(contexts: Contexts, shoot: Shoot) -> None:
    dashboard = contexts.desktop("moderator").new_page()
    code = create_game(dashboard)
    players = {name: join(contexts, code, name) for name in NAMES}
    start(dashboard, len(NAMES))
    seats = moderator_table(dashboard)

    # Three players standing in the same room: a asks b; c watches.
    room = seats[NAMES[0]].room
    a, b, c = [players[n] for n in NAMES if seats[n].room == room][:3]
    sa, sb = seats[a.name], seats[b.name]

    # a opens b's name among the room-mates, then asks for a complète.
    mate = a.page.locator(".mates-page details.mate", has_text=b.name)
    mate.locator("summary").tap()
    offer = mate.locator(f'button[value*=\'"kind":"complete"\'][value*=\'"target":"{sb.player_id}"\']')
    expect(offer).to_be_visible()
    offer.tap()

    # b is asked, on b's own phone only, full screen, with a's name.
    moment = b.page.locator(".moment:not([hidden])")
    expect(moment).to_contain_text(f"{a.name} vous demande une révélation complète")
    accept = moment.locator("button[value*='\"answer_reveal\"'][value*='\"accept\":true']")
    expect(accept).to_be_visible()
    expect(c.page.locator("button[value*='\"answer_reveal\"']")).to_have_count(0)
    shoot(b.page, "asked")
    accept.tap()
    expect(b.page.locator("button[value*='\"answer_reveal\"']")).to_have_count(0)  # answered: gone

    # Each learns the other's card, in what they were shown.
    expect(a.page.locator("#p-info")).to_contain_text(f"{b.name} : {sb.card_label}")
    expect(b.page.locator("#p-info")).to_contain_text(f"{a.name} : {sa.card_label}")
    shoot(a.page, "a-knows")
    # The third player in the room learns neither card (card texts may name other
    # cards, so look for what was shown, and for the cards' numbers, not their names).
    # (text_content: what I know is held to be seen, so a hidden line must count too.)
    watcher_info = c.page.locator("#p-info").text_content() or ""
    assert f"{a.name} : {sa.card_label}" not in watcher_info
    assert f"{b.name} : {sb.card_label}" not in watcher_info
    watcher_page = c.page.content()
    assert f"n° {sa.card_number}<" not in watcher_page
    assert f"n° {sb.card_number}<" not in watcher_page
    # And a was shown b's card only.
    assert f"{c.name} : " not in (a.page.locator("#p-info").text_content() or "")
