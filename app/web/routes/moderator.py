"""The game master's dashboard: the secret link, traded for a session cookie scoped to /m/{code}.

The link can be shown again to a browser with a session (`/m/{code}/link`), and
a new one issued there, which ends every other session.

Games without a game master (`has_dashboard` False) have no dashboard: the
table runs itself and its first seat hosts.
"""

from __future__ import annotations

import asyncio
import logging

from fastapi import APIRouter, WebSocket
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response

from app.kernel.actor import Actor
from app.kernel.text import EngineError
from app.kernel.viewer import Viewer
from app.live.hub import Hub
from app.web import actions, sockets
from app.web.auth import is_moderator, is_moderator_secret, moderator_of, new_link, open_session, same_origin
from app.web.deps import HubDep, PageError, SettingsDep, page, tap_route
from app.web.door import no_store
from app.web.i18n import LANG, pick, t
from app.web.links import base_url, qr_svg
from app.web.presenter import HtmlPresenter
from app.web.ratelimit import Limiter
from app.web.routes.home import created_page
from app.web.templating import render

router = APIRouter(prefix="/m/{code}")
log = logging.getLogger(__name__)


def _dashboard_of(hub: Hub) -> None:
    if not hub.definition.has_dashboard:
        raise PageError(404, t("error.no_dashboard"))


@router.get("")
async def dashboard(request: Request, hub: HubDep, settings: SettingsDep, k: str | None = None) -> Response:
    _dashboard_of(hub)
    if k is not None:
        if not await is_moderator_secret(hub, k):
            raise PageError(403, t("error.not_moderator"))
        # Trade the secret in the address bar for a session of this browser, and drop it from the address.
        redirect = RedirectResponse(f"/m/{hub.code}", status_code=303)
        await open_session(redirect, hub, k, settings.secure_cookies)
        return no_store(redirect)
    moderator = await moderator_of(request, hub)
    if moderator is None:
        raise PageError(403, t("error.not_moderator"))
    viewer = Viewer(hub.code, "moderator", None, LANG.get())
    regions = HtmlPresenter(hub.definition.pages).regions(viewer, hub.view_for(viewer))
    response = page(hub.definition.page_templates["moderator"], code=hub.code, regions=regions)
    if moderator.legacy and moderator.link is not None:  # a cookie from before sessions: exchange it now
        await open_session(response, hub, moderator.link, settings.secure_cookies)
    return no_store(response)


@router.get("/link")
async def link(request: Request, hub: HubDep, settings: SettingsDep) -> Response:
    """The game master's link again, for this browser only (to open the dashboard on another device)."""
    _dashboard_of(hub)
    moderator = await moderator_of(request, hub)
    if moderator is None:
        raise PageError(403, t("error.not_moderator"))
    url = f"{base_url(request, settings.base_url)}/m/{hub.code}?k={moderator.link}" if moderator.link else None
    return no_store(page("moderator_link.html", code=hub.code, mod_link=url, qr=qr_svg(url) if url else ""))


@router.post("/link/new")
async def rotate_link(request: Request, hub: HubDep, settings: SettingsDep) -> Response:
    """A new link: the old one stops working, every other browser's session ends, this one stays in."""
    _dashboard_of(hub)
    if not same_origin(request) or not await is_moderator(request, hub):
        raise PageError(403, t("error.not_moderator"))
    redirect = RedirectResponse(f"/m/{hub.code}/link", status_code=303)  # a reload does not rotate again
    await new_link(redirect, hub, settings.secure_cookies)
    await hub.end_moderator_sessions()
    log.info("game %s: the game master issued a new link", hub.code)
    return no_store(redirect)


@router.get("/created")
async def created(request: Request, hub: HubDep, settings: SettingsDep) -> Response:
    """The page after creation, for the creator's browser (its session unseals the link): reloadable."""
    _dashboard_of(hub)
    moderator = await moderator_of(request, hub)
    if moderator is None:
        raise PageError(403, t("error.not_moderator"))
    return no_store(created_page(request, hub, settings.base_url, moderator.link))


async def act(request: Request, hub: Hub, limiter: Limiter) -> Response:
    if not hub.definition.has_dashboard or not await is_moderator(request, hub):
        return actions.refusal(request, 403, "not_moderator", t("error.not_moderator"))
    return await actions.act(request, hub, Actor.moderator(), limiter)


TAPS = [tap_route("/m/{code}/act", act)]


@router.get("/export.json")
async def export_log(request: Request, hub: HubDep) -> Response:
    """The game's log as a file (a scenario `deuxrois simulate` replays, where the game has them)."""
    if not await is_moderator(request, hub):
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
    if not await is_moderator(request, hub):
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
    if not await is_moderator(request, hub):
        raise PageError(403, t("error.not_moderator"))
    return actions.picture(hub, picture)


@router.post("/rebind/{player_id}")
async def confirm_rebind(request: Request, hub: HubDep, player_id: str) -> Response:
    if hub.definition.rebind_by != "moderator" or not same_origin(request) or not await is_moderator(request, hub):
        return actions.refusal(request, 403, "not_moderator", t("error.not_moderator"))
    if not await hub.confirm_rebind(player_id[:16]):
        return actions.refusal(request, 409, "no_rebind", t("error.no_rebind"))
    return Response(status_code=204)


@router.websocket("/ws")
async def moderator_socket(ws: WebSocket, code: str) -> None:
    hub = await sockets.hub_or_refuse(ws, code)
    if hub is None:
        return
    if not hub.definition.has_dashboard or not same_origin(ws) or not await is_moderator(ws, hub):
        await sockets.refuse(ws)
        return
    await sockets.serve_socket(ws, hub, Viewer(hub.code, "moderator", None, LANG.get()), ws.app.state.settings)
