"""Views -> HTML regions: the same partial for the first render and for websocket pushes.

Each page is a list of regions; each region reads a fixed set of view keys and
is re-rendered only when one of those changed for that viewer. A region is
rendered from those keys alone, so identical inputs (a room's public blocks)
render once per fan-out, whoever receives them.
"""

from __future__ import annotations

import operator
import time
from collections.abc import Sequence
from typing import Any

import orjson

from app.kernel.game import GameDefinition, Pages, Region
from app.kernel.lru import LRU
from app.kernel.viewer import Viewer
from app.web.i18n import speaking
from app.web.templating import inputs_digest, kept_json, render

_BITS = (1 << 64) - 1
# Kept regions (Region.kept) of every game of the process: a card and its powers are ~0.7 KB each, so this
# holds two regions for each of 4,000 phones in under 8 MB, and a storm in one game finds its phones' own.
KEPT_REGIONS = 8192
_KEPT: LRU[tuple[str, str, str, str, bytes], str] = LRU(KEPT_REGIONS)


def _digest(data: bytes | str) -> bytes:
    # Python's own keyed hash (SipHash, its key drawn at random for each process, which is where a socket
    # lives): no hash object made, and a str hashed without encoding it. 64 bits: two inputs of one region
    # of one socket colliding is a 2**-64 chance; a socket keeps one 16-byte object a region (both digests).
    return (hash(data) & _BITS).to_bytes(8, "little")


# Values kept by identity, across games: past this many new ones the older half goes (two generations). A
# game keeps a few (its roster, its rooms) and changes them seldom.
SAME_JSON = 512
# Tests set this: every JSON found by identity is compared with a fresh one (a view value changed after it
# was given would otherwise show its old self to every phone).
CHECK_SAME = False


class _SameJson:
    """The JSON of view values that come back as the very same objects (a game's `shared_view_keys`: Deux
    Rois's memoised dashboard roster, 22 KB at 50 players, is read after every tap). An entry holds its object, so
    its id cannot be reused while the entry lives; two generations bound it, and a read entry moves to the
    young one, so what the live games keep reading stays."""

    __slots__ = ("_old", "_young")

    def __init__(self) -> None:
        self._young: dict[int, tuple[Any, bytes]] = {}
        self._old: dict[int, tuple[Any, bytes]] = {}

    def dumps(self, value: Any) -> bytes:
        key = id(value)
        hit = self._young.get(key) or self._old.get(key)
        if hit is not None and hit[0] is value:
            if CHECK_SAME and hit[1] != orjson.dumps(value):
                raise AssertionError(f"a view value changed after it was given: {hit[1][:200]!r}")
            if key not in self._young:
                self._put(key, hit)
            return hit[1]
        raw = kept_json(orjson.dumps(value))
        self._put(key, (value, raw))
        return raw

    def _put(self, key: int, entry: tuple[Any, bytes]) -> None:
        if len(self._young) >= SAME_JSON:
            self._old, self._young = self._young, {}
        self._young[key] = entry


_SAME = _SameJson()


def _sub(view: dict[str, Any], keys: Sequence[str]) -> dict[str, Any]:
    return {k: view[k] for k in keys if k in view}


class _Dumps:
    """One view's keys as JSON, each dumped and hashed once however many regions of the page read it (the
    dashboard's roster, 22 KB at 50 players, is read by two regions; the phase by four)."""

    __slots__ = ("_hashes", "_json", "_shared", "view")

    def __init__(self, view: dict[str, Any], shared: frozenset[str] = frozenset()) -> None:
        self.view = view
        self._json: dict[str, bytes] = {}
        self._hashes: dict[str, int] = {}
        self._shared = shared

    def json(self, key: str) -> bytes:
        raw = self._json.get(key)
        if raw is None:
            value = self.view[key]
            raw = self._json[key] = _SAME.dumps(value) if key in self._shared else orjson.dumps(value)
        return raw

    def fed(self, keys: Sequence[str]) -> bytes:
        """The digest of a region's inputs: of its keys' names and JSON (a key the view lacks counts too)."""
        hashes = self._hashes
        parts: list[Any] = []
        for key in keys:
            if key not in self.view:
                parts.append(None)
                continue
            h = hashes.get(key)
            if h is None:
                h = hashes[key] = hash(self.json(key))
            parts.append(h)
        return (hash((*keys, *parts)) & _BITS).to_bytes(8, "little")

    def raw(self, keys: Sequence[str]) -> bytes:
        """`orjson.dumps` of the region's inputs (a dict of its keys the view has), made of the keys' JSON:
        view keys are names that JSON writes as they are."""
        return b"{" + b",".join(b'"%s":%s' % (key.encode(), self.json(key)) for key in keys if key in self.view) + b"}"


class HtmlPresenter:
    """One per game: its pages are the game's own (GameDefinition.pages)."""

    def __init__(self, pages: Pages, shared_keys: frozenset[str] = frozenset()) -> None:
        self.pages = pages
        self.shared_keys = shared_keys  # GameDefinition.shared_view_keys: their values' JSON kept by identity

    @classmethod
    def of(cls, game: GameDefinition) -> HtmlPresenter:
        """The presenter of a game's hubs: its pages, and the view keys whose JSON it may keep by identity."""
        return cls(game.pages, game.shared_view_keys)

    def regions(self, viewer: Viewer, view: dict[str, Any]) -> list[str]:
        """Every region of the viewer's page, for the first render."""
        with speaking(viewer.lang):
            return [self._html(viewer, region, _sub(view, region.keys)) for region in self.pages[viewer.kind]]

    def region_html(self, viewer: Viewer, region: Region, view: dict[str, Any]) -> str:
        """One region of the viewer's page, in the viewer's language."""
        with speaking(viewer.lang):
            return self._html(viewer, region, _sub(view, region.keys))

    def push(
        self,
        viewer: Viewer,
        view: dict[str, Any],
        sent: dict[str, Any],
        cache: dict[Any, str],
    ) -> str | None:
        """The regions whose HTML differs from what this socket last got.

        `sent` keeps, per region, the digest of its inputs followed by the digest of the HTML this socket
        last got (updated here): a phone costs a few dozen bytes a region, not its page. A feed region keeps
        the list it showed instead (`_feed`).
        """
        parts: list[str] = []
        dumps = _Dumps(view, self.shared_keys)
        with speaking(viewer.lang):
            for region in self.pages[viewer.kind]:
                if region.feed is not None:
                    grown = self._feed(viewer, region, view, sent)
                    if grown is not None:
                        parts.append(grown)
                    continue
                fed = dumps.fed(region.keys)
                last = sent.get(region.id)
                if last is not None and last.startswith(fed):
                    continue  # same input, same HTML: not even rendered
                raw = dumps.raw(region.keys)
                key = (viewer.code, viewer.kind, region.id, viewer.lang, raw)
                html = cache.get(key)
                if html is None:
                    html = cache[key] = self._html(viewer, region, _sub(view, region.keys), raw)
                shown = _digest(html)
                sent[region.id] = fed + shown
                if last is not None and last.endswith(shown):
                    continue  # the view moved (a version number) but not what this region shows
                parts.append(html)
        if not parts:
            return None
        # The server's clock rides along each push: phones correct their countdown by it.
        parts.append(f'<span id="srv-clock" hx-swap-oob="true" data-now="{int(time.time() * 1000)}"></span>')
        return "\n".join(parts)

    def _feed(self, viewer: Viewer, region: Region, view: dict[str, Any], sent: dict[str, Any]) -> str | None:
        """A feed region (Region.feed) for one socket: nothing while its list is the one the socket shows, the
        feed's fragment for the new items on top when it grew, else the whole region. Its list is compared
        item by item, by identity (a game gives the very same objects again), not written to JSON: the
        dashboard's 80-line journal was 12 KB to write, hash and render again after every tap."""
        feed = region.feed
        assert feed is not None
        key = region.keys[0]
        items = view.get(key)
        last = sent.get(region.id)
        sent[region.id] = (items, [orjson.dumps(item) for item in items or ()] if CHECK_SAME else None)
        if last is not None:
            if last[0] is items:
                return None
            new = _grown(last[0], items, feed.most)
            if new is not None:
                if CHECK_SAME:
                    _check_feed(last[1], items or [], new)
                if not new or not items:
                    return None
                return render(feed.template, v=_sub(view, region.keys), items=items[:new], region=region.id,
                              kind=viewer.kind, code=viewer.code, feed=feed)
        return self._html(viewer, region, _sub(view, region.keys))

    def _html(self, viewer: Viewer, region: Region, sub: dict[str, Any], raw: bytes | None = None) -> str:
        """The region rendered, or as kept from an earlier render of the same inputs (Region.kept)."""
        if not region.kept:
            return self._render(viewer, region, sub)
        digest = inputs_digest(orjson.dumps(sub) if raw is None else raw)
        key = (viewer.code, viewer.kind, region.id, viewer.lang, digest)
        html: str | None = _KEPT.get(key)
        if html is None:
            html = _KEPT[key] = self._render(viewer, region, sub)
        return html

    def _render(self, viewer: Viewer, region: Region, sub: dict[str, Any]) -> str:
        return render(region.template, v=sub, region=region.id, kind=viewer.kind, code=viewer.code, feed=region.feed)


def _grown(old: list[Any] | None, new: list[Any] | None, most: int) -> int | None:
    """How many items `new` has on top of `old` (0: the same items), when `new` is what a page showing `old`
    shows after getting them on top and keeping `most` items; else None (an item gone or made anew, a list
    that went away)."""
    if old is None or new is None:
        return 0 if old is new else None
    if not old:
        return len(new) if len(new) <= most else None
    top = old[0]
    on_top = next((n for n, item in enumerate(new) if item is top), None)
    if on_top is None:
        return None
    below = new[on_top:]
    if len(below) != min(len(old), most - on_top) or not all(map(operator.is_, below, old)):
        return None
    return on_top


def _check_feed(jsons: list[bytes] | None, items: list[Any], new: int) -> None:
    """Tests: the items a feed found again by identity are still what they were when sent."""
    if jsons is not None:
        for was, item in zip(jsons, items[new:], strict=False):  # the oldest may have fallen off
            if orjson.dumps(item) != was:
                raise AssertionError(f"a feed item changed after it was given: {was[:200]!r}")
