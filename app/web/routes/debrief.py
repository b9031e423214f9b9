"""The end-of-game debrief pictures (SVG), for the seated players, the moderator and the big screen.

Each page family has its own path because each cookie is scoped to its own
prefix: `/g/{code}/debrief/...` (seat cookie), `/m/{code}/debrief/...`
(moderator cookie), `/s/{code}/debrief/...` (the big screen, public like the
screen itself, and only after the end: at the end every card is revealed, L54).
A stranger gets 403; before the end (or after an undo reopens the game) 404.
"""

from __future__ import annotations

from fastapi import APIRouter
from starlette.requests import Request
from starlette.responses import Response

from app.games.deuxrois.debrief import debrief
from app.games.deuxrois.state import GameState
from app.live.hub import Hub
from app.web.auth import is_moderator, seat_of
from app.web.debrief_svg import graph_svg, timeline_svg
from app.web.deps import HubDep, PageError
from app.web.i18n import t

router = APIRouter()
PICTURES = {"graph": graph_svg, "timeline": timeline_svg}


def _picture(hub: Hub, picture: str) -> Response:
    draw = PICTURES.get(picture)
    state = hub.state
    result = debrief(state) if draw is not None and isinstance(state, GameState) else None
    if draw is None or result is None:
        raise PageError(404, t("debrief.not_yet"))
    return Response(draw(result), media_type="image/svg+xml",
                    headers={"Cache-Control": "private, no-store", "Content-Disposition": "inline"})


@router.get("/g/{code}/debrief/{picture}.svg")
async def player_picture(request: Request, hub: HubDep, picture: str) -> Response:
    if await seat_of(request, hub) is None:
        raise PageError(403, t("error.no_seat"))
    return _picture(hub, picture)


@router.get("/m/{code}/debrief/{picture}.svg")
async def moderator_picture(request: Request, hub: HubDep, picture: str) -> Response:
    if not is_moderator(request, hub):
        raise PageError(403, t("error.not_moderator"))
    return _picture(hub, picture)


@router.get("/s/{code}/debrief/{picture}.svg")
async def screen_picture(hub: HubDep, picture: str) -> Response:
    return _picture(hub, picture)
