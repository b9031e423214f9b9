"""`deuxrois score` input: app.games.deuxrois.position.score_file_data, its output and every refusal."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from app.games.deuxrois.position import score_file_data
from app.kernel.text import EngineError

NAMES = ["Ana", "Bea", "Cid", "Dan", "Eve", "Fox", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lou"]


def game(n: int = 8, **states: dict[str, Any]) -> dict[str, Any]:
    """n players holding cards 1..n; Ana (1) in Normandie, everyone else alternating; states by name."""
    players: list[dict[str, Any]] = []
    for i in range(n):
        name = NAMES[i] if i < len(NAMES) else f"P{i}"
        player: dict[str, Any] = {"name": name, "card": i + 1, "room": "normandie" if i % 2 == 0 else "angleterre"}
        if i + 1 == 22:  # the Infidèle's colour is chosen at the deal and required
            player["state"] = {"infidel_colour": "red"}
        if name in states:
            player["state"] = states[name]
        players.append(player)
    return {"players": players}


def test_output_shape() -> None:
    out = score_file_data(game(8))
    assert out["outcome"] == "N-HOME" and out["winners"] == "red" and out["room"] == "normandie"
    assert out["band"] == "6-15" and out["killer"] is None
    assert list(out["points"]) == NAMES[:8]  # input order
    assert out["points"]["Ana"] == 5 and out["points"]["Cid"] == 6  # Guillaume; PD +2 in his room
    assert out["explain"]["Ana"] == [{"points": 5, "fr": "Guillaume : +5, vivant en Normandie",
                                      "en": "William: +5, alive in Normandy"}]
    assert set(out["headline"]) == {"fr", "en"}
    json.dumps(out)  # plain JSON


def test_states_are_read() -> None:
    data = game(10, Eve={"armed": True}, Ivy={"banked": 2.5})
    data["players"][0]["room"] = "normandie"
    data["players"][4]["room"] = "normandie"  # the armed Assassin with Guillaume, the PD (Cid) too
    data["players"][2]["room"] = "angleterre"
    out = score_file_data(data)
    assert (out["outcome"], out["killer"]) == ("E-ASSASSIN", "Eve")
    assert out["points"]["Ivy"] == 2.5 and out["points"]["Eve"] == 6


def test_full_state_vocabulary_is_accepted() -> None:
    data = game(50)
    states: dict[int, dict[str, Any]] = {
        5: {"armed": True}, 41: {"treaty": "complete"}, 42: {"treaty": "complete"},
        3: {"subject": True, "subject_locked": True}, 4: {"blessed": True, "pope_faithful": True},
        22: {"infidel_colour": "red"}, 50: {"pledge": 35}, 9: {"banked": 3.5}, 10: {"banked": 4},
        44: {"banked": 10}, 43: {"visits": {"normandie": 2, "angleterre": 3}}, 7: {},
    }
    for card, state in states.items():
        data["players"][card - 1]["state"] = state
    out = score_file_data(data)
    # The Espion (Ivy, card 9) has no team: his banked 3.5 only. Cid (card 3) is a subject.
    assert out["points"]["Ivy"] == 3.5
    assert out["explain"]["Cid"][-1]["en"].startswith("Subject of the King of France")


def _with(data: dict[str, Any], index: int, **changes: Any) -> dict[str, Any]:
    data = copy.deepcopy(data)
    data["players"][index].update(changes)
    return data


def _state(index: int, state: object, n: int = 8) -> dict[str, Any]:
    return _with(game(n), index, state=state)


BAD: list[tuple[str, object, str]] = [
    ("not-an-object", [], 'JSON object with a "players" list'),
    ("unknown-top-level-key", {**game(), "mode": "rapid"}, 'unknown top-level key "mode"'),
    ("players-not-a-list", {"players": {}}, '"players" must be a list'),
    ("too-few", {"players": game()["players"][:5]}, "6 to 50 players (got 5)"),
    ("too-many", {"players": game(50)["players"] * 2}, "6 to 50 players (got 100)"),
    ("player-not-object", {"players": [*game()["players"][:7], "Hal"]}, "players[7] must be an object"),
    ("missing-name", _with(game(), 3, name=""), 'players[3]: "name" must be a non-empty string'),
    ("name-not-string", _with(game(), 3, name=7), 'players[3]: "name"'),
    ("duplicate-name", _with(game(), 3, name="Ana"), 'duplicate name "Ana"'),
    ("newline-in-name-stays-one-line", _with(_with(game(), 3, name="A\nB"), 4, name="A\nB"),
     'players[4]: duplicate name "A\\nB"'),
    ("long-value-is-cut", _with(game(), 3, card=list(range(100))), "..."),
    ("card-not-int", _with(game(), 3, card="4"), 'player "Dan": "card" must be a whole number from 1 to 50'),
    ("card-bool", _with(game(), 3, card=True), 'player "Dan": "card"'),
    ("card-out-of-range", _with(game(), 3, card=51), "got 51"),
    ("duplicate-card", _with(game(), 3, card=3), 'player "Dan": card 3 is held by another player too'),
    ("missing-harold", _with(game(), 1, card=9), "Harold (card 2) must be in play"),
    ("missing-guillaume", _with(game(), 0, card=9), "William (card 1) must be in play"),
    ("bad-room", _with(game(), 3, room="France"), 'player "Dan" (card 4): "room" must be "normandie" or'),
    ("missing-room", _with(game(), 3, room=None), '"room" must be'),
    ("unknown-player-key", _with(game(), 3, team="red"), 'player "Dan" (card 4): key "team" is unknown'),
    ("state-not-object", _state(3, [1]), '"state" must be an object'),
    ("unknown-state-key", _state(3, {"armd": True}), 'state key "armd" is unknown'),
    ("bool-as-int", _state(4, {"armed": 1}), 'player "Eve" (card 5): "armed" must be true or false'),
    ("armed-on-wrong-card", _state(3, {"armed": True}), '"armed" applies only to card 5'),
    ("treaty-on-wrong-card", _state(3, {"treaty": "complete"}), '"treaty" applies only to cards 41 and 42'),
    ("treaty-bad-stage", _state(40, {"treaty": "done"}, 42), '"treaty" must be one of none, initiated'),
    ("treaty-mismatch", _with(_state(40, {"treaty": "complete"}, 42), 41, state={"treaty": "initiated"}),
     'player "P41" (card 42): "treaty" must match the stage of card 41'),
    ("subject-without-rdf", _state(3, {"subject": True}), '"subject" needs card 35 (King of France) in play'),
    ("subject-immune-pope", _state(25, {"subject": True}, 36), '"subject" applies only to cards the King'),
    ("subject-lock-without-subject", _state(3, {"subject_locked": True}, 36), 'needs "subject": true'),
    ("faithful-on-orange", _state(24, {"pope_faithful": True}, 26), '"pope_faithful" applies only to cards'),
    ("blessed-without-pope", _state(3, {"blessed": True}), '"blessed" needs card 26 (Pope) in play'),
    ("infidel-missing-colour", _state(21, {}, 22), 'player "P21" (card 22): "infidel_colour" is required'),
    ("infidel-bad-colour", _state(21, {"infidel_colour": "green"}, 22), '"infidel_colour" is required'),
    ("infidel-colour-elsewhere", _state(3, {"infidel_colour": "red"}), '"infidel_colour" applies only'),
    ("pledge-elsewhere", _state(3, {"pledge": 1}), '"pledge" applies only to card 50'),
    ("pledge-to-pope", _state(49, {"pledge": 26}, 50), '"pledge" must be 1, 2 or 35'),
    ("pledge-not-int", _state(49, {"pledge": "1"}, 50), '"pledge" must be 1, 2 or 35'),
    ("banked-elsewhere", _state(3, {"banked": 1}), '"banked" applies only to cards 9'),
    ("banked-not-number", _state(8, {"banked": "1"}, 10), '"banked" must be a number'),
    ("banked-not-half", _state(8, {"banked": 0.3}, 10), '"banked" must be a multiple of 0.5 between 0'),
    ("banked-negative", _state(8, {"banked": -1}, 10), "multiple of 0.5"),
    ("espion-too-many-partners", _state(8, {"banked": 5}, 10), "between 0 and 4.5"),
    ("troubadour-max-4", _state(9, {"banked": 5}, 10), "multiple of 1 between 0 and 4"),
    ("troubadour-halves", _state(9, {"banked": 1.5}, 10), "multiple of 1"),
    ("visits-elsewhere", _state(3, {"visits": {"normandie": 2}}), '"visits" applies only to card 43'),
    ("visits-bad-room", _state(42, {"visits": {"france": 2}}, 44), '"visits" room "france" is unknown'),
    ("visits-bad-count", _state(42, {"visits": {"normandie": -1}}, 44), '"visits.normandie" must be a whole'),
]


@pytest.mark.parametrize(("data", "message"), [b[1:] for b in BAD], ids=[b[0] for b in BAD])
def test_refusals(data: object, message: str) -> None:
    with pytest.raises(EngineError) as err:
        score_file_data(data)
    text = err.value.message.en
    assert message in text
    assert "\n" not in text


def test_pledge_needs_the_lord_in_play() -> None:
    data = _state(49, {"pledge": 35}, 50)
    out = score_file_data(data)
    assert (out["outcome"], out["points"]["P49"]) == ("N-HOME", 0)  # pledged to France, which lost
    data = {"players": [p for p in data["players"] if p["card"] not in (35, 36)]}
    with pytest.raises(EngineError, match="names card 35, which is not in play"):
        score_file_data(data)


def test_default_values_are_accepted_on_any_card() -> None:
    """A tool may export every key for every player: false, "none", null and 0 say nothing."""
    clean = {"armed": False, "treaty": "none", "subject": False, "subject_locked": False, "blessed": False,
             "pope_faithful": False, "infidel_colour": None, "pledge": None, "banked": 0,
             "visits": {"normandie": 0, "angleterre": 0}}
    data = game(8)
    for player in data["players"]:
        player["state"] = dict(clean)
    assert score_file_data(data) == score_file_data(game(8))


def test_treaty_stages_must_agree_only_between_41_and_42() -> None:
    data = game(42)
    data["players"][40]["state"] = {"treaty": "complete"}  # card 41, P40, Normandie
    data["players"][41].update(state={"treaty": "complete"}, room="normandie")  # card 42, P41
    data["players"][6]["state"] = {"treaty": "none"}  # card 7 says nothing about the treaty
    out = score_file_data(data)
    assert (out["points"]["P40"], out["points"]["P41"]) == (6, 6)  # C41: same room, treaty complete
