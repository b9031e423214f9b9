"""The big screen: public information only, no secret, no login."""

from __future__ import annotations

from fastapi import APIRouter, WebSocket
from starlette.responses import Response

from app.live.connection import Viewer
from app.web import sockets
from app.web.deps import HubDep, PageError, get_hub, page
from app.web.i18n import LANG
from app.web.presenter import HtmlPresenter

router = APIRouter(prefix="/s/{code}")
PRESENTER = HtmlPresenter()


@router.get("")
async def screen(hub: HubDep) -> Response:
    viewer = Viewer(hub.code, "screen", None, LANG.get())
    return page("screen/screen.html", code=hub.code, regions=PRESENTER.regions(viewer, hub.view_for(viewer)))


@router.websocket("/ws")
async def screen_socket(ws: WebSocket, code: str) -> None:
    try:
        hub = await get_hub(code, ws.app.state.games)
    except PageError:
        await sockets.refuse(ws)
        return
    await sockets.serve_socket(ws, hub, Viewer(hub.code, "screen", None, LANG.get()), ws.app.state.settings)
