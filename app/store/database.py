"""Engine creation and migrations: SQLite (WAL) by default, PostgreSQL by URL."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson
from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url

MIGRATIONS = Path(__file__).resolve().parents[2] / "migrations"


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    # WAL lets the pages read while the hub writes; foreign keys are off by
    # default in SQLite; the busy timeout rides out a second process's commit.
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.close()


def _json_text(value: Any) -> str:
    # The JSON columns (events, answers, configs) through orjson rather than the standard library's json:
    # a tap writes three of them, and a game's load reads its whole log back (the same JSON either way).
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()


def make_engine(url: str) -> Engine:
    """An engine for `url`; a SQLite file's folder is created on first start."""
    parsed = make_url(url)
    json = {"json_serializer": _json_text, "json_deserializer": orjson.loads}
    if parsed.get_backend_name() == "sqlite":
        if parsed.database and parsed.database != ":memory:":
            Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"check_same_thread": False}, **json)
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return create_engine(url, pool_pre_ping=True, **json)


def migrate(engine: Engine) -> None:
    """Bring the schema to head with Alembic, on the engine's own connection."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
