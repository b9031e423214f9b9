"""The big screen: public information only, no secret, no login."""

from __future__ import annotations

from fastapi import APIRouter, WebSocket
from starlette.requests import Request
from starlette.responses import Response

from app.kernel.viewer import Viewer
from app.web import sockets
from app.web.deps import HubDep, PageError, SettingsDep, get_hub, page
from app.web.i18n import LANG
from app.web.links import base_url, qr_svg
from app.web.presenter import HtmlPresenter

router = APIRouter(prefix="/s/{code}")


@router.get("")
async def screen(request: Request, hub: HubDep, settings: SettingsDep) -> Response:
    if hub.definition.id == "debarquement":
        return Response(status_code=303, headers={"Location": f"/d/{hub.code}/screen"})  # its own big screen
    viewer = Viewer(hub.code, "screen", None, LANG.get())
    join = f"{base_url(request, settings.base_url)}/g/{hub.code}"
    return page("deuxrois/screen/screen.html", code=hub.code, regions=HtmlPresenter(hub.definition.pages).regions(viewer, hub.view_for(viewer)),
                join_link=join, qr=qr_svg(join))


@router.websocket("/ws")
async def screen_socket(ws: WebSocket, code: str) -> None:
    try:
        hub = await get_hub(code, ws.app.state.games)
    except PageError:
        await sockets.refuse(ws)
        return
    await sockets.serve_socket(ws, hub, Viewer(hub.code, "screen", None, LANG.get()), ws.app.state.settings)
