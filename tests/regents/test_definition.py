"""The GameDefinition the server calls (app.kernel.game)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from app.games.regents import GAME
from app.games.regents.config import RegentsConfig
from app.kernel.actor import Actor
from app.kernel.testing.playout import Stored

from .helpers import MOD, act, created, events_of, seated


def test_the_definition_says_who_it_is() -> None:
    assert GAME.id == "regents" and GAME.name.fr == "Régents" and GAME.players == (3, 5)
    assert GAME.pages == {} and GAME.page_templates == {}
    assert GAME.config_model is RegentsConfig


def test_new_game_gives_a_game_created_payload_with_seed_and_config() -> None:
    payloads = GAME.new_game(RegentsConfig(prompt_seconds=20), seed=42, at=7)
    assert payloads == [{"type": "game_created", "seed": 42, "config": {"prompt_seconds": 20,
                                                                          "fourth_turn_bonus": "per_domain"},
                         "at_ms": 7}]
    state = GAME.replay([Stored(p, 7) for p in payloads])
    assert state.seed == 42 and state.config.prompt_seconds == 20 and state.phase == "lobby" and state.version == 1


def test_the_config_has_defaults_is_frozen_and_checked() -> None:
    config = RegentsConfig()
    assert config.prompt_seconds == 60 and config.fourth_turn_bonus == "per_domain"
    with pytest.raises(ValidationError):
        RegentsConfig(prompt_seconds=-1)
    with pytest.raises(ValidationError):
        config.prompt_seconds = 5  # type: ignore[misc]


def test_commands_and_events_survive_json() -> None:
    raw = {"type": "move_agent", "from_space": "TRONE", "to_space": "ARMES"}
    assert GAME.command_to_json(GAME.parse_command(raw)) == {**raw, "also_from": None, "also_to": None}
    for event in events_of(seated(3), MOD, {"type": "start"}):
        assert GAME.event_from_json(GAME.event_to_json(event)) == event


def test_joined_names_the_new_seat_and_decide_returns_the_folded_state() -> None:
    s = GAME.replay(created())
    decision = GAME.decide(s, GAME.parse_command({"type": "join", "name": "Ana"}), Actor("player"), 5)
    assert [GAME.joined(e) for e in decision.events] == ["p1"]
    assert decision.state == GAME.evolve(s, decision.events[0], 5)
    assert not GAME.over(decision.state) and GAME.next_deadline(decision.state) is None
    assert act(s, Actor("player"), {"type": "join", "name": "Ana"}).version == 2
