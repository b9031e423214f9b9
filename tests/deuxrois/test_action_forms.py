"""Legal actions -> buttons, generically: what each kind of action becomes, and that the server takes it back."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

import pytest
from play_helpers import bot_step, random_game
from starlette.datastructures import FormData

from app.games.deuxrois.action_forms import build, command_fields, names_in
from app.games.deuxrois.commands import parse_command
from app.games.deuxrois.views import player_view
from app.kernel.text import EngineError
from app.web import forms
from app.web.i18n import speaking

NAMES = {"p2": "Bob", "p3": "Cid"}


def needs_engine(command_type: str) -> None:
    # Mode Historique's commands land with the engine's historique slice.
    if command_type not in command_fields():
        pytest.skip(f"the engine has no {command_type!r} command yet")


def commands(form: dict[str, Any]) -> list[dict[str, Any]]:
    return [json.loads(b["command"]) for b in form["buttons"]]


CASES: list[tuple[dict[str, Any], list[dict[str, Any]], str]] = [
    ({"type": "request_reveal", "kind": "complete", "targets": ["p2", "p3"]},
     [{"type": "request_reveal", "kind": "complete", "target": "p2"},
      {"type": "request_reveal", "kind": "complete", "target": "p3"}], "Proposer une complète à…"),
    ({"type": "vote", "candidates": ["p2"], "abstain": True, "voted": True},
     [{"type": "vote", "candidate": "p2"}, {"type": "vote", "candidate": None}], "Voter pour le général"),
    ({"type": "answer_reveal", "request_id": "r1", "kind": "couleur", "from_player": "p2", "colours": None},
     [{"type": "answer_reveal", "request_id": "r1", "accept": True},
      {"type": "answer_reveal", "request_id": "r1", "accept": False}], "Demande d'échange de couleur"),
    ({"type": "answer_prompt", "prompt_id": "k1", "kind": "infidel_colour", "options": ["red", "blue"]},
     [{"type": "answer_prompt", "prompt_id": "k1", "choice": "red"},
      {"type": "answer_prompt", "prompt_id": "k1", "choice": "blue"}], "Quelle couleur montrerez-vous ?"),
    # A power the templates never heard of: its name comes from the view, its targets become buttons.
    ({"type": "use_power", "power": "brand_new", "name": {"fr": "Nouveau", "en": "New"}, "targets": ["p3"]},
     [{"type": "use_power", "power": "brand_new", "target": "p3"}], "Nouveau"),
    ({"type": "set_zone", "options": ["tente", "camp"], "zone": "camp"},
     [{"type": "set_zone", "zone": "tente"}, {"type": "set_zone", "zone": "camp"}], "Changer de zone"),
    ({"type": "lock_envoys"}, [{"type": "lock_envoys"}], "Valider les envoyés"),
]


@pytest.mark.parametrize(("action", "expected", "label"), CASES)
def test_each_kind_of_action_becomes_buttons_carrying_valid_commands(
    action: dict[str, Any], expected: list[dict[str, Any]], label: str
) -> None:
    needs_engine(action["type"])
    with speaking("fr"):
        form = build({"available": True, "reason": None, **action}, NAMES)
    assert form["label"] == label
    assert commands(form) == expected
    for command in expected:
        parse_command(command)  # every button is a command the engine accepts as input


def test_designation_is_a_set_of_checkboxes_with_the_quota() -> None:
    with speaking("fr"):
        form = build({"type": "designate", "available": True, "reason": None, "targets": ["p2", "p3"],
                      "quota": 1, "named": ["p3"]}, NAMES)
    assert form["multi"]["quota"] == 1 and form["multi"]["name"] == "targets[]"
    assert [(o["label"], o["checked"]) for o in form["multi"]["options"]] == [("Bob", False), ("Cid", True)]
    command, key = forms.from_form(FormData([("command", form["buttons"][0]["command"]), ("key", "k" * 10),
                                             ("targets[]", "p2")]))
    assert parse_command(command).model_dump()["targets"] == ["p2"] and key == "k" * 10


def test_a_number_with_a_random_button() -> None:
    needs_engine("historique_number")
    with speaking("fr"):
        form = build({"type": "historique_number", "available": True, "reason": None,
                      "min": 1, "max": 14, "random": True}, NAMES)
    assert form["number"] == {"name": "number", "min": 1, "max": 14}
    typed, _ = forms.from_form(FormData([("command", form["buttons"][0]["command"]), ("key", "k" * 10), ("number", "7")]))
    assert parse_command(typed).model_dump()["number"] == 7
    hasard, _ = forms.from_form(FormData([("command", form["buttons"][1]["command"]), ("key", "k" * 10), ("number", "")]))
    assert parse_command(hasard).model_dump()["random"] is True


def test_an_unavailable_action_is_a_reason_not_a_button() -> None:
    with speaking("en"):
        form = build({"type": "reveal_public", "available": False,
                      "reason": {"fr": "Pas ici.", "en": "Not here."}}, NAMES)
    assert form["available"] is False and form["reason"] == "Not here." and form["buttons"] == []


def test_a_colour_choice_becomes_a_select() -> None:
    with speaking("fr"):
        form = build({"type": "request_reveal", "available": True, "reason": None, "kind": "couleur",
                      "targets": ["p2"], "colours": ["red", "blue"]}, NAMES)
    assert form["select"]["name"] == "colour" and [o["label"] for o in form["select"]["options"]] == ["rouge", "bleu"]


def test_form_fields_cannot_smuggle_a_type() -> None:
    with pytest.raises(EngineError):
        forms.from_form(FormData([("command", '{"type": "vote"}'), ("key", "k" * 10), ("type", "start")]))


def _names_walked(view: Any) -> dict[str, str]:
    """names_in as it was first written: a recursive walk (what the iterative one must find)."""
    names: dict[str, str] = {}

    def visit(node: Any) -> None:
        if isinstance(node, Mapping):
            if isinstance(node.get("id"), str) and isinstance(node.get("name"), str):
                names[node["id"]] = node["name"]
            for value in node.values():
                visit(value)
        elif isinstance(node, list):
            for value in node:
                visit(value)

    visit(view)
    return names


def test_names_in_finds_what_a_recursive_walk_finds() -> None:
    odd = {"a": ({"id": "p9", "name": "Tuple"},), "b": [[{"id": "p1", "name": "Ann", "x": {"id": "p2", "name": "Bo"}}]],
           "c": MappingProxyType({"id": "p3", "name": "Cy"}), "d": {"id": "p1", "name": "Ann again"}, "e": {"id": 4}}
    assert names_in(odd) == _names_walked(odd) == {"p1": "Ann again", "p2": "Bo", "p3": "Cy"}
    game = random_game(12, seed=3)
    rng = random.Random(3)
    for _ in range(120):
        move = bot_step(game, rng)
        game.tick() if move is None else game.do(*move)
        for p in game.state.players[:4]:
            view = player_view(game.state, p.id)
            rosters = {k: v for k, v in view.items() if k != "names"}
            walked = _names_walked(rosters)
            assert list(names_in(rosters).items()) == list(walked.items())
            # The action regions name players from every seat's name: the rosters' names, and more.
            assert names_in(view) == {q.id: q.name for q in game.state.players} and walked.items() <= names_in(view).items()
