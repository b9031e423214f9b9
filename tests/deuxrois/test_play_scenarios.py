"""Every scenario in tests/scenarios/*.json plays to the end and meets its declared "expect" block."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from app.cli import main
from app.games.deuxrois.game import replay
from app.games.deuxrois.scenario import Scenario, simulate, simulate_file_data
from app.kernel.text import EngineError

SIX = ["A", "B", "C", "D", "E", "F"]
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
    printed = {p["name"]: p for p in out["position"]["players"]}
    for name, wanted in expect.get("position", {}).items():  # a subset; "state" is compared whole
        for key, value in wanted.items():
            assert printed[name].get(key, {} if key == "state" else None) == value, (name, key)
    for name, room in expect.get("generals", {}).items():
        assert out["position"]["generals"][name] == room, name


def test_cli_simulate_prints_the_score_and_the_event_count(capsys: pytest.CaptureFixture[str]) -> None:
    path = next(p for p in SCENARIOS if p.stem == "rapid_6_assassination")
    assert main(["simulate", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["outcome"] == "E-ASSASSIN" and out["killer"] == "Eve" and out["events"] > 0


def test_issue_13_simulate_prints_the_final_position_a_score_file_reads(capsys: pytest.CaptureFixture[str],
                                                                         tmp_path: Path) -> None:
    """Room, card and card state of each player (an arming that the score shows nowhere, say)."""
    path = next(p for p in SCENARIOS if p.stem == "rapid_6_assassination")
    assert main(["simulate", str(path)]) == 0
    position = json.loads(capsys.readouterr().out)["position"]
    eve = next(p for p in position["players"] if p["name"] == "Eve")
    assert eve == {"name": "Eve", "card": 5, "room": "normandie", "state": {"armed": True}}
    assert position["generals"] == {"normandie": "Eve", "angleterre": "Dan"}
    scored = tmp_path / "position.json"
    scored.write_text(json.dumps({"players": position["players"]}), encoding="utf-8")
    assert main(["score", str(scored)]) == 0  # the position is a `deuxrois score` input
    assert json.loads(capsys.readouterr().out)["outcome"] == "E-ASSASSIN"


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
    # issue 13: the set-up checks the room split (B1) and the Infidèle's colour
    ({"setup": {"players": SIX, "rooms": ["normandie"] * 4 + ["angleterre"] * 2}}, "rule B1 splits 6 players 3/3"),
    ({"setup": {"players": SIX, "rooms": ["normandie"] * 6}}, "0 in Angleterre"),
    ({"setup": {"players": SIX, "rooms": ["nord"] * 6}}, 'must list "normandie" or "angleterre"'),
    ({"setup": {"players": SIX, "infidel": "green"}}, 'setup.infidel must be "red" or "blue"'),
    ({"setup": {"players": SIX, "infidel": "red"}}, "the Infidèle (card 22) is not dealt"),
    ({"setup": {"players": SIX, "seeed": 3}}, "setup: unknown key 'seeed'"),
    ({"setup": {"players": [{"name": "A", "age": 30, "birth_year": 1990}, *SIX[1:]]}}, "not both"),
    # a misspelt power key says so
    ({"setup": {"players": SIX}, "steps": [{"actor": "A", "command": {"type": "use_power", "power": "autority"}}]},
     "refused (unknown_power): Unknown power: “autority”."),
    ({"setup": {"players": SIX}, "steps": [{"actor": "A", "command": {"type": "tick"}, "expect_eror": "x"}]},
     "steps[0]: unknown key 'expect_eror'"),
    ({"setup": {"players": SIX}, "steps": [{"actor": "system", "command": {"type": "tick", "until": "end"}}]},
     'tick "until" must be one of'),
])
def test_bad_scenarios_fail_with_a_clear_message(data: dict[str, Any], message: str) -> None:
    with pytest.raises(EngineError) as exc:
        simulate_file_data(data)
    assert message in exc.value.message.en


# ------------------------------------------------------------------ issue 13: the clock, ticks, names
TABLE = {"players": ["Ana", "Bob", "Cid", "Dan", "Eve", "Fay"], "seed": 7, "rounds": 3, "deal": [1, 2, 3, 4, 5, 6],
         "rooms": ["normandie", "angleterre", "angleterre", "angleterre", "normandie", "normandie"]}


def play(steps: list[dict[str, Any]], setup: dict[str, Any] | None = None) -> Scenario:
    """The scenario played up to its last step (not finished: the state is the game at that moment)."""
    run = Scenario(setup or TABLE)
    for i, raw in enumerate(steps):
        run.step(i, raw)
    return run


def test_issue_13_a_step_timed_after_its_phase_end_fires_the_timers_due_before_it_in_order() -> None:
    """Round 1's negotiation lasts 240 s: a vote at +250 s finds the election open (the N timer fired first,
    at its own deadline); a vote after the election's own end (45 s) is refused as in the designation."""
    from app.games.deuxrois.events import BallotCast, PhaseStarted

    run = play([{"actor": "Ana", "command": {"type": "vote", "candidate": "Eve"}, "at": "+250s"}])
    e_phase = next(e for e in run.log if isinstance(e, PhaseStarted) and e.phase == "E")
    assert e_phase.at_ms == 240_000  # the timer fired at its own deadline, not at the step's time
    assert next(e for e in run.log if isinstance(e, BallotCast)).at_ms == 250_000
    run = play([{"actor": "Ana", "command": {"type": "vote", "candidate": "Eve"}, "at": "+300s",
                 "expect_error": "no_election"}])
    assert run.state.phase == "D" and run.now == 300_000


def test_issue_13_a_tick_names_what_it_ends_so_a_shorter_timer_does_not_swallow_the_phase_end() -> None:
    """The Porte-Étendard's 20-s rally timer runs out before the negotiation: a bare tick ends the rally only;
    `"until": "phase"` goes on to the negotiation's end; a phase name runs to that phase."""
    setup = {"players": ["Ana", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal"], "seed": 1, "rounds": 3,
             "deal": [1, 2, 3, 4, 5, 6, 39, 40], "rooms": ["normandie"] * 3 + ["angleterre"] * 3 + ["normandie",
                                                                                                  "angleterre"]}
    rally = {"actor": "Gus", "command": {"type": "use_power", "power": "rally"}}
    bare = play([rally, {"actor": "system", "command": {"type": "tick"}}], setup)
    assert (bare.state.phase, bare.now) == ("N", 20_000)  # only the rally's opt-in closed
    phase = play([rally, {"actor": "system", "command": {"type": "tick", "until": "phase"}}], setup)
    assert (phase.state.phase, phase.now) == ("E", 240_000)
    to_d = play([rally, {"actor": "system", "command": {"type": "tick", "until": "D"}}], setup)
    assert to_d.state.phase == "D" and to_d.state.round == 1


def test_issue_13_cancel_a_request_by_its_target_and_answer_one_of_two_questions_by_its_subject() -> None:
    cards = list(range(1, 27))
    setup = {"players": [f"P{c}" for c in cards], "seed": 3, "rounds": 3, "deal": cards, "infidel": "red",
             "rooms": ["normandie"] * 13 + ["angleterre"] * 13}
    steps = [
        {"actor": "P1", "command": {"type": "request_reveal", "target": "P3", "kind": "complete"}},
        {"actor": "P1", "command": {"type": "cancel_reveal", "target": "P3"}},
        {"actor": "P1", "command": {"type": "cancel_reveal", "target": "P3"}, "expect_error": "no_request"},
        # Two complètes with the Pope (P26, in Angleterre): two blessing questions for him, one per partner.
        {"actor": "P14", "command": {"type": "request_reveal", "target": "P26", "kind": "complete"}},
        {"actor": "P26", "command": {"type": "answer_reveal", "from": "P14", "accept": True}},
        {"actor": "P16", "command": {"type": "request_reveal", "target": "P26", "kind": "complete"}},
        {"actor": "P26", "command": {"type": "answer_reveal", "from": "P16", "accept": True}},
        {"actor": "P26", "command": {"type": "answer_prompt", "kind": "blessing", "about": "P16", "choice": "yes"}},
    ]
    run = play(steps, setup)
    asked = [p for p in run.state.prompts.values() if p.kind == "blessing_answer"]
    assert [run.names[p.player_id] for p in asked] == ["P16"]
    assert not run.state.requests
    with pytest.raises(EngineError) as exc:
        play([*steps[3:7], {"actor": "P26", "command": {"type": "answer_prompt", "kind": "blessing",
                                                         "choice": "yes"}}], setup)
    assert 'say which with "about"' in exc.value.message.en


def test_issue_17_the_set_up_takes_birth_years_or_ages_so_event_14_is_scriptable() -> None:
    players: list[Any] = [{"name": "Ana", "age": 80}, {"name": "Bob", "birth_year": 1950}, "Cid", "Dan",
                          {"name": "Eve", "age": 20}, "Fay"]
    run = play([], {**TABLE, "players": players})
    years = {p.name: p.birth_year for p in run.state.players}
    assert years == {"Ana": 1946, "Bob": 1950, "Cid": None, "Dan": None, "Eve": 2006, "Fay": None}


def test_issue_17_an_export_keeps_the_birth_years_so_the_council_replays() -> None:
    from dataclasses import dataclass

    from app.games.deuxrois.events import event_to_json
    from app.games.deuxrois.export import to_scenario

    @dataclass
    class Stored:
        payload: dict[str, Any]
        at: int
        command: dict[str, Any] | None = None

    players: list[Any] = [{"name": "Ana", "age": 80}, "Bob", "Cid", "Dan", "Eve", "Fay"]
    run = play([], {**TABLE, "players": players})
    exported = to_scenario("ABCD", 7, {}, [Stored(event_to_json(e), e.at_ms) for e in run.log])
    assert exported["setup"]["players"][:2] == [{"name": "Ana", "birth_year": 1946}, "Bob"]
    replayed = play([], exported["setup"])
    assert [p.birth_year for p in replayed.state.players] == [p.birth_year for p in run.state.players]


def test_issue_17_every_historical_event_is_played_by_some_scenario() -> None:
    """Events 1-28 (rulings §5.3) each appear in a scenario of tests/scenarios (drawn by the sum, the moderator,
    the hasard button or the timer), so each can be shown with `deuxrois simulate`."""
    from app.games.deuxrois.historique.events import HistoricalEventDrawn

    drawn: set[int] = set()
    for path in SCENARIOS:
        _, log, _ = simulate(json.loads(path.read_text(encoding="utf-8")))
        drawn |= {e.number for e in log if isinstance(e, HistoricalEventDrawn)}
    assert drawn >= set(range(1, 29)), sorted(set(range(1, 29)) - drawn)


def test_every_refusal_code_is_listed_in_docs_scenarios() -> None:
    """issue 13: the error codes a scenario can meet are in docs/scenarios.md, each as `code`."""
    import re

    root = Path(__file__).resolve().parents[2]
    literal = re.compile(r'(?:refuse|EngineError|_fail|Codec)\(\s*(?:union,\s*)?"([a-z_]+)"')
    codes: set[str] = set()
    for folder in ("app/games/deuxrois", "app/kernel"):
        for path in (root / folder).rglob("*.py"):
            codes |= set(literal.findall(path.read_text(encoding="utf-8")))
    codes |= {"bad_command", "bad_event"}  # the codecs' codes (kernel/messages.py)
    assert {"reveal_blocked", "office_barred", "unknown_power", "immune", "locked"} <= codes
    doc = (root / "docs" / "scenarios.md").read_text(encoding="utf-8")
    missing = sorted(c for c in codes if f"`{c}`" not in doc)
    assert not missing, missing
