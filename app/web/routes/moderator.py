"""The game master's dashboard: the secret link once, then a cookie scoped to /m/{code}.

Games without a game master (`has_dashboard` False) have no dashboard: the
table runs itself and its first seat hosts.
"""

from __future__ import annotations

import asyncio

from fastapi import APIRouter, WebSocket
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response

from app.kernel.actor import Actor
from app.kernel.text import EngineError
from app.kernel.viewer import Viewer
from app.live.hub import Hub
from app.web import actions, sockets
from app.web.auth import is_moderator, is_moderator_secret, mod_cookie, same_origin, set_secret_cookie
from app.web.deps import HubDep, LimiterDep, PageError, SettingsDep, get_hub, page
from app.web.door import no_store
from app.web.i18n import LANG, pick, t
from app.web.presenter import HtmlPresenter
from app.web.routes.home import created_page
from app.web.templating import render

router = APIRouter(prefix="/m/{code}")


def _dashboard_of(hub: Hub) -> None:
    if not hub.definition.has_dashboard:
        raise PageError(404, t("error.no_dashboard"))


@router.get("")
async def dashboard(request: Request, hub: HubDep, settings: SettingsDep, k: str | None = None) -> Response:
    _dashboard_of(hub)
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
    return no_store(page(hub.definition.page_templates["moderator"], code=hub.code, regions=regions))


@router.get("/created")
async def created(request: Request, hub: HubDep, settings: SettingsDep) -> Response:
    """The page after creation, for the creator's browser (its cookie holds the secret): reloadable."""
    _dashboard_of(hub)
    if not is_moderator(request, hub):
        raise PageError(403, t("error.not_moderator"))
    secret = request.cookies.get(mod_cookie(hub.code))
    return no_store(created_page(request, hub, settings.base_url, secret))


@router.post("/act")
async def act(request: Request, hub: HubDep, limiter: LimiterDep) -> Response:
    if not hub.definition.has_dashboard or not is_moderator(request, hub):
        return actions.refusal(request, 403, "not_moderator", t("error.not_moderator"))
    return await actions.act(request, hub, Actor.moderator(), limiter)


@router.get("/export.json")
async def export_log(request: Request, hub: HubDep) -> Response:
    """The game's log as a file (a scenario `deuxrois simulate` replays, where the game has them)."""
    if not is_moderator(request, hub):
        raise PageError(403, t("error.not_moderator"))
    await hub.catch_up()  # another process may have appended since this hub last looked
    events = await asyncio.to_thread(hub.repo.load_events, hub.game.id)
    disposition = f'attachment; filename="{hub.definition.id}-{hub.code}.json"'
    return JSONResponse(hub.definition.export(hub.code, hub.game.seed, hub.game.config, events),
                        headers={"Content-Disposition": disposition, "Cache-Control": "no-store"})


def _preview(hub: Hub, status: int, **context: object) -> HTMLResponse:
    template = hub.definition.page_templates.get("undo_preview", "partials/flash.html")
    html = render(template, code=hub.code, message=context.get("error", ""), **context)
    return HTMLResponse(html, status_code=status, headers={"Cache-Control": "no-store", "Content-Language": LANG.get()})


@router.get("/undo-preview")
async def undo_preview(request: Request, hub: HubDep, to_version: str = "", close: str = "") -> Response:
    """Read-only: what an undo would change; the partial's confirm button sends the ordinary undo command."""
    if not is_moderator(request, hub):
        return _preview(hub, 403, error=t("error.not_moderator"))
    if close:
        return _preview(hub, 200, error="")
    try:
        version = int(to_version.strip()[:12])
    except ValueError:
        return _preview(hub, 422, error=t("undo.bad_number"))
    try:
        preview = hub.definition.undo_preview(hub.state, version)
    except EngineError as exc:
        return _preview(hub, 409, error=pick(exc.message))
    if preview is None:
        return _preview(hub, 404, error=t("undo.not_here"))
    return _preview(hub, 200, p=preview, error="")


@router.get("/debrief/{picture}.svg")
async def picture(request: Request, hub: HubDep, picture: str) -> Response:
    if not is_moderator(request, hub):
        raise PageError(403, t("error.not_moderator"))
    return actions.picture(hub, picture)


@router.post("/rebind/{player_id}")
async def confirm_rebind(request: Request, hub: HubDep, player_id: str) -> Response:
    if hub.definition.rebind_by != "moderator" or not is_moderator(request, hub) or not same_origin(request):
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
    if not hub.definition.has_dashboard or not is_moderator(ws, hub) or not same_origin(ws):
        await sockets.refuse(ws)
        return
    await sockets.serve_socket(ws, hub, Viewer(hub.code, "moderator", None, LANG.get()), ws.app.state.settings)
