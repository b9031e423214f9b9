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
        Region("p-status", "deuxrois/partials/status.html", ("game",)),
        Region("p-alert", "deuxrois/partials/alert.html", ("alerts",)),
        Region("p-card", "deuxrois/partials/card.html", ("me", "is_general")),
        Region("p-event", "deuxrois/partials/event.html", ("active_event",)),
        Region("p-actions", "deuxrois/partials/actions.html",
               ("actions", "room", "lobby", "election", "requests", "prompts", "designation")),
        Region("p-room", "deuxrois/partials/room.html", ("room", "lobby", "designation", "election")),
        Region("p-info", "deuxrois/partials/info.html", ("knowledge", "feed", "result")),
    ),
    "moderator": (
        Region("m-status", "deuxrois/partials/status.html", ("game",)),
        Region("m-controls", "deuxrois/partials/mod_controls.html", ("game", "players", "reverts", "historique")),
        Region("m-rebinds", "deuxrois/partials/rebinds.html", ("rebinds",)),
        Region("m-event", "deuxrois/partials/event.html", ("active_event", "historique")),
        Region("m-players", "deuxrois/partials/players.html",
               ("players", "rooms", "elections", "designations", "bindings", "requests", "prompts", "presence")),
        Region("m-info", "deuxrois/partials/info.html", ("notes", "result")),
        Region("m-log", "deuxrois/partials/log.html", ("log",)),
    ),
    "screen": (
        Region("s-status", "deuxrois/partials/status.html", ("game",)),
        Region("s-event", "deuxrois/partials/event.html", ("active_event",)),
        Region("s-rooms", "deuxrois/partials/rooms.html", ("rooms", "lobby")),
        Region("s-info", "deuxrois/partials/info.html", ("result",)),
    ),
}


def _sub(view: dict[str, Any], keys: Sequence[str]) -> dict[str, Any]:
    return {k: view[k] for k in keys if k in view}


class HtmlPresenter:
    pages: dict[ViewerKind, tuple[Region, ...]] = PAGES  # a variant's presenter brings its own

    def regions(self, viewer: Viewer, view: dict[str, Any]) -> list[str]:
        """Every region of the viewer's page, for the first render."""
        with speaking(viewer.lang):
            return [self._render(viewer, region, _sub(view, region.keys)) for region in self.pages[viewer.kind]]

    def push(
        self,
        viewer: Viewer,
        view: dict[str, Any],
        previous: dict[str, Any] | None,
        sent: dict[str, str],
        cache: dict[Any, str],
    ) -> str | None:
        """The regions whose HTML differs from what this socket last got (`sent`, updated here)."""
        parts: list[str] = []
        with speaking(viewer.lang):
            for region in self.pages[viewer.kind]:
                sub = _sub(view, region.keys)
                if previous is not None and region.id in sent and sub == _sub(previous, region.keys):
                    continue  # same input, same HTML: not even rendered
                key = (viewer.code, viewer.kind, region.id, viewer.lang, orjson.dumps(sub, option=orjson.OPT_SORT_KEYS))
                html = cache.get(key)
                if html is None:
                    html = cache[key] = self._render(viewer, region, sub)
                if sent.get(region.id) == html:
                    continue  # the view moved (a version number) but not what this region shows
                sent[region.id] = html
                parts.append(html)
        if not parts:
            return None
        # The server's clock rides along each push: phones correct their countdown by it.
        parts.append(f'<span id="srv-clock" hx-swap-oob="true" data-now="{int(time.time() * 1000)}"></span>')
        return "\n".join(parts)

    def _render(self, viewer: Viewer, region: Region, sub: dict[str, Any]) -> str:
        return render(region.template, v=sub, region=region.id, kind=viewer.kind, code=viewer.code)
