"""Home: pick a game and create it (shows the secret game-master link once), join by code, QR codes."""

from __future__ import annotations

from fastapi import APIRouter
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from app.games import DEFAULT, GAMES, game_of, resolve
from app.kernel.text import EngineError
from app.live.hub import Hub
from app.web.auth import open_session, same_origin
from app.web.deps import GamesDep, PageError, SettingsDep, find_hub, page
from app.web.door import FIELD_MAX, no_store
from app.web.i18n import pick, t
from app.web.links import base_url, qr_file, qr_svg

router = APIRouter()
FORM_FIELDS = 32  # a creation form has a handful of fields: more is not a person


def _games() -> list[dict[str, object]]:
    return [{"id": g.id, "name": g.name, "players": g.players, "form": g.page_templates["create_form"]}
            for g in GAMES.values()]


def _home(form: dict[str, str] | None = None, error: str = "", status: int = 200) -> Response:
    """The home page; after a refused creation, with what was typed and why it was refused."""
    return page("home.html", status=status, games=_games(), defaults=GAMES[DEFAULT].config_model(),
                form=form or {}, error=error)


@router.get("/")
async def home() -> Response:
    return _home()


@router.post("/games")
async def create_game(request: Request, games: GamesDep, settings: SettingsDep) -> Response:
    if not same_origin(request):
        raise PageError(403, t("error.forbidden"))
    form = await request.form(max_files=0, max_fields=FORM_FIELDS)
    fields = {k: str(v)[:FIELD_MAX] for k, v in form.items() if isinstance(v, str)}
    # "variant" is the field's name in forms from before the game picker.
    chosen = resolve(fields.get("game") or fields.get("variant") or DEFAULT)
    if chosen is None:
        return _home(fields, t("error.no_such_game"), 422)
    definition = game_of(chosen)
    try:
        config = definition.config_from_form(fields)
    except EngineError as exc:
        return _home(fields, pick(exc.message), 422)  # the form comes back as it was typed
    hub, secret = await games.create(config, game=definition.id)
    response: Response
    if "accept" in request.headers:
        # Post/redirect/get: reloading the page that follows shows the same game, never a new one.
        response = RedirectResponse(f"/games/{hub.code}", status_code=303)
    else:
        # No Accept header at all: a script, not a browser (every browser and HTTP library sends one): a
        # load driver, a venue's tooling. It gets the page at once, with the link a redirect would hide.
        response = created_page(request, hub, settings.base_url, secret if definition.has_dashboard else None)
    if definition.has_dashboard:
        # The creator's own browser is the dashboard at once (a session, not the secret); the link opens it
        # anywhere else.
        await open_session(response, hub, secret, settings.secure_cookies)
    return no_store(response)


@router.get("/games/{code}")
async def created(request: Request, code: str, settings: SettingsDep) -> Response:
    """What was just created: how players join, the big screen; the game master's own page says more."""
    hub = await find_hub(request, code[:16])
    if hub.definition.has_dashboard:
        return RedirectResponse(f"/m/{hub.code}/created", status_code=303)
    return no_store(created_page(request, hub, settings.base_url, None))


def created_page(request: Request, hub: Hub, configured: str | None, secret: str | None) -> Response:
    """The page after creation: the join link and its QR code, the screen, and (for the game master's
    browser only) the secret dashboard link, with buttons that copy them."""
    base = base_url(request, configured)
    join = f"{base}/g/{hub.code}"
    return page(
        hub.definition.page_templates["created"],
        code=hub.code,
        mod_link=f"{base}/m/{hub.code}?k={secret}" if secret else None,
        join_link=join,
        screen_link=f"{base}/s/{hub.code}",
        qr=qr_svg(join),
    )


@router.get("/join")
async def join_by_code(request: Request, code: str = "") -> Response:
    hub = await find_hub(request, code[:16])
    return RedirectResponse(f"/g/{hub.code}", status_code=303)


@router.get("/qr/{code}.svg")
async def qr(request: Request, code: str, settings: SettingsDep) -> Response:
    hub = await find_hub(request, code[:16])
    return Response(qr_file(f"{base_url(request, settings.base_url)}/g/{hub.code}"), media_type="image/svg+xml")
