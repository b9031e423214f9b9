"""The big screen of every game: public information only, no secret, no login."""

from __future__ import annotations

from fastapi import APIRouter, WebSocket
from starlette.requests import Request
from starlette.responses import Response

from app.kernel.viewer import Viewer
from app.web import actions, sockets
from app.web.deps import HubDep, PageError, SettingsDep, get_hub, page
from app.web.i18n import LANG
from app.web.links import base_url, qr_svg
from app.web.presenter import HtmlPresenter

router = APIRouter(prefix="/s/{code}")


@router.get("")
async def screen(request: Request, hub: HubDep, settings: SettingsDep) -> Response:
    viewer = Viewer(hub.code, "screen", None, LANG.get())
    join = f"{base_url(request, settings.base_url)}/g/{hub.code}"
    regions = HtmlPresenter(hub.definition.pages).regions(viewer, hub.view_for(viewer))
    return page(hub.definition.page_templates["screen"], code=hub.code, regions=regions, join_link=join, qr=qr_svg(join))


@router.get("/debrief/{picture}.svg")
async def picture(hub: HubDep, picture: str) -> Response:
    """Public like the screen itself: a game draws its pictures only once nothing is secret any more."""
    return actions.picture(hub, picture)


@router.websocket("/ws")
async def screen_socket(ws: WebSocket, code: str) -> None:
    try:
        hub = await get_hub(code, ws.app.state.games)
    except PageError:
        await sockets.refuse(ws)
        return
    await sockets.serve_socket(ws, hub, Viewer(hub.code, "screen", None, LANG.get()), ws.app.state.settings)
