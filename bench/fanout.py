"""One tap in a 50-player Deux Rois game, through the real hub: what the server spends per tap, minus HTTP.

A SQLite file, the store, a `Hub` with the web's HTML presenter and 52 connections (50 phones, the
dashboard, the big screen) whose sends only count bytes. One operation is `Hub.dispatch` of a
complète request or its acceptance between two players of one room: the store's transaction,
decide, the audience, the views it concerns and their HTML. The same taps with every view rebuilt
(the audience forced to everyone) show what the audience saves.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from typing import Any

from app.games.deuxrois.config import GameConfig
from app.kernel.actor import Actor
from app.kernel.audience import EVERYONE
from app.kernel.viewer import Viewer
from app.live import heap
from app.live.connection import Connection
from app.live.games import Games
from app.live.hub import Hub
from app.live.pubsub import MemoryPubSub
from app.store.database import make_engine, migrate
from app.store.repository import Repository
from app.web.presenter import HtmlPresenter
from bench.harness import Options, Result, Timer, benchmark

PLAYERS = 50
# The same deal in every run: which powers are dealt changes what a tap costs by a third, more than a change
# to the code being measured.
SEED = 1
TAPS = 300  # enough for the phones' moments to pile up, as they do in a game


def counting(sent: dict[str, int]) -> Callable[[Viewer], Connection]:
    """Connections whose sends only count the frames and bytes (in `sent`) and whose close does nothing."""

    async def send(message: str) -> None:
        sent["frames"] += 1
        sent["bytes"] += len(message)

    async def close(_code: int) -> None:
        return None

    return lambda viewer: Connection(viewer, send, close, maxsize=10_000)


async def finish(games: Games, conns: list[Connection], writers: list[asyncio.Task[None]]) -> None:
    """Drop the connections, let their writers end, unload the games."""
    for conn in conns:
        conn.drop()
    await asyncio.gather(*writers)
    await games.close()


async def _table(options: Options, name: str) -> tuple[Games, Hub, list[Connection], dict[str, int]]:
    heap.space_collections()  # as the server does (its heap settings: freeze=True below too)
    engine = make_engine(f"sqlite:///{options.workdir / f'{name}.db'}")
    migrate(engine)
    games = Games(Repository(engine), HtmlPresenter.of, MemoryPubSub(), freeze=True)
    hub, _ = await games.create(GameConfig(rounds=5), game="deuxrois", seed=SEED)
    for i in range(PLAYERS):
        await hub.dispatch({"type": "join", "name": f"Joueur {i + 1}"}, Actor("player", None), seat=(f"t{i}", "000000"))
    rooms = ["normandie" if i % 2 == 0 else "angleterre" for i in range(PLAYERS)]
    await hub.dispatch({"type": "start", "rooms": rooms}, Actor.moderator())
    if hub.state.phase != "N":
        await hub.dispatch({"type": "mod_advance"}, Actor.moderator())  # the Infidèle's colour: past the set-up
    sent = {"frames": 0, "bytes": 0}
    connect = counting(sent)
    viewers = [Viewer(hub.code, "player", p.id) for p in hub.state.players]
    viewers += [Viewer(hub.code, "moderator"), Viewer(hub.code, "screen")]
    conns = [connect(v) for v in viewers]
    for conn in conns:
        hub.attach(conn)
    return games, hub, conns, sent


async def writing(conns: list[Connection]) -> list[asyncio.Task[None]]:
    """Each connection's writer, once every first, whole page is written (not a tap's cost)."""
    writers = [asyncio.create_task(c.run_writer()) for c in conns]
    while sum(c.delivered for c in conns) < len(conns):
        await asyncio.sleep(0.01)
    return writers


async def play_taps(hub: Hub, taps: int, timer: AbstractContextManager[Any] | None = None) -> None:
    """`taps` taps: complète requests and their acceptances, taking turns among the first player's room."""
    room = hub.state.rooms[hub.state.players[0].id]
    pairs = [p.id for p in hub.state.players if hub.state.rooms[p.id] is room]
    timed = timer if timer is not None else nullcontext()
    for i in range(taps // 2):
        a, b = pairs[(2 * i) % len(pairs)], pairs[(2 * i + 1) % len(pairs)]
        with timed:
            await hub.dispatch({"type": "request_reveal", "target": b, "kind": "complete"}, Actor.player(a), key=f"r{i}")
        rid = next(r.id for r in hub.state.requests.values() if r.from_id == a and r.to_id == b)
        with timed:
            await hub.dispatch({"type": "answer_reveal", "request_id": rid, "accept": True}, Actor.player(b), key=f"a{i}")
        await asyncio.sleep(0)  # the writers drain


async def _taps(options: Options, name: str, everyone: bool) -> tuple[Timer, dict[str, int], int, float]:
    games, hub, conns, sent = await _table(options, name)
    writers = await writing(conns)
    if everyone:  # what the hub did before audiences: every viewer's view rebuilt and diffed
        narrow = hub.fan_out
        hub.fan_out = lambda audience=EVERYONE: narrow(EVERYONE)  # type: ignore[method-assign]
    timer = Timer()
    sent.update(frames=0, bytes=0)
    taps = options.scale(TAPS)
    cpu = time.process_time()  # the store's thread included: it commits
    await play_taps(hub, taps, timer)
    await asyncio.sleep(0.01)
    cpu = time.process_time() - cpu
    frames = dict(sent)
    await finish(games, conns, writers)
    return timer, frames, taps, cpu


@benchmark("fanout-50", "one tap in a 50-player game through the hub: store, engine, the concerned views, HTML")
def fanout_50(options: Options) -> list[Result]:
    results = []
    for everyone in (False, True):
        timer, frames, taps, cpu = asyncio.run(_taps(options, "everyone" if everyone else "audience", everyone))
        label = "tap, every view rebuilt" if everyone else "tap, audience's views"
        info: dict[str, Any] = {"backend": f"{frames['frames'] / taps:.1f} frames, "
                                           f"{frames['bytes'] // taps} B of HTML, {1000 * cpu / taps:.2f} ms CPU a tap "
                                           f"(sqlite, seed {SEED})"}
        results.append(Result(label, timer.samples_ns, info=info))
    return results
