"""The server boots on a fresh SQLite file: migrations, /healthz, home page, create a game."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import create_engine, inspect
from starlette.testclient import TestClient
from web_helpers import create_game, make_settings

from app.web.app import create_app


def test_first_start_creates_and_migrates_the_database(tmp_path: Path) -> None:
    db = tmp_path / "sub" / "dir" / "deuxrois.db"
    app = create_app(make_settings(f"sqlite:///{db}"))
    with TestClient(app) as client:
        assert client.get("/healthz").json() == {"status": "ok"}
    assert db.exists()
    tables = set(inspect(create_engine(f"sqlite:///{db}")).get_table_names())
    assert {"games", "events", "seats", "idempotency_keys", "alembic_version"} <= tables


def test_healthz_is_503_before_start(tmp_path: Path) -> None:
    app = create_app(make_settings(f"sqlite:///{tmp_path / 'x.db'}"))
    client = TestClient(app)  # no `with`: the lifespan has not run
    assert client.get("/healthz").status_code == 503


def test_home_page_is_french_by_default_and_english_on_request(client: TestClient) -> None:
    fr = client.get("/")
    assert fr.status_code == 200
    assert "Créer une partie" in fr.text and '<html lang="fr"' in fr.text
    en = client.get("/?lang=en")
    assert "Create a game" in en.text and '<html lang="en"' in en.text
    # The choice sticks through the cookie.
    assert "Create a game" in client.get("/").text


def test_create_game_shows_the_secret_link_once_and_a_join_qr(client: TestClient) -> None:
    response = client.post("/games", data={"rounds": "3", "election_s": "30", "designation_s": "40"})
    assert response.status_code == 200
    assert "Gardez ce lien pour vous" in response.text
    assert "<svg" in response.text
    assert response.headers["cache-control"] == "no-store"
    code, secret = create_game(client)
    assert len(code) == 4 and not set(code) & set("IO01")
    assert len(secret) >= 24


def test_create_game_refuses_bad_settings_in_the_users_language(client: TestClient) -> None:
    response = client.post("/games", data={"rounds": "4", "election_s": "45", "designation_s": "60"})
    assert response.status_code == 422
    assert "Réglages invalides" in response.text
    response = client.post("/games?lang=en", data={"rounds": "5", "election_s": "-3", "designation_s": "60"})
    assert response.status_code == 422
    assert "Invalid settings" in response.text


def test_join_by_code_is_forgiving_about_case_and_clear_when_unknown(client: TestClient) -> None:
    code, _ = create_game(client)
    response = client.get(f"/join?code={code.lower()}", follow_redirects=False)
    assert response.status_code == 303 and response.headers["location"] == f"/g/{code}"
    unknown = client.get("/g/ZZZZ" if code != "ZZZZ" else "/g/YYYY")
    assert unknown.status_code == 404 and "Aucune partie" in unknown.text
    assert client.get("/join?code=I0O1").status_code == 404


def test_placeholder_passwords_refuse_to_start(monkeypatch: pytest.MonkeyPatch) -> None:
    from pydantic import ValidationError

    from app.settings import Settings

    with pytest.raises(ValidationError, match="placeholder"):
        Settings(database_url="postgresql+psycopg://app:changethis@db:5432/deuxrois")
    with pytest.raises(ValidationError, match="placeholder"):
        Settings(redis_url="redis://:changeme@cache:6379/0")
    assert Settings(redis_url="redis://cache:6379/0").pubsub == "redis://cache:6379/0"
    for name in ("REDIS_URL", "PUBSUB_URL"):
        monkeypatch.delenv(name, raising=False)
    assert Settings(_env_file=None).pubsub == "memory://"  # type: ignore[call-arg]


def test_base_url_is_used_for_the_links_people_copy(tmp_path: Path) -> None:
    settings = make_settings(f"sqlite:///{tmp_path / 'x.db'}", base_url="https://jeu.example.org/")
    with TestClient(create_app(settings)) as client:
        page = client.post("/games", data={"rounds": "5", "election_s": "45", "designation_s": "60"}).text
    assert "https://jeu.example.org/m/" in page and "https://jeu.example.org/g/" in page


def test_no_request_asks_for_telemetry(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The server exports no traces, metrics or logs: FastAPI's own telemetry is off, so no request (a tap,
    a page) looks for an OpenTelemetry provider (it did on every request, environment lookups included)."""
    from opentelemetry import _logs, metrics, trace

    asked: list[str] = []
    for module, name in ((trace, "get_tracer_provider"), (metrics, "get_meter_provider"),
                         (_logs, "get_logger_provider")):
        real = getattr(module, name)
        monkeypatch.setattr(module, name, lambda real=real, name=name: asked.append(name) or real())
    app = create_app(make_settings(f"sqlite:///{tmp_path / 'x.db'}"))
    with TestClient(app) as client:
        asked.clear()  # start-up may look once
        assert client.get("/").status_code == 200
        assert client.get("/healthz").status_code == 200
    assert asked == []
