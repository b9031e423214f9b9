"""Views -> HTML regions: the same partial for the first render and for websocket pushes.

Each page is a list of regions; each region reads a fixed set of view keys and
is re-rendered only when one of those changed for that viewer. A region is
rendered from those keys alone, so identical inputs (a room's public blocks)
render once per fan-out, whoever receives them.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

import orjson

from app.kernel.game import Pages, Region
from app.kernel.viewer import Viewer
from app.web.i18n import speaking
from app.web.templating import render


def _sub(view: dict[str, Any], keys: Sequence[str]) -> dict[str, Any]:
    return {k: view[k] for k in keys if k in view}


class HtmlPresenter:
    """One per game: its pages are the game's own (GameDefinition.pages)."""

    def __init__(self, pages: Pages) -> None:
        self.pages = pages

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
