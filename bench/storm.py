"""50 phones of a started 50-player game drop and come back at once (a Wi-Fi blip), through the real hub.

One operation: the 50 phones' sockets detach at once, and a moment later 50 new ones attach in the
same instant, as the sockets of a storm come in; it ends once every phone's whole page is queued and
the dashboard's presence pushes are out. The hub may coalesce those in a short window: the waits are
not counted, the operation's CPU time is. A note before each storm moves the game on, as between two
real storms. Reported: CPU per storm, the dashboard's pushes per storm, and the HTML
written. Without HTTP, handshakes or deflate: what the hub and its presenter cost.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from app.kernel.actor import Actor
from bench.fanout import _table, counting, finish
from bench.harness import Options, Result, Timer, benchmark

WAIT_S = 0.2  # longer than any coalescing window: every push of a storm is out by then


async def _storms(options: Options) -> tuple[Timer, dict[str, int], int]:
    games, hub, conns, sent = await _table(options, "storm")
    writers = [asyncio.create_task(c.run_writer()) for c in conns]
    dashboard = next(c for c in conns if c.viewer.kind == "moderator")
    await asyncio.sleep(WAIT_S)
    phones = [c for c in conns if c.viewer.kind == "player"]
    timer = Timer()
    storms = options.scale(20)
    pushes = 0
    sent.update(frames=0, bytes=0)
    connect = counting(sent)
    for i in range(storms):
        # The game moved on since the last storm (a note: only the dashboard's view changes).
        await hub.dispatch({"type": "mod_note", "text": f"storm {i}"}, Actor.moderator())
        await asyncio.sleep(WAIT_S)
        before = dashboard.delivered
        cpu = time.process_time_ns()
        for conn in phones:
            conn.drop()
            hub.detach(conn)
        await asyncio.sleep(WAIT_S)  # the dashboard shows them asleep (sleeping costs no CPU time)
        fresh = [connect(c.viewer) for c in phones]
        for conn in fresh:
            hub.attach(conn)
        await asyncio.sleep(WAIT_S)  # ...and back: every page and push is out
        timer.add(time.process_time_ns() - cpu)
        pushes += dashboard.delivered - before
        writers += [asyncio.create_task(c.run_writer()) for c in fresh]
        phones = fresh
        await asyncio.sleep(0.01)
    frames = {"dashboard_pushes": pushes, "bytes": sent["bytes"]}
    await finish(games, [dashboard, *phones, *conns], writers)
    return timer, frames, storms


@benchmark("reconnect-50", "50 phones of a 50-player game reconnect at once: CPU of the hub's resync (no sockets)")
def reconnect_50(options: Options) -> list[Result]:
    timer, frames, storms = asyncio.run(_storms(options))
    info: dict[str, Any] = {"backend": f"CPU time; {frames['dashboard_pushes'] / storms:.1f} dashboard pushes, "
                                       f"{frames['bytes'] // storms} B of HTML a storm (sqlite)"}
    return [Result("50 phones detach + attach", timer.samples_ns, info=info)]
