"""The one door to the database: games, the event log, seats, idempotency keys.

Synchronous on purpose (SQLModel sessions); the hub calls it in a worker thread.
"""

from __future__ import annotations

import contextlib
import math
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import Connection, Engine, bindparam, func, insert, text, update
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlmodel import Session, col, delete, select

from app.store.group_commit import GroupCommit
from app.store.models import EventRow, Game, IdempotencyKey, ModeratorSession, Seat, utcnow
from app.store.tokens import hash_pin, same_hash

EVENTS, KEYS, GAMES = EventRow.__table__, IdempotencyKey.__table__, Game.__table__  # type: ignore[attr-defined]
SEATS = Seat.__table__  # type: ignore[attr-defined]
_INSERT_SEAT = insert(SEATS)

# pg_advisory_xact_lock(space, game id): the first key keeps our locks apart from any other user's.
LOCK_SPACE = 0x4452
ACTIVE_EVERY_S = 60.0  # a game's active_at is written at most this often (and when it finishes)
LOCK_WAIT = "10s"  # a writer stuck longer than this is a broken database, not a busy game


@dataclass(frozen=True, slots=True)
class LiveSession:
    """A game master's session as stored: the link sealed by its cookie (None: the cookie is the link's
    secret itself, as set before sessions), and when it ends (Unix time)."""

    sealed_link: str | None
    ends_at: float


class SeqConflict(Exception):
    """Another writer took this seq (or this idempotency key) first: look again and decide again."""


@dataclass(frozen=True, slots=True)
class Batch:
    """What one command writes: its events, the answer stored under its key, a new seat, what was asked."""

    payloads: Sequence[dict[str, Any]]
    result: dict[str, Any]
    finished: bool = False
    seat: tuple[str, str, str] | None = None  # (player_id, token_hash, pin)
    command: dict[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class GameRecord:
    id: int
    code: str
    mod_token_hash: str
    game: str  # the registry id of the rules this log runs on
    config: dict[str, Any]
    seed: int
    finished: bool


@dataclass(frozen=True, slots=True)
class StoredEvent:
    seq: int
    payload: dict[str, Any]
    at: int
    command: dict[str, Any] | None = None


class _DriverStatement:
    """A Core statement compiled once for the engine's dialect, then run on the driver's own cursor inside the
    caller's transaction, its values put through the columns' own bind processors (the JSON columns' text,
    exactly as Core would store it). A tap writes two such rows; through `Connection.execute` each cost
    about 30 µs of SQLAlchemy's execution machinery, a third of the store's whole CPU for the tap
    (docs/performance.md). `types`: each parameter's column type, by the parameter's name."""

    def __init__(self, statement: Any, types: dict[str, Any], engine: Engine) -> None:
        dialect = engine.dialect
        compiled = statement.compile(dialect=dialect)
        self.sql = str(compiled)
        # qmark (SQLite): the values in the statement's order; named (psycopg): the row itself.
        self.order: tuple[str, ...] | None = tuple(compiled.positiontup) if compiled.positiontup is not None else None
        self.processors = [(k, p) for k, kind in types.items() if (p := kind.bind_processor(dialect)) is not None]
        self.errors: type[Exception] = dialect.loaded_dbapi.Error

    @classmethod
    def insert(cls, table: Any, keys: tuple[str, ...], engine: Engine) -> _DriverStatement:
        return cls(insert(table).inline().values({k: bindparam(k) for k in keys}),
                   {k: table.c[k].type for k in keys}, engine)

    def run(self, connection: Connection, rows: list[dict[str, Any]]) -> None:
        self.run_on(connection.connection.dbapi_connection, rows)

    def run_on(self, dbapi_connection: Any, rows: list[dict[str, Any]]) -> None:
        """The same, on a driver connection (a store thread's own: `Repository._own_connection`)."""
        for row in rows:
            for k, process in self.processors:
                row[k] = process(row[k])
        order = self.order
        params: list[Any] = rows if order is None else [tuple(row[k] for k in order) for row in rows]
        cursor = dbapi_connection.cursor()
        try:
            if len(params) == 1:
                cursor.execute(self.sql, params[0])
            else:
                cursor.executemany(self.sql, params)
        except self.errors as exc:
            # What Core would raise (IntegrityError for a taken seq or key): the callers read those.
            raise DBAPIError.instance(self.sql, params, exc, self.errors) from exc
        finally:
            cursor.close()


def _record(game: Game) -> GameRecord:
    assert game.id is not None
    return GameRecord(game.id, game.code, game.mod_token_hash, game.game, dict(game.config), game.seed, game.finished)


class Repository:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._active_written: dict[int, float] = {}  # game id -> when (monotonic) its active_at was last set
        self._insert_events = _DriverStatement.insert(EVENTS, ("game_id", "seq", "type", "payload", "at", "command"),
                                                      engine)
        self._insert_key = _DriverStatement.insert(KEYS, ("game_id", "key", "result"), engine)
        # The game's `active_at` (and `finished`), by the same road: the first tap of each game writes it.
        self._touch_game = {finished: _DriverStatement(
            update(GAMES).where(GAMES.c.id == bindparam("game"))
            .values(active_at=bindparam("active_at"), **({"finished": bindparam("finished")} if finished else {})),
            {"active_at": GAMES.c.active_at.type, "finished": GAMES.c.finished.type}, engine)
            for finished in (False, True)}
        # SQLite: each store thread writes a tap through a driver connection of its own (`_own_connection`).
        self._own = threading.local() if engine.dialect.name == "sqlite" else None
        self._opened: list[Any] = []  # those connections, closed with the repository
        self._opened_lock = threading.Lock()
        # SQLite lets one writer in at a time, and a second one waits in its busy handler, which sleeps 1, 2,
        # 5, 10... ms between its tries whenever the first commits. At 100 games (200 taps a second, a store
        # thread each) a tap's commit waited up to 40-400 ms there (docs/performance.md). This process's
        # writers take turns here instead, each let in as soon as the last one has committed. PostgreSQL
        # takes its turns per game, in the database (`_take_turn`).
        self._writing: contextlib.AbstractContextManager[Any] = (
            threading.Lock() if engine.dialect.name == "sqlite" else contextlib.nullcontext())
        self._group = GroupCommit(self._writing)  # SQLite's taps: several games' in one commit when they queue

    @property
    def local(self) -> bool:
        """SQLite: a write waits for this machine's disk, never for another process's turn (several processes
        need PostgreSQL), so a quiet process may write a tap from its loop (app/live/pace.py)."""
        return self._own is not None

    def close(self) -> None:
        """Close the store threads' own connections (the engine's pool is the engine's to dispose of)."""
        with self._opened_lock:
            opened, self._opened = self._opened, []
        for connection in opened:
            connection.close()

    @contextlib.contextmanager
    def _writer(self) -> Iterator[Session]:
        """A session for a write, in turn with the process's other writers on SQLite (`_writing`)."""
        with self._writing, Session(self.engine) as session:
            yield session

    # -- games ---------------------------------------------------------------

    def create_game(
        self,
        new_code: Callable[[], str],
        mod_token_hash: str,
        game_id: str,
        config: dict[str, Any],
        seed: int,
        events: Sequence[dict[str, Any]],
        at: int,
    ) -> GameRecord:
        """A new game with its first events, under a fresh unused code (retried on a clash)."""
        for _ in range(50):
            code = new_code()
            try:
                with self._writer() as session:
                    game = Game(code=code, mod_token_hash=mod_token_hash, game=game_id, config=config, seed=seed)
                    session.add(game)
                    session.flush()
                    assert game.id is not None
                    for seq, payload in enumerate(events, start=1):
                        session.add(EventRow(game_id=game.id, seq=seq, type=str(payload.get("type", "")), payload=payload, at=at))
                    session.commit()
                    session.refresh(game)
                    return _record(game)
            except IntegrityError:
                continue
        raise RuntimeError("no free game code after 50 tries")

    def find_game(self, code: str) -> GameRecord | None:
        with Session(self.engine) as session:
            game = session.exec(select(Game).where(Game.code == code)).first()
            return _record(game) if game else None

    def recent_games(self, since: datetime) -> list[str]:
        """Codes of unfinished games with a command since `since` (their timers need re-arming)."""
        with Session(self.engine) as session:
            rows = session.exec(select(Game.code).where(Game.active_at >= since, col(Game.finished).is_(False)))
            return list(rows)

    # -- the log -------------------------------------------------------------

    def load_events(self, game_id: int, after_seq: int = 0) -> list[StoredEvent]:
        with Session(self.engine) as session:
            rows = session.exec(
                select(EventRow).where(EventRow.game_id == game_id, EventRow.seq > after_seq).order_by(col(EventRow.seq))
            )
            return [StoredEvent(r.seq, dict(r.payload), r.at, r.command) for r in rows]

    def last_seq(self, game_id: int) -> int:
        with Session(self.engine) as session:
            return int(session.exec(select(func.coalesce(func.max(EventRow.seq), 0)).where(EventRow.game_id == game_id)).one())

    def append(
        self,
        game_id: int,
        after_seq: int,
        payloads: Sequence[dict[str, Any]],
        at: int,
        idempotency_key: str | None = None,
        result: dict[str, Any] | None = None,
        finished: bool = False,
        seat: tuple[str, str, str] | None = None,
        command: dict[str, Any] | None = None,
    ) -> None:
        """Append events after `after_seq` in one transaction, with the idempotency key and a new seat if any.

        `seat` is (player_id, token_hash, pin): a join and its seat land together or not at all.

        Raises SeqConflict when another writer took one of these sequence numbers.
        """
        try:
            with self._writing, self.engine.begin() as connection:
                self._write(connection, game_id, after_seq, at, idempotency_key,
                            Batch(payloads, result or {}, finished, seat, command))
        except IntegrityError as exc:
            raise SeqConflict(str(exc.orig)) from exc

    def commit(
        self,
        game_id: int,
        after_seq: int,
        at: int,
        idempotency_key: str | None,
        decide: Callable[[list[StoredEvent]], Batch | None],
        blind: bool = False,
    ) -> dict[str, Any] | None:
        """One command, start to end, in one transaction: the key, the events since `after_seq`, the decision.

        Returns the result stored under `idempotency_key` when this command was already applied (by this
        process or another): nothing is decided or written then. Otherwise `decide` gets the events
        appended since `after_seq` (by other processes) and returns what to write, or None to write
        nothing; it runs in this thread, inside the transaction, and may raise (nothing is written).

        On PostgreSQL a per-game advisory lock, held until the commit, makes the writers of one game
        take turns across processes, so the events `decide` sees are the last ones. Elsewhere (SQLite,
        one process) a clash on `(game_id, seq)` or on the key raises SeqConflict: call again, and the
        key is checked first.

        `blind` (the caller's log is most likely the newest, as a game's own hub's is): first decide on
        that log and write, without reading the key or the log; the unique keys on `(game_id, seq)` and
        on the idempotency key catch a replay or another writer, and then the whole read below runs. A
        tap is then one round trip: its inserts and the commit.
        """
        if blind:
            try:
                if self._commit_blind(game_id, after_seq, at, idempotency_key, decide):
                    return None
            except IntegrityError:
                pass  # a replay, or another process wrote first: look, as below
        try:
            with self._writing, self.engine.begin() as connection:
                if self.engine.dialect.name == "postgresql":
                    self._take_turn(connection, game_id)
                if idempotency_key is not None:
                    stored = self._stored_result(connection, game_id, idempotency_key)
                    if stored is not None:
                        return stored
                rows = connection.execute(
                    select(EVENTS.c.seq, EVENTS.c.payload, EVENTS.c.at, EVENTS.c.command)
                    .where(EVENTS.c.game_id == game_id, EVENTS.c.seq > after_seq).order_by(EVENTS.c.seq)
                )
                fresh = [StoredEvent(seq, dict(payload), at_, command) for seq, payload, at_, command in rows]
                batch = decide(fresh)
                if batch is None:
                    return None
                self._write(connection, game_id, fresh[-1].seq if fresh else after_seq, at, idempotency_key, batch)
                return None
        except IntegrityError as exc:
            raise SeqConflict(str(exc.orig)) from exc

    def _commit_blind(self, game_id: int, after_seq: int, at: int, key: str | None,
                      decide: Callable[[list[StoredEvent]], Batch | None]) -> bool:
        """Decide on the caller's log and write; False when there is nothing a clash would check (a refusal,
        a command that writes nothing): only the full read tells those apart from a replay or a stale log."""
        if self._own is not None:
            return self._commit_own(game_id, after_seq, at, key, decide)
        # A Core connection, not an ORM session: a tap writes two rows, and the session's bookkeeping
        # around them cost about as much as the inserts.
        with self.engine.begin() as connection:
            if self.engine.dialect.name == "postgresql":
                self._take_turn(connection, game_id)
            batch = self._decided_blind(decide, key)
            if batch is None:
                return False
            self._write(connection, game_id, after_seq, at, key, batch)
            return True

    @staticmethod
    def _decided_blind(decide: Callable[[list[StoredEvent]], Batch | None], key: str | None) -> Batch | None:
        """The batch decided on the caller's log, or None when a blind write has nothing to go on: a refusal
        (told on the log as it is: the full read decides again, and raises again) or nothing to write."""
        try:
            batch = decide([])
        except Exception:
            return None
        return batch if batch is not None and (batch.payloads or key is not None) else None

    def _commit_own(self, game_id: int, after_seq: int, at: int, key: str | None,
                    decide: Callable[[list[StoredEvent]], Batch | None]) -> bool:
        """`_commit_blind` on SQLite, through this thread's own driver connection: a tap's two rows and the
        commit, without the pool's checkout and return and Core's transaction around them. Those touch a
        few hundred objects, and a tap between two sleeps finds them out of the cache: 0.2-0.3 ms of a tap's
        CPU on the project's VMs (`python -m bench.paced`). Taps that queue behind the writer's turn are
        committed together (`GroupCommit`). A join (its seat row) takes the full path, which decides again."""
        batch = self._decided_blind(decide, key)
        if batch is None or batch.seat is not None:
            return False
        touched = self._active_due(game_id, batch.finished)

        def rows(connection: Any) -> None:
            if batch.payloads:
                self._insert_events.run_on(connection, self._event_rows(game_id, after_seq, at, batch))
            if key is not None:
                self._insert_key.run_on(connection, [{"game_id": game_id, "key": key, "result": batch.result}])
            if touched:
                self._touch_game[batch.finished].run_on(
                    connection, [{"game": game_id, "active_at": utcnow(), "finished": batch.finished}])

        # A taken seq or key raises IntegrityError here, and nothing of this tap is kept: the caller looks,
        # on the full path.
        self._group.write(self._own_connection(), rows)
        if touched:
            self._active_written[game_id] = time.monotonic()
        return True

    def _own_connection(self) -> Any:
        """This thread's driver connection: one the engine made (its pragmas set), then taken out of its
        pool, so that the threads holding one never starve the pool's other users."""
        assert self._own is not None
        connection = getattr(self._own, "connection", None)
        if connection is None:
            proxied = self.engine.raw_connection()
            proxied.detach()
            connection = self._own.connection = proxied.dbapi_connection
            with self._opened_lock:
                self._opened.append(connection)
        return connection

    @staticmethod
    def _take_turn(connection: Connection, game_id: int) -> None:
        connection.execute(text(f"SET LOCAL lock_timeout = '{LOCK_WAIT}'"))
        connection.execute(text("SELECT pg_advisory_xact_lock(:space, :game)"), {"space": LOCK_SPACE, "game": game_id})

    def _write(self, connection: Connection, game_id: int, after_seq: int, at: int, key: str | None,
               batch: Batch) -> None:
        # Not ORM objects: a tap writes a few rows, and the unit of work cost 5x the insert. The two rows of
        # every tap go through the driver's cursor (_DriverStatement); the rarer ones through Core.
        if batch.payloads:
            self._insert_events.run(connection, self._event_rows(game_id, after_seq, at, batch))
        if key is not None:
            self._insert_key.run(connection, [{"game_id": game_id, "key": key, "result": batch.result}])
        if batch.seat is not None:
            player_id, token_hash, pin = batch.seat
            connection.execute(_INSERT_SEAT, {"game_id": game_id, "player_id": player_id, "token_hash": token_hash,
                                              "pin_hash": hash_pin(game_id, player_id, pin), "created_at": utcnow()})
        if self._active_due(game_id, batch.finished):
            row: dict[str, Any] = {"active_at": utcnow()}
            if batch.finished:
                row["finished"] = True
            connection.execute(update(GAMES).where(GAMES.c.id == game_id).values(**row))
            self._active_written[game_id] = time.monotonic()

    @staticmethod
    def _event_rows(game_id: int, after_seq: int, at: int, batch: Batch) -> list[dict[str, Any]]:
        return [{"game_id": game_id, "seq": after_seq + offset, "type": str(payload.get("type", "")),
                 "payload": payload, "at": at, "command": batch.command if offset == 1 else None}
                for offset, payload in enumerate(batch.payloads, start=1)]

    def _active_due(self, game_id: int, finished: bool) -> bool:
        # `active_at` only tells which games to re-arm at start-up (hours): once a minute is plenty.
        return finished or time.monotonic() - self._active_written.get(game_id, -ACTIVE_EVERY_S) >= ACTIVE_EVERY_S

    @staticmethod
    def _stored_result(connection: Connection, game_id: int, key: str) -> dict[str, Any] | None:
        row = connection.execute(
            select(KEYS.c.result).where(KEYS.c.game_id == game_id, KEYS.c.key == key)
        ).first()
        return dict(row[0]) if row else None

    # -- seats ---------------------------------------------------------------

    def add_seat(self, game_id: int, player_id: str, token_hash: str, pin: str) -> None:
        with self._writer() as session:
            session.add(Seat(game_id=game_id, player_id=player_id, token_hash=token_hash, pin_hash=hash_pin(game_id, player_id, pin)))
            session.commit()

    def seat_of(self, game_id: int, token_hash: str) -> str | None:
        with Session(self.engine) as session:
            seat = session.exec(select(Seat).where(Seat.game_id == game_id, Seat.token_hash == token_hash)).first()
            return seat.player_id if seat else None

    def pending_of(self, game_id: int, token_hash: str) -> str | None:
        with Session(self.engine) as session:
            seat = session.exec(select(Seat).where(Seat.game_id == game_id, Seat.pending_token_hash == token_hash)).first()
            return seat.player_id if seat else None

    def request_rebind(self, game_id: int, player_id: str, pin: str, pending_token_hash: str) -> bool:
        """Park a new phone's token on the seat if the PIN matches; the moderator confirms."""
        with self._writer() as session:
            seat = session.exec(select(Seat).where(Seat.game_id == game_id, Seat.player_id == player_id)).first()
            if seat is None or not same_hash(seat.pin_hash, hash_pin(game_id, player_id, pin)):
                return False
            seat.pending_token_hash = pending_token_hash
            session.add(seat)
            session.commit()
            return True

    def confirm_rebind(self, game_id: int, player_id: str) -> bool:
        """The parked token becomes the seat's token: the old phone is locked out."""
        with self._writer() as session:
            seat = session.exec(select(Seat).where(Seat.game_id == game_id, Seat.player_id == player_id)).first()
            if seat is None or seat.pending_token_hash is None:
                return False
            seat.token_hash, seat.pending_token_hash = seat.pending_token_hash, None
            session.add(seat)
            session.commit()
            return True

    def pending_rebinds(self, game_id: int) -> list[str]:
        with Session(self.engine) as session:
            rows = session.exec(
                select(Seat.player_id).where(Seat.game_id == game_id, col(Seat.pending_token_hash).is_not(None))
            )
            return list(rows)

    # -- the game master's sessions -------------------------------------------

    def moderator_secret_hash(self, game_id: int) -> str | None:
        """The link's hash as stored now (another process may have issued a new link)."""
        with Session(self.engine) as session:
            game = session.get(Game, game_id)
            return game.mod_token_hash if game else None

    def add_moderator_session(self, game_id: int, session_hash: str, sealed_link: str) -> None:
        with self._writer() as session:
            session.add(ModeratorSession(game_id=game_id, session_hash=session_hash, sealed_link=sealed_link))
            session.commit()

    def moderator_cookie(self, game_id: int, cookie_hash: str, max_age: timedelta) -> LiveSession | None:
        """What a game master's cookie holds, in one look: a live session of this game, or (a cookie set
        before sessions) the link's secret itself; None if neither."""
        with Session(self.engine) as session:
            row = session.exec(select(ModeratorSession).where(
                ModeratorSession.game_id == game_id, ModeratorSession.session_hash == cookie_hash,
                ModeratorSession.created_at >= utcnow() - max_age)).first()
            if row is not None:
                started = row.created_at if row.created_at.tzinfo else row.created_at.replace(tzinfo=UTC)  # SQLite's are naive
                return LiveSession(row.sealed_link, (started + max_age).timestamp())
            game = session.get(Game, game_id)
            if game is not None and same_hash(game.mod_token_hash, cookie_hash):
                return LiveSession(None, math.inf)  # good until the link changes
            return None

    def rotate_moderator(self, game_id: int, secret_hash: str, session_hash: str, sealed_link: str) -> None:
        """A new link: the old one and every session end; the asking browser gets the one new session."""
        with self._writer() as session:
            game = session.get(Game, game_id)
            assert game is not None
            game.mod_token_hash = secret_hash
            session.add(game)
            session.exec(delete(ModeratorSession).where(col(ModeratorSession.game_id) == game_id))
            session.add(ModeratorSession(game_id=game_id, session_hash=session_hash, sealed_link=sealed_link))
            session.commit()
