"""Fixtures of every test that runs the app (any game's pages): HTTP and real websockets, each test on its own fresh database."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from starlette.testclient import TestClient
from web_helpers import make_settings

from app.settings import Settings
from app.web import presenter
from app.web.app import create_app

# Every view value's JSON found by identity (a game's `shared_view_keys`) is checked against a fresh one:
# a game that changed a value it had given would show phones its old self (app.web.presenter).
presenter.CHECK_SAME = True

PG_ADMIN = "postgresql://postgres@127.0.0.1:5432/postgres"


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'deuxrois.db'}"


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """A database of its own on the local PostgreSQL, dropped at the end."""
    yield from _postgres_database()


@pytest.fixture
def other_postgres_url() -> Iterator[str]:
    """A second one, for a second deployment on the same server."""
    yield from _postgres_database()


def _postgres_database() -> Iterator[str]:
    name = f"deuxrois_test_{secrets.token_hex(6)}"
    try:
        admin = psycopg.connect(PG_ADMIN, autocommit=True, connect_timeout=3)
    except psycopg.OperationalError as exc:  # pragma: no cover - the service is part of the test set-up
        pytest.fail(f"PostgreSQL at 127.0.0.1:5432 is needed for this test: {exc}")
    with admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield f"postgresql+psycopg://postgres@127.0.0.1:5432/{name}"
    finally:
        with psycopg.connect(PG_ADMIN, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def settings(sqlite_url: str) -> Settings:
    return make_settings(sqlite_url)


@pytest.fixture
def client(settings: Settings) -> Iterator[TestClient]:
    with TestClient(create_app(settings)) as c:
        yield c
