"""Who is asking: a seat cookie authorises one seat, the moderator secret one dashboard."""

from __future__ import annotations

import asyncio

from starlette.requests import HTTPConnection
from starlette.responses import Response

from app.live.hub import Hub
from app.store.tokens import hash_token, same_hash

SEAT_COOKIE = "seat_{code}"
MOD_COOKIE = "mod_{code}"
YEAR = 365 * 24 * 3600


def seat_cookie(code: str) -> str:
    return SEAT_COOKIE.format(code=code)


def mod_cookie(code: str) -> str:
    return MOD_COOKIE.format(code=code)


def set_secret_cookie(response: Response, name: str, value: str, path: str, secure: bool) -> None:
    # HttpOnly: no script can read it; Lax: another site cannot post with it; the path
    # keeps one game's cookie away from every other game and from the other pages.
    response.set_cookie(name, value, max_age=YEAR, path=path, httponly=True, samesite="lax", secure=secure)


async def seat_of(conn: HTTPConnection, hub: Hub) -> str | None:
    """The player id this request's seat cookie holds, or None."""
    token = conn.cookies.get(seat_cookie(hub.code))
    if not token or len(token) > 200:
        return None
    return await asyncio.to_thread(hub.repo.seat_of, hub.game.id, hash_token(token))


async def pending_seat_of(conn: HTTPConnection, hub: Hub) -> str | None:
    """The seat this phone asked for with a PIN, while the moderator has not confirmed."""
    token = conn.cookies.get(seat_cookie(hub.code))
    if not token or len(token) > 200:
        return None
    return await asyncio.to_thread(hub.repo.pending_of, hub.game.id, hash_token(token))


def is_moderator_secret(hub: Hub, secret: str | None) -> bool:
    return bool(secret) and len(secret or "") <= 200 and same_hash(hub.game.mod_token_hash, hash_token(secret or ""))


def is_moderator(conn: HTTPConnection, hub: Hub) -> bool:
    return is_moderator_secret(hub, conn.cookies.get(mod_cookie(hub.code)))


def same_origin(conn: HTTPConnection) -> bool:
    """A browser's Origin, when sent, must be this server (no cross-site websocket or POST)."""
    origin = conn.headers.get("origin")
    if origin is None:
        return True
    host = conn.headers.get("host", "")
    return origin.split("://", 1)[-1] == host
