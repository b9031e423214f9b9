"""The phone: lobby (join, recover a seat with the PIN), the player's page, actions, websocket."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Form, WebSocket
from starlette.requests import Request
from starlette.responses import Response

from app.games.deuxrois.game import Actor
from app.kernel.text import EngineError
from app.kernel.viewer import Viewer
from app.store.tokens import hash_token, new_pin, new_token
from app.web import actions, sockets
from app.web.action_forms import command_fields
from app.web.auth import pending_seat_of, same_origin, seat_cookie, seat_of, set_secret_cookie
from app.web.deps import DoorLimiterDep, HubDep, LimiterDep, PageError, SettingsDep, get_hub, page
from app.web.i18n import LANG, pick, t
from app.web.presenter import HtmlPresenter

router = APIRouter(prefix="/g/{code}")
JOIN_BURST, JOIN_RATE = 100.0, 5.0  # joins per address and game
PIN_BURST, PIN_RATE = 10.0, 0.2  # PIN recoveries per address and game


def _no_store(response: Response) -> Response:
    response.headers["Cache-Control"] = "no-store"
    return response


def _lobby(hub: HubDep, error: str = "", status: int = 200) -> Response:
    players = [{"id": p.id, "name": p.name} for p in hub.state.players]
    # Mode Historique (event 14) asks each player's year of birth, privately, at the door.
    asks_birth = bool(getattr(hub.state.config, "historique", False)) and "birth_year" in command_fields().get("join", ())
    return _no_store(page("deuxrois/phone/lobby.html", status=status, code=hub.code, open=hub.state.phase == "lobby",
                          players=players, error=error, asks_birth=asks_birth))


@router.get("")
async def phone(request: Request, hub: HubDep) -> Response:
    if hub.definition.id == "debarquement":
        return Response(status_code=303, headers={"Location": f"/d/{hub.code}"})  # a débarquement table's own pages
    player_id = await seat_of(request, hub)
    if player_id is not None and hub.state.player(player_id) is not None:
        viewer = Viewer(hub.code, "player", player_id, LANG.get())
        regions = HtmlPresenter(hub.definition.pages).regions(viewer, hub.view_for(viewer))
        return _no_store(page("deuxrois/phone/game.html", code=hub.code, regions=regions, name=hub.state.name(player_id)))
    if await pending_seat_of(request, hub) is not None:
        return _no_store(page("deuxrois/phone/waiting.html", code=hub.code))
    return _lobby(hub)


@router.post("/join")
async def join(
    request: Request, hub: HubDep, settings: SettingsDep, limiter: DoorLimiterDep,
    name: Annotated[str, Form(max_length=200)] = "",
    birth_year: Annotated[str, Form(max_length=8)] = "",
) -> Response:
    if not same_origin(request):
        raise PageError(403, t("error.forbidden"))
    current = await seat_of(request, hub)
    if current is not None and hub.state.player(current) is not None:
        # Same phone back: its seat, never "name already taken".
        return Response(status_code=303, headers={"Location": f"/g/{hub.code}"})
    # A whole class behind one school NAT may join at once (the engine caps seats at 50 anyway).
    if not limiter.allow(f"join:{hub.code}:{request.client.host if request.client else ''}", JOIN_BURST, JOIN_RATE):
        return _lobby(hub, t("error.rate_limited"), 429)
    token, pin = new_token(), new_pin()
    command: dict[str, object] = {"type": "join", "name": name[:40]}
    if birth_year.strip():
        command["birth_year"] = birth_year.strip()  # the engine checks it (a number, 1900-2100)
    try:
        outcome = await hub.dispatch(command, Actor("player", None), seat=(hash_token(token), pin))
    except EngineError as exc:
        return _lobby(hub, pick(exc.message), 409 if exc.code not in actions.INPUT_ERRORS else 422)
    player_id = str(outcome.result.get("player_id"))
    response = page("deuxrois/phone/joined.html", code=hub.code, pin=pin, name=hub.state.name(player_id))
    set_secret_cookie(response, seat_cookie(hub.code), token, f"/g/{hub.code}", settings.secure_cookies)
    return _no_store(response)


@router.post("/recover")
async def recover(
    request: Request, hub: HubDep, settings: SettingsDep, limiter: DoorLimiterDep,
    name: Annotated[str, Form(max_length=200)] = "",
    pin: Annotated[str, Form(max_length=20)] = "",
) -> Response:
    """A new phone claims a seat with its PIN; the moderator confirms; the old phone is cut off."""
    if not same_origin(request):
        raise PageError(403, t("error.forbidden"))
    # PIN guesses are slow by design; the moderator's confirmation is the real gate.
    if not limiter.allow(f"recover:{hub.code}:{request.client.host if request.client else ''}", PIN_BURST, PIN_RATE):
        return _lobby(hub, t("error.rate_limited"), 429)
    wanted = " ".join(name.split()).casefold()
    player = next((p for p in hub.state.players if p.name.casefold() == wanted), None)
    token = new_token()
    if player is None or not pin.strip().isdigit() or not await hub.request_rebind(player.id, pin.strip(), hash_token(token)):
        return _lobby(hub, t("error.bad_pin"), 403)
    response = page("deuxrois/phone/waiting.html", code=hub.code)
    set_secret_cookie(response, seat_cookie(hub.code), token, f"/g/{hub.code}", settings.secure_cookies)
    return _no_store(response)


@router.get("/bound")
async def bound(request: Request, hub: HubDep) -> Response:
    """Polled by the waiting phone: once the moderator confirmed, htmx reloads into the seat."""
    if await seat_of(request, hub) is not None:
        return Response(status_code=200, headers={"HX-Redirect": f"/g/{hub.code}"})
    if await pending_seat_of(request, hub) is not None:
        return Response(status_code=204)
    return Response(status_code=200, headers={"HX-Redirect": f"/g/{hub.code}"})


@router.post("/act")
async def act(request: Request, hub: HubDep, limiter: LimiterDep) -> Response:
    player_id = await seat_of(request, hub)
    if player_id is None:
        return actions.refusal(request, 403, "no_seat", t("error.no_seat"))
    return await actions.act(request, hub, Actor.player(player_id), limiter)


@router.websocket("/ws")
async def player_socket(ws: WebSocket, code: str) -> None:
    games = ws.app.state.games
    try:
        hub = await get_hub(code, games)
    except PageError:
        await sockets.refuse(ws)
        return
    player_id = await seat_of(ws, hub)
    if player_id is None or not same_origin(ws):
        await sockets.refuse(ws)
        return
    await sockets.serve_socket(ws, hub, Viewer(hub.code, "player", player_id, LANG.get()), ws.app.state.settings)
