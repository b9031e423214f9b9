"""Débarquement tables: create (from the home form), join by code or QR, the phone, actions, the big screen.

The same live loop as the main game: one hub per table, seat cookies, actions
over POST with an idempotency key, a websocket that only pushes the regions of
the viewer's own view. Nothing here reads the event log: every page and push
is built from `player_view` or `table_view`, so no hand ever leaves its phone.
"""

from __future__ import annotations

import io
from typing import Annotated, Any

import segno
from fastapi import APIRouter, Depends, Form, WebSocket
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response

from app.games.debarquement.definition import DebarquementConfig
from app.games.deuxrois.game import Actor
from app.kernel.text import EngineError
from app.kernel.viewer import Viewer
from app.live.games import Games
from app.live.hub import Hub
from app.settings import Settings
from app.store.tokens import hash_token, new_pin, new_token
from app.web import actions, sockets
from app.web.auth import pending_seat_of, same_origin, seat_cookie, seat_of, set_secret_cookie
from app.web.deps import DoorLimiterDep, LimiterDep, PageError, SettingsDep, get_hub, page
from app.web.i18n import LANG, pick, t
from app.web.links import base_url, qr_svg
from app.web.presenter import HtmlPresenter
from app.web.templating import render

router = APIRouter(prefix="/d/{code}")
NAME_FIELD = 200  # longer input is refused by the engine with its own message (24 characters)


async def get_table(code: str, request: Request) -> Hub:
    """The table's hub; a main-game code (or none) is "no such table" here."""
    hub = await get_hub(code, request.app.state.games)
    if hub.definition.id != "debarquement":
        raise PageError(404, t("deb.error.no_table", code=hub.code))
    return hub


TableDep = Annotated[Hub, Depends(get_table)]


def _base(request: Request, settings: Settings) -> str:
    return base_url(request, settings.base_url)


def _no_store(response: Response) -> Response:
    response.headers["Cache-Control"] = "no-store"
    return response


async def create_table(request: Request, games: Games, settings: Settings, quick: bool) -> Response:
    """Called by the home page's create form when the variant is Débarquement."""
    hub, _secret = await games.create(DebarquementConfig(threshold=30 if quick else 66), game="debarquement")
    base = _base(request, settings)
    join = f"{base}/d/{hub.code}"
    return _no_store(page("debarquement/created.html", code=hub.code, join_link=join,
                          screen_link=f"{join}/screen", qr=qr_svg(join)))


def _seated(hub: Hub, player_id: str | None) -> bool:
    return player_id is not None and hub.state.state.seat(player_id) is not None


def _lobby(hub: Hub, error: str = "", status: int = 200) -> Response:
    view = hub.view_for(Viewer(hub.code, "screen"))
    return _no_store(page("debarquement/lobby.html", status=status, code=hub.code, error=error,
                          open=view["game"]["phase"] == "lobby", players=view["players"], game=view["game"]))


@router.get("")
async def phone(request: Request, hub: TableDep) -> Response:
    player_id = await seat_of(request, hub)
    if player_id is None or not _seated(hub, player_id):
        if await pending_seat_of(request, hub) is not None:
            return _no_store(page("debarquement/waiting.html", code=hub.code))
        return _lobby(hub)
    viewer = Viewer(hub.code, "player", player_id, LANG.get())
    view = hub.view_for(viewer)
    return _no_store(page("debarquement/phone.html", code=hub.code, regions=HtmlPresenter(hub.definition.pages).regions(viewer, view),
                          name=view["me"]["name"]))


def _age(raw: str) -> int | None:
    raw = raw.strip()
    if not raw:
        return None
    if not raw.isdigit() or not 0 <= int(raw[:4]) <= 130:
        raise ValueError(raw)
    return int(raw)


@router.post("/join")
async def join(
    request: Request, hub: TableDep, settings: SettingsDep, limiter: DoorLimiterDep,
    name: Annotated[str, Form(max_length=NAME_FIELD)] = "",
    age: Annotated[str, Form(max_length=8)] = "",
) -> Response:
    if not same_origin(request):
        raise PageError(403, t("error.forbidden"))
    if _seated(hub, await seat_of(request, hub)):
        return RedirectResponse(f"/d/{hub.code}", status_code=303)  # the same phone back: its seat
    if not limiter.allow(f"join:{hub.code}:{request.client.host if request.client else ''}"):
        return _lobby(hub, t("error.rate_limited"), 429)
    command: dict[str, Any] = {"type": "join", "name": name[:NAME_FIELD]}
    try:
        command["age"] = _age(age)
    except ValueError:
        return _lobby(hub, t("deb.error.bad_age"), 422)
    token, pin = new_token(), new_pin()
    try:
        outcome = await hub.dispatch(command, Actor("player", None), seat=(hash_token(token), pin))
    except EngineError as exc:
        return _lobby(hub, pick(exc.message), 422 if exc.code in actions.INPUT_ERRORS | {"bad_name"} else 409)
    seat = hub.state.state.seat(str(outcome.result.get("player_id")))
    # The PIN is shown once (only its hash is stored): with it, a new phone asks for this seat.
    response = page("debarquement/joined.html", code=hub.code, pin=pin, name=seat.name if seat else "")
    set_secret_cookie(response, seat_cookie(hub.code), token, f"/d/{hub.code}", settings.secure_cookies)
    return _no_store(response)


@router.post("/recover")
async def recover(
    request: Request, hub: TableDep, settings: SettingsDep, limiter: DoorLimiterDep,
    name: Annotated[str, Form(max_length=NAME_FIELD)] = "",
    pin: Annotated[str, Form(max_length=20)] = "",
) -> Response:
    """A new phone asks for a seat with its PIN; someone else at the table confirms; the old phone is cut off."""
    if not same_origin(request):
        raise PageError(403, t("error.forbidden"))
    if not limiter.allow(f"recover:{hub.code}:{request.client.host if request.client else ''}"):
        return _lobby(hub, t("error.rate_limited"), 429)
    wanted = " ".join(name.split()).casefold()
    seat = next((s for s in hub.state.state.seats if s.name.casefold() == wanted), None)
    token = new_token()
    if seat is None or not pin.strip().isdigit() or not await hub.request_rebind(seat.player_id, pin.strip(), hash_token(token)):
        return _lobby(hub, t("error.bad_pin"), 403)
    response = page("debarquement/waiting.html", code=hub.code)
    set_secret_cookie(response, seat_cookie(hub.code), token, f"/d/{hub.code}", settings.secure_cookies)
    return _no_store(response)


@router.get("/bound")
async def bound(request: Request, hub: TableDep) -> Response:
    """Polled by the waiting phone: once confirmed (or refused), htmx reloads the table's page."""
    if await seat_of(request, hub) is None and await pending_seat_of(request, hub) is not None:
        return Response(status_code=204)
    return Response(status_code=200, headers={"HX-Redirect": f"/d/{hub.code}"})


@router.post("/rebind/{player_id}")
async def confirm_rebind(request: Request, hub: TableDep, player_id: str) -> Response:
    """Someone else seated at the table vouches that the new phone is that player's."""
    if not same_origin(request):
        return actions.refusal(request, 403, "forbidden", t("error.forbidden"))
    me = await seat_of(request, hub)
    if not _seated(hub, me) or me == player_id:
        return actions.refusal(request, 403, "not_confirmer", t("deb.error.not_confirmer"))
    if player_id not in hub.rebinds or not await hub.confirm_rebind(player_id):
        return actions.refusal(request, 409, "no_rebind", t("error.no_rebind"))
    return HTMLResponse(render("partials/flash.html", message=""))


@router.post("/act")
async def act(request: Request, hub: TableDep, limiter: LimiterDep) -> Response:
    player_id = await seat_of(request, hub)
    if player_id is None:
        return actions.refusal(request, 403, "no_seat", t("deb.error.no_seat"))
    return await actions.act(request, hub, Actor.player(player_id), limiter)


@router.get("/screen")
async def screen(request: Request, hub: TableDep, settings: SettingsDep) -> Response:
    viewer = Viewer(hub.code, "screen", None, LANG.get())
    join = f"{_base(request, settings)}/d/{hub.code}"
    return page("debarquement/screen.html", code=hub.code, regions=HtmlPresenter(hub.definition.pages).regions(viewer, hub.view_for(viewer)),
                join_link=join, qr=qr_svg(join))


@router.get("/qr.svg")
async def qr(request: Request, hub: TableDep, settings: SettingsDep) -> Response:
    out = io.BytesIO()
    segno.make(f"{_base(request, settings)}/d/{hub.code}", error="m").save(out, kind="svg", scale=8, border=2)
    return Response(out.getvalue(), media_type="image/svg+xml")


async def _socket_hub(ws: WebSocket, code: str) -> Hub | None:
    try:
        hub = await get_hub(code, ws.app.state.games)
    except PageError:
        return None
    return hub if hub.definition.id == "debarquement" and same_origin(ws) else None


@router.websocket("/ws")
async def player_socket(ws: WebSocket, code: str) -> None:
    hub = await _socket_hub(ws, code)
    player_id = await seat_of(ws, hub) if hub is not None else None
    if hub is None or player_id is None or not _seated(hub, player_id):
        await sockets.refuse(ws)
        return
    await sockets.serve_socket(ws, hub, Viewer(hub.code, "player", player_id, LANG.get()), ws.app.state.settings)


@router.websocket("/screen/ws")
async def screen_socket(ws: WebSocket, code: str) -> None:
    hub = await _socket_hub(ws, code)
    if hub is None:
        await sockets.refuse(ws)
        return
    await sockets.serve_socket(ws, hub, Viewer(hub.code, "screen", None, LANG.get()), ws.app.state.settings)
