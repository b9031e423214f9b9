"""Typed dependencies and the shared page helpers of the routers."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Depends, HTTPException
from starlette.requests import HTTPConnection, Request
from starlette.responses import HTMLResponse

from app.live.games import Games
from app.live.hub import Hub
from app.settings import Settings
from app.store.tokens import normalise_code
from app.web.i18n import LANG, t
from app.web.ratelimit import Limiter
from app.web.templating import render


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


async def get_hub(code: str, games: Annotated[Games, Depends(get_games)]) -> Hub:
    normal = normalise_code(code)
    hub = await games.get(normal) if normal else None
    if hub is None:
        raise PageError(404, t("error.no_game", code=code[:8]))
    return hub


def get_door_limiter(conn: HTTPConnection) -> Limiter:
    limiter: Limiter = conn.app.state.door_limiter
    return limiter


GamesDep = Annotated[Games, Depends(get_games)]
HubDep = Annotated[Hub, Depends(get_hub)]
SettingsDep = Annotated[Settings, Depends(get_settings)]
LimiterDep = Annotated[Limiter, Depends(get_limiter)]
DoorLimiterDep = Annotated[Limiter, Depends(get_door_limiter)]


def page(template: str, status: int = 200, **context: Any) -> HTMLResponse:
    return HTMLResponse(render(template, lang_code=LANG.get(), **context), status_code=status)


def flash(message: str, status: int, request: Request | None = None) -> HTMLResponse:
    """The error region for htmx (swapped into #flash), or a small page without JS."""
    if request is not None and request.headers.get("hx-request") != "true":
        return page("error.html", status=status, message=message)
    return HTMLResponse(render("partials/flash.html", message=message), status_code=status)
