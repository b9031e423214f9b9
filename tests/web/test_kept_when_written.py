"""Where a tap is written and kept (issue 11). While taps come slowly the loop writes it itself: the trip to a
store thread cost a quiet table more than the write (app/live/pace.py). When they crowd, a store thread writes
it, and the callback that hears the thread is done keeps it, fans it out, resumes the tap's coroutine (its
answer leaves) and writes the tapper's frames, all in its own turn of the loop (at 100 games each turn between
them was a long wait). Either way its HTTP answer leaves before
the tapper's own frames (the other sockets' are written at once, in the fan-out): htmx drops a button's second
tap while the first one's answer is awaited, so a game master who taps again as soon as the dashboard moved
must find the first answer in."""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx2
import live_server
import pytest
import uvicorn
from live_server import START_SECONDS, Served, free_port, raw_websocket
from starlette.testclient import TestClient
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from web_helpers import act, create_game, join, make_settings, on_the_loop, receive, receive_until

from app.live.pace import QUIET_TAPS, Pace
from app.store.database import make_engine
from app.store.repository import Repository
from app.web.app import create_app
from app.web.i18n import CATALOGUE
from app.web.serve import Http, Websockets
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
    carries a synchronous write as this project's server gives one (app/web/serve.py, `Websockets.write_now`),
    the server's own under uvicorn; a frame written through it is logged as "frame now"."""

    def __init__(self, app: ASGIApp, log: list[str]) -> None:
        self.app, self.log = app, log

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = scope.get("path", "")
        if scope["type"] == "websocket":
            server_s = (scope.get("extensions") or {}).get(WRITE_NOW)  # uvicorn's, with this project's protocol
            stream = None if server_s else send.__self__  # type: ignore[attr-defined]  # the TestClient's: never waits

            def write_now(text: str) -> bool:
                if server_s is not None and not server_s(text):
                    return False
                self.log.append(f"frame now {text}")
                if stream is not None:
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


def test_a_tap_is_written_kept_and_answered_on_the_loop_or_in_the_turn_its_thread_is_heard(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    hub, log, written_on_loop, kept_by = table.hub, table.log, [], []
    commit, keep = hub.repo.commit, hub._keep

    def watched_commit(*args: Any) -> Any:
        written_on_loop.append(on_the_loop())
        return commit(*args)

    def watched_keep(turn: Any, *args: Any) -> None:
        kept_by.append(asyncio.current_task())  # None in a plain callback of the loop
        asyncio.get_running_loop().call_soon(log.append, "next turn")  # runs once the keeping turn is over
        keep(turn, *args)

    monkeypatch.setattr(hub.repo, "commit", watched_commit)
    monkeypatch.setattr(hub, "_keep", watched_keep)
    seq = hub.seq
    with table.client.websocket_connect(f"/m/{table.code}/ws") as dashboard:
        receive(dashboard)  # the whole dashboard, first
        log.clear()
        assert act(table.client, table.code, {"type": "mod_note", "text": "Foulques est sorti"},
                   moderator=True).status_code == 200
        receive_until(dashboard, "Foulques est sorti")
    assert hub.seq == seq + 1
    steps = [line if line in ("answer", "next turn") else line.split(" <")[0] for line in log]
    if hub._pace.here:
        assert written_on_loop == [True] and kept_by[0] is not None  # by the tap's own coroutine
    else:
        assert written_on_loop == [False] and kept_by == [None]  # by the callback that hears the thread
    # The TestClient's answer waits a turn of the loop (its stream checkpoints), so the tapper's frame (the
    # dashboard's) goes to its writer, a turn later, either way. Through uvicorn, see the last test.
    assert steps[:3] == ["answer", "next turn", "frame"], log


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


def test_through_the_real_server_a_crowded_tap_is_answered_and_its_frame_written_in_the_turn_that_keeps_it(
        sqlite_url: str, tmp_path: Path) -> None:
    """The TestClient's answer always waits a turn (its stream checkpoints): uvicorn's, as `deuxrois serve`
    runs it, is written at once, so the callback that keeps a tap from a store thread answers it and writes
    the tapper's own frame before its turn of the loop is over."""
    log: list[str] = []
    app = create_app(make_settings(sqlite_url))
    app.add_middleware(_Written, log=log)
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, http=Http, ws=Websockets,
                                           log_level="warning"))
    serving = threading.Thread(target=server.run, daemon=True)
    serving.start()
    served = Served(tmp_path, sqlite_url, port=port)
    try:
        deadline = time.monotonic() + START_SECONDS
        while not server.started:
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.01)
        with httpx2.Client(base_url=served.url, headers={"Origin": served.url}) as game_master:
            code, _ = live_server.create_game(game_master)
            for i in range(6):
                with httpx2.Client(base_url=served.url, headers={"Origin": served.url}) as phone:
                    assert phone.post(f"/g/{code}/join", data={"name": f"J{i}"}).status_code == 200

            def note(text: str) -> int:
                body = {"key": secrets.token_hex(8), "command": {"type": "mod_note", "text": text}}
                return game_master.post(f"/m/{code}/act", json=body, timeout=30).status_code

            body = {"key": secrets.token_hex(8), "command": {"type": "start"}}
            assert game_master.post(f"/m/{code}/act", json=body, timeout=30).status_code == 200
            hub = app.state.games._hubs[code]
            hub._pace = _Path(False)  # as when taps crowd: a store thread writes it
            keep = hub._keep

            def watched_keep(turn: Any, *args: Any) -> None:
                asyncio.get_running_loop().call_soon(log.append, "next turn")  # once the keeping turn is over
                keep(turn, *args)

            hub._keep = watched_keep
            cookie = "; ".join(f"{k}={v}" for k, v in game_master.cookies.items())
            with contextlib.closing(raw_websocket(served, f"/m/{code}/ws", cookie)) as dashboard:
                seen = b""
                while b"srv-clock" not in seen:  # the whole dashboard, first
                    seen += dashboard.recv(65536)
                log.clear()
                assert note("Foulques est sorti") == 200
                while b"Foulques est sorti" not in seen:
                    chunk = dashboard.recv(65536)
                    assert chunk, "the server closed the dashboard"
                    seen += chunk
    finally:
        server.should_exit = True
        serving.join(30)
    steps = [line if line in ("answer", "next turn") else line.split(" <")[0] for line in log]
    assert steps[:3] == ["answer", "frame now", "next turn"], log


def test_a_tap_written_in_a_store_thread_wakes_the_loop_once(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """The thread hands its tap back to the loop in one call, the callback that keeps it. Through
    `loop.run_in_executor` the loop's own future of the thread's work was woken too: a second wake-up of the
    loop a tap, for a result nobody read."""
    hub, commit = table.hub, table.hub.repo.commit
    writers: set[int] = set()
    woken: list[str] = []
    handed = asyncio.BaseEventLoop.call_soon_threadsafe

    def watched_commit(*args: Any) -> Any:
        writers.add(threading.get_ident())
        return commit(*args)

    def counted(loop: asyncio.BaseEventLoop, callback: Any, *args: Any, **kwargs: Any) -> Any:
        if threading.get_ident() in writers:
            woken.append(getattr(callback, "__qualname__", repr(callback)))
        return handed(loop, callback, *args, **kwargs)

    monkeypatch.setattr(hub.repo, "commit", watched_commit)
    monkeypatch.setattr(asyncio.BaseEventLoop, "call_soon_threadsafe", counted)
    for n in range(3):
        assert act(table.client, table.code, {"type": "mod_note", "text": f"note {n}"},
                   moderator=True).status_code == 200
    assert len(writers) >= 1
    assert woken == ([] if hub._pace.here else ["Hub._commit.<locals>.back"] * 3), woken
