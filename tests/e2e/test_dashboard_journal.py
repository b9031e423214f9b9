"""The dashboard's journal in a real browser: after each tap only its new line comes (Region.feed), and the
page then shows what a reload shows, the last 80 lines, newest first."""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_harness import Contexts, LiveServer, Shoot
from game_steps import create_game, join
from playwright.sync_api import Page, expect

from app.games.deuxrois.views import LOG_LINES

pytestmark = pytest.mark.browser


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[LiveServer]:
    """A server of this test's own whose game master may write 80 notes at once (4 a second otherwise)."""
    server = LiveServer(tmp_path, env={"RATE_CAPACITY": "200"})
    try:
        server.start()
        yield server
    finally:
        server.stop()


def _journal(dashboard: Page) -> list[tuple[str | None, str]]:
    lines = dashboard.locator("#log-lines > li")
    return [(li.get_attribute("value"), li.inner_text()) for li in lines.all()]


def test_the_journal_grows_at_the_top_and_shows_what_a_reload_shows(own_server: LiveServer, contexts: Contexts,
                                                                   shoot: Shoot) -> None:
    dashboard = contexts.desktop("moderator").new_page()
    code = create_game(dashboard)
    join(contexts, code, "Aude")
    expect(dashboard.locator("#log-lines > li").first).to_contain_text("Aude")

    # A note through the dashboard's own form: it comes on top, the count follows.
    note = dashboard.locator("#m-controls form[data-clear-on-success]")
    note.locator("input[name=text]").fill("premier arbitrage")
    note.locator("button[type=submit]").click()
    expect(dashboard.locator("#log-lines > li").first).to_have_text("Note : premier arbitrage")
    expect(dashboard.locator("#log-count")).to_have_text("3")

    # Past the journal's length: the page keeps the last LOG_LINES, as the server's view of it does.
    for n in range(LOG_LINES):
        answer = dashboard.request.post(f"/m/{code}/act", headers={"hx-request": "true"}, form={
            "command": json.dumps({"type": "mod_note", "text": f"note {n}"}), "key": secrets.token_hex(8)})
        assert answer.ok, answer.text()
    expect(dashboard.locator("#log-lines > li").first).to_have_text(f"Note : note {LOG_LINES - 1}")
    expect(dashboard.locator("#log-lines > li")).to_have_count(LOG_LINES)
    expect(dashboard.locator("#log-count")).to_have_text(str(LOG_LINES))
    grown = _journal(dashboard)
    shoot(dashboard, "grown")
    dashboard.reload()
    expect(dashboard.locator("#conn")).to_have_attribute("data-state", "open")
    assert _journal(dashboard) == grown
