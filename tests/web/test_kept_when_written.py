"""Where a tap is written and kept (issue 11). While taps come slowly the loop writes it itself: the trip to a
store thread cost a quiet table more than the write (app/live/pace.py). When they crowd, a store thread writes
it, and the callback that hears the thread is done keeps it and fans it out, a loop turn before the tap's
coroutine resumes (at 100 games that turn was most of a tap's wait). Either way its HTTP answer leaves before
the tapper's own frames (the other sockets' are written at once, in the fan-out): htmx drops a button's second
tap while the first one's answer is awaited, so a game master who taps again as soon as the dashboard moved
must find the first answer in."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from web_helpers import act, create_game, join, make_settings, on_the_loop, receive, receive_until

from app.live.pace import QUIET_TAPS, Pace
from app.store.database import make_engine
from app.store.repository import Repository
from app.web.app import create_app
from app.web.i18n import CATALOGUE
from app.web.sockets import WRITE_NOW


class _Path(Pace):
    """A pace that always sends the taps the same way: on the loop, or to a store thread."""

    def __init__(self, here: bool) -> None:
        super().__init__(local=True)
        self.here = here

    def on_the_loop(self, now: float) -> bool:
        return self.here


class _Written:
    """What the app sends, in the order it sends it: a tap's answer, each websocket frame. A socket's scope
    carries a synchronous write as this project's server gives one (app/web/serve.py, `Websockets.write_now`);
    a frame written through it is logged as "frame now"."""

    def __init__(self, app: ASGIApp, log: list[str]) -> None:
        self.app, self.log = app, log

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = scope.get("path", "")
        if scope["type"] == "websocket":
            stream = send.__self__  # type: ignore[attr-defined]  # the TestClient's stream: it never waits

            def write_now(text: str) -> bool:
                self.log.append(f"frame now {text}")
                stream.send_nowait({"type": "websocket.send", "text": text})
                return True

            scope = {**scope, "extensions": {**(scope.get("extensions") or {}), WRITE_NOW: write_now}}

        async def written(message: Message) -> None:
            if message["type"] == "http.response.body" and path.endswith("/act"):
                self.log.append("answer")
            elif message["type"] == "websocket.send":
                self.log.append(f"frame {message.get('text', '')}")
            await send(message)

        await self.app(scope, receive, written)


@dataclass
class Table:
    client: TestClient  # the game master's browser
    code: str
    hub: Any
    log: list[str]


@pytest.fixture(params=["on the loop", "in a store thread"])
def table(sqlite_url: str, request: pytest.FixtureRequest) -> Iterator[Table]:
    """A started game of six, its hub with its taps written one way, and what the app writes."""
    app = create_app(make_settings(sqlite_url))
    log: list[str] = []
    app.add_middleware(_Written, log=log)
    with TestClient(app, raise_server_exceptions=False) as client:  # a 500 is an answer here
        code, _ = create_game(client)
        for i in range(6):
            join(client, code, f"J{i}")
        assert act(client, code, {"type": "start"}, moderator=True).status_code == 200
        hub = client.app.state.games._hubs[code]  # type: ignore[attr-defined]
        hub._pace = _Path(request.param == "on the loop")
        yield Table(client, code, hub, log)


def test_a_tap_is_written_and_kept_on_the_loop_or_in_a_thread_and_then_a_turn_sooner(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    hub, written_on_loop, kept_by = table.hub, [], []
    commit, keep = hub.repo.commit, hub._keep

    def watched_commit(*args: Any) -> Any:
        written_on_loop.append(on_the_loop())
        return commit(*args)

    def watched_keep(turn: Any) -> None:
        kept_by.append(asyncio.current_task())  # None in a plain callback of the loop
        keep(turn)

    monkeypatch.setattr(hub.repo, "commit", watched_commit)
    monkeypatch.setattr(hub, "_keep", watched_keep)
    seq = hub.seq
    assert act(table.client, table.code, {"type": "mod_note", "text": "Foulques est sorti"}, moderator=True).status_code == 200
    assert hub.seq == seq + 1
    if hub._pace.here:
        assert written_on_loop == [True] and kept_by[0] is not None  # by the tap's own coroutine
    else:
        assert written_on_loop == [False] and kept_by == [None]  # by the callback, a turn before the coroutine


def test_a_tap_s_answer_leaves_before_its_frames(table: Table) -> None:
    client, code, log = table.client, table.code, table.log
    with client.websocket_connect(f"/m/{code}/ws") as dashboard:
        receive(dashboard)  # the whole dashboard, first
        for n in range(5):
            log.clear()
            assert act(client, code, {"type": "mod_note", "text": f"note {n} de la partie"}, moderator=True).status_code == 200
            receive_until(dashboard, f"note {n} de la partie")
            frames = [i for i, line in enumerate(log) if line.startswith("frame") and f"note {n} de la partie" in line]
            assert frames and log.index("answer") < frames[0], log


def test_a_tap_whose_keeping_fails_is_answered_as_a_server_error(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    hub = table.hub

    def broken(*_: Any) -> Any:
        raise RuntimeError("a game's audience that fails")

    monkeypatch.setattr(hub.definition, "audience", broken)
    response = act(table.client, table.code, {"type": "mod_note", "text": "rien"}, moderator=True)
    assert response.status_code == 500
    assert CATALOGUE["error.server"][0] in response.text
    monkeypatch.undo()
    # The next tap goes through: the hub did not stay locked, and its log is the store's.
    assert act(table.client, table.code, {"type": "mod_note", "text": "ensuite"}, moderator=True).status_code == 200
    assert hub.seq == hub.repo.load_events(hub.game.id)[-1].seq


# -- the pace ------------------------------------------------------------------------------------------


def test_a_table_s_taps_are_written_on_the_loop_and_crowded_ones_in_the_threads() -> None:
    pace, now = Pace(local=True), 100.0
    # A table: a request, its answer 10 ms later, the next request more than half a second on.
    for _ in range(20):
        for gap in (0.6, 0.01):
            now += gap
            assert pace.on_the_loop(now)
    # A hundred tables: a tap every 5 ms. Past the first second's QUIET_TAPS they go to the store's threads.
    crowded = []
    for _ in range(400):
        now += 0.005
        crowded.append(pace.on_the_loop(now))
    assert not any(crowded[QUIET_TAPS:])
    # A stall of the loop (half a second), then the taps that waited, in a burst: still the threads.
    now += 0.5
    assert not any(pace.on_the_loop(now + n * 0.0001) for n in range(10))
    # Quiet again: back on the loop, unless a tap is still in a thread (the loop would wait for its commit).
    now += 2.0
    assert pace.on_the_loop(now)
    pace.in_threads = 1
    assert not pace.on_the_loop(now + 0.6)
    pace.in_threads = 0
    assert pace.on_the_loop(now + 1.2)


def test_postgresql_taps_are_always_written_in_the_threads(postgres_url: str, sqlite_url: str) -> None:
    engines = make_engine(postgres_url), make_engine(sqlite_url)
    try:
        assert [Repository(engine).local for engine in engines] == [False, True]
        assert not Pace(local=False).on_the_loop(100.0)
    finally:
        for engine in engines:
            engine.dispose()


def test_the_other_sockets_frames_leave_at_once_the_tapper_s_after_its_answer(table: Table) -> None:
    """The game master moves the game on: the big screen's frame is written in the fan-out's own turn (before
    the answer, which leaves when the tap's coroutine resumes); the dashboard's, the tapper's own, follows the
    answer through its writer."""
    client, code, log = table.client, table.code, table.log
    with client.websocket_connect(f"/m/{code}/ws") as dashboard, client.websocket_connect(f"/s/{code}/ws") as screen:
        receive(dashboard)
        receive(screen)
        log.clear()
        assert act(client, code, {"type": "mod_advance"}, moderator=True).status_code == 200
        receive_until(dashboard, 'id="m-status"')
        receive_until(screen, 'id="s-status"')
    screen_frame = next(i for i, line in enumerate(log) if 'id="s-status"' in line)
    dashboard_frame = next(i for i, line in enumerate(log) if 'id="m-status"' in line)
    assert log[screen_frame].startswith("frame now") and screen_frame < log.index("answer"), log
    assert log[dashboard_frame].startswith("frame <") and log.index("answer") < dashboard_frame, log
