"""The one door to the database: games, the event log, seats, idempotency keys.

Synchronous on purpose (SQLModel sessions); the hub calls it in a worker thread.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Engine, func
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from app.store.models import EventRow, Game, IdempotencyKey, Seat, utcnow
from app.store.tokens import hash_pin, same_hash


class SeqConflict(Exception):
    """Another process appended to this game first: reload and decide again."""


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


def _record(game: Game) -> GameRecord:
    assert game.id is not None
    return GameRecord(game.id, game.code, game.mod_token_hash, game.game, dict(game.config), game.seed, game.finished)


class Repository:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

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
                with Session(self.engine) as session:
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
            with Session(self.engine) as session:
                for offset, payload in enumerate(payloads, start=1):
                    session.add(
                        EventRow(
                            game_id=game_id, seq=after_seq + offset, type=str(payload.get("type", "")), payload=payload,
                            at=at, command=command if offset == 1 else None,
                        )
                    )
                if idempotency_key is not None:
                    session.add(IdempotencyKey(game_id=game_id, key=idempotency_key, result=result or {}))
                if seat is not None:
                    player_id, token_hash, pin = seat
                    session.add(
                        Seat(game_id=game_id, player_id=player_id, token_hash=token_hash, pin_hash=hash_pin(game_id, player_id, pin))
                    )
                game = session.get(Game, game_id)
                if game is not None:
                    game.active_at = utcnow()
                    game.finished = game.finished or finished
                    session.add(game)
                session.commit()
        except IntegrityError as exc:
            raise SeqConflict(str(exc.orig)) from exc

    def idempotent_result(self, game_id: int, key: str) -> dict[str, Any] | None:
        with Session(self.engine) as session:
            row = session.exec(
                select(IdempotencyKey).where(IdempotencyKey.game_id == game_id, IdempotencyKey.key == key)
            ).first()
            return dict(row.result) if row else None

    # -- seats ---------------------------------------------------------------

    def add_seat(self, game_id: int, player_id: str, token_hash: str, pin: str) -> None:
        with Session(self.engine) as session:
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
        with Session(self.engine) as session:
            seat = session.exec(select(Seat).where(Seat.game_id == game_id, Seat.player_id == player_id)).first()
            if seat is None or not same_hash(seat.pin_hash, hash_pin(game_id, player_id, pin)):
                return False
            seat.pending_token_hash = pending_token_hash
            session.add(seat)
            session.commit()
            return True

    def confirm_rebind(self, game_id: int, player_id: str) -> bool:
        """The parked token becomes the seat's token: the old phone is locked out."""
        with Session(self.engine) as session:
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
