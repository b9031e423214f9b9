"""Typed dependencies and the shared page helpers of the routers."""

from __future__ import annotations

import functools
import ipaddress
from collections.abc import Awaitable, Callable
from typing import Annotated, Any, TypeVar

from fastapi import Depends, HTTPException
from starlette.requests import HTTPConnection, Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Route

from app.live.games import Games
from app.live.hub import Hub
from app.settings import Settings
from app.store.tokens import normalise_code
from app.web.i18n import LANG, t
from app.web.ratelimit import Limiter
from app.web.templating import render

T = TypeVar("T")


def get_games(conn: HTTPConnection) -> Games:
    games: Games = conn.app.state.games
    return games


def get_settings(conn: HTTPConnection) -> Settings:
    settings: Settings = conn.app.state.settings
    return settings


def get_limiter(conn: HTTPConnection) -> Limiter:
    limiter: Limiter = conn.app.state.limiter
    return limiter


class PageError(HTTPException):
    """An error shown as a page (or a flash for htmx) in the user's language."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(status, message)
        self.message = message


def client_address(conn: HTTPConnection) -> str:
    """Who is asking, for the limits: the peer (or what a trusted proxy said), an IPv6 client by its /64
    (one home or phone gets a whole /64, and would otherwise have billions of addresses)."""
    return _address_key(conn.client.host if conn.client else "")


@functools.lru_cache(maxsize=4096)  # a venue's phones ask again and again: parsed once, not on every tap
def _address_key(host: str) -> str:
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.ip_network(f"{address}/64", strict=False))
    return str(address)


async def find_hub(conn: HTTPConnection, code: str) -> Hub:
    """The game a code names, for any page, socket or link that takes one.

    Codes that name no game are counted per address: with 331,776 codes, a
    script would otherwise find every lobby in minutes. Once an address has
    spent its misses, every lookup from it waits (429), known code or not, so
    that the answer never tells a code apart.
    """
    settings = get_settings(conn)
    limiter: Limiter = conn.app.state.door_limiter
    misses = f"code-miss:{client_address(conn)}"
    if limiter.spent(misses):
        raise PageError(429, t("error.too_many_codes"))
    normal = normalise_code(code)
    hub = await get_games(conn).get(normal) if normal else None
    if hub is None:
        limiter.allow(misses, settings.code_misses_burst, settings.code_misses_per_second)
        raise PageError(404, t("error.no_game", code=code[:8]))
    return hub


async def get_hub(code: str, request: Request) -> Hub:
    return await find_hub(request, code)


def get_door_limiter(conn: HTTPConnection) -> Limiter:
    limiter: Limiter = conn.app.state.door_limiter
    return limiter


def _on_the_loop(read: Callable[[HTTPConnection], T]) -> Callable[[HTTPConnection], Awaitable[T]]:
    """`read` as a coroutine: FastAPI runs a plain function dependency in its thread pool, a hop there and
    back on every tap for what is one attribute read."""

    async def dependency(conn: HTTPConnection) -> T:
        return read(conn)

    return dependency


Tap = Callable[[Request, Hub, Limiter], Awaitable[Response]]


def tap_route(path: str, endpoint: Tap) -> Route:
    """The POST every tap takes (a phone's act, the dashboard's): a plain Starlette route that finds the hub
    and the limiter as HubDep and LimiterDep do. Through FastAPI's route its dependencies were solved and its
    handler wrapped on every tap: about 0.3 ms of a tap's ~7 of CPU (docs/performance.md, bench.tap_split).
    The app adds these before the routers (`app.web.app`); errors go to the same handlers as any page's."""

    async def tap(request: Request) -> Response:
        hub = await find_hub(request, request.path_params["code"])
        return await endpoint(request, hub, get_limiter(request))

    return Route(path, tap, methods=["POST"])


GamesDep = Annotated[Games, Depends(_on_the_loop(get_games))]
HubDep = Annotated[Hub, Depends(get_hub)]
SettingsDep = Annotated[Settings, Depends(_on_the_loop(get_settings))]
LimiterDep = Annotated[Limiter, Depends(_on_the_loop(get_limiter))]
DoorLimiterDep = Annotated[Limiter, Depends(_on_the_loop(get_door_limiter))]


def page(template: str, status: int = 200, **context: Any) -> HTMLResponse:
    return HTMLResponse(render(template, lang_code=LANG.get(), **context), status_code=status)


def flash(message: str, status: int, request: Request | None = None) -> HTMLResponse:
    """The error region for htmx (swapped into #flash), or a small page without JS."""
    if request is not None and request.headers.get("hx-request") != "true":
        return page("error.html", status=status, message=message)
    return HTMLResponse(render("partials/flash.html", message=message), status_code=status)
