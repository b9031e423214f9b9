"""Home: pick a game and create it (shows the secret game-master link once), join by code, QR codes."""

from __future__ import annotations

from fastapi import APIRouter
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from app.games import DEFAULT, GAMES, game_of, resolve
from app.kernel.text import EngineError
from app.store.tokens import normalise_code
from app.web.auth import mod_cookie, same_origin, set_secret_cookie
from app.web.deps import GamesDep, PageError, SettingsDep, page
from app.web.door import FIELD_MAX, no_store
from app.web.i18n import pick, t
from app.web.links import base_url, qr_file, qr_svg

router = APIRouter()
FORM_FIELDS = 32  # a creation form has a handful of fields: more is not a person


def _games() -> list[dict[str, object]]:
    return [{"id": g.id, "name": g.name, "players": g.players, "form": g.page_templates["create_form"]}
            for g in GAMES.values()]


@router.get("/")
async def home() -> Response:
    return page("home.html", games=_games(), defaults=GAMES[DEFAULT].config_model())


@router.post("/games")
async def create_game(request: Request, games: GamesDep, settings: SettingsDep) -> Response:
    if not same_origin(request):
        raise PageError(403, t("error.forbidden"))
    form = await request.form(max_files=0, max_fields=FORM_FIELDS)
    fields = {k: str(v)[:FIELD_MAX] for k, v in form.items() if isinstance(v, str)}
    # "variant" is the field's name in forms from before the game picker.
    chosen = resolve(fields.get("game") or fields.get("variant") or DEFAULT)
    if chosen is None:
        raise PageError(422, t("error.no_such_game"))
    definition = game_of(chosen)
    try:
        config = definition.config_from_form(fields)
    except EngineError as exc:
        raise PageError(422, pick(exc.message)) from None
    hub, secret = await games.create(config, game=definition.id)
    base = base_url(request, settings.base_url)
    join = f"{base}/g/{hub.code}"
    response = page(
        definition.page_templates["created"],
        code=hub.code,
        mod_link=f"{base}/m/{hub.code}?k={secret}" if definition.has_dashboard else None,
        join_link=join,
        screen_link=f"{base}/s/{hub.code}",
        qr=qr_svg(join),
    )
    if definition.has_dashboard:
        # The creator's own browser is the dashboard at once; the link opens it anywhere else.
        set_secret_cookie(response, mod_cookie(hub.code), secret, f"/m/{hub.code}", settings.secure_cookies)
    return no_store(response)


@router.get("/join")
async def join_by_code(games: GamesDep, code: str = "") -> Response:
    normal = normalise_code(code[:16])
    if normal is None or await games.get(normal) is None:
        raise PageError(404, t("error.no_game", code=code[:8]))
    return RedirectResponse(f"/g/{normal}", status_code=303)


@router.get("/qr/{code}.svg")
async def qr(request: Request, code: str, games: GamesDep, settings: SettingsDep) -> Response:
    normal = normalise_code(code[:16])
    if normal is None or await games.get(normal) is None:
        raise PageError(404, t("error.no_game", code=code[:8]))
    return Response(qr_file(f"{base_url(request, settings.base_url)}/g/{normal}"), media_type="image/svg+xml")
