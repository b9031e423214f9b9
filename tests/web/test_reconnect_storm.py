"""50 phones reconnecting at once (a Wi-Fi blip) resync in one go (issue 11, item 5).

Every phone gets its whole page at once, the same page it would get alone; the
dashboard gets the phones' comings and goings in one push per short window
(presence.WINDOW_S), not one per phone; a room's public regions render once
for the whole storm, not once per phone.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections import Counter
from typing import Any

import pytest
from starlette.testclient import TestClient
from web_helpers import act, create_game, join, receive, receive_until

from app.kernel.viewer import Viewer
from app.live import presence as presence_module
from app.live.connection import Connection
from app.web import presenter as presenter_module

PHONES = 50
CLOCK = re.compile(r'<span id="srv-clock"[^>]*></span>')


@pytest.fixture
def started(client: TestClient) -> tuple[str, Any]:
    """A started 50-player game; returns its code and hub."""
    code, _ = create_game(client)
    for i in range(PHONES):
        join(client, code, f"J{i:02}")
    assert act(client, code, {"type": "start"}, moderator=True).status_code == 200
    return code, client.app.state.games._hubs[code]  # type: ignore[attr-defined]


def _recorder(messages: list[str]):  # type: ignore[no-untyped-def]
    async def send(message: str) -> None:
        messages.append(message)
    return send


async def _nothing(_code: int) -> None:
    return None


async def _storm(code: str, hub: Any) -> tuple[list[str], dict[str, list[str]]]:
    """The dashboard's socket, then all 50 phones' at once; every message each got, once all is out."""
    dashboard: list[str] = []
    phones: dict[str, list[str]] = {f"p{i}": [] for i in range(1, PHONES + 1)}
    moderator = Connection(Viewer(code, "moderator"), _recorder(dashboard), _nothing)
    conns = [Connection(Viewer(code, "player", pid), _recorder(got), _nothing) for pid, got in phones.items()]
    writers = [asyncio.create_task(c.run_writer()) for c in [moderator, *conns]]
    hub.attach(moderator)
    await asyncio.sleep(presence_module.WINDOW_S * 3)  # the dashboard's first page, nothing pending
    dashboard.clear()
    for conn in conns:
        hub.attach(conn)  # all at once, as the sockets of a storm come in
    await asyncio.sleep(presence_module.WINDOW_S * 3)
    for conn in [moderator, *conns]:
        conn.drop()
    await asyncio.gather(*writers)
    for conn in [moderator, *conns]:
        hub.detach(conn)
    return dashboard, phones


def _counting_renders(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    renders: Counter[str] = Counter()
    render = presenter_module.HtmlPresenter._render

    def counting(self: Any, viewer: Viewer, region: Any, sub: dict[str, Any]) -> str:
        renders[region.id] += 1
        return render(self, viewer, region, sub)

    monkeypatch.setattr(presenter_module.HtmlPresenter, "_render", counting)
    return renders


def _each_got_its_page_alone(code: str, hub: Any, phones: dict[str, list[str]]) -> None:
    presenter = presenter_module.HtmlPresenter(hub.definition.pages)
    for pid, got in phones.items():
        assert len(got) == 1, pid  # the whole page in one message
        viewer = Viewer(code, "player", pid)
        alone = "\n".join(presenter.regions(viewer, hub.view_for(viewer)))
        assert CLOCK.sub("", got[0]).strip() == alone.strip()  # what it would get alone, every region of it


def test_a_storm_of_attaches_resyncs_every_phone_and_pushes_presence_once(
    client: TestClient, started: tuple[str, Any], monkeypatch: pytest.MonkeyPatch,
) -> None:
    code, hub = started
    renders = _counting_renders(monkeypatch)
    dashboard, phones = client.portal.call(_storm, code, hub)  # type: ignore[union-attr]
    storm_renders = Counter(renders)  # (the pages rendered below to compare with are not the storm's)
    _each_got_its_page_alone(code, hub, phones)
    # The dashboard: one push for the 50 phones that came.
    assert len(dashboard) == 1
    assert dashboard[0].count("presence-connected") >= PHONES
    # Regions every phone shows alike render once for the whole storm; each phone's own regions once per phone.
    assert storm_renders["p-status"] == 1 and storm_renders["p-event"] == 1
    assert storm_renders["p-card"] == PHONES


def test_phones_coming_back_get_their_card_and_powers_as_kept_not_rendered_again(
    client: TestClient, started: tuple[str, Any], monkeypatch: pytest.MonkeyPatch,
) -> None:
    code, hub = started
    client.portal.call(_storm, code, hub)  # type: ignore[union-attr]
    renders = _counting_renders(monkeypatch)
    _, phones = client.portal.call(_storm, code, hub)  # type: ignore[union-attr]  # the Wi-Fi blinked
    again = Counter(renders)
    _each_got_its_page_alone(code, hub, phones)
    assert again["p-card"] == 0 and again["p-powers"] == 0


def test_phones_connecting_through_their_sockets_reach_the_dashboard_in_few_pushes(
    client: TestClient, monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A wide window, so that however slowly this machine opens the sockets one after another,
    # they come within a few windows: what is counted is the coalescing, not the speed.
    monkeypatch.setattr(presence_module, "WINDOW_S", 0.5)
    code, secret = create_game(client)
    seats = [join(client, code, f"J{i:02}")[0] for i in range(12)]
    assert client.get(f"/m/{code}?k={secret}").status_code == 200
    with client.websocket_connect(f"/m/{code}/ws") as dashboard, contextlib.ExitStack() as stack:
        receive(dashboard)
        sockets = [stack.enter_context(seat.websocket_connect(f"/g/{code}/ws")) for seat in seats]
        pages = [receive(ws) for ws in sockets]
        assert all('id="p-status"' in page and "Joueurs inscrits : 12" in page for page in pages)
        pushes = receive_until(dashboard, "presence-connected")
        while pushes[-1].count("presence-connected") < len(seats):
            pushes.append(receive(dashboard))
        assert len(pushes) < len(seats) // 2  # one per window, not one per phone


def test_a_kept_card_is_kept_per_language_and_per_card(client: TestClient, started: tuple[str, Any]) -> None:
    code, hub = started
    presenter = presenter_module.HtmlPresenter(hub.definition.pages)
    card = next(r for r in hub.definition.pages["player"] if r.id == "p-card")

    def html(pid: str, lang: str) -> str:
        viewer = Viewer(code, "player", pid, lang)
        return presenter.region_html(viewer, card, hub.view_for(viewer))

    french, english = html("p1", "fr"), html("p1", "en")
    assert "Maintenir pour voir ma carte" in french and "Hold to see my card" in english
    assert html("p1", "en") == english and html("p1", "fr") == french  # kept, each in its language
    assert html("p2", "fr") != french  # another seat, another card: never the first one's HTML
