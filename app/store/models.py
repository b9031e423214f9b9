"""The tables: games, their append-only event log, seats and idempotency keys."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, Column, UniqueConstraint
from sqlmodel import Field, SQLModel

# Named constraints before any table exists: SQLite batch migrations can only
# alter a constraint they can name (notes.md, Data layer).
SQLModel.metadata.naming_convention = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


def utcnow() -> datetime:
    return datetime.now(UTC)


class Game(SQLModel, table=True):
    __tablename__ = "games"

    id: int | None = Field(default=None, primary_key=True)
    code: str = Field(max_length=8, unique=True, index=True)
    mod_token_hash: str = Field(max_length=64)
    game: str = Field(max_length=32)  # the registry id (app/games): which rules this log runs on
    config: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    seed: int = Field(sa_column=Column(BigInteger, nullable=False))
    created_at: datetime = Field(default_factory=utcnow)
    active_at: datetime = Field(default_factory=utcnow, index=True)  # last command: drives re-arming
    finished: bool = Field(default=False)


class EventRow(SQLModel, table=True):
    __tablename__ = "events"
    __table_args__ = (UniqueConstraint("game_id", "seq"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="games.id", index=True)
    seq: int  # 1-based position in the game's log: the unique pair is the optimistic lock
    type: str = Field(max_length=64)
    payload: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))
    at: int = Field(sa_column=Column(BigInteger, nullable=False))  # epoch ms, the hub's clock
    # {"actor": {...}, "command": {...}} on the first event of each batch: what was asked, by whom.
    command: dict[str, Any] | None = Field(default=None, sa_column=Column(JSON, nullable=True))


class Seat(SQLModel, table=True):
    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("game_id", "player_id"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="games.id", index=True)
    player_id: str = Field(max_length=16)
    token_hash: str = Field(max_length=64, index=True)
    pin_hash: str = Field(max_length=64)
    # A new phone asking for this seat with the PIN, waiting for the moderator.
    pending_token_hash: str | None = Field(default=None, max_length=64)
    created_at: datetime = Field(default_factory=utcnow)


class IdempotencyKey(SQLModel, table=True):
    __tablename__ = "idempotency_keys"
    __table_args__ = (UniqueConstraint("game_id", "key"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="games.id", index=True)
    key: str = Field(max_length=160)
    result: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))
