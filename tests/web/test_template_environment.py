"""The one Jinja environment's shortcuts answer exactly as Jinja does: a view's dict read as `r.kind`, a
dict method named like a key, a missing key, and the helpers every template sees."""

from __future__ import annotations

from typing import Any

import pytest
from jinja2 import Environment, StrictUndefined, UndefinedError, pass_context
from jinja2.runtime import Context

from app.web.i18n import speaking
from app.web.templating import ENV, render


@pytest.mark.parametrize("source", [
    "{{ r.kind }}",
    "{{ r.items is callable }}|{{ r['items'] | length }}",  # a key named like a dict method: the method wins
    "{{ r.get('kind') }}|{{ r.get('absent', 'none') }}",
    "{{ r.keys() | list | length }}",
    "{% for k, v in r.items() %}{{ k }}={{ v }};{% endfor %}",
    "{{ r.nested.deep }}",
    "{{ asks('kind') }}",  # a helper that wants the context still gets it
    "{% for x in [1, 2] %}{% set y = x * 2 %}{{ asks('y') }}{% endfor %}",  # ...with the loop's own names
    "{{ plain(3) }}|{{ '%s-%s' | format(r.kind, 1) }}|{{ 'a,b'.split(',') | join('+') }}",
])
def test_a_dict_reads_and_helpers_answer_as_plain_jinja(source: str) -> None:
    view = {"kind": "complete", "items": [1, 2, 3], "nested": {"deep": "yes"}}

    @pass_context
    def asks(context: Context, name: str) -> str:
        return str(context.get(name, "?"))

    plain = Environment(undefined=StrictUndefined, autoescape=True)
    given = {"r": view, "kind": "from the context", "asks": asks, "plain": lambda n: n + 1}
    assert ENV.from_string(source).render(**given) == plain.from_string(source).render(**given)


def test_a_builtin_that_stops_iterating_is_undefined_as_in_jinja() -> None:
    with pytest.raises(UndefinedError):
        ENV.from_string("{{ nxt(empty) }}").render(nxt=next, empty=iter(()))


def test_a_missing_key_still_fails_loudly() -> None:
    with pytest.raises(UndefinedError):
        ENV.from_string("{{ r.absent }}").render(r={"kind": "x"})


def test_every_template_sees_the_shared_helpers_in_the_speaker_s_language() -> None:
    with speaking("en"):
        english = render("partials/flash.html", message="Hello")
        said = ENV.from_string('{{ t("error.not_found") }}').render()
    with speaking("fr"):
        french = ENV.from_string('{{ t("error.not_found") }}').render()
    assert "Hello" in english
    assert said and french and said != french


class _Counted(dict[Any, Any]):
    """Jinja's template cache, counting its lookups."""

    asked = 0

    def get(self, key: Any, default: Any = None) -> Any:
        self.asked += 1
        return super().get(key, default)

    def __getitem__(self, key: Any) -> Any:
        self.asked += 1
        return super().__getitem__(key)


def test_a_template_s_imports_are_found_without_jinja_s_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    """A moment's `{% from %}` asks for its macros' template at every render: the environment answers from
    its own dict, not through Jinja's cache (a weak reference and a lock each time)."""
    page = ENV.from_string('{% from "deuxrois/partials/action_form.html" import action %}{{ action is defined }}')
    with speaking("fr"):
        first = page.render()
        cache = _Counted()
        monkeypatch.setattr(ENV, "cache", cache)
        again = [page.render() for _ in range(3)]
    assert first == "True" and again == [first] * 3
    assert cache.asked == 0
