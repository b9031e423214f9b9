"""The dashboard's event log: every step, newest first, numbered as the undo form takes them. After a tap
the dashboard gets only the new lines (Region.feed); what it then shows is what a fresh page shows."""

from __future__ import annotations

import re

from starlette.testclient import TestClient, WebSocketTestSession
from web_helpers import FeedShown, act, create_game, join, nothing_pending, receive, receive_until

from app.games.deuxrois.views import LOG_LINES

LINE = re.compile(r'<li value="(\d+)">(.*?)</li>')


def _lines(journal: FeedShown) -> list[tuple[int, str]]:
    return [(int(n), text) for item in journal.items for n, text in LINE.findall(item)]


def _journal(first: str) -> FeedShown:
    journal = FeedShown("m-log", "log-lines")
    journal.take(first)
    return journal


def _after(mod: WebSocketTestSession, journal: FeedShown) -> list[str]:
    """How the journal came in the pushes of one tap (each applied): "whole" or "new" (its new lines)."""
    came = []
    for message in receive_until(mod, "log-"):
        grown = journal.grown
        if journal.take(message) != message:
            came.append("new" if journal.grown > grown else "whole")
    return came


def _fresh(client: TestClient, code: str) -> list[tuple[int, str]]:
    with client.websocket_connect(f"/m/{code}/ws") as again:
        return _lines(_journal(receive(again)))


def test_the_log_lists_every_step_with_its_number_and_only_on_the_dashboard(client: TestClient) -> None:
    code, secret = create_game(client)
    aude, _ = join(client, code, "Aude")
    assert client.get(f"/m/{code}?k={secret}").status_code == 200
    hub = client.app.state.games._hubs[code]  # type: ignore[attr-defined]
    with client.websocket_connect(f"/m/{code}/ws") as mod, aude.websocket_connect(f"/g/{code}/ws") as phone:
        first = receive(mod)
        assert '<li value="2">Aude rejoint la partie</li>' in first
        journal = _journal(first)
        assert "m-log" not in (page := receive(phone)) and "log-lines" not in page
        assert act(client, code, {"type": "mod_note", "text": "arbitrage"}, moderator=True).status_code == 200
        assert _after(mod, journal) == ["new"]
        assert [n for n, _ in _lines(journal)] == list(range(hub.seq, 0, -1))  # newest first, every step
        assert _lines(journal)[0] == (hub.seq, "Note : arbitrage")
        assert _lines(journal) == _fresh(client, code) and journal.spans == {"log-count": str(hub.seq)}
        assert nothing_pending(phone)


def test_a_tap_sends_the_dashboard_its_new_line_only_and_the_page_keeps_the_last_ones(client: TestClient) -> None:
    """Past the log's length the oldest line goes; an undo (lines made anew) sends the whole log again."""
    code, secret = create_game(client)
    join(client, code, "Aude")
    assert client.get(f"/m/{code}?k={secret}").status_code == 200
    with client.websocket_connect(f"/m/{code}/ws") as mod:
        journal = _journal(receive(mod))
        assert journal.most == LOG_LINES
        for n in range(LOG_LINES + 2):
            assert act(client, code, {"type": "mod_note", "text": f"n{n}"}, moderator=True).status_code == 200
            assert _after(mod, journal) == ["new"]
            if n in (3, LOG_LINES + 1):
                assert _lines(journal) == _fresh(client, code)
        assert len(journal.items) == LOG_LINES and journal.spans == {"log-count": str(LOG_LINES)}
        assert _lines(journal)[0][1].endswith(f"n{LOG_LINES + 1}")
        version = _lines(journal)[0][0]
        assert act(client, code, {"type": "mod_undo", "to_version": version - 2}, moderator=True).status_code == 200
        assert "whole" in _after(mod, journal)
        assert _lines(journal) == _fresh(client, code)
        assert _lines(journal)[0][0] == version + 1  # the undo is a step of its own
