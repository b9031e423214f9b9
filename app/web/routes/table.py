"""The phone of every game: the door (join, recover a seat with the PIN), the player's page, actions, websocket.

Nothing here knows a game: the door reads the game's lobby view and join
fields, the page its regions, and every action goes to the hub's one gate.
"""

from __future__ import annotations

from fastapi import APIRouter, WebSocket
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

from app.kernel.actor import Actor
from app.kernel.names import name_key
from app.kernel.text import EngineError
from app.kernel.viewer import Viewer
from app.live.hub import Hub
from app.store.tokens import hash_token, new_pin, new_token
from app.web import actions, sockets
from app.web.auth import pending_seat_of, same_origin, seat_cookie, seat_of, set_secret_cookie
from app.web.deps import DoorLimiterDep, HubDep, PageError, SettingsDep, client_address, page, tap_route
from app.web.door import FIELD_MAX, join_numbers, lobby, no_store, removed, seat_name, seat_named
from app.web.i18n import LANG, pick, t
from app.web.presenter import HtmlPresenter
from app.web.ratelimit import Limiter
from app.web.templating import render

router = APIRouter(prefix="/g/{code}")
PIN_BURST, PIN_RATE = 10.0, 0.2  # PIN recoveries per address and game
# And per seat, from every address together: a guesser with many addresses still gets a few tries
# a minute at one seat (10^6 PINs: about two years), while its owner, who knows the PIN, needs one.
SEAT_PIN_BURST, SEAT_PIN_RATE = 5.0, 1 / 60




def _lobby(hub: HubDep, error: str = "", status: int = 200) -> Response:
    view = lobby(hub)
    return no_store(page(hub.definition.page_templates["lobby"], status=status, code=hub.code, error=error, **view))


def _removed_message(hub: HubDep) -> str:
    """Said to a phone whose seat was taken back at the door: by the game master, or by the table's host."""
    return t("door.removed") if hub.definition.has_dashboard else t("door.removed_host")


@router.get("")
async def phone(request: Request, hub: HubDep) -> Response:
    player_id = await seat_of(request, hub)
    name = seat_name(hub, player_id)
    if player_id is not None and name is not None:
        viewer = Viewer(hub.code, "player", player_id, LANG.get())
        regions = HtmlPresenter(hub.definition.pages).regions(viewer, hub.view_for(viewer))
        return no_store(page(hub.definition.page_templates["player"], code=hub.code, regions=regions, name=name))
    if await pending_seat_of(request, hub) is not None:
        return no_store(page(hub.definition.page_templates["waiting"], code=hub.code))
    # A seat taken back: its cookie opens nothing any more, and the phone is a newcomer told why.
    return _lobby(hub, _removed_message(hub) if removed(hub, player_id) else "")


@router.post("/join")
async def join(request: Request, hub: HubDep, settings: SettingsDep, limiter: DoorLimiterDep) -> Response:
    if not same_origin(request):
        raise PageError(403, t("error.forbidden"))
    if seat_name(hub, await seat_of(request, hub)) is not None:
        # Same phone back: its seat, never "name already taken".
        return Response(status_code=303, headers={"Location": f"/g/{hub.code}"})
    # Per address: one phone (or script) cannot take every seat in seconds, while a class behind one
    # school NAT still gets in within a minute or two. Per game: many addresses cannot either.
    if not limiter.allow(f"join:{hub.code}:{client_address(request)}", settings.joins_per_address_burst,
                         settings.joins_per_address_per_second) \
            or not limiter.allow(f"join-game:{hub.code}", settings.joins_per_game_burst, settings.joins_per_game_per_second):
        return _lobby(hub, t("error.join_wait"), 429)
    form = await request.form()
    command: dict[str, object] = {"type": "join", "name": str(form.get("name") or "")[:FIELD_MAX]}
    fields = hub.definition.join_fields(hub.state)
    try:
        command.update(join_numbers(fields, form))
    except ValueError as bad:
        field = next(f for f in fields if f.name == str(bad))
        return _lobby(hub, pick(field.error), 422)
    token, pin = new_token(), new_pin()
    try:
        outcome = await hub.dispatch(command, Actor("player", None), seat=(hash_token(token), pin))
    except EngineError as exc:
        # A name that shows nothing once cleaned (app/kernel/names.py) is bad input, whatever the game calls it.
        bad_input = exc.code in actions.INPUT_ERRORS | {"bad_name"} or not name_key(str(command["name"]))
        return _lobby(hub, pick(exc.message), 422 if bad_input else 409)
    player_id = str(outcome.result.get("player_id"))
    # The PIN is shown once (only its hash is stored): with it, a new phone asks for this seat.
    response = page(hub.definition.page_templates["joined"], code=hub.code, pin=pin, name=seat_name(hub, player_id))
    set_secret_cookie(response, seat_cookie(hub.code), token, f"/g/{hub.code}", settings.secure_cookies)
    return no_store(response)


@router.post("/recover")
async def recover(request: Request, hub: HubDep, settings: SettingsDep, limiter: DoorLimiterDep) -> Response:
    """A new phone claims a seat with its PIN; the moderator (or the table) confirms; the old phone is cut off."""
    if not same_origin(request):
        raise PageError(403, t("error.forbidden"))
    # PIN guesses are slow by design; the confirmation is the real gate.
    if not limiter.allow(f"recover:{hub.code}:{client_address(request)}", PIN_BURST, PIN_RATE):
        return _lobby(hub, t("error.rate_limited"), 429)
    form = await request.form()
    player_id = seat_named(hub, str(form.get("name") or "")[:FIELD_MAX])
    if player_id is not None and not limiter.allow(f"recover-seat:{hub.code}:{player_id}", SEAT_PIN_BURST, SEAT_PIN_RATE):
        return _lobby(hub, t("error.too_many_tries"), 429)
    pin = str(form.get("pin") or "").strip()[:20]
    token = new_token()
    if player_id is None or not pin.isdigit() or not await hub.request_rebind(player_id, pin, hash_token(token)):
        return _lobby(hub, t("error.bad_pin"), 403)
    response = page(hub.definition.page_templates["waiting"], code=hub.code)
    set_secret_cookie(response, seat_cookie(hub.code), token, f"/g/{hub.code}", settings.secure_cookies)
    return no_store(response)


@router.get("/bound")
async def bound(request: Request, hub: HubDep) -> Response:
    """Polled by the waiting phone: once confirmed (or refused), htmx reloads into the seat or the door."""
    if await seat_of(request, hub) is None and await pending_seat_of(request, hub) is not None:
        return Response(status_code=204)
    return Response(status_code=200, headers={"HX-Redirect": f"/g/{hub.code}"})


@router.post("/rebind/{player_id}")
async def confirm_rebind(request: Request, hub: HubDep, player_id: str) -> Response:
    """In a game with no game master, someone else seated vouches that the new phone is that player's."""
    if not same_origin(request):
        return actions.refusal(request, 403, "forbidden", t("error.forbidden"))
    me = await seat_of(request, hub)
    if hub.definition.rebind_by != "table" or seat_name(hub, me) is None or me == player_id:
        return actions.refusal(request, 403, "not_confirmer", t("error.not_confirmer"))
    if player_id not in hub.rebinds or not await hub.confirm_rebind(player_id):
        return actions.refusal(request, 409, "no_rebind", t("error.no_rebind"))
    return HTMLResponse(render("partials/flash.html", message=""))


async def act(request: Request, hub: Hub, limiter: Limiter) -> Response:
    player_id = await seat_of(request, hub)
    if removed(hub, player_id):
        # Its page is out of date: the door says why this phone has no seat any more.
        response = actions.refusal(request, 403, "seat_removed", _removed_message(hub))
        response.headers["HX-Redirect"] = f"/g/{hub.code}"
        return response
    if seat_name(hub, player_id) is None or player_id is None:
        return actions.refusal(request, 403, "no_seat", t("error.no_seat"))
    response = await actions.act(request, hub, Actor.player(player_id), limiter)
    if response.status_code < 400 and seat_name(hub, player_id) is None:
        # The command freed this seat (the player left the table): the phone goes back to the home page.
        response.headers["HX-Redirect"] = "/"
    return response


TAPS = [tap_route("/g/{code}/act", act)]


@router.get("/debrief/{picture}.svg")
async def picture(request: Request, hub: HubDep, picture: str) -> Response:
    if seat_name(hub, await seat_of(request, hub)) is None:
        raise PageError(403, t("error.no_seat"))
    return actions.picture(hub, picture)


@router.websocket("/ws")
async def player_socket(ws: WebSocket, code: str) -> None:
    hub = await sockets.hub_or_refuse(ws, code)
    if hub is None:
        return
    player_id = await seat_of(ws, hub)
    if player_id is None or seat_name(hub, player_id) is None or not same_origin(ws):
        await sockets.refuse(ws)
        return
    await sockets.serve_socket(ws, hub, Viewer(hub.code, "player", player_id, LANG.get()), ws.app.state.settings)
