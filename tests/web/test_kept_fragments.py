"""`keep` and `kept_each`: a template block, or each item of a list, rendered once for its inputs and language,
then read from memory (a room-mate's box is the same for most phones of a room; a phone's moments stay)."""

from __future__ import annotations

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
