"""The presenter: a socket gets a region again only when the JSON of a key that region reads changed for it."""

from __future__ import annotations

from typing import Any

import orjson
import pytest

from app.kernel.game import Feed, Region
from app.kernel.viewer import Viewer
from app.web import presenter as presenter_module
from app.web import templating
from app.web.presenter import HtmlPresenter, _Dumps, _sub
from app.web.templating import ENV

VIEWER = Viewer("ABCD", "player", "p1")
PAGES = {"player": (Region("r-a", "test/a.html", ("x", "shared")), Region("r-b", "test/b.html", ("y", "shared")))}


@pytest.fixture
def presenter(monkeypatch: pytest.MonkeyPatch) -> HtmlPresenter:
    monkeypatch.setitem(templating._LOADED, "test/a.html",
                        ENV.from_string('<p id="{{ region }}">{{ v.get("x") }} {{ v.get("shared") }}</p>'))
    monkeypatch.setitem(templating._LOADED, "test/b.html",
                        ENV.from_string('<p id="{{ region }}">{{ v.get("y") }} {{ v.get("shared") }}</p>'))
    return HtmlPresenter(PAGES)


def _regions(message: str | None) -> set[str]:
    return {r for r in ("r-a", "r-b") if message is not None and f'id="{r}"' in message}


def test_a_region_goes_again_only_when_a_key_it_reads_changed(presenter: HtmlPresenter) -> None:
    sent: dict[str, bytes] = {}

    def push(view: dict[str, Any]) -> set[str]:
        return _regions(presenter.push(VIEWER, view, sent, {}))

    assert push({"x": 1, "y": 2, "shared": [1]}) == {"r-a", "r-b"}
    assert push({"x": 1, "y": 2, "shared": [1]}) == set()  # equal views, new objects: nothing
    assert push({"x": 9, "y": 2, "shared": [1]}) == {"r-a"}
    assert push({"x": 9, "y": 2, "shared": [1, 2]}) == {"r-a", "r-b"}  # a key both read
    assert push({"x": 9, "shared": [1, 2]}) == {"r-b"}  # a key gone is a change
    assert push({"x": 9, "y": None, "shared": [1, 2]}) == set()  # ...and None shows as its absence did


def test_a_regions_inputs_are_the_json_of_the_keys_it_reads() -> None:
    """The inputs a push keys its renders by are what `regions` (the first page) dumps: kept HTML is shared."""
    view = {"a": {"b": [1, "é", None]}, "c": "x\"y", "d": 3.5}
    dumps = _Dumps(view)
    for keys in (("a", "c"), ("c", "a"), ("missing", "d"), ("missing",)):
        assert dumps.raw(keys) == orjson.dumps(_sub(view, keys)), keys


def test_a_games_shared_values_are_written_once_and_checked_in_tests(monkeypatch: pytest.MonkeyPatch) -> None:
    """A value under one of a game's `shared_view_keys` is written to JSON once, found again by identity: the
    same object pushed again is not dumped again. Tests check every such hit against a fresh JSON, so a game
    that changed a value it gave fails loudly instead of showing phones its old self."""
    monkeypatch.setitem(templating._LOADED, "test/a.html",
                        ENV.from_string('<p id="{{ region }}">{{ v.get("x") }} {{ v.get("shared") }}</p>'))
    monkeypatch.setitem(templating._LOADED, "test/b.html",
                        ENV.from_string('<p id="{{ region }}">{{ v.get("y") }} {{ v.get("shared") }}</p>'))
    shared, plain = HtmlPresenter(PAGES, shared_keys=frozenset({"shared"})), HtmlPresenter(PAGES)
    roster = [{"id": f"p{i}", "name": f"Joueur {i}"} for i in range(40)]
    monkeypatch.setattr(presenter_module, "CHECK_SAME", False)  # on in every other test (conftest)
    dumped: list[Any] = []
    real = orjson.dumps
    monkeypatch.setattr(presenter_module.orjson, "dumps", lambda value, *a: dumped.append(value) or real(value, *a))
    sents: dict[HtmlPresenter, dict[str, bytes]] = {shared: {}, plain: {}}
    for presenter, sent in sents.items():
        assert _regions(presenter.push(VIEWER, {"x": 1, "y": 2, "shared": roster}, sent, {})) == {"r-a", "r-b"}
        dumped.clear()
        assert _regions(presenter.push(VIEWER, {"x": 3, "y": 2, "shared": roster}, sent, {})) == {"r-a"}
        assert (roster in dumped) is (presenter is plain)  # the shared roster: not written again

    roster[3]["name"] = "Changed"  # what a game must never do to a shared value
    # A game whose views are made anew each time may: its phones see the change.
    assert _regions(plain.push(VIEWER, {"x": 3, "y": 2, "shared": roster}, sents[plain], {})) == {"r-a", "r-b"}
    monkeypatch.setattr(presenter_module, "CHECK_SAME", True)
    with pytest.raises(AssertionError, match="changed after it was given"):
        shared.push(VIEWER, {"x": 3, "y": 2, "shared": roster}, sents[shared], {})


FEED_PAGES = {"player": (Region("r-feed", "test/feed.html", ("lines",), feed=Feed("test/feed_new.html", 3)),)}


@pytest.fixture
def feed(monkeypatch: pytest.MonkeyPatch) -> HtmlPresenter:
    monkeypatch.setitem(templating._LOADED, "test/feed.html", ENV.from_string(
        '<ol id="{{ region }}" data-feed-most="{{ feed.most }}">'
        '{% for i in v.get("lines") or [] %}<li>{{ i.n }}</li>{% endfor %}</ol>'))
    monkeypatch.setitem(templating._LOADED, "test/feed_new.html", ENV.from_string(
        '<new>{% for i in items %}<li>{{ i.n }}</li>{% endfor %}</new>'))
    return HtmlPresenter(FEED_PAGES)


def test_a_feed_sends_its_new_items_only_while_the_list_grows_at_the_top(feed: HtmlPresenter) -> None:
    sent: dict[str, Any] = {}

    def push(lines: list[dict[str, int]] | None) -> str | None:
        message = feed.push(VIEWER, {} if lines is None else {"lines": lines}, sent, {})
        return None if message is None else message.split('<span id="srv-clock"')[0].strip()

    a, b, c, d, e = ({"n": n} for n in range(1, 6))
    assert push([a]) == '<ol id="r-feed" data-feed-most="3"><li>1</li></ol>'  # the first push: the whole region
    assert push([a]) is None  # a new list of the same items: nothing
    assert push([c, b, a]) == "<new><li>3</li><li>2</li></new>"
    assert push([d, c, b]) == "<new><li>4</li></new>"  # the page drops its oldest (data-feed-most)
    sent.clear()  # a new socket
    assert "r-feed" in push([c, b, a])
    assert "r-feed" in push([d, c])  # (c, b, a) + d keeps three: (d, c, b), not (d, c): the whole region
    assert "r-feed" in push([dict(d), c])  # an item made anew: whole
    assert "r-feed" in push([e, {"n": 4}, c])  # still not the very same object: whole
    assert push(None) is not None and push(None) is None  # the key gone, then still gone
    assert "r-feed" in push([])  # back: whole (a page without the list has nothing to grow)
    assert push([a]) == "<new><li>1</li></new>"  # from an empty list: the items on top


def test_a_feed_item_changed_after_it_was_given_fails_the_tests(feed: HtmlPresenter) -> None:
    """A game must never change an item it gave (the page shows it as it came); tests check it."""
    sent: dict[str, Any] = {}
    line = {"n": 1}
    feed.push(VIEWER, {"lines": [line]}, sent, {})
    line["n"] = 9
    with pytest.raises(AssertionError, match="a feed item changed"):
        feed.push(VIEWER, {"lines": [{"n": 2}, line]}, sent, {})


def test_a_feed_reads_one_key_and_is_not_kept() -> None:
    with pytest.raises(ValueError, match="a feed reads one key"):
        Region("r", "t.html", ("a", "b"), feed=Feed("f.html", 3))
    with pytest.raises(ValueError, match="a feed reads one key"):
        Region("r", "t.html", ("a",), kept=True, feed=Feed("f.html", 3))
