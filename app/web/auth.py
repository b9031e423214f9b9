"""Who is asking: a seat cookie authorises one seat, a game master's session one dashboard."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from datetime import timedelta

from starlette.requests import HTTPConnection
from starlette.responses import Response

from app.live.hub import Hub
from app.store.tokens import hash_token, new_token, same_hash, seal, unseal

SEAT_COOKIE = "seat_{code}"
MOD_COOKIE = "mod_{code}"
YEAR = 365 * 24 * 3600
# A game master's session lasts a fortnight (a game night, or a few); then the link opens a new one.
SESSION_AGE = timedelta(days=14)


def seat_cookie(code: str) -> str:
    return SEAT_COOKIE.format(code=code)


def mod_cookie(code: str) -> str:
    return MOD_COOKIE.format(code=code)


def set_secret_cookie(response: Response, name: str, value: str, path: str, secure: bool, max_age: int = YEAR) -> None:
    # HttpOnly: no script can read it; Lax: another site cannot post with it; the path
    # keeps one game's cookie away from every other game and from the other pages.
    response.set_cookie(name, value, max_age=max_age, path=path, httponly=True, samesite="lax", secure=secure)


async def seat_of(conn: HTTPConnection, hub: Hub) -> str | None:
    """The player id this request's seat cookie holds, or None."""
    token = conn.cookies.get(seat_cookie(hub.code))
    if not token or len(token) > 200:
        return None
    return await hub.seat_of(hash_token(token))


async def pending_seat_of(conn: HTTPConnection, hub: Hub) -> str | None:
    """The seat this phone asked for with a PIN, while the moderator has not confirmed."""
    token = conn.cookies.get(seat_cookie(hub.code))
    if not token or len(token) > 200:
        return None
    return await asyncio.to_thread(hub.repo.pending_of, hub.game.id, hash_token(token))


@dataclass(frozen=True, slots=True)
class Moderator:
    """A browser the game master uses: `link` is the link's secret when it can be shown again,
    `legacy` a cookie from before sessions that holds the secret itself (to exchange for a session)."""

    link: str | None
    legacy: bool = False


async def is_moderator_secret(hub: Hub, secret: str | None) -> bool:
    """Whether `secret` is the game's link secret now (read from the store: another process may have
    issued a new link)."""
    if not secret or len(secret) > 200:
        return False
    current = await asyncio.to_thread(hub.repo.moderator_secret_hash, hub.game.id)
    return current is not None and same_hash(current, hash_token(secret))


async def moderator_of(conn: HTTPConnection, hub: Hub, with_link: bool = True) -> Moderator | None:
    """The game master's session this request's cookie holds, or None; `with_link` also unseals the
    link (checked against the game's current one)."""
    value = conn.cookies.get(mod_cookie(hub.code))
    if not value or len(value) > 200:
        return None
    session = await hub.moderator_session(hash_token(value), SESSION_AGE)
    if session is None:
        return None
    if session.sealed_link is None:  # set before sessions: the link's secret itself, good until it changes
        return Moderator(value, legacy=True)
    link = unseal(session.sealed_link, value) if with_link else None
    return Moderator(link if link is not None and await is_moderator_secret(hub, link) else None)


async def is_moderator(conn: HTTPConnection, hub: Hub) -> bool:
    """Whether the cookie names a live session (every action and socket of the dashboard asks: the hub
    keeps what the store answered)."""
    return await moderator_of(conn, hub, with_link=False) is not None


async def open_session(response: Response, hub: Hub, secret: str, secure: bool) -> None:
    """Trade the link's secret for a session: a new random cookie value, stored hashed, the secret
    sealed by it (so this browser, and only with its cookie, can be shown the link again)."""
    session = new_token()
    await asyncio.to_thread(hub.repo.add_moderator_session, hub.game.id, hash_token(session), seal(secret, session))
    set_moderator_cookie(response, hub.code, session, secure)


async def new_link(response: Response, hub: Hub, secure: bool) -> str:
    """A new link for the game: the old one and every other session end; this browser keeps a new session."""
    secret, session = new_token(), new_token()
    await asyncio.to_thread(hub.repo.rotate_moderator, hub.game.id, hash_token(secret), hash_token(session),
                            seal(secret, session))
    set_moderator_cookie(response, hub.code, session, secure)
    return secret


def set_moderator_cookie(response: Response, code: str, session: str, secure: bool) -> None:
    set_secret_cookie(response, mod_cookie(code), session, f"/m/{code}", secure, int(SESSION_AGE.total_seconds()))


def same_origin(conn: HTTPConnection) -> bool:
    """A browser's Origin, when sent, must be this server (no cross-site websocket or POST)."""
    origin = conn.headers.get("origin")
    if origin is None:
        return True
    host = conn.headers.get("host", "")
    return origin.split("://", 1)[-1] == host
