"""Lobby, start and set-up: seats, names, the deal from the seed, the Infidèle's colour prompt."""

from __future__ import annotations

import pytest
from play_helpers import A, Game, N, table

from app.games.deuxrois.cards import INFIDELE
from app.games.deuxrois.config import GameConfig
from app.games.deuxrois.deal import deal, split_rooms
from app.games.deuxrois.game import Actor


def seated(n: int, seed: int = 3) -> Game:
    game = Game(seed)
    for i in range(n):
        game.do(Actor.player(f"x{i}"), {"type": "join", "name": f"Joueur {i + 1}"})
    return game


def test_ids_are_assigned_in_order_and_never_reused() -> None:
    game = seated(3)
    assert [p.id for p in game.state.players] == ["p1", "p2", "p3"]
    game.do("p2", {"type": "leave"})
    game.do(Actor.player("new"), {"type": "join", "name": "Zoé"})
    assert [p.id for p in game.state.players] == ["p1", "p3", "p4"]


@pytest.mark.parametrize("name", ["joueur 1", "JOUEUR 1", "  Joueur   1 "])
def test_names_are_unique_case_insensitively(name: str) -> None:
    game = seated(2)
    assert game.refused(Actor.player("z"), {"type": "join", "name": name}).code == "name_taken"


def test_fifty_players_at_most() -> None:
    game = seated(50)
    assert game.refused(Actor.player("z"), {"type": "join", "name": "Cinquante et un"}).code == "lobby_full"


@pytest.mark.parametrize(("n", "code"), [(5, "player_count")])
def test_start_needs_six_players(n: int, code: str) -> None:
    assert seated(n).refused("moderator", {"type": "start"}).code == code


def test_only_the_moderator_starts() -> None:
    game = seated(6)
    assert game.refused("p1", {"type": "start"}).code == "not_allowed"


def test_start_deals_and_splits_from_the_seed() -> None:
    game = seated(10, seed=42)
    game.do("moderator", {"type": "start"})
    ids = [p.id for p in game.state.players]
    assert [game.state.cards[p] for p in ids] == deal(10, 42)
    assert [game.state.rooms[p] for p in ids] == split_rooms(10, 42)
    assert game.state.phase == "N" and game.state.round == 1  # no Infidèle below 22 players


def test_start_config_overrides_rounds_and_timers() -> None:
    game = seated(6)
    game.do("moderator", {"type": "start", "config": {"rounds": 3, "election_s": 30}})
    assert game.state.config.rounds == 3
    assert game.state.deadline_ms == 240_000  # rapid round 1: 4 minutes (D12)


def test_custom_deck_is_validated() -> None:
    game = seated(6)
    err = game.refused("moderator", {"type": "start", "deal": [1, 2, 3, 4, 5, 7]})
    assert err.code == "deck_dependency"


def test_join_after_start_is_refused() -> None:
    game = seated(6)
    game.do("moderator", {"type": "start"})
    assert game.refused(Actor.player("late"), {"type": "join", "name": "Tard"}).code == "wrong_phase"


def test_infidele_answers_before_round_one() -> None:
    game = seated(22)
    game.do("moderator", {"type": "start"})
    assert game.state.phase == "setup"
    holder = game.holder(INFIDELE)
    prompt = next(iter(game.state.prompts.values()))
    assert prompt.player_id == holder and prompt.options == ("red", "blue")
    assert game.refused(holder, {"type": "request_reveal", "target": "p1", "kind": "complete"}).code == "wrong_phase"
    game.do(holder, {"type": "answer_prompt", "prompt_id": prompt.id, "choice": "blue"})
    assert game.state.card_state(INFIDELE).infidel_colour == "blue"
    assert game.state.phase == "N" and game.state.round == 1


def test_infidele_silent_gets_a_seeded_colour_at_the_setup_deadline() -> None:
    game = seated(22)
    game.do("moderator", {"type": "start", "config": {"setup_s": 10}})
    game.tick()
    assert game.now == 10_000
    assert game.state.card_state(INFIDELE).infidel_colour in ("red", "blue")
    assert game.state.phase == "N" and not game.state.prompts


def test_fixed_deal_and_rooms() -> None:
    game = table(6, normandie=(1, 3, 5))
    assert game.room(game.pid("guillaume")) is N and game.room(game.pid("harold")) is A
    assert GameConfig().negotiation_for(1) == 300
