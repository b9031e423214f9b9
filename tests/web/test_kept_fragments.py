"""`keep`: a template block rendered once for its inputs and language, then read from memory (a room-mate's
box is the same for most phones of a room)."""

from __future__ import annotations

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
