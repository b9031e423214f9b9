"""The shared kit's legal-action macro: each input kind of a kernel LegalAction becomes its widget."""

from __future__ import annotations

import html
import json
import re

import pytest

from app.kernel.actions import LegalAction, Option
from app.kernel.i18n import speaking
from app.kernel.text import Text
from app.web.templating import ENV

MACRO = ENV.from_string('{% from "kit/actions.html" import legal_action %}{{ legal_action(a, "/g/ABCD/act") }}')
OPTIONS = (Option(value="c3", label=Text("C3", "C3")), Option(value="d4", label=Text("D4", "D4")))


def _render(action: LegalAction, lang: str = "fr") -> str:
    with speaking(lang):
        return MACRO.render(a=action.model_dump(mode="json"))


def _commands(page: str) -> list[dict[str, object]]:
    return [json.loads(html.unescape(v)) for v in re.findall(r'name="command" value="([^"]+)"', page)]


def test_a_button_sends_its_fixed_fields() -> None:
    page = _render(LegalAction(type="pass", label=Text("Passer", "Pass"), fixed={"turn": 3}), "en")
    assert _commands(page) == [{"type": "pass", "turn": 3}] and ">Pass</button>" in page


def test_pick_one_is_one_button_per_option_with_the_value_in_the_field() -> None:
    page = _render(LegalAction(type="place", label=Text("Poser", "Place"), input="pick_one", field="cell",
                               options=OPTIONS, fixed={"action": 7}))
    assert _commands(page) == [{"type": "place", "action": 7, "cell": "c3"}, {"type": "place", "action": 7, "cell": "d4"}]


@pytest.mark.parametrize(("kind", "widget"), [("pick_many", 'type="checkbox" name="cells[]"'),
                                               ("number", 'type="number" name="cells"')])
def test_pick_many_and_number_add_what_the_player_picks(kind: str, widget: str) -> None:
    page = _render(LegalAction(type="bid", label=Text("Miser", "Bid"), input=kind, field="cells",
                               options=OPTIONS if kind == "pick_many" else (), min=1, max=2))
    assert widget in page and _commands(page) == [{"type": "bid"}] and "Valider" in page


def test_an_unavailable_action_says_why_and_sends_nothing() -> None:
    page = _render(LegalAction(type="bid", label=Text("Miser", "Bid"), available=False,
                               reason=Text("Pas votre tour.", "Not your turn.")), "en")
    assert "disabled" in page and "Not your turn." in page and _commands(page) == [] and "<form" not in page
