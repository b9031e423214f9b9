"""The lobby: names, seats p1/p2 never reused, the computer's seat, who starts."""

from __future__ import annotations

import pytest

from app.games.inde import GAME
from app.games.inde.events import BotAdded, PlayerJoined
from app.games.inde.model import State
from app.kernel.actor import Actor
from inde.helpers import act, created, decide, lobby, mod, player, refusal

NEWCOMER = Actor("player", None)


def join(state: State, name: str) -> State:
    return decide(state, {"type": "join", "name": name}, NEWCOMER)[0]


def test_join_strips_the_name_and_seats_in_order() -> None:
    state = lobby("  Vera  ", "Faisal")
    assert [(s.player_id, s.name) for s in state.seats] == [("p1", "Vera"), ("p2", "Faisal")]
    assert "Vera s'assoit à la table." in [t.fr for t in state.feed]


@pytest.mark.parametrize(("names", "name", "code"), [
    ((), "", "bad_name"),
    ((), "   ", "bad_name"),
    ((), "x" * 25, "bad_name"),
    (("Vera",), "vERA", "name_taken"),
    (("Vera",), " vera ", "name_taken"),
    (("Vera", "Faisal"), "Zoé", "table_full"),
])
def test_join_refusals(names: tuple[str, ...], name: str, code: str) -> None:
    assert refusal(lobby(*names), NEWCOMER, {"type": "join", "name": name}) == code


def test_a_24_character_name_is_fine_and_a_seated_player_cannot_join_twice() -> None:
    state = lobby("x" * 24)
    assert state.seats[0].name == "x" * 24
    assert refusal(state, player("p1"), {"type": "join", "name": "Again"}) == "already_seated"


def test_join_refusals_are_bilingual_and_friendly() -> None:
    from app.kernel.text import EngineError

    with pytest.raises(EngineError) as err:
        GAME.decide(lobby("Vera"), GAME.parse_command({"type": "join", "name": "vera"}), NEWCOMER, 0)
    assert "déjà pris" in err.value.text("fr") and "already taken" in err.value.text("en")


def test_seat_ids_are_never_reused() -> None:
    state = act(lobby("Vera", "Faisal"), "p1", {"type": "leave"})
    assert [s.player_id for s in state.seats] == ["p2"]
    state = act(join(lobby("Vera"), "Zoé"), "p2", {"type": "leave"})
    state = join(state, "Zoé")
    assert [s.player_id for s in state.seats] == ["p1", "p3"]


@pytest.mark.parametrize("starter", ["p1", "p2"])
def test_either_seated_person_starts_and_only_with_two_seats(starter: str) -> None:
    assert refusal(lobby("Vera"), player("p1"), {"type": "start"}) == "need_two"
    assert refusal(lobby("Vera", "Faisal"), NEWCOMER, {"type": "start"}) == "no_seat"
    assert act(lobby("Vera", "Faisal"), starter, {"type": "start"}).phase == "play"
    assert refusal(created(), NEWCOMER, {"type": "leave"}) == "no_seat"


def test_the_computer_takes_a_seat_from_a_player_or_the_game_master() -> None:
    state, events = decide(lobby("Vera"), {"type": "add_bot"}, player("p1"))
    assert isinstance(events[0], BotAdded) and GAME.joined(events[0]) is None
    assert [(s.player_id, s.name, s.bot) for s in state.seats] == [("p1", "Vera", None), ("p2", "Maharadja", "greedy")]
    assert refusal(state, mod(), {"type": "add_bot"}) == "table_full"
    state = decide(state, {"type": "remove_bot", "player_id": "p2"}, mod())[0]
    assert [s.player_id for s in state.seats] == ["p1"]
    assert refusal(state, mod(), {"type": "remove_bot", "player_id": "p1"}) == "not_a_bot"
    assert refusal(created(), NEWCOMER, {"type": "add_bot"}) == "no_seat"


def test_two_computers_get_distinct_names_and_a_person_cannot_take_a_bots_name() -> None:
    state = decide(decide(created(), {"type": "add_bot"}, mod())[0], {"type": "add_bot", "level": "facile"}, mod())[0]
    assert [s.name for s in state.seats] == ["Maharadja", "Maharadja 2"]
    one = decide(created(), {"type": "add_bot"}, mod())[0]
    assert refusal(one, NEWCOMER, {"type": "join", "name": "maharadja"}) == "name_taken"


def test_joined_returns_the_new_seat_of_a_person() -> None:
    _, events = decide(lobby(), {"type": "join", "name": "Vera"}, NEWCOMER)
    assert isinstance(events[0], PlayerJoined) and GAME.joined(events[0]) == "p1"


def test_set_bot_hands_a_seat_over_and_back() -> None:
    state = lobby("Vera", "Faisal")
    state = decide(state, {"type": "set_bot", "player_id": "p2", "level": "facile"}, mod())[0]
    assert state.seats[1].bot == "facile"
    assert refusal(state, mod(), {"type": "set_bot", "player_id": "p2", "level": "facile"}) == "bot_unchanged"
    assert refusal(state, mod(), {"type": "set_bot", "player_id": "p7"}) == "no_such_seat"
    assert refusal(state, player("p1"), {"type": "set_bot", "player_id": "p2"}) == "lobby_seats"
    state = decide(state, {"type": "set_bot", "player_id": "p2", "level": None}, mod())[0]
    assert state.seats[1].bot is None


def test_during_the_game_a_person_hands_any_seat_to_the_computer_and_takes_back_only_their_own() -> None:
    state = act(lobby("Vera", "Faisal"), "p1", {"type": "start"})
    state = act(state, "p1", {"type": "set_bot", "player_id": "p2", "level": "facile"})  # Faisal's phone is gone
    assert state.seats[1].bot == "facile"
    assert "Vera confie le siège de Faisal à l'ordinateur (facile)." in [t.fr for t in state.feed]
    assert refusal(state, player("p1"), {"type": "set_bot", "player_id": "p2", "level": None}) == "not_your_seat"
    state = act(state, "p2", {"type": "set_bot", "player_id": "p2", "level": None})  # Faisal is back
    assert state.seats[1].bot is None and state.feed[-1].fr == "Faisal reprend la main."
    state = act(state, "p1", {"type": "set_bot", "player_id": "p1", "level": "greedy"})  # let it play for me
    assert state.seats[0].bot == "greedy"


def test_a_seat_the_computer_took_cannot_be_handed_to_a_person() -> None:
    state = decide(lobby("Vera"), {"type": "add_bot", "level": "facile"}, mod())[0]
    assert state.seats[1].person is False and state.seats[0].person is True
    assert refusal(state, mod(), {"type": "set_bot", "player_id": "p2", "level": None}) == "no_person"
    state = decide(state, {"type": "set_bot", "player_id": "p2", "level": "greedy"}, mod())[0]
    assert state.seats[1].bot == "greedy"
