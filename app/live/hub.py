"""One hub per running game: the only writer of its log in this process.

dispatch: under the game's lock, engine decide (on the loop, on this hub's log) -> append
(one transaction, in the store's thread; it decides again there on what another writer appended) ->
evolve -> push to every viewer whose view changed -> re-arm the timer (these three in the callback that
hears the store's thread is done, `_commit`). Other
processes sharing the game hear "seq N" on the pub/sub seam and catch up from
the database; a clash on (game_id, seq) means another process won the race:
reload and decide again.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import logging
import os
import random
import secrets
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any, Protocol

import orjson

from app.games import game_of
from app.kernel.actor import Actor
from app.kernel.audience import EVERYONE, Audience
from app.kernel.game import GameDefinition
from app.kernel.lru import LRU
from app.kernel.rules import Decision
from app.kernel.viewer import Viewer
from app.live import heap
from app.live.connection import Connection
from app.live.handoff import Handoff
from app.live.known import Known
from app.live.pace import pace_of
from app.live.presence import ASLEEP_S, REFRESH_S, WINDOW_S, Presence
from app.live.pubsub import PubSub, Subscription
from app.store.repository import Batch, GameRecord, LiveSession, Repository, SeqConflict, StoredEvent

log = logging.getLogger(__name__)
# The store's threads, where a crowded tap is written (`Hub._commit`). Handed its work with `submit`, not
# `loop.run_in_executor`: that asks each time whether the function is a coroutine function and wraps the
# thread's future in one of the loop's, whose result nobody read but whose end woke the loop a second time
# from the thread (the tap's callback already does). As many threads as the loop's default executor has.
STORE_THREADS = ThreadPoolExecutor(max_workers=min(32, (os.cpu_count() or 1) + 4), thread_name_prefix="store")
RETRIES = 30  # clashes happen only where writers do not take turns (SQLite): each try reads what won
RETRY_JITTER_S = 0.003  # up to this many seconds times the try number between tries, so two writers drift apart
BURST_S = 1.0  # sockets attaching within this long of each other share their rendered regions...
SHARED_REGIONS = 12  # ...the most recently used (at least this many, else two pages of regions)
# A tap's note to the other processes carries its events, up to this many bytes of JSON (a tap's are a few
# hundred; a deal at 50 players is read from the store): no process reads back a tap it was told about.
NOTE_EVENTS_BYTES = 16_384


def now_ms() -> int:
    return int(time.time() * 1000)


class Presenter(Protocol):
    """Turns a view into what one socket receives (web renders HTML; tests may send JSON)."""

    def push(self, viewer: Viewer, view: dict[str, Any], sent: dict[str, Any],
             cache: dict[Any, str]) -> str | None:
        """The message for `viewer` given its new view and what the presenter kept of what it was sent (per
        region: digests, or a feed's list; updated), or None.
        `cache` is shared by one fan-out: equal inputs render once."""
        ...


@dataclass(slots=True)
class Outcome:
    """What a dispatch did: the new events' payloads (for the caller only) and the stored result."""

    result: dict[str, Any]
    payloads: list[dict[str, Any]] = field(default_factory=list)
    replayed: bool = False


class _Turn:
    """One try of a command: `decide` runs in the store's transaction, on the log as it is now; a first try
    decides on this hub's log before it goes to the store (`decided_here`)."""

    def __init__(self, hub: Hub, command: Any, actor: Actor, at: int, seat: tuple[str, str] | None) -> None:
        self.definition = hub.definition
        self.command, self.actor, self.at, self.seat = command, actor, at, seat
        self.state: Any = hub.state
        self.seq = hub.seq
        self.fresh: list[StoredEvent] = []
        self.fresh_events: list[Any] = []  # the same, parsed: the audience reads them
        self.decision: Decision[Any] | None = None
        self.payloads: list[dict[str, Any]] = []
        self.result: dict[str, Any] | None = None
        self.failed: Exception | None = None  # keeping the written tap raised this (Hub._commit)

    def decide(self, fresh: list[StoredEvent]) -> Batch:
        """Fold what other processes appended, then decide (pure: it runs in the store's thread)."""
        self.fresh_events = []
        for stored in fresh:
            event = self.definition.event_from_json(stored.payload)
            self.state = self.definition.evolve(self.state, event, stored.at)
            self.fresh_events.append(event)
            self.seq = stored.seq
        self.fresh = fresh
        decision = self.definition.decide(self.state, self.command, self.actor, self.at)
        payloads = [self.definition.event_to_json(e) for e in decision.events]
        joined = next((j for e in decision.events if (j := self.definition.joined(e)) is not None), None)
        result: dict[str, Any] = {"ok": True, "seq": self.seq + len(payloads), "events": [p["type"] for p in payloads]}
        if joined is not None:
            result["player_id"] = joined
        self.decision, self.payloads, self.result = decision, payloads, result
        asked = {"actor": {"kind": self.actor.kind, "player_id": self.actor.player_id},
                 "command": self.definition.command_to_json(self.command)}
        return Batch(payloads, result, self.definition.over(decision.state),
                     (joined, *self.seat) if self.seat is not None and joined is not None else None, asked)

    def decided_here(self) -> Callable[[list[StoredEvent]], Batch]:
        """`decide` for a first try, whose store writes blind: the decision on this hub's log, made now, on the
        loop. The store's thread then only writes it. Deciding there competed for the GIL with the loop: at 100
        games (the loop 75 % busy) a tap spent 3 ms at p50 and 16-21 ms at p90 in that thread, for 0.3 ms of
        deciding and a 0.7 ms commit (docs/performance.md). The store calls it again with the events other
        processes appended when the blind write clashed: it decides again on those. A refusal decides again
        in the store too, after the key's check (a replayed tap is answered with its stored result)."""
        try:
            batch = self.decide([])
        except Exception:
            return self.decide
        return lambda fresh: self.decide(fresh) if fresh else batch


class Hub:
    def __init__(
        self,
        game: GameRecord,
        events: Sequence[StoredEvent],
        repo: Repository,
        presenter: Presenter,
        pubsub: PubSub,
        origin: str,
        clock: Callable[[], int] = now_ms,
    ) -> None:
        self.game = game
        self.code = game.code
        self.repo = repo
        self._pace = pace_of(repo)  # whether a tap is written on the loop or in a store thread
        self.presenter = presenter
        self.pubsub = pubsub
        # Per hub, not per process: a hub loaded after an unload still hears its predecessor.
        self.origin = f"{origin}:{secrets.token_hex(4)}"
        self.clock = clock
        self.lock = asyncio.Lock()
        self.definition: GameDefinition = game_of(game.game)
        self.state: Any = self.definition.replay(events, game.config)  # the game's own state
        self.seq = events[-1].seq if events else 0
        self.connections: set[Connection] = set()
        self.phones = Presence()  # whose phone is open, here and in other processes (for the dashboard)
        self._presence_timer: asyncio.TimerHandle | None = None  # a dashboard push on its way
        self._refresh_timer: asyncio.TimerHandle | None = None
        self._announced: dict[str, Any] | None = None  # the last presence note this hub published
        # Regions rendered for the sockets attaching now (a reconnect storm), keyed as the presenter keys
        # them: those every phone of a room shows are used by each attach and stay; a phone's own (its card,
        # its actions) are used once and soon pushed out, so the storm never holds 50 pages.
        self._shared: LRU[Any, str] | None = None
        self._shared_timer: asyncio.TimerHandle | None = None
        self.rebinds: list[str] = []  # seats a new phone claims with the PIN, for the moderator
        # Seat token hash -> player id, and the game master's session hash -> the session, as the store
        # answered: a tap needs no trip to the database to know who asks. A seat's entries go when its
        # phone is cut off, the sessions when a new link ends them (here or in another process).
        self._seats: Known[str, str] = Known()
        self._moderators: Known[str, LiveSession] = Known()
        # (state, its lobby, seat id -> name): a tap asks whose seat it is five times, before and after
        self._lobby: tuple[Any, dict[str, Any], dict[str, str]] | None = None
        self._timer: asyncio.TimerHandle | None = None
        self._armed_for: int | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self._listener: asyncio.Task[None] | None = None
        self._subscription: Subscription | None = None  # this hub's own, which its notes skip
        self.touched = time.monotonic()  # last command, push or socket: the sweeper unloads idle hubs
        self.stopped = False

    @property
    def channel(self) -> str:
        return f"game:{self.code}"

    # -- life cycle ----------------------------------------------------------

    async def start(self) -> None:
        self.rebinds = await asyncio.to_thread(self.repo.pending_rebinds, self.game.id)
        ready = asyncio.Event()
        self._listener = asyncio.create_task(self._listen(ready))
        await ready.wait()
        self._arm()
        # Other processes' hubs of this game answer with their phones (the dashboard may be here, a phone there).
        await self._announce(ask=True)
        self._refresh_timer = asyncio.get_running_loop().call_later(REFRESH_S, self._refresh_presence)

    def idle_for(self) -> float | None:
        """Seconds since anything happened, or None while a socket, a timer or a command holds the hub."""
        if self.connections or self._timer is not None or self.lock.locked() or self._tasks:
            return None
        return time.monotonic() - self.touched

    async def stop(self) -> None:
        if not self.stopped and self._something_to_tell():
            await self._announce(leaving=True)  # the others stop counting this process's phones
        self.stopped = True
        for timer in (self._timer, self._presence_timer, self._refresh_timer, self._shared_timer):
            if timer is not None:
                timer.cancel()
        self._shared = None
        for task in [self._listener, *self._tasks]:
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
        for conn in list(self.connections):
            conn.drop()

    # -- commands ------------------------------------------------------------

    async def dispatch(
        self,
        command: dict[str, Any],
        actor: Actor,
        key: str | None = None,
        seat: tuple[str, str] | None = None,
    ) -> Outcome:
        """Run one command through the engine; raises EngineError (nothing changes).

        `key` makes the command idempotent per actor; `seat` (token_hash, pin)
        is stored with a join's new player in the same transaction.
        """
        parsed = self.definition.parse_command(command)  # a malformed command never takes the lock
        full_key = f"{actor.key}:{key}" if key else None
        async with self.lock:
            for attempt in range(RETRIES):
                at = self.clock()
                turn = _Turn(self, parsed, actor, at, seat)
                try:
                    # Each try checks the key first: the process that beat us may have run this very command.
                    # The first try trusts this hub's log (it is the game's writer here); a clash reads all.
                    stored = await self._commit(turn, full_key, first=attempt == 0)
                except SeqConflict:
                    self._adopt(turn)  # the events read before the clash are committed: keep them
                    await asyncio.sleep(random.uniform(0, RETRY_JITTER_S * (attempt + 1)))
                    continue
                except Exception:  # not a cancellation: the store's thread may still be running then
                    self._adopt(turn)  # a refusal was decided on the newest log: show that log
                    raise
                if stored is not None:
                    await self._catch_up_locked()  # another process (or an earlier try) wrote it
                    return Outcome(stored, replayed=True)
                assert turn.result is not None  # kept by `_commit`, before this coroutine resumed
                if turn.failed is not None:
                    raise turn.failed
                if turn.payloads:
                    await self._publish(self._moved(turn))
                return Outcome(turn.result, turn.payloads)
            raise RuntimeError(f"game {self.code}: could not append after {RETRIES} tries")

    async def _commit(self, turn: _Turn, full_key: str | None, first: bool) -> dict[str, Any] | None:
        """The store's transaction (`Repository.commit`): None when it wrote the tap, the stored result of a
        replayed one. While taps come slowly it runs here, on the loop (app/live/pace.py). Otherwise it runs
        in a store thread, and the callback that hears the thread is done does the rest of the tap in its own
        turn of the loop: it keeps the tap and fans it out (the others' frames are written at once), resumes
        this coroutine at once (a `Handoff`), which returns to the route and writes the HTTP answer, then
        writes the tapper's own frames (`_answered`). Each turn of the loop between these was a wait behind
        every socket and tap of the process: at 100 games 6 / 71 ms at p50 / p99 before the keep moved into
        the callback, and 1 / 15 ms before the answer did (docs/performance.md). Either way the tap's HTTP
        answer leaves before the tapper's frames (htmx drops a button's second tap while the first one's
        answer is awaited), unless the coroutine waits once resumed: with several processes its note to the
        others goes through Redis first, and the frames leave through their writers meanwhile, as before
        (holding them for the answer cost the tap's last frame a round trip and a turn: docs/performance.md)."""
        loop = asyncio.get_running_loop()
        args = (self.game.id, self.seq, turn.at, full_key, turn.decided_here() if first else turn.decide, first)
        pace = self._pace
        if pace.on_the_loop(loop.time()):  # a quiet process: the trip to a thread costs more than the write
            stored = self.repo.commit(*args)
            if stored is None:
                self._kept(turn)
            return stored
        heard: Handoff[dict[str, Any] | None] = Handoff(loop)
        tapping = asyncio.current_task()
        pace.in_threads += 1

        def back(stored: dict[str, Any] | None, error: BaseException | None) -> None:
            pace.in_threads -= 1
            if heard.cancelled():
                return  # the tap's coroutine is gone (the server stops): nothing is kept, as before
            if error is not None:
                heard.resolve(exception=error)
                return
            held: list[tuple[Connection, str]] = []
            if stored is None:
                self._kept(turn, held)
            heard.resolve(stored)  # the tap's coroutine runs now, to its answer when nothing makes it wait
            self._answered(held, answer_out=tapping is not None and tapping.done())

        def in_thread() -> None:
            try:
                stored, error = self.repo.commit(*args), None
            except BaseException as exc:
                stored, error = None, exc
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile: nobody waits
                loop.call_soon_threadsafe(back, stored, error)

        STORE_THREADS.submit(contextvars.copy_context().run, in_thread)
        return await heard

    def _kept(self, turn: _Turn, held: list[tuple[Connection, str]] | None = None) -> None:
        """`_keep`, its failure handed to the tap's coroutine (`_Turn.failed`), which raises it."""
        try:
            self._keep(turn, held)
        except Exception as exc:
            turn.failed = exc

    def _keep(self, turn: _Turn, held: list[tuple[Connection, str]] | None) -> None:
        """A tap the store wrote: the hub's log takes it, and the viewers it concerns see it."""
        assert turn.decision is not None
        before, events = self.state, [*turn.fresh_events, *turn.decision.events]
        self.state, self.seq = turn.decision.state, turn.seq + len(turn.payloads)
        if events:
            self._after_change(self.definition.audience(before, events, self.state), turn.actor, held)

    def _answered(self, held: list[tuple[Connection, str]], answer_out: bool) -> None:
        """The tapper's own frames, held by the fan-out: written now when the tap's answer is out (its task
        ended in the callback's turn), else given to their writers, a turn later, as a tap on the loop's."""
        for conn, message in held:
            if not conn.offer(message, at_once=answer_out):
                self.connections.discard(conn)

    def _moved(self, turn: _Turn) -> dict[str, Any]:
        """The note of a committed tap: its seq and, unless they are large, its events, so that the other
        processes need not read them back (`_heard_moved`)."""
        note: dict[str, Any] = {"kind": "seq", "seq": self.seq}
        if len(orjson.dumps(turn.payloads)) <= NOTE_EVENTS_BYTES:
            note.update(after=self.seq - len(turn.payloads), at=turn.at, events=turn.payloads)
        return note

    def _adopt(self, turn: _Turn) -> None:
        """Keep what a try read from the log, when it read anything."""
        if turn.fresh:
            before, self.state, self.seq = self.state, turn.state, turn.seq
            self._after_change(self.definition.audience(before, turn.fresh_events, self.state))

    async def catch_up(self) -> None:
        async with self.lock:
            await self._catch_up_locked()

    async def _catch_up_locked(self) -> None:
        self._fold(await asyncio.to_thread(self.repo.load_events, self.game.id, self.seq))

    async def _heard_moved(self, note: dict[str, Any]) -> None:
        """Another process committed a tap: fold the events its note carries when they follow this hub's
        log, else read what this hub lacks from the store (a note lost, or one too large to carry them)."""
        seq = int(note.get("seq", 0))
        async with self.lock:
            if seq <= self.seq:
                return  # already read (a tap of this process met those events in the store first)
            events, after = note.get("events"), note.get("after")
            if isinstance(events, list) and after == self.seq and after + len(events) == seq:
                at = int(note["at"])
                self._fold([StoredEvent(after + n, payload, at) for n, payload in enumerate(events, start=1)])
            else:
                await self._catch_up_locked()

    def _fold(self, fresh: Sequence[StoredEvent]) -> None:
        """Evolve the state by events from the store's log (this hub's seq is the last one before them)."""
        if not fresh:
            return
        before = state = self.state
        events = [self.definition.event_from_json(stored.payload) for stored in fresh]
        for event, stored in zip(events, fresh, strict=True):
            state = self.definition.evolve(state, event, stored.at)
        self.state = state
        self.seq = fresh[-1].seq
        self._after_change(self.definition.audience(before, events, state))

    def _after_change(self, audience: Audience, answering: Actor | None = None,
                      held: list[tuple[Connection, str]] | None = None) -> None:
        self.touched = time.monotonic()
        self.fan_out(audience, answering, held)
        self._arm()

    # -- viewers -------------------------------------------------------------

    def lobby(self) -> dict[str, Any]:
        """The door's view of the current state (who is seated, whether it is open), made once per state:
        every tap asks whose seat it is, before and after. Shared: read it, never change it."""
        return self._door()[1]

    def seat_names(self) -> dict[str, str]:
        """Seat id -> name of everyone seated now (from the lobby, made once per state). Shared: read it."""
        return self._door()[2]

    def _door(self) -> tuple[Any, dict[str, Any], dict[str, str]]:
        kept = self._lobby
        if kept is None or kept[0] is not self.state:
            lobby = self.definition.lobby(self.state)
            kept = self._lobby = (self.state, lobby, {str(p["id"]): p["name"] for p in lobby["players"]})
        return kept

    def view_for(self, viewer: Viewer) -> dict[str, Any]:
        view = self.definition.view_for(self.state, viewer, self.rebinds)
        if viewer.kind == "moderator":
            view = {**view, "presence": self.presence()}
        return view

    def presence(self) -> dict[str, str]:
        """Each seat's phone for the dashboard: connected (in any process), asleep (lost lately) or gone."""
        return self.phones.states(self._live())

    def _live(self) -> set[str]:
        return {c.viewer.player_id for c in self.connections
                if not c.dropped and c.viewer.kind == "player" and c.viewer.player_id is not None}

    def view_for_player(self, player_id: str) -> dict[str, Any]:
        return self.view_for(Viewer(self.code, "player", player_id))

    def attach(self, conn: Connection) -> None:
        """Register a socket and queue the whole current view for it (a reconnect resyncs at once)."""
        self.connections.add(conn)
        self.touched = time.monotonic()
        self._push(conn, {}, self._attach_cache())  # nothing sent yet: the presenter sends every region
        heap.release_soon()  # a first page is tens of KB rendered and freed: the pages go back after the burst
        if conn.viewer.kind == "player":
            self.push_presence()  # the dashboard shows the phone as connected

    def _attach_cache(self) -> dict[Any, str]:
        """The rendered regions the sockets attaching within BURST_S share: when 50 phones reconnect at once,
        a room's public regions render once, not 50 times. Keyed by their inputs, they stay right whatever
        happens meanwhile; the timer only bounds what a quiet game keeps."""
        if self._shared is None:
            # A page's own regions pass through between two uses of the shared ones: room for two pages.
            most = max((len(regions) for regions in self.definition.pages.values()), default=0)
            self._shared = LRU(max(SHARED_REGIONS, 2 * most))
            self._shared_timer = asyncio.get_running_loop().call_later(BURST_S, self._end_shared)
        return self._shared

    def _end_shared(self) -> None:
        self._shared_timer = None
        self._shared = None

    def detach(self, conn: Connection) -> None:
        self.connections.discard(conn)
        if conn.viewer.kind == "player" and conn.viewer.player_id is not None:
            self.phones.left(conn.viewer.player_id)
            self.push_presence()
            # A phone that does not come back turns from "asleep" to "gone" on the dashboard.
            with contextlib.suppress(RuntimeError):
                asyncio.get_running_loop().call_later(ASLEEP_S + 1, self.push_presence)

    def push_presence(self) -> None:
        """Show phones' connections on the dashboard (only it shows them), at most once per WINDOW_S: a Wi-Fi
        blip that drops and reconnects 50 phones makes one or two pushes, not 100 rebuilt dashboards."""
        if self._presence_timer is None and not self.stopped:
            with contextlib.suppress(RuntimeError):  # no running loop: nobody to push to
                self._presence_timer = asyncio.get_running_loop().call_later(WINDOW_S, self._flush_presence)

    def _flush_presence(self) -> None:
        self._presence_timer = None
        if self.stopped:
            return
        views: dict[tuple[str, str | None], dict[str, Any]] = {}
        cache: dict[Any, str] = {}
        for conn in list(self.connections):
            if conn.viewer.kind == "moderator" and not conn.dropped:
                self._push(conn, views, cache)
        if self.phones.note(self._live()) != self._announced:
            self._spawn(self._announce())  # other processes' dashboards too

    # -- presence across processes ---------------------------------------------

    async def _announce(self, ask: bool = False, leaving: bool = False) -> None:
        """Tell the other processes' hubs of this game which phones are open here (`ask`: and to answer)."""
        note = self.phones.note(self._live(), leaving=leaving)
        self._announced = note
        await self._publish({"kind": "presence", **note, "ask": ask})

    def _heard_presence(self, message: dict[str, Any]) -> None:
        self.phones.heard(str(message.get("origin")), message)
        if message.get("ask"):
            self._spawn(self._announce())
        self.push_presence()

    def _refresh_presence(self) -> None:
        """A note now and then: the others drop what a process that died announced (presence.TTL_S)."""
        self._refresh_timer = None
        if self.stopped:
            return
        if self._something_to_tell():
            self._spawn(self._announce())
        self._refresh_timer = asyncio.get_running_loop().call_later(REFRESH_S, self._refresh_presence)

    def _something_to_tell(self) -> bool:
        note = self.phones.note(self._live())
        return bool(note["live"] or note["seen"])

    def _spawn(self, coro: Any) -> None:
        task = asyncio.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def fan_out(self, audience: Audience = EVERYONE, answering: Actor | None = None,
                held: list[tuple[Connection, str]] | None = None) -> None:
        """Push the changed parts of the views of `audience` (the others' pages cannot have changed);
        a view is built once per viewer. `answering`: the actor of the tap whose HTTP answer is still to
        leave. Its own sockets' pushes must follow the answer (htmx drops a button's second tap while the
        first one's answer is awaited: a player who taps again as soon as the phone moved must find the
        first answer in): they go to `held`, which the tap writes once answered, or without it to their
        writers, a turn of the loop later. The others' are written now."""
        views: dict[tuple[str, str | None], dict[str, Any]] = {}
        cache: dict[Any, str] = {}  # shared fragments (public blocks) rendered once per fan-out
        tapping = None if answering is None else (answering.kind, answering.player_id)
        for conn in list(self.connections):
            if conn.dropped:
                self.connections.discard(conn)
                continue
            if audience.concerns(conn.viewer):
                if conn.viewer.key != tapping:
                    self._push(conn, views, cache)
                else:
                    self._push(conn, views, cache, at_once=False, held=held)
        heap.busy()  # a young collection waits for the quiet moment after this, not for the next tap

    def _push(self, conn: Connection, views: dict[tuple[str, str | None], dict[str, Any]], cache: dict[Any, str],
              at_once: bool = True, held: list[tuple[Connection, str]] | None = None) -> None:
        key = conn.viewer.key
        view = views.get(key)
        if view is None:
            view = views[key] = self.view_for(conn.viewer)
        message = self.presenter.push(conn.viewer, view, conn.sent, cache)
        if message is None:
            return
        if held is not None:
            held.append((conn, message))
        elif not conn.offer(message, at_once):
            self.connections.discard(conn)

    async def seat_of(self, token_hash: str) -> str | None:
        """The player id whose seat holds this token, or None."""
        return await self._seats.ask(token_hash, lambda: self.repo.seat_of(self.game.id, token_hash))

    async def moderator_session(self, cookie_hash: str, max_age: timedelta) -> LiveSession | None:
        """What the game master's cookie (by its hash) holds now, or None (a session past its age: gone)."""
        found = await self._moderators.ask(
            cookie_hash, lambda: self.repo.moderator_cookie(self.game.id, cookie_hash, max_age))
        if found is not None and found.ends_at <= time.time():
            self._moderators.forget(lambda key, _: key == cookie_hash)
            return None
        return found

    def cut_off(self, player_id: str) -> None:
        """Close every socket of a seat (its phone was replaced) and forget its token."""
        self._seats.forget(lambda _, pid: pid == player_id)
        for conn in list(self.connections):
            if conn.viewer.player_id == player_id:
                conn.drop()
                self.connections.discard(conn)

    async def end_seat(self, player_id: str) -> None:
        """A seat is gone (taken back at the door): its sockets close here and in every process; the
        phone, refused when it reconnects, goes back to the door."""
        self.cut_off(player_id)
        await self._publish({"kind": "cut", "player_id": player_id})

    async def end_moderator_sessions(self) -> None:
        """The game master issued a new link: every dashboard socket closes, here and in other processes
        (a page whose session ended is refused when it reconnects; the new one is let back in)."""
        self.cut_moderators()
        await self._publish({"kind": "cut_moderators"})

    def cut_moderators(self) -> None:
        self._moderators.forget()
        for conn in list(self.connections):
            if conn.viewer.kind == "moderator":
                conn.drop()
                self.connections.discard(conn)

    # -- rebinding a seat to a new phone -------------------------------------

    async def request_rebind(self, player_id: str, pin: str, token_hash: str) -> bool:
        ok = await asyncio.to_thread(self.repo.request_rebind, self.game.id, player_id, pin, token_hash)
        if ok:
            await self._rebinds_changed()
        return ok

    async def confirm_rebind(self, player_id: str) -> bool:
        ok = await asyncio.to_thread(self.repo.confirm_rebind, self.game.id, player_id)
        if ok:
            self.cut_off(player_id)
            await self._publish({"kind": "cut", "player_id": player_id})
            await self._rebinds_changed()
        return ok

    async def _rebinds_changed(self) -> None:
        self.rebinds = await asyncio.to_thread(self.repo.pending_rebinds, self.game.id)
        self.fan_out()  # a game may show a pending phone to the table (it confirms there), not only the dashboard
        await self._publish({"kind": "rebinds"})

    # -- timers --------------------------------------------------------------

    def _arm(self) -> None:
        if self.stopped:
            return  # an unloaded hub never ticks: the next one loaded from the log does
        deadline = self.definition.next_deadline(self.state)
        if deadline == self._armed_for and self._timer is not None:
            return
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self._armed_for = deadline
        if deadline is None:
            return
        delay = max(0.0, (deadline - self.clock()) / 1000)
        loop = asyncio.get_running_loop()
        self._timer = loop.call_later(delay, self._spawn_tick, deadline)

    def _spawn_tick(self, deadline: int) -> None:
        self._timer = None
        task = asyncio.create_task(self._tick(deadline))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _tick(self, deadline: int) -> None:
        from app.kernel.text import EngineError

        try:
            # Keyed by the deadline: two processes ticking the same timer make one effect.
            await self.dispatch(self.definition.tick_command(self.state), Actor.system(), key=f"tick:{deadline}")
        except EngineError as exc:
            log.info("game %s: tick at %s refused: %s", self.code, deadline, exc.message.en)
        except Exception:
            log.exception("game %s: tick failed", self.code)
        if self.definition.next_deadline(self.state) == deadline:
            # The engine did not move past this deadline: look again shortly, never spin.
            self._armed_for = None
            if self._timer is not None:
                self._timer.cancel()
            self._timer = asyncio.get_running_loop().call_later(1.0, self._spawn_tick, deadline)
        else:
            self._arm()

    # -- pub/sub -------------------------------------------------------------

    async def _publish(self, message: dict[str, Any]) -> None:
        message["origin"] = self.origin
        try:
            await self.pubsub.publish(self.channel, orjson.dumps(message).decode(), self._subscription)
        except Exception:
            # The log is already committed: other processes catch up on their next command.
            log.exception("game %s: publish failed", self.code)

    async def _listen(self, ready: asyncio.Event) -> None:
        async with self.pubsub.subscribe(self.channel) as sub:
            self._subscription = sub
            ready.set()
            async for raw in sub:
                try:
                    message = orjson.loads(raw)
                    if message.get("origin") == self.origin:
                        continue
                    kind = message.get("kind")
                    if kind == "seq" and int(message.get("seq", 0)) > self.seq:
                        await self._heard_moved(message)
                    elif kind == "cut":
                        self.cut_off(str(message.get("player_id")))
                    elif kind == "cut_moderators":
                        self.cut_moderators()
                    elif kind == "presence":
                        self._heard_presence(message)
                    elif kind == "rebinds":
                        self.rebinds = await asyncio.to_thread(self.repo.pending_rebinds, self.game.id)
                        self.fan_out()
                except Exception:
                    log.exception("game %s: bad pub/sub message %r", self.code, raw)
