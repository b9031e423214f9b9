"""Helpers for the web tests (imported as `web_helpers`: tests/web is on sys.path)."""

from __future__ import annotations

import re
import secrets

from starlette.testclient import TestClient

from app.settings import Settings


def make_settings(database_url: str, **overrides: object) -> Settings:
    return Settings(database_url=database_url, pubsub_url=f"memory://{secrets.token_hex(4)}", **overrides)  # type: ignore[arg-type]


def create_game(client: TestClient, **form: str) -> tuple[str, str]:
    """Create a game through the home page; returns (code, moderator secret). Import via `helpers`."""
    data = {"rounds": "5", "election_s": "45", "designation_s": "60", **form}
    response = client.post("/games", data=data)
    assert response.status_code == 200, response.text
    match = re.search(r"/m/([A-Z]{4})\?k=([\w-]+)", response.text)
    assert match, response.text
    return match.group(1), match.group(2)
