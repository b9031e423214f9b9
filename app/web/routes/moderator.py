"""The moderator's dashboard: the secret link once, then a cookie scoped to /m/{code}."""

from __future__ import annotations

import asyncio

from fastapi import APIRouter, WebSocket
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response

from app.games.deuxrois.game import Actor
from app.kernel.viewer import Viewer
from app.store.export import to_scenario
from app.web import actions, sockets
from app.web.auth import is_moderator, is_moderator_secret, mod_cookie, same_origin, set_secret_cookie
from app.web.deps import HubDep, LimiterDep, PageError, SettingsDep, get_hub, page
from app.web.i18n import LANG, t
from app.web.presenter import HtmlPresenter

router = APIRouter(prefix="/m/{code}")


@router.get("")
async def dashboard(request: Request, hub: HubDep, settings: SettingsDep, k: str | None = None) -> Response:
    if k is not None:
        if not is_moderator_secret(hub, k):
            raise PageError(403, t("error.not_moderator"))
        # Trade the secret in the address bar for a cookie, then drop it from the address.
        redirect = RedirectResponse(f"/m/{hub.code}", status_code=303)
        set_secret_cookie(redirect, mod_cookie(hub.code), k, f"/m/{hub.code}", settings.secure_cookies)
        return redirect
    if not is_moderator(request, hub):
        raise PageError(403, t("error.not_moderator"))
    viewer = Viewer(hub.code, "moderator", None, LANG.get())
    regions = HtmlPresenter(hub.definition.pages).regions(viewer, hub.view_for(viewer))
    response = page("deuxrois/moderator/dashboard.html", code=hub.code, regions=regions)
    response.headers["Cache-Control"] = "no-store"
    return response


@router.post("/act")
async def act(request: Request, hub: HubDep, limiter: LimiterDep) -> Response:
    if not is_moderator(request, hub):
        return actions.refusal(request, 403, "not_moderator", t("error.not_moderator"))
    return await actions.act(request, hub, Actor.moderator(), limiter)


@router.get("/export.json")
async def export_log(request: Request, hub: HubDep) -> Response:
    """The game's log as a scenario (`deuxrois export`) that `deuxrois simulate` replays: moderator only."""
    if not is_moderator(request, hub):
        raise PageError(403, t("error.not_moderator"))
    await hub.catch_up()  # another process may have appended since this hub last looked
    events = await asyncio.to_thread(hub.repo.load_events, hub.game.id)
    disposition = f'attachment; filename="deuxrois-{hub.code}.json"'
    return JSONResponse(to_scenario(hub.game, events),
                        headers={"Content-Disposition": disposition, "Cache-Control": "no-store"})


@router.post("/rebind/{player_id}")
async def confirm_rebind(request: Request, hub: HubDep, player_id: str) -> Response:
    if not is_moderator(request, hub) or not same_origin(request):
        return actions.refusal(request, 403, "not_moderator", t("error.not_moderator"))
    if not await hub.confirm_rebind(player_id[:16]):
        return actions.refusal(request, 409, "no_rebind", t("error.no_rebind"))
    return Response(status_code=204)


@router.websocket("/ws")
async def moderator_socket(ws: WebSocket, code: str) -> None:
    try:
        hub = await get_hub(code, ws.app.state.games)
    except PageError:
        await sockets.refuse(ws)
        return
    if not is_moderator(ws, hub) or not same_origin(ws):
        await sockets.refuse(ws)
        return
    await sockets.serve_socket(ws, hub, Viewer(hub.code, "moderator", None, LANG.get()), ws.app.state.settings)
