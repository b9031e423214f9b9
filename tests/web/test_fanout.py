"""A slow or dead phone never stalls the others: bounded queues, send deadlines, eviction."""

from __future__ import annotations

import asyncio
import contextlib

from starlette.testclient import TestClient
from web_helpers import act, create_game, join, make_settings

from app.games.deuxrois.game import Actor
from app.kernel.viewer import Viewer
from app.live.connection import Connection
from app.web.app import create_app


def test_a_stuck_phone_is_dropped_and_the_others_keep_pace(sqlite_url: str) -> None:
    # The stuck phone's send deadline is far away, so only the bounded queue can evict it: if the
    # hub ever awaited a socket, the dispatch loop below could not finish while that send hangs.
    settings = make_settings(sqlite_url, send_queue=4, send_timeout=600.0)
    with TestClient(create_app(settings)) as client:
        code, _ = create_game(client)
        for i in range(6):
            join(client, code, f"J{i}")
        assert act(client, code, {"type": "start"}, moderator=True).status_code == 200
        hub = client.app.state.games._hubs[code]  # type: ignore[attr-defined]

        async def scenario() -> dict[str, object]:
            received: dict[str, int] = {"fast": 0, "moderator": 0}
            closed: list[int] = []
            never = asyncio.Event()

            async def stuck(_message: str) -> None:
                await never.wait()  # a phone that stopped reading: the send never completes

            async def close(code_: int) -> None:
                closed.append(code_)

            def recorder(name: str):  # type: ignore[no-untyped-def]
                async def send(_message: str) -> None:
                    received[name] += 1
                return send

            conns = [
                Connection(Viewer(code, "player", "p1"), stuck, close, 4, 600.0),
                Connection(Viewer(code, "player", "p2"), recorder("fast"), close, 4, 600.0),
                Connection(Viewer(code, "moderator"), recorder("moderator"), close, 4, 600.0),
            ]
            writers = [asyncio.create_task(c.run_writer()) for c in conns]
            # The dashboard's presence flush comes on a wall-clock window (WINDOW_S after a phone attaches):
            # on a fast machine after the twelve changes, on a loaded CI worker among them, where it pushed
            # the dashboard once more (14, not 13). This test counts the changes' pushes; presence pushes
            # have their own tests (test_reconnect_storm.py).
            hub.push_presence = lambda: None
            for c in conns:
                hub.attach(c)

            async def twelve_changes() -> None:
                for _ in range(12):
                    # Every view changes (the deadline moves): every socket gets a push.
                    await hub.dispatch({"type": "mod_timer", "mode": "extend", "seconds": 1}, Actor.moderator())
                    await asyncio.sleep(0)  # let the writers run

            await asyncio.wait_for(twelve_changes(), 120)  # a watchdog against a hang, not a measurement
            stuck_still_sending = not writers[0].done()
            for c in conns[1:]:
                c.drop()
            await asyncio.gather(*writers[1:])
            writers[0].cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await writers[0]
            return {"received": received, "stuck_still_sending": stuck_still_sending,
                    "stuck_dropped": conns[0].dropped, "stuck_attached": conns[0] in hub.connections}

        outcome = client.portal.call(scenario)  # type: ignore[union-attr]
    assert outcome["stuck_still_sending"] is True  # its one send never returned...
    assert outcome["stuck_dropped"] is True and outcome["stuck_attached"] is False  # ...its full queue evicted it
    # The others got the first view and one push per change, all while the stuck send hung.
    assert outcome["received"] == {"fast": 13, "moderator": 13}


def test_a_send_past_its_deadline_closes_with_try_again_later() -> None:
    """The writer gives up on a send that misses its deadline and closes with 1013, which htmx reconnects on."""

    async def scenario() -> tuple[list[int], bool, int]:
        closed: list[int] = []

        async def hang(_message: str) -> None:
            await asyncio.Event().wait()

        async def close(code_: int) -> None:
            closed.append(code_)

        conn = Connection(Viewer("ABCD", "player", "p1"), hang, close, 4, 0.01)
        conn.offer("<div id='x'></div>")
        await asyncio.wait_for(conn.run_writer(), 30)  # a watchdog, not a measurement
        return closed, conn.dropped, conn.delivered

    closed, dropped, delivered = asyncio.run(scenario())
    assert closed == [1013] and dropped is True and delivered == 0


def test_a_reveal_request_rebuilds_only_the_views_of_its_audience(sqlite_url: str) -> None:
    """Ten phones, a dashboard and a big screen on the hub: a request concerns the two players and the
    game master, so the game is asked for three views and only those sockets get a frame; a timer
    change concerns everyone."""
    with TestClient(create_app(make_settings(sqlite_url))) as client:
        code, _ = create_game(client)
        for i in range(10):
            join(client, code, f"J{i}")
        rooms = ["normandie", "angleterre"] * 5
        assert act(client, code, {"type": "start", "rooms": rooms}, moderator=True).status_code == 200
        act(client, code, {"type": "mod_advance"}, moderator=True)  # past the set-up, when it asks something
        hub = client.app.state.games._hubs[code]  # type: ignore[attr-defined]
        built: list[Viewer] = []
        dashboard: list[str] = []
        game_view_for = hub.definition.view_for

        async def scenario() -> tuple[list[Viewer], dict[Viewer, int], list[Viewer]]:
            received: dict[Viewer, int] = {}

            def recorder(viewer: Viewer):  # type: ignore[no-untyped-def]
                async def send(message: str) -> None:
                    received[viewer] = received.get(viewer, 0) + 1
                    if viewer.kind == "moderator":
                        dashboard.append(message)
                return send

            async def close(_code: int) -> None:
                return None

            viewers = [Viewer(code, "player", f"p{i}") for i in range(1, 11)]
            viewers += [Viewer(code, "moderator"), Viewer(code, "screen")]
            conns = [Connection(v, recorder(v), close) for v in viewers]
            writers = [asyncio.create_task(c.run_writer()) for c in conns]
            for c in conns:
                hub.attach(c)
            await asyncio.sleep(0.05)
            received.clear()
            dashboard.clear()
            hub.definition.view_for = lambda state, viewer, rebinds: (built.append(viewer),  # type: ignore[method-assign]
                                                                      game_view_for(state, viewer, rebinds))[1]
            await hub.dispatch({"type": "request_reveal", "target": "p3", "kind": "complete"}, Actor.player("p1"))
            await asyncio.sleep(0.05)
            request_views, request_frames = list(built), dict(received)
            built.clear()
            await hub.dispatch({"type": "mod_timer", "mode": "extend", "seconds": 5}, Actor.moderator())
            timer_views = list(built)
            for c in conns:
                c.drop()
            await asyncio.gather(*writers)
            return request_views, request_frames, timer_views

        try:
            request_views, request_frames, timer_views = client.portal.call(scenario)  # type: ignore[union-attr]
        finally:
            hub.definition.view_for = game_view_for  # type: ignore[method-assign]
    concerned = {Viewer(code, "player", "p1"), Viewer(code, "player", "p3"), Viewer(code, "moderator")}
    assert set(request_views) == concerned and len(request_views) == 3
    assert set(request_frames) == concerned
    # The dashboard's buttons (a note being typed, an undo number) are not re-rendered by a player's tap.
    assert 'id="m-pending"' in dashboard[0] and 'id="m-controls"' not in dashboard[0]
    assert len(set(timer_views)) == 12
