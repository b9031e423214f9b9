"""Steps of a game as the people at the table take them, in real pages (imported as `game_steps`)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from browser_harness import Contexts, Relay, Shoot
from playwright.sync_api import BrowserContext, Locator, Page, expect

CARD_NUMBER = re.compile(r"n°\s*(\d+)")


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


@dataclass(frozen=True)
class Seat:
    """One row of the moderator's table of players."""

    name: str
    player_id: str
    room: str
    card_label: str
    card_number: int


def moderator_table(dashboard: Page) -> dict[str, Seat]:
    """Name -> seat (id, room, card), read off the moderator's table of players."""
    seats = {}
    for row in dashboard.locator("#m-players [data-player-id]").all():
        # Player, room, card (then the phone's connection state, not needed here); the seat id is no
        # word for a person, so it rides in an attribute.
        name, room_cell, card_cell = (row.locator(f"[data-cell='{c}']").first.inner_text().strip()
                                      for c in ("name-text", "room", "card"))
        player_id = row.get_attribute("data-player-id") or ""
        number = CARD_NUMBER.search(card_cell)
        assert number, card_cell
        label = card_cell[: number.start()].strip()
        seats[name] = Seat(name, player_id, room_cell, label, int(number.group(1)))
    return seats


def moderator_cards(dashboard: Page) -> dict[str, int]:
    """Name -> card number, from the moderator's table of players."""
    return {name: seat.card_number for name, seat in moderator_table(dashboard).items()}


def join(
    contexts: Contexts,
    code: str,
    name: str,
    shoot: Shoot | None = None,
    via: Relay | None = None,
    base_url: str | None = None,
) -> Player:
    """A phone types the code, takes a seat under `name`, notes its PIN and opens the game page.

    `via` sends it through a relay that can cut it off; `base_url` opens the server under another address.
    """
    context = contexts.phone(name, base_url=via.url if via else base_url)
    page = context.new_page()
    page.goto("/")
    page.locator("#join-code").fill(code)
    page.locator("form[action='/join'] button[type=submit]").tap()
    page.wait_for_url(f"**/g/{code}")
    page.locator("#join-name").fill(name)
    page.locator(f"form[action='/g/{code}/join'] button[type=submit]").tap()
    # The recovery PIN, shown once, then on to the game page.
    expect(page.locator("#pin")).to_have_text(re.compile(r"^\d{6}$"))
    if shoot is not None:
        shoot(page, "joined-pin")
    page.locator(f"a[href='/g/{code}']").tap()
    expect(page.locator(".live[data-kind='player'] #conn")).to_have_attribute("data-state", "open")
    expect(page.locator(".who")).to_contain_text(name)
    return Player(name, context, page)


def create_game(dashboard: Page) -> str:
    """The game master creates a game on the home page and opens the dashboard; returns the code."""
    dashboard.goto("/")
    dashboard.locator("form[action='/games'] button[type=submit]").click()
    code = dashboard.locator(".code").first.inner_text().strip()
    dashboard.locator("#mod-link").click()
    expect(dashboard.locator("#conn")).to_have_attribute("data-state", "open")
    return code


def start(dashboard: Page, players: int) -> dict[str, int]:
    """The game master deals once `players` are seated; returns name -> card number from the dashboard."""
    expect(dashboard.locator("#m-players [data-player-id]")).to_have_count(players)
    dashboard.locator("#m-controls button[value*='\"start\"']").click()  # confirmed (the harness accepts)
    expect(dashboard.locator("#m-players [data-cell='card']").first).to_contain_text("n°")
    return moderator_cards(dashboard)
