"""POST .../act for players and the moderator: input -> command -> the hub. Nothing else."""

from __future__ import annotations

from functools import cache
from urllib.parse import parse_qsl

from starlette.datastructures import FormData, UploadFile
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response

from app.kernel.actor import Actor
from app.kernel.text import EngineError
from app.live.hub import Hub
from app.web import forms
from app.web.auth import same_origin
from app.web.deps import PageError, flash
from app.web.door import seated
from app.web.i18n import LANG, pick, t
from app.web.ratelimit import Limiter
from app.web.templating import render

INPUT_ERRORS = {"bad_command", "bad_json", "bad_key", "bad_field", "too_long", "too_many"}


def _wants_json(request: Request) -> bool:
    return request.headers.get("content-type", "").startswith("application/json")


async def _form(request: Request) -> FormData:
    """The tap's form. htmx posts it urlencoded, and for that Starlette's streaming parser (made for
    uploads: a callback per field and chunk) took ~30 µs a tap where the standard library takes ~7 and
    reads it the same way (`+` and `%XX` as UTF-8, blank values kept). Multipart goes to Starlette's."""
    if request.headers.get("content-type", "").split(";")[0].strip() != "application/x-www-form-urlencoded":
        return await request.form()
    fields: list[tuple[str, str | UploadFile]] = [*parse_qsl((await request.body()).decode("latin-1"),
                                                             keep_blank_values=True)]
    return FormData(fields)


def refusal(request: Request, status: int, code: str, message: str) -> Response:
    if _wants_json(request):
        return JSONResponse({"ok": False, "error": {"code": code, "message": message}}, status_code=status)
    return flash(message, status, request)


async def act(request: Request, hub: Hub, actor: Actor, limiter: Limiter) -> Response:
    if not same_origin(request):
        return refusal(request, 403, "forbidden", t("error.forbidden"))
    if not limiter.allow(f"{hub.code}:{actor.kind}:{actor.player_id}"):
        return refusal(request, 429, "rate_limited", t("error.rate_limited"))
    try:
        if _wants_json(request):
            command, key = forms.from_json(await request.body())
        else:
            command, key = forms.from_form(await _form(request))
        before = seated(hub)
        outcome = await hub.dispatch(command, actor, key)
    except EngineError as exc:
        status = 422 if exc.code in INPUT_ERRORS else 409
        return refusal(request, status, exc.code, pick(exc.message))
    for gone in before - seated(hub):
        # A seat this command took away (the game master removed it, its player left): its phone's
        # sockets close at once, everywhere, rather than show a table it no longer sits at.
        await hub.end_seat(gone)
    if _wants_json(request):
        return JSONResponse({**outcome.result, "replayed": outcome.replayed})
    if request.headers.get("hx-request") != "true":
        return Response(status_code=303, headers={"Location": request.url.path.rsplit("/", 1)[0]})
    # The new view arrives over the websocket; the answer only clears the error line.
    return HTMLResponse(_cleared(), headers={"Content-Language": LANG.get()})


@cache
def _cleared() -> str:
    """The error line, empty (the same in every language): rendered once, not after every tap."""
    return render("partials/flash.html", message="")


def picture(hub: Hub, name: str) -> Response:
    """A game's picture (the debrief) as SVG, drawn in the asker's language; 404 before it exists."""
    svg = hub.definition.picture(hub.state, name[:32])
    if svg is None:
        raise PageError(404, t("debrief.not_yet"))
    return Response(svg, media_type="image/svg+xml",
                    headers={"Cache-Control": "private, no-store", "Content-Disposition": "inline"})
