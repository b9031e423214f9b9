"""Commands and events travel as JSON: every type parses, serialises and replays identically."""

from __future__ import annotations

import json

import pytest
from play_helpers import table

from app.games.deuxrois.commands import Command, command_to_json, parse_command
from app.games.deuxrois.events import Event, event_from_json, event_to_json
from app.games.deuxrois.game import replay
from app.kernel.text import EngineError


def test_every_event_type_round_trips_and_replays() -> None:
    game = table(12, normandie=(11, 2, 1, 4, 13, 7))
    g, h, t = game.pid("guillaume"), game.pid("harold"), game.pid("tresorier_ducal")
    game.do(t, {"type": "request_reveal", "target": h, "kind": "complete"})
    game.do(h, {"type": "answer_reveal", "request_id": next(iter(game.state.requests)), "accept": True})
    game.do(t, {"type": "answer_prompt", "prompt_id": next(iter(game.state.prompts)), "choice": "yes"})
    game.do(g, {"type": "request_reveal", "target": h, "kind": "couleur"})
    game.do(g, {"type": "cancel_reveal", "request_id": next(iter(game.state.requests))})
    game.do("moderator", {"type": "mod_note", "text": "note"})
    game.do("moderator", {"type": "mod_timer", "mode": "extend", "seconds": 10})
    game.do("moderator", {"type": "mod_pause"})
    game.do("moderator", {"type": "mod_resume"})
    game.do("moderator", {"type": "mod_undo", "to_version": 20})
    game.do("moderator", {"type": "mod_resume"})
    while not game.state.over:
        game.tick()
    kinds = {e.type for e in game.log}
    assert {"vote_bound", "prompt_closed", "reveal_request_closed", "note_recorded", "timer_changed",
            "game_paused", "game_resumed", "reverted", "game_ended", "general_chosen"} <= kinds
    wire = [json.loads(json.dumps(event_to_json(e))) for e in game.log]
    back: list[Event] = [event_from_json(d) for d in wire]
    assert back == game.log
    assert replay(back) == game.state


@pytest.mark.parametrize("data", [
    {"type": "join", "name": "Ana"}, {"type": "vote", "candidate": None}, {"type": "designate", "targets": ["p1"]},
    {"type": "use_power", "power": "authority", "target": "p2"}, {"type": "mod_timer", "mode": "set", "seconds": 5},
    {"type": "mod_move", "player": "p1", "room": "angleterre"}, {"type": "tick"},
])
def test_commands_round_trip(data: dict[str, object]) -> None:
    cmd: Command = parse_command(data)
    assert parse_command(command_to_json(cmd)) == cmd


@pytest.mark.parametrize(("data", "where"), [
    ({"type": "nope"}, ""), ({"type": "join"}, "join.name"), ({"type": "vote", "candidate": 3}, "vote.candidate"),
    ({"type": "mod_timer", "mode": "extend", "seconds": -1}, "mod_timer.seconds"),
    ({"type": "tick", "extra": 1}, "tick.extra"),
])
def test_bad_commands_are_refused_in_both_languages(data: dict[str, object], where: str) -> None:
    with pytest.raises(EngineError) as exc:
        parse_command(data)
    assert exc.value.code == "bad_command"
    assert exc.value.message.fr.startswith("Commande invalide") and where in exc.value.message.en
