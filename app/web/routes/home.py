"""Home: create a game (shows the secret moderator link once), join by code, QR codes."""

from __future__ import annotations

import io
from typing import Annotated

import segno
from fastapi import APIRouter, Form
from pydantic import ValidationError
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from app.games.deuxrois.config import GameConfig
from app.store.tokens import normalise_code
from app.web.auth import mod_cookie, same_origin, set_secret_cookie
from app.web.deps import GamesDep, HubDep, PageError, SettingsDep, page
from app.web.i18n import t
from app.web.links import base_url, qr_svg
from app.web.routes import debarquement

router = APIRouter()




@router.get("/")
async def home() -> Response:
    return page("home.html", defaults=GameConfig())


def _config(rounds: str, negotiation: str, election_s: str, designation_s: str, historique: bool) -> GameConfig:
    """A GameConfig from the form, or a PageError saying which field is wrong."""
    try:
        minutes = [float(m) for m in negotiation.replace(";", ",").split(",") if m.strip()] if negotiation.strip() else None
        values: dict[str, object] = {
            "rounds": int(rounds),
            "negotiation_s": tuple(round(m * 60) for m in minutes) if minutes else None,
            "election_s": int(election_s),
            "designation_s": int(designation_s),
        }
        if historique and "historique" in GameConfig.model_fields:
            values["historique"] = True
        return GameConfig.model_validate(values)
    except (ValueError, ValidationError):
        raise PageError(422, t("error.bad_config")) from None


@router.post("/games")
async def create_game(
    request: Request,
    games: GamesDep,
    settings: SettingsDep,
    rounds: Annotated[str, Form(max_length=2)] = "5",
    historique: Annotated[str, Form(max_length=8)] = "",
    negotiation: Annotated[str, Form(max_length=64)] = "",
    election_s: Annotated[str, Form(max_length=6)] = "45",
    designation_s: Annotated[str, Form(max_length=6)] = "60",
    variant: Annotated[str, Form(max_length=16)] = "classic",
    quick: Annotated[str, Form(max_length=8)] = "",
) -> Response:
    if not same_origin(request):
        raise PageError(403, t("error.forbidden"))
    if variant == "debarquement":
        return await debarquement.create_table(request, games, settings, quick=bool(quick))
    config = _config(rounds, negotiation, election_s, designation_s, bool(historique))
    hub, secret = await games.create(config, game="deuxrois")
    base = base_url(request, settings.base_url)
    join = f"{base}/g/{hub.code}"
    response = page(
        "created.html",
        code=hub.code,
        mod_link=f"{base}/m/{hub.code}?k={secret}",
        join_link=join,
        screen_link=f"{base}/s/{hub.code}",
        qr=qr_svg(join),
    )
    # The creator's own browser is the dashboard at once; the link opens it anywhere else.
    set_secret_cookie(response, mod_cookie(hub.code), secret, f"/m/{hub.code}", settings.secure_cookies)
    response.headers["Cache-Control"] = "no-store"
    return response


@router.get("/join")
async def join_by_code(games: GamesDep, code: str = "") -> Response:
    normal = normalise_code(code[:16])
    if normal is None:
        raise PageError(404, t("error.no_game", code=code[:8]))
    hub = await games.get(normal)
    prefix = "d" if hub is not None and hub.definition.id == "debarquement" else "g"  # a débarquement table
    return RedirectResponse(f"/{prefix}/{normal}", status_code=303)


@router.get("/qr/{code}.svg")
async def qr(request: Request, hub: HubDep, settings: SettingsDep) -> Response:
    svg = segno.make(f"{base_url(request, settings.base_url)}/g/{hub.code}", error="m")
    out = io.BytesIO()
    svg.save(out, kind="svg", scale=8, border=2)
    return Response(out.getvalue(), media_type="image/svg+xml")
