"""The running games of this process: hubs created on first access, re-armed at startup."""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

from pydantic import BaseModel

from app.games import game_of
from app.kernel.game import GameDefinition
from app.live import heap
from app.live.hub import Hub, Presenter, now_ms
from app.live.pubsub import PubSub
from app.store.repository import Repository
from app.store.tokens import hash_token, new_code, new_token

log = logging.getLogger(__name__)


class Games:
    def __init__(self, repo: Repository, presenter: Callable[[GameDefinition], Presenter], pubsub: PubSub,
                 freeze: bool = False) -> None:
        self.repo = repo
        self.freeze = freeze  # heap.settle after each load (the server does; a test process, never)
        self.presenter = presenter  # each game's pages are its own: one presenter per game
        self.pubsub = pubsub
        self.origin = secrets.token_hex(8)  # tells this process's pub/sub notes from others'
        self._hubs: dict[str, Hub] = {}
        self._loading: dict[str, asyncio.Lock] = {}

    async def create(self, config: BaseModel, game: str, seed: int | None = None) -> tuple[Hub, str]:
        """A new game; returns its hub and the moderator's secret (shown once, stored hashed). `seed`: the
        deal's, for a benchmark whose runs must deal the same table (otherwise drawn at random)."""
        secret = new_token()
        seed = secrets.randbits(53) if seed is None else seed
        at = now_ms()
        definition = game_of(game)
        payloads = definition.new_game(config, seed, at)
        record = await asyncio.to_thread(
            self.repo.create_game, new_code, hash_token(secret), definition.id, config.model_dump(mode="json"), seed,
            payloads, at,
        )
        hub = await self.get(record.code)
        assert hub is not None
        return hub, secret

    async def get(self, code: str) -> Hub | None:
        """The game's hub, loading and re-arming it from the log on first access."""
        hub = self._hubs.get(code)
        if hub is not None:
            return hub
        lock = self._loading.setdefault(code, asyncio.Lock())
        async with lock:
            hub = self._hubs.get(code)
            if hub is not None:
                return hub
            record = await asyncio.to_thread(self.repo.find_game, code)
            if record is None:
                return None
            events = await asyncio.to_thread(self.repo.load_events, record.id)
            hub = Hub(record, events, self.repo, self.presenter(game_of(record.game)), self.pubsub, self.origin)
            await hub.start()
            self._hubs[code] = hub
            if self.freeze:
                heap.settle()  # the state stays as long as its game: out of the collector's walks
            return hub

    async def rearm_recent(self, hours: float) -> list[str]:
        """Load unfinished games active in the last `hours` so their timers run without a visitor."""
        since = datetime.now(UTC) - timedelta(hours=hours)
        codes = await asyncio.to_thread(self.repo.recent_games, since)
        for code in codes:
            try:
                await self.get(code)
            except Exception:
                log.exception("game %s: could not be reloaded", code)
        return codes

    async def sweep(self, idle_seconds: float) -> list[str]:
        """Unload hubs nobody used for `idle_seconds` (no socket, no timer): the log reloads them on demand."""
        gone = []
        for code, hub in list(self._hubs.items()):
            idle = hub.idle_for()
            if idle is not None and idle >= idle_seconds:
                del self._hubs[code]
                self._loading.pop(code, None)
                await hub.stop()
                gone.append(code)
        if gone and not self._hubs and self.freeze:
            heap.collect_all()  # the last game gone: nobody waits on a whole walk of the heap now
        return gone

    async def close(self) -> None:
        for hub in list(self._hubs.values()):
            await hub.stop()
        self._hubs.clear()

    def loaded(self) -> dict[str, Any]:
        return {code: hub.seq for code, hub in self._hubs.items()}
