"""Every scenario in tests/scenarios/*.json plays to the end and meets its declared "expect" block."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from app.cli import main
from app.games.deuxrois.game import replay
from app.games.deuxrois.scenario import simulate, simulate_file_data
from app.kernel.text import EngineError

SCENARIOS = sorted((Path(__file__).resolve().parents[1] / "scenarios").glob("*.json"))


def test_there_are_scenarios() -> None:
    assert len(SCENARIOS) >= 4


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario(path: Path) -> None:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    expect = data["expect"]
    out = simulate_file_data(data)
    state, log, names = simulate(data)
    assert replay(log) == state
    assert set(out) >= {"outcome", "winners", "points", "explain", "events"}
    for key in ("outcome", "winners", "events"):
        if key in expect:
            assert out[key] == expect[key], key
    for name, points in expect.get("points", {}).items():
        assert out["points"][name] == points, name
    ids = {v: k for k, v in names.items()}
    for name, card in expect.get("cards", {}).items():
        assert state.cards[ids[name]] == card, name


def test_cli_simulate_prints_the_score_and_the_event_count(capsys: pytest.CaptureFixture[str]) -> None:
    path = next(p for p in SCENARIOS if p.stem == "rapid_6_assassination")
    assert main(["simulate", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["outcome"] == "E-ASSASSIN" and out["killer"] == "Eve" and out["events"] > 0


@pytest.mark.parametrize(("data", "message"), [
    ({"steps": []}, "setup"),
    ({"setup": {"players": ["A", "B", "C", "D", "E", "F"]}, "steps": [{"actor": "Zed", "command": {"type": "tick"}}]},
     "unknown player"),
    ({"setup": {"players": ["A", "B", "C", "D", "E", "F"]},
      "steps": [{"actor": "A", "command": {"type": "vote", "candidate": None}}]}, "refused (wrong_phase)"),
    ({"setup": {"players": ["A", "B", "C", "D", "E", "F"]},
      "steps": [{"actor": "moderator", "command": {"type": "mod_pause"}}]}, "stuck"),
    ({"setup": {"players": ["A", "B", "C", "D", "E", "F"]},
      "steps": [{"actor": "moderator", "command": {"type": "mod_note", "text": "x"}, "expect_error": "x"}]},
     "expected the error"),
])
def test_bad_scenarios_fail_with_a_clear_message(data: dict[str, Any], message: str) -> None:
    with pytest.raises(EngineError) as exc:
        simulate_file_data(data)
    assert message in exc.value.message.en
