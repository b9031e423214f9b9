"""The GameDefinition the server calls (app.kernel.game)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from app.games.regents import GAME
from app.games.regents.config import RegentsConfig
from app.kernel.actor import Actor
from app.kernel.game import PAGE_NAMES
from app.kernel.testing.playout import Stored
from app.kernel.text import EngineError

from .helpers import MOD, act, created, events_of, seated


def test_the_definition_says_who_it_is() -> None:
    assert GAME.id == "regents" and GAME.name.fr == "Régents" and GAME.players == (3, 5)
    assert set(GAME.page_templates) == set(PAGE_NAMES) and set(GAME.pages) == {"player", "screen", "moderator"}
    assert GAME.config_model is RegentsConfig and GAME.has_dashboard and GAME.rebind_by == "moderator"
    assert GAME.undo_preview(GAME.replay(created()), 1) is None and GAME.picture(GAME.replay(created()), "x") is None


def test_region_ids_are_stable_unique_and_never_name_a_role_or_a_secret() -> None:
    for kind, regions in GAME.pages.items():
        ids = [r.id for r in regions]
        assert len(ids) == len(set(ids)), kind
        for rid in ids:
            assert not any(word in rid for word in ("clan", "domain", "campbell", "mac", "stewart", "neutral", "king"))


@pytest.mark.parametrize(("form", "expected"), [
    ({}, RegentsConfig()),
    ({"rg_prompt_seconds": "20"}, RegentsConfig(prompt_seconds=20)),
    ({"rg_prompt_seconds": " 0 ", "rg_fourth_bonus": "per_player"}, RegentsConfig(prompt_seconds=0, fourth_turn_bonus="per_player")),
    ({"rounds": "5", "quick": "on"}, RegentsConfig()),  # the other games' fields on the same home page form
])
def test_config_from_form_reads_the_home_page_fields(form: dict[str, str], expected: RegentsConfig) -> None:
    assert GAME.config_from_form(form) == expected


@pytest.mark.parametrize("form", [{"rg_prompt_seconds": "abc"}, {"rg_prompt_seconds": "-1"}, {"rg_prompt_seconds": "601"},
                                  {"rg_fourth_bonus": "per_moon"}])
def test_bad_settings_are_refused_in_both_languages(form: dict[str, str]) -> None:
    with pytest.raises(EngineError) as refused:
        GAME.config_from_form(form)
    assert refused.value.code == "bad_config" and "600" in refused.value.message.fr and "600" in refused.value.message.en


def test_the_lobby_view_names_every_seat_and_closes_when_full_or_started() -> None:
    s = seated(3)
    door = GAME.lobby(s)
    assert door["open"] and not door["started"] and [p["name"] for p in door["players"]] == ["Rouge", "Jaune", "Bleu"]
    assert door["players"][0] == {"id": "p1", "name": "Rouge"} and GAME.join_fields(s) == ()
    assert not GAME.lobby(seated(5))["open"]
    assert GAME.lobby(act(s, MOD, {"type": "start"}))["started"]


def test_export_gives_the_log_with_its_commands_and_the_names() -> None:
    log = [*created(seed=9), Stored({"type": "player_joined", "player_id": "p1", "name": "Ana"}, 5,
                                    {"actor": {"kind": "player"}, "command": {"type": "join", "name": "Ana"}})]
    out = GAME.export("ABCD", 9, {"prompt_seconds": 60}, log)
    assert {"title", "code", "game", "seed", "config", "log"} <= set(out) and out["game"] == "regents"
    assert out["players"] == [{"id": "p1", "name": "Ana"}] and out["steps"][0]["command"]["command"]["name"] == "Ana"
    assert out["log"] == [e.payload for e in log]


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
