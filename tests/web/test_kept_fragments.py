"""`keep` and `kept_each`: a template block, or each item of a list, rendered once for its inputs and language,
then read from memory (a room-mate's box is the same for most phones of a room; a phone's moments stay)."""

from __future__ import annotations

import gc
import tracemalloc

import pytest

from app.web import templating
from app.web.i18n import speaking
from app.web.templating import ENV


def test_a_kept_block_renders_once_for_the_same_inputs_in_one_language() -> None:
    made: list[str] = []
    page = ENV.from_string('{% call keep(mate, "k-test") %}{{ made(mate.name) }}<b>{{ t("actions.waiting") }}'
                           "</b>{% endcall %}")

    def render(name: str) -> str:
        return page.render(mate={"id": "p1", "name": name}, made=lambda n: made.append(n) or n)

    with speaking("fr"):
        first, again, other = render("Aline"), render("Aline"), render("Bruno")
    with speaking("en"):
        english = render("Aline")
    assert made == ["Aline", "Bruno", "Aline"]  # the same inputs again: not rendered; a new language: rendered
    assert first == again and first != other
    assert english != first and "Aline" in english



def test_kept_items_render_once_each_for_their_inputs_and_language(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[str] = []
    item = ENV.from_string('<li>{{ made(item.name) }}, {{ kind }}: {{ t("actions.waiting") }}</li>',
                           globals={"made": lambda n: made.append(n) or n})
    monkeypatch.setitem(templating._LOADED, "test/kept_item.html", item)
    page = ENV.from_string('<ul>{{ kept_each("test/kept_item.html", people, kind=kind) }}</ul>')

    def render(*names: str, kind: str = "seat") -> str:
        # New dicts each time, as every view makes them: the inputs find the line, not the object.
        return page.render(people=[{"id": n.lower(), "name": n} for n in names], kind=kind)

    with speaking("fr"):
        first = render("Aline", "Chloé")
        grown = render("Aline", "Chloé", "Denis")
        other_kind = render("Aline", kind="vote")
        french = render("Aline")
    with speaking("en"):
        english = render("Aline")
    # Aline's and Chloé's lines were made once; Denis's when he came; another kind, and English, anew.
    assert made == ["Aline", "Chloé", "Denis", "Aline", "Aline"]
    assert grown.startswith(first[: -len("</ul>")]) and grown.count("<li>") == 3
    assert "Aline, vote" in other_kind and "Aline, seat" not in other_kind
    assert "Aline, seat" in english and english != french


def test_kept_items_hold_their_inputs_at_their_own_size(monkeypatch: pytest.MonkeyPatch) -> None:
    """A kept item's key holds its JSON: orjson 3.12 and later give back a 4 KiB buffer for 30 bytes of it, which
    made the kept fragments' keys weigh 8 KiB a connected phone (kept_json copies them to their size)."""
    item = ENV.from_string("<li>{{ item.name }}</li>")
    monkeypatch.setitem(templating._LOADED, "test/kept_item.html", item)
    monkeypatch.setattr(templating, "_FRAGMENTS", templating.LRU(templating.FRAGMENTS))
    page = ENV.from_string('<ul>{{ kept_each("test/kept_item.html", people) }}</ul>')
    people = [{"id": f"p{n}", "name": f"Joueur {n}"} for n in range(400)]
    gc.collect()
    tracemalloc.start()
    try:
        with speaking("fr"):
            html = page.render(people=people)
        del html
        gc.collect()
        kept_bytes, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert len(templating._FRAGMENTS) == 400
    # An item is ~30 bytes of JSON, ~25 of HTML, a key tuple and its place in the LRU: a few hundred bytes.
    assert kept_bytes / 400 < 1024
