"""Views -> HTML regions: the same partial for the first render and for websocket pushes.

Each page is a list of regions; each region reads a fixed set of view keys and
is re-rendered only when one of those changed for that viewer. A region is
rendered from those keys alone, so identical inputs (a room's public blocks)
render once per fan-out, whoever receives them.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import orjson

from app.live.connection import Viewer, ViewerKind
from app.web.i18n import speaking
from app.web.templating import render


@dataclass(frozen=True, slots=True)
class Region:
    id: str  # the stable DOM id the push swaps (never a role name)
    template: str
    keys: tuple[str, ...]


PAGES: dict[ViewerKind, tuple[Region, ...]] = {
    "player": (
        Region("p-status", "partials/status.html", ("phase", "round", "deadline_ms", "paused", "paused_remaining_ms", "room", "over")),
        Region("p-card", "partials/card.html", ("me", "card", "objective", "powers", "colour", "name", "player_id")),
        Region("p-actions", "partials/actions.html", ("legal_actions", "prompts", "requests")),
        Region("p-room", "partials/room.html", ("room", "roster", "players", "generals", "lobby")),
        Region("p-info", "partials/info.html", ("knowledge", "feed", "result", "revealed", "seen")),
    ),
    "moderator": (
        Region("m-status", "partials/status.html", ("phase", "round", "deadline_ms", "paused", "paused_remaining_ms", "over")),
        Region("m-actions", "partials/actions.html", ("legal_actions", "prompts", "requests")),
        Region("m-rebinds", "partials/rebinds.html", ("rebinds",)),
        Region("m-players", "partials/players.html", ("players", "roster", "rooms", "generals", "cards")),
        Region("m-info", "partials/info.html", ("feed", "log", "notes", "result", "warnings")),
    ),
    "screen": (
        Region("s-status", "partials/status.html", ("phase", "round", "deadline_ms", "paused", "paused_remaining_ms", "over")),
        Region("s-room", "partials/room.html", ("rooms", "roster", "players", "generals", "lobby")),
        Region("s-info", "partials/info.html", ("feed", "event", "result")),
    ),
}


def _sub(view: dict[str, Any], keys: Sequence[str]) -> dict[str, Any]:
    return {k: view[k] for k in keys if k in view}


class HtmlPresenter:
    def regions(self, viewer: Viewer, view: dict[str, Any]) -> list[str]:
        """Every region of the viewer's page, for the first render."""
        with speaking(viewer.lang):
            return [self._render(viewer, region, _sub(view, region.keys)) for region in PAGES[viewer.kind]]

    def push(
        self, viewer: Viewer, view: dict[str, Any], previous: dict[str, Any] | None, cache: dict[Any, str]
    ) -> str | None:
        parts: list[str] = []
        with speaking(viewer.lang):
            for region in PAGES[viewer.kind]:
                sub = _sub(view, region.keys)
                if previous is not None and sub == _sub(previous, region.keys):
                    continue
                key = (viewer.code, viewer.kind, region.id, viewer.lang, orjson.dumps(sub, option=orjson.OPT_SORT_KEYS))
                html = cache.get(key)
                if html is None:
                    html = cache[key] = self._render(viewer, region, sub)
                parts.append(html)
        if not parts:
            return None
        # The server's clock rides along each push: phones correct their countdown by it.
        parts.append(f'<span id="srv-clock" hx-swap-oob="true" data-now="{int(time.time() * 1000)}"></span>')
        return "\n".join(parts)

    def _render(self, viewer: Viewer, region: Region, sub: dict[str, Any]) -> str:
        return render(region.template, v=sub, region=region.id, kind=viewer.kind, code=viewer.code)
