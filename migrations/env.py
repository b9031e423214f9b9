"""Alembic environment: SQLModel's metadata, batch mode for SQLite, types compared."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection
from sqlmodel import SQLModel

import app.store.models  # noqa: F401  (registers the tables on SQLModel.metadata)

target_metadata = SQLModel.metadata


def _run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=True,  # SQLite cannot ALTER most things: copy-and-move instead
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def run() -> None:
    connection = context.config.attributes.get("connection")
    if connection is not None:  # the server passes its own connection
        _run(connection)
        return
    from app.settings import Settings
    from app.store.database import make_engine

    engine = make_engine(Settings().database_url)
    with engine.connect() as conn:
        _run(conn)
        conn.commit()


if context.is_offline_mode():
    raise SystemExit("offline migrations are not supported: run against a database")
run()
