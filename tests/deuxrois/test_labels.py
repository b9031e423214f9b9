"""Every question, option, power and action a phone can be shown has a real label in French and English.

The engine's prompt kinds (PROMPT_KINDS), the options their code opens them with
(read from the source: open_prompt / offer / offer_in_n / PromptOpened calls),
the active powers (ACTIVE, named by the engine) and the legal-action types
(actions.py and the Mode Historique extras) are enumerated here; each must come
out of app/web/action_forms.py as words, never as a raw key like "bless".
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

import app.games.deuxrois.game  # registers every family
import app.games.deuxrois.historique.register  # noqa: F401
from app.games.deuxrois.action_forms import build
from app.games.deuxrois.cards import CARDS
from app.games.deuxrois.historique.powers import COIN_TOKEN, POWERS
from app.games.deuxrois.powers.registry import ACTIVE
from app.games.deuxrois.prompts import PROMPT_KINDS
from app.web.i18n import CATALOGUE, speaking

ENGINE = Path(__file__).resolve().parents[2] / "app" / "games" / "deuxrois"
OPENERS = {"open_prompt": 2, "offer": 2, "offer_in_n": 2}  # function -> index of the kind argument
DYNAMIC = {"mind_reading", "copy"}  # options computed at run time: card numbers, power keys
NAMES = {"p2": "Aude"}


def _constants(tree: ast.Module) -> dict[str, str]:
    return {t.id: n.value.value for n in tree.body if isinstance(n, ast.Assign)
            for t in n.targets if isinstance(t, ast.Name) and isinstance(n.value, ast.Constant)
            and isinstance(n.value.value, str)}


def _text(node: ast.expr | None, consts: dict[str, str]) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.Name):
        return consts.get(node.id)
    return None


def opened_prompts() -> dict[str, set[str]]:
    """Prompt kind -> the literal options the engine's code opens it with."""
    found: dict[str, set[str]] = {}
    for path in ENGINE.rglob("*.py"):
        if "debarquement" in path.parts:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        consts = _constants(tree)
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
            keywords = {k.arg: k.value for k in node.keywords}
            options: ast.expr | None
            if name in OPENERS and len(node.args) > OPENERS[name] + 1:
                kind, options = _text(node.args[OPENERS[name]], consts), node.args[OPENERS[name] + 1]
            elif name == "PromptOpened":
                kind, options = _text(keywords.get("kind"), consts), keywords.get("options")
            else:
                continue
            if kind is None:  # offer(tx, holder, key, ...) inside the helpers themselves
                continue
            values = found.setdefault(kind, set())
            if isinstance(options, ast.List):
                values |= {v for e in options.elts if (v := _text(e, consts)) is not None}
    return found


def action_types() -> set[str]:
    """Every legal-action type the engine emits for a phone: `_action("type", ...)` and action dicts."""
    types: set[str] = set()
    for path in [ENGINE / "actions.py", *(ENGINE / "historique").glob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "_action" and node.args:
                if (value := _text(node.args[0], {})) is not None:
                    types.add(value)
            elif isinstance(node, ast.Dict):
                keys = [_text(k, {}) if k is not None else None for k in node.keys]
                if "type" in keys and "available" in keys:
                    value = _text(node.values[keys.index("type")], {})
                    if value is not None and not value.startswith("mod_"):  # the dashboard's own buttons
                        types.add(value)
    return types


def labelled(key: str) -> bool:
    fr, en = CATALOGUE.get(key, ("", ""))
    return bool(fr.strip() and en.strip())


def render(action: dict[str, Any], lang: str) -> dict[str, Any]:
    with speaking(lang):
        return build({"available": True, "reason": None, **action}, NAMES)


def test_the_scan_finds_every_registered_prompt_kind() -> None:
    opened = opened_prompts()
    assert set(PROMPT_KINDS) <= set(opened), set(PROMPT_KINDS) - set(opened)
    assert opened["blessing_answer"] == {"refuse", "bless", "adopt"} and opened["revolt_mission"] == {"go", "stay"}
    assert opened["espion_public_colour"] == {"red", "blue"}  # kind named by a module constant


@pytest.mark.parametrize("kind", sorted(PROMPT_KINDS))
def test_every_prompt_kind_and_its_options_have_real_labels(kind: str) -> None:
    assert labelled(f"action.answer_prompt.{kind}"), kind
    options = sorted(opened_prompts().get(kind, set()))
    assert options or kind in DYNAMIC, kind
    action = {"type": "answer_prompt", "prompt_id": "k9", "kind": kind, "options": options, "about": "p2"}
    for lang in ("fr", "en"):
        form = render(action, lang)
        question = CATALOGUE[f"action.answer_prompt.{kind}"][0 if lang == "fr" else 1]
        assert form["label"] == f"{question} (Aude)"
        labels = [b["label"] for b in form["buttons"]]
        assert len(labels) == len(options)
        for option, label in zip(options, labels, strict=True):
            entry = CATALOGUE.get(f"value.{kind}.{option}") or CATALOGUE.get(f"value.{option}")
            assert entry is not None and entry[0].strip() and entry[1].strip(), (kind, option)
            assert label == entry[0 if lang == "fr" else 1], (kind, option, lang)


def test_run_time_options_are_named_cards_and_powers() -> None:
    guess = render({"type": "answer_prompt", "prompt_id": "k1", "kind": "mind_reading", "options": ["21", "1"]}, "fr")
    assert [b["label"] for b in guess["buttons"]] == [CARDS[21].label("fr"), CARDS[1].label("fr")]
    keys = [p.key for p in CARDS[26].powers][:1]  # any card's power key names that power
    copy = render({"type": "answer_prompt", "prompt_id": "k2", "kind": "copy", "options": [*keys, "no"]}, "en")
    assert [b["label"] for b in copy["buttons"]] == [CARDS[26].powers[0].name.en, "copy nothing"]


def power_name(key: str) -> tuple[str, str] | None:
    for card in CARDS.values():
        for power in card.powers:
            if power.key == key:
                return power.name.fr, power.name.en
    if key in POWERS:
        return POWERS[key].name
    if key == COIN_TOKEN.key:
        return COIN_TOKEN.name.fr, COIN_TOKEN.name.en
    return None


@pytest.mark.parametrize("key", sorted(ACTIVE))
def test_every_active_power_is_named_by_the_engine_in_both_languages(key: str) -> None:
    name = power_name(key)
    assert name is not None, key
    fr, en = name
    assert fr.strip() and en.strip() and key not in (fr, en)
    form = render({"type": "use_power", "power": key, "name": {"fr": fr, "en": en}}, "en")
    assert form["label"] == en


def test_every_legal_action_type_has_a_label_in_both_languages() -> None:
    types = action_types()
    assert {"answer_prompt", "vote", "use_power", "set_zone", "historique_number", "report_silence"} <= types
    for kind in sorted(types):
        assert labelled(f"action.{kind}"), kind
        for lang in ("fr", "en"):
            label = render({"type": kind}, lang)["label"]
            assert label == CATALOGUE[f"action.{kind}"][0 if lang == "fr" else 1]
    for kind in ("complete", "couleur"):
        assert labelled(f"action.request_reveal.{kind}") and labelled(f"action.answer_reveal.{kind}")


def test_zone_options_are_named() -> None:
    from app.games.deuxrois.historique.zones import ZONE_NAMES

    form = render({"type": "set_zone", "options": sorted(ZONE_NAMES)}, "fr")
    assert [b["label"] for b in form["buttons"]] == [ZONE_NAMES[z][0] for z in sorted(ZONE_NAMES)]


@pytest.mark.parametrize(("power", "choices", "fr"), [
    ("escort", ["2", "1"], ["deux envoyés de plus", "un envoyé de plus"]),
    ("block", ["general", "public"], ["montrer ma carte au général", "montrer ma carte à toute la salle"]),
    ("mind_reading", ["21"], [CARDS[21].label("fr")]),
])
def test_a_power_s_own_choices_are_a_labelled_select(power: str, choices: list[str], fr: list[str]) -> None:
    action = {"type": "use_power", "power": power, "name": {"fr": "P", "en": "P"}, "choices": choices}
    form = render(action, "fr")
    assert form["select"]["name"] == "choice" and form["select"]["label"] == "Votre choix"
    assert [o["label"] for o in form["select"]["options"]] == fr
    assert [o["value"] for o in form["select"]["options"]] == choices
