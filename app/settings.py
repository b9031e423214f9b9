"""One settings class, read from the environment (and `.env`); refuses placeholder secrets."""

from __future__ import annotations

import ipaddress
from functools import cached_property
from pathlib import Path
from urllib.parse import urlsplit

from pydantic import Field, field_validator
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


def database_name(url: str) -> str:
    """The database a URL names: a PostgreSQL database's name, a SQLite file's absolute path."""
    parts = urlsplit(url)
    if parts.scheme.startswith("sqlite"):
        path = url.split(":///", 1)[1] if ":///" in url else ""
        return str(Path(path).resolve()) if path and path != ":memory:" else "memory"
    return parts.path.lstrip("/") or parts.hostname or "default"


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", extra="ignore")

    database_url: str = f"sqlite:///{DEFAULT_DATABASE}"
    base_url: str | None = None  # e.g. https://jeu.example.org behind a proxy; else the LAN address
    redis_url: str | None = None  # several processes share games through Redis pub/sub
    pubsub_url: str | None = None  # explicit seam (memory://, redis://); defaults from redis_url
    # Channels are "<prefix>:game:CODE": deployments sharing one Redis never hear each other.
    pubsub_prefix: str | None = None  # default: from the database's name (see `prefix`)

    send_queue: int = 64  # messages queued per websocket before it is dropped
    send_timeout: float = 5.0  # seconds one send may take before the phone is dropped
    # A phone that stops reading (gone from the Wi-Fi, asleep, or just stuck) does not answer the server's
    # websocket ping: it is dropped at most interval + grid + timeout seconds (and a tenth of the grid) after its
    # last answer (9.55 s; serve.PING_GRID_S, app/web/keepalive.py).
    # Pings on their own clocks cost ~0.3 ms of CPU each (52 phones: 3-4 ms a second); on the shared grid
    # a loop wake-up serves several, and the 52 cost under 1 ms a second (docs/performance.md).
    ws_ping_interval: float = Field(5.0, gt=0)
    ws_ping_timeout: float = Field(4.0, gt=0)
    workers: int = Field(1, ge=1)  # `deuxrois serve` processes (--workers): more than one needs PostgreSQL and Redis
    rate_capacity: float = 10.0  # actions a seat may burst
    rate_per_second: float = 4.0  # sustained actions per second per seat
    # The door, per client address (and per game for joins): roomy for a class behind one school NAT,
    # slow for a script. A miss is a code that names no game: the whole code space takes days to sweep.
    code_misses_burst: float = 30.0  # unknown codes an address may try at once...
    code_misses_per_second: float = 0.5  # ...and then this many a second
    joins_per_address_burst: float = 15.0  # joins from one address into one game at once...
    joins_per_address_per_second: float = 0.5  # ...and then this many a second
    joins_per_game_burst: float = 60.0  # joins into one game from every address together...
    joins_per_game_per_second: float = 2.0  # ...and then this many a second
    # One log line per HTTP request (a page, a tap): off unless asked for. At a convention's pace (100 games, two
    # taps a second each) it would be 200 lines a second in `docker compose logs`, and on a laptop it scrolls the
    # join link and its QR code out of the terminal within a few taps; each line also cost ~0.1 ms of a tap's CPU
    # (docs/performance.md). Sockets opening, warnings and errors are logged either way.
    access_log: bool = False
    # gc.freeze after start-up and after each game loads (app/live/heap.py): short collector pauses.
    freeze_heap: bool = True
    idle_unload_s: float = 1800.0  # a game with no socket and no timer leaves memory after this
    rearm_hours: float = 24.0  # at startup, reload games active this recently and re-arm their timers
    # Reverse proxies allowed to say who the client is (X-Forwarded-For) and how it came (X-Forwarded-Proto):
    # addresses or networks, comma-separated. Empty: those headers are ignored, the peer is the client.
    trusted_proxies: str | None = None
    forwarded_allow_ips: str | None = None  # uvicorn's old setting: no longer read, only warned about
    secure_cookies: bool = False  # set behind HTTPS (and then browsers are told to keep to HTTPS: HSTS)
    max_body_bytes: int = 64 * 1024  # a request body over this is refused (413): every form is a few KB
    openapi: bool = False  # serve /openapi.json (for API tools such as schemathesis); off by default

    @field_validator("trusted_proxies")
    @classmethod
    def _proxies(cls, value: str | None) -> str | None:
        for entry in (e.strip() for e in (value or "").split(",") if e.strip()):
            if entry == "*":
                raise ValueError("TRUSTED_PROXIES=* would let every client choose its own address (and slip past "
                                 "every per-address limit): list the proxy's addresses or networks instead")
            try:
                ipaddress.ip_network(entry, strict=False)
            except ValueError:
                raise ValueError(f"TRUSTED_PROXIES: {entry!r} is not an IP address or network") from None
        return value

    @property
    def proxies(self) -> list[str]:
        return [e.strip() for e in (self.trusted_proxies or "").split(",") if e.strip()]

    @field_validator("database_url", "redis_url", "pubsub_url")
    @classmethod
    def _no_placeholder(cls, value: str | None) -> str | None:
        return _refuse_placeholder(value)

    @cached_property
    def pubsub(self) -> str:
        return self.pubsub_url or self.redis_url or "memory://"

    @cached_property
    def prefix(self) -> str:
        """The pub/sub namespace: PUBSUB_PREFIX, else the database this deployment keeps its games in."""
        return self.pubsub_prefix or f"db:{database_name(self.database_url)}"
