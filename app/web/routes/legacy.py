"""Addresses printed before every game lived under /g, /s and /m: the 2-8 player card tables were under /d.

QR codes and bookmarks must keep working, so each old address answers a
permanent redirect (308 keeps a POST a POST), and the old websockets are
served as they were.
"""

from __future__ import annotations

from fastapi import APIRouter, WebSocket
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from app.web.routes.screen import screen_socket
from app.web.routes.table import player_socket

router = APIRouter(prefix="/d/{code}")


def _moved(request: Request, to: str) -> Response:
    query = f"?{request.url.query}" if request.url.query else ""
    return RedirectResponse(to + query, status_code=308)


@router.api_route("", methods=["GET"])
async def table(request: Request, code: str) -> Response:
    return _moved(request, f"/g/{code[:8]}")


@router.api_route("/screen", methods=["GET"])
async def screen(request: Request, code: str) -> Response:
    return _moved(request, f"/s/{code[:8]}")


@router.api_route("/qr.svg", methods=["GET"])
async def qr(request: Request, code: str) -> Response:
    return _moved(request, f"/qr/{code[:8]}.svg")


@router.api_route("/{rest:path}", methods=["GET", "POST"])
async def anything_else(request: Request, code: str, rest: str) -> Response:
    return _moved(request, f"/g/{code[:8]}/{rest[:64]}")


@router.websocket("/ws")
async def old_player_socket(ws: WebSocket, code: str) -> None:
    await player_socket(ws, code)


@router.websocket("/screen/ws")
async def old_screen_socket(ws: WebSocket, code: str) -> None:
    await screen_socket(ws, code)
