"""The presenter: a socket gets a region again only when the JSON of a key that region reads changed for it."""

from __future__ import annotations

from typing import Any

import orjson
import pytest

from app.kernel.game import Region
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
