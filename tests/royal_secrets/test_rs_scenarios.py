"""Every scenario file in tests/royal_secrets/scenarios/ plays to what its `expect` says (the rulebook's worked
examples L100-107, L133-138, L147-155 and rulings §5 among them), and the scenario tool refuses bad files
with one clear line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from app.games.royal_secrets.scenario import play, report, simulate
from app.kernel.text import EngineError

FOLDER = Path(__file__).resolve().parent / "scenarios"
FILES = sorted(FOLDER.glob("*.json"))


def _check(result: dict[str, Any], expect: dict[str, Any]) -> None:
    players = {p["name"]: p for p in result["players"]}
    for key in ("round", "phase", "over", "tuile", "events", "positions"):
        if key in expect:
            assert result[key] == expect[key], key
    for name, fleurs in expect.get("fleurs", {}).items():
        assert players[name]["fleurs"] == fleurs, f"{name}'s fleurs"
    for name, cards in expect.get("faveurs", {}).items():
        assert [f["card"] for f in players[name]["faveurs"]] == cards, f"{name}'s Faveurs"
    for name, cards in expect.get("faveurs_used", {}).items():
        assert [f["card"] for f in players[name]["faveurs"] if f["used"]] == cards, f"{name}'s used Faveurs"
    for name, labels in expect.get("hand_has", {}).items():
        hand = list(players[name]["hand"])
        for label in labels:
            assert label in hand, f"{name} holds no {label}"
            hand.remove(label)
    for name, labels in expect.get("hand_lacks", {}).items():
        assert not set(labels) & set(players[name]["hand"]), f"{name} still holds one of {labels}"
    for side, want in expect.get("last_round", {}).items():
        got = result["last_round"][side]
        assert {k: got[k] for k in want} == want, side
    if "ranking" in expect:
        assert result["ranking"] == expect["ranking"]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_each_scenario_plays_to_what_it_expects(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["title"] and data["game"] == "royal_secrets" and data.get("expect")
    result = simulate(data)
    _check(result, data["expect"])
    # The report is what `deuxrois simulate` would print: JSON, names (never seat ids), every écritoire and hand.
    text = json.dumps(result, ensure_ascii=False)
    assert '"p1"' not in text and all(p["hand"] and p["fleurs"] is not None for p in result["players"])


def test_the_rulebook_examples_are_scenarios() -> None:
    names = {p.stem for p in FILES}
    assert {"example_l100_107", "example_l133_138_excuse", "example_l147_155_cardinal"} <= names


def test_a_scenario_plays_to_the_end_and_reports_the_ranking() -> None:
    """A whole game from a file: every round played by `mod_play_for` (the least telling move, RS-71)."""
    data = {"title": "seven rounds", "setup": {"players": ["Ana", "Bob", "Chloé"], "seed": 5}, "steps": []}
    run = play(data)
    steps = 0
    while not run.state.over:
        steps += 1
        assert steps < 500
        who = next(p for p in run.state.ring if _awaited(run, p))
        run.step(steps, {"actor": "moderator", "command": {"type": "mod_play_for", "player_id": who}})
    result = report(run, "seven rounds")
    assert result["over"] and result["ranking"] and result["round"] == 7
    assert all(p["final"] is not None for p in result["players"])
    ranked = [n for group in result["ranking"] for n in group]
    assert sorted(ranked) == ["Ana", "Bob", "Chloé"]


def _awaited(run: Any, pid: str) -> bool:
    from app.games.royal_secrets.moderator import default_command
    return default_command(run.state, pid) is not None


@pytest.mark.parametrize(("data", "words"), [
    ([], "a scenario is a JSON object"),
    ({"game": "deuxrois", "setup": {"players": ["A", "B", "C"]}}, "for 'deuxrois'"),
    ({"setup": {"players": "ABC"}}, "setup.players"),
    ({"setup": {"players": ["A", "B", "C"]}, "steps": [{"actor": "Zoé", "command": {"type": "w2_pass"}}]},
     "unknown player 'Zoé'"),
    ({"setup": {"players": ["A", "B", "C"], "deal": {"first": "A"}},
      "steps": [{"actor": "B", "command": {"type": "choose", "side": "roi"}, "expect_error": "no_such_code"}]},
     "was refused: not_your_turn"),
    ({"setup": {"players": ["A", "B", "C"], "deal": {"first": "A"}},
      "steps": [{"actor": "A", "command": {"type": "choose", "side": "roi"}, "expect_error": "not_your_turn"}]},
     "was accepted"),
    ({"setup": {"players": ["A", "B", "C"], "deal": {"roi": ["Q1"]}}}, "a card of the other Souverain"),
    ({"setup": {"players": ["A", "B", "C"], "deal": {"valet_pile": [30]}}}, "no card 30 left"),
    ({"setup": {"players": ["A", "B", "C"], "config": {"public_scores": "maybe"}}}, "bad scenario"),
])
def test_a_bad_file_is_one_clear_line(data: Any, words: str) -> None:
    with pytest.raises(EngineError) as err:
        simulate(data)
    assert err.value.code == "scenario" and words in err.value.message.en and "\n" not in err.value.message.en
