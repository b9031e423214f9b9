"""The moderator's undo preview (issue #4): GET /m/{code}/undo-preview?to_version=N -> a partial.

Read-only: it folds the undo on a copy of the state (app/games/deuxrois/undo_preview.py);
the partial's confirm button then sends the ordinary `mod_undo` command.
"""

from __future__ import annotations

from fastapi import APIRouter
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

from app.games.deuxrois.state import GameState
from app.games.deuxrois.undo_preview import undo_preview
from app.kernel.text import EngineError
from app.web.auth import is_moderator
from app.web.deps import HubDep
from app.web.i18n import LANG, pick, t
from app.web.templating import render

router = APIRouter(prefix="/m/{code}")


def _answer(status: int, **context: object) -> HTMLResponse:
    html = render("deuxrois/partials/undo_preview.html", code=context.pop("code"), **context)
    return HTMLResponse(html, status_code=status, headers={"Cache-Control": "no-store", "Content-Language": LANG.get()})


@router.get("/undo-preview")
async def preview(request: Request, hub: HubDep, to_version: str = "", close: str = "") -> Response:
    if not is_moderator(request, hub):
        return _answer(403, code=hub.code, error=t("error.not_moderator"))
    if close:
        return _answer(200, code=hub.code, error="")
    state = hub.state
    if not isinstance(state, GameState):
        return _answer(404, code=hub.code, error=t("undo.not_here"))
    try:
        version = int(to_version.strip())
    except ValueError:
        return _answer(422, code=hub.code, error=t("undo.bad_number"))
    try:
        p = undo_preview(state, version)
    except EngineError as exc:
        return _answer(409, code=hub.code, error=pick(exc.message))
    return _answer(200, code=hub.code, p=p, error="")
