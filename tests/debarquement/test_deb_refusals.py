"""Every refused command raises a bilingual EngineError and changes nothing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from deb_helpers import NAMES, act, dealt, pid, play_all

from app.games.debarquement import Phase, decide, new_game, parse_command, replay
from app.games.debarquement.rules import prompt_id
from app.games.debarquement.state import State
from app.kernel.actor import Actor
from app.kernel.text import EngineError


def _lobby(n: int) -> State:
    state = replay(new_game(seed=3))
    for i in range(n):
        state, _ = act(state, pid(i), {"type": "join", "name": NAMES[i]})
    return state


def _placing() -> State:
    state = dealt([[10, 4], [11, 13], [3, 7]])
    state, _ = play_all(state, [10, 11, 3])
    return state  # waiting for p0 to choose a boat for 10


def _manche_over() -> State:
    state = dealt([[3], [11]])
    state, _ = play_all(state, [3, 11])
    return state


def _game_over() -> State:
    state = dealt([[3], [11]], max_manches=1)
    state, _ = play_all(state, [3, 11])
    return state


def _chose(state: State, player: str, card: int) -> State:
    return act(state, player, {"type": "play_card", "card": card})[0]


CASES: list[Any] = [
    pytest.param(lambda: dealt([[3, 4], [11, 13]]), "p0", {"type": "play_card", "card": 11}, "not_in_hand",
                 id="play-card-not-in-hand"),
    pytest.param(lambda: dealt([[3, 4], [11, 13]]), "p0", {"type": "play_card", "card": 99}, "not_in_hand",
                 id="play-card-not-a-card"),
    pytest.param(lambda: _chose(dealt([[3, 4], [11, 13]]), "p0", 3), "p0", {"type": "play_card", "card": 4},
                 "already_chosen", id="choosing-twice"),
    pytest.param(_placing, "p1", {"type": "play_card", "card": 13}, "not_choosing", id="play-during-placement"),
    pytest.param(_placing, "p1", {"type": "choose_boat", "boat": "normand"}, "not_your_turn",
                 id="choose-boat-out-of-turn"),
    pytest.param(lambda: dealt([[3, 4], [11, 13]]), "p0", {"type": "choose_boat", "boat": "normand"},
                 "no_boat_choice", id="choose-boat-when-nothing-awaits"),
    pytest.param(lambda: dealt([[3, 4], [11, 13]]), "zz", {"type": "play_card", "card": 3}, "not_seated",
                 id="stranger-plays"),
    pytest.param(lambda: _lobby(1), "p0", {"type": "start"}, "player_count", id="start-with-one-player"),
    pytest.param(lambda: _lobby(0), "p0", {"type": "start"}, "not_seated", id="start-with-nobody"),
    pytest.param(lambda: _lobby(3), "p1", {"type": "start"}, "not_host", id="start-by-non-host"),
    pytest.param(lambda: dealt([[3], [11]]), "p0", {"type": "start"}, "already_started", id="start-twice"),
    pytest.param(lambda: _lobby(8), "p8", {"type": "join", "name": "Ivo"}, "table_full", id="ninth-player"),
    pytest.param(lambda: _lobby(2), "p0", {"type": "join", "name": "Zed"}, "already_joined", id="join-twice"),
    pytest.param(lambda: _lobby(2), "p5", {"type": "join", "name": " bob "}, "name_taken", id="name-taken"),
    pytest.param(lambda: _lobby(2), "p5", {"type": "join", "name": "   "}, "bad_name", id="empty-name"),
    pytest.param(lambda: _lobby(2), "p5", {"type": "join", "name": "x" * 25}, "bad_name", id="long-name"),
    pytest.param(lambda: dealt([[3], [11]]), "p9", {"type": "join", "name": "Late"}, "not_lobby",
                 id="join-after-start"),
    pytest.param(lambda: State(), "p0", {"type": "join", "name": "Ana"}, "no_game", id="join-no-game"),
    pytest.param(lambda: _lobby(2), "p7", {"type": "leave"}, "not_seated", id="leave-without-a-seat"),
    pytest.param(_placing, "p0", {"type": "leave"}, "not_lobby", id="leave-during-the-game"),
    pytest.param(lambda: _lobby(2), "p0", {"type": "play_card", "card": 3}, "not_started",
                 id="play-in-lobby"),
    pytest.param(_manche_over, "p1", {"type": "next_manche"}, "not_host", id="next-manche-by-non-host"),
    pytest.param(lambda: dealt([[3], [11]]), "p0", {"type": "next_manche"}, "manche_running",
                 id="next-manche-while-playing"),
    pytest.param(_manche_over, "p0", {"type": "play_card", "card": 3}, "not_choosing", id="play-after-manche"),
    pytest.param(_game_over, "p0", {"type": "next_manche"}, "game_over", id="next-manche-after-game-over"),
    pytest.param(_game_over, None, {"type": "tick"}, "game_over", id="tick-after-game-over"),
    pytest.param(lambda: _lobby(2), None, {"type": "tick"}, "not_started", id="tick-in-lobby"),
    pytest.param(lambda: dealt([[3], [11]]), None, {"type": "tick", "prompt": "m1.t9.cards"}, "stale_tick",
                 id="stale-tick"),
    pytest.param(lambda: dealt([[3], [11]]), "p0", {"type": "tick"}, "system_only", id="player-sends-tick"),
    pytest.param(lambda: dealt([[3], [11]]), None, {"type": "play_card", "card": 3}, "players_only",
                 id="system-plays-a-card"),
    pytest.param(lambda: dealt([[3], [11]]), "p0", {"type": "fly"}, "bad_command", id="unknown-command"),
    pytest.param(lambda: dealt([[3], [11]]), "p0", {"type": "play_card"}, "bad_command", id="missing-field"),
    pytest.param(lambda: dealt([[3], [11]]), "p0", {"type": "play_card", "card": 3, "x": 1}, "bad_command",
                 id="extra-field"),
    pytest.param(_placing, "p0", {"type": "choose_boat", "boat": "viking"}, "bad_command", id="bad-boat-name"),
]


@pytest.mark.parametrize(("make", "player", "command", "code"), CASES)
def test_refusal(make: Callable[[], State], player: str | None, command: dict[str, Any], code: str) -> None:
    state = make()
    before = state
    actor = Actor.system() if player is None else Actor.player(player)
    with pytest.raises(EngineError) as refused:
        decide(state, command, actor)
    assert refused.value.code == code
    message = refused.value.message
    assert message.fr and message.en
    assert message.fr != message.en or code == "bad_command"
    assert state == before  # a refused command changes nothing


def test_refusal_messages_name_what_is_wrong() -> None:
    with pytest.raises(EngineError) as refused:
        decide(dealt([[3, 4], [11, 13]]), {"type": "play_card", "card": 11}, Actor.player("p0"))
    assert "11" in refused.value.message.fr and "11" in refused.value.message.en
    with pytest.raises(EngineError) as refused:
        decide(_placing(), {"type": "choose_boat", "boat": "normand"}, Actor.player("p1"))
    assert "Ana" in refused.value.message.fr and "10" in refused.value.message.en


def test_parse_command_message_is_bilingual() -> None:
    with pytest.raises(EngineError) as refused:
        parse_command({"type": "play_card", "card": "trois"})
    assert refused.value.message.fr.startswith("Commande invalide")
    assert refused.value.message.en.startswith("Invalid command")


def test_late_tick_does_not_act_on_the_next_choice() -> None:
    state = _placing()
    armed_for = prompt_id(state)
    state, _ = act(state, "p0", {"type": "choose_boat", "boat": "normand"})
    assert state.phase is Phase.CHOOSING
    with pytest.raises(EngineError) as refused:
        act(state, None, {"type": "tick", "prompt": armed_for})
    assert refused.value.code == "stale_tick"


def test_a_foreign_model_is_parsed_and_refused_not_mistaken() -> None:
    from pydantic import BaseModel

    class Fly(BaseModel):
        type: str = "fly"

    with pytest.raises(EngineError) as refused:
        decide(dealt([[3], [11]]), Fly(), Actor.player("p0"))  # type: ignore[arg-type]
    assert refused.value.code == "bad_command"


def test_commands_as_models_are_accepted() -> None:
    from app.games.debarquement.commands import PlayCard

    events = decide(dealt([[3], [11]]), PlayCard(card=3), Actor.player("p0"))
    assert [e.type for e in events] == ["card_chosen"]
