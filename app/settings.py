"""One settings class, read from the environment (and `.env`); refuses placeholder secrets."""

from __future__ import annotations

from functools import cached_property
from pathlib import Path
from urllib.parse import urlsplit

from pydantic import field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

DEFAULT_DATABASE = Path("data") / "deuxrois.db"
# Passwords copied from an example file are a door left open: refuse to start with them.
PLACEHOLDERS = frozenset({"changethis", "changeme", "change-me", "password", "secret", "example", "xxx"})


def _refuse_placeholder(url: str | None) -> str | None:
    if url:
        password = urlsplit(url).password
        if password is not None and password.lower() in PLACEHOLDERS:
            raise ValueError(f"the password in {urlsplit(url).scheme}:// is a placeholder; set a real one")
    return url


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", extra="ignore")

    database_url: str = f"sqlite:///{DEFAULT_DATABASE}"
    base_url: str | None = None  # e.g. https://jeu.example.org behind a proxy; else the LAN address
    redis_url: str | None = None  # several processes share games through Redis pub/sub
    pubsub_url: str | None = None  # explicit seam (memory://, redis://); defaults from redis_url

    send_queue: int = 64  # messages queued per websocket before it is dropped
    send_timeout: float = 5.0  # seconds one send may take before the phone is dropped
    rate_capacity: float = 10.0  # actions a seat may burst
    rate_per_second: float = 4.0  # sustained actions per second per seat
    idle_unload_s: float = 1800.0  # a game with no socket and no timer leaves memory after this
    rearm_hours: float = 24.0  # at startup, reload games active this recently and re-arm their timers
    secure_cookies: bool = False  # set behind HTTPS

    @field_validator("database_url", "redis_url", "pubsub_url")
    @classmethod
    def _no_placeholder(cls, value: str | None) -> str | None:
        return _refuse_placeholder(value)

    @cached_property
    def pubsub(self) -> str:
        return self.pubsub_url or self.redis_url or "memory://"
