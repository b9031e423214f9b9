"""Views: what each phone and the big screen show, and that no secret ever leaks (F4, F6, F15)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from deb_helpers import act, dealt, play_all, seated
from deb_playout import playout

from app.games.debarquement import Phase, decide, player_view, replay, table_view
from app.games.debarquement.state import State
from app.kernel.actor import Actor
from app.kernel.text import EngineError


def card_numbers(node: Any, skip: str = "history") -> Iterator[int]:
    """Every card shown anywhere in a view (cards are always {"number": ...} dicts), outside `skip`."""
    if isinstance(node, dict):
        if "number" in node and "colour" in node:
            yield node["number"]
        for key, value in node.items():
            if key != skip:
                yield from card_numbers(value, skip)
    elif isinstance(node, list):
        for item in node:
            yield from card_numbers(item, skip)


def secrets_for(state: State, viewer: str | None) -> set[int]:
    """Cards this viewer must not see: others' hands and hidden choices, the pile, the set-aside pile,
    and others' captures of the manche in play (F15), except this tour's cards, which everyone saw revealed."""
    hidden = set(state.pile) | set(state.set_aside)
    scored = state.phase in (Phase.MANCHE_OVER, Phase.GAME_OVER)
    for p in state.player_ids:
        if p == viewer:
            continue
        hidden |= set(state.hands[p]) if state.hands else set()
        if p in state.chosen:
            hidden.add(state.chosen[p])
        if not scored:
            for capture in state.captures.get(p, ()):
                hidden |= set(capture.cards)
    return hidden - {card for card, _ in state.revealed}


def check_no_leak(state: State) -> None:
    views: list[tuple[str | None, dict[str, Any]]] = [(None, table_view(state)), ("stranger", player_view(state, "zz"))]
    views += [(p, player_view(state, p)) for p in state.player_ids]
    for viewer, view in views:
        json.dumps(view)  # JSON-able
        leaked = set(card_numbers(view)) & secrets_for(state, viewer)
        assert not leaked, f"{viewer} sees {sorted(leaked)} in phase {state.phase}"
        # Past manches' captures are public only once scored.
        assert len(view["history"]) == len(state.manche_points)
    screen = json.dumps(table_view(state))
    assert '"hand"' not in screen and '"me"' not in screen and '"legal_actions"' not in screen


@pytest.mark.parametrize("n", range(2, 9))
def test_no_view_ever_shows_another_players_hand_or_choice(n: int) -> None:
    for seed in range(2):
        for state, _ in playout(n, seed, max_manches=2, tick_rate=0.1):
            check_no_leak(state)


def _send(state: State, player: str, action: dict[str, Any]) -> dict[str, Any]:
    kind = action["type"]
    if kind == "join":
        return {"type": "join", "name": "Nouvelle"}
    if kind == "play_card":
        hand = state.hands.get(player, ())
        return {"type": "play_card", "card": action["cards"][0] if action["cards"] else (hand[0] if hand else 1)}
    if kind == "choose_boat":
        return {"type": "choose_boat", "boat": "anglais"}
    return {"type": kind}


@pytest.mark.parametrize("n", [2, 8])
def test_legal_actions_agree_with_decide(n: int) -> None:
    for state, _ in playout(n, seed=2, max_manches=2):
        for player in (*state.player_ids, "zz"):
            for action in player_view(state, player)["legal_actions"]:
                command = _send(state, player, action)
                if action["available"]:
                    assert decide(state, command, Actor.player(player))
                else:
                    with pytest.raises(EngineError) as refused:
                        decide(state, command, Actor.player(player))
                    assert refused.value.message.as_dict() == action["reason"], (player, action)


def test_F4_both_boats_are_rendered_with_stacks_and_covered_cards() -> None:
    state = dealt([[11, 3], [19, 4]])
    state, _ = play_all(state, [11, 19])
    state, _ = play_all(state, [3, 4])
    boats = table_view(state)["boats"]
    assert set(boats) == {"normand", "anglais"}
    norman = boats["normand"]
    assert [s["top"]["number"] for s in norman["stacks"]] == [3, 4, 19]  # 3 covered 11, then 4 went between
    assert [c["number"] for c in norman["stacks"][0]["covered"]] == [11]
    assert (norman["visible"], norman["capture_at"]) == (3, 5)
    assert norman["name"] == {"fr": "bateau normand", "en": "Norman boat"}


def test_my_hand_my_choice_and_others_only_as_has_chosen() -> None:
    state = dealt([[3, 4], [11, 13]])
    state, _ = act(state, "p0", {"type": "play_card", "card": 3})
    mine = player_view(state, "p0")
    assert [c["number"] for c in mine["me"]["hand"]] == [4]
    assert mine["me"]["chosen"]["number"] == 3
    theirs = player_view(state, "p1")
    assert theirs["me"]["chosen"] is None
    assert [p["has_chosen"] for p in theirs["players"]] == [True, False]
    assert 3 not in set(card_numbers(theirs))
    play = next(a for a in theirs["legal_actions"] if a["type"] == "play_card")
    assert play["available"] and play["cards"] == [11, 13]
    again = next(a for a in mine["legal_actions"] if a["type"] == "play_card")
    assert not again["available"]
    assert again["reason"]["fr"] == "Vous avez déjà choisi votre carte pour ce tour de jeu."


def test_F6_boat_choice_prompt_shows_the_options_and_captures() -> None:
    state = dealt([[3, 4], [11, 13], [15, 23], [17, 27], [44, 29]])
    state, _ = play_all(state, [3, 11, 15, 17, 44])
    view = player_view(state, "p4")
    choose = next(a for a in view["legal_actions"] if a["type"] == "choose_boat")
    assert choose["available"] and choose["card"] == 44
    assert choose["options"] == [
        {"boat": "normand", "would_capture": True, "visible_after": 5},
        {"boat": "anglais", "would_capture": False, "visible_after": 1},
    ]
    assert view["awaiting_boat"]["player_id"] == "p4"
    other = player_view(state, "p0")
    refused = next(a for a in other["legal_actions"] if a["type"] == "choose_boat")
    assert not refused["available"] and "Émile" in refused["reason"]["fr"]
    assert [r["placed"] for r in other["last_reveal"]["cards"]] == [True, True, True, True, False]
    assert other["prompt"]["kind"] == "choose_boat" and other["prompt"]["players"] == ["p4"]


def test_F15_captures_are_private_until_the_manche_is_scored() -> None:
    state = dealt([[3, 4], [11, 13], [15, 23], [17, 27], [19, 29]])
    state, _ = play_all(state, [3, 11, 15, 17, 19])
    owner = player_view(state, "p4")
    assert [c["number"] for c in owner["me"]["captures"][0]["cards"]] == [3, 11, 15, 17, 19]
    assert owner["me"]["manche_points_so_far"] == -4  # 0+1+1+1+1, all red
    for view in (player_view(state, "p0"), table_view(state)):
        assert [p["boats_captured"] for p in view["players"]] == [0, 0, 0, 0, 1]
        assert view["history"] == []
    state, _ = play_all(state, [4, 13, 23, 27, 29])
    assert state.phase is Phase.MANCHE_OVER
    history = table_view(state)["history"]
    assert [c["number"] for c in history[0]["captures"]["p4"][0]["cards"]] == [3, 11, 15, 17, 19]
    assert table_view(state)["scores"]["manches"] == [{"manche": 1, "points": dict(state.manche_points[0])}]


def test_lobby_view_for_a_newcomer_offers_join_and_explains_start() -> None:
    state = replay(seated(1))
    newcomer = player_view(state, "zz")
    assert newcomer["me"] is None
    actions = {a["type"]: a for a in newcomer["legal_actions"]}
    assert actions["join"]["available"]
    host = {a["type"]: a for a in player_view(state, "p0")["legal_actions"]}
    assert not host["start"]["available"]
    assert host["start"]["reason"]["en"] == "The game needs 2 to 8 players (now 1)."


def test_card_view_says_what_a_card_does_in_a_boat() -> None:
    state = dealt([[36, 25, 10, 45], [9, 2, 3, 4]])
    hand = {c["number"]: c for c in player_view(state, "p0")["me"]["hand"]}
    assert (hand[36]["effect"], hand[36]["points"], hand[36]["boat"]) == ("double", 3, None)
    assert (hand[25]["effect"], hand[25]["colour"]) == ("zero", "orange")
    assert (hand[10]["points"], hand[45]["boat"]) == (0, "normand")
    assert hand[36]["name"]["fr"] == "Chancelier royal"


def test_last_reveal_stays_on_show_during_the_next_choice_with_captures() -> None:
    state = dealt([[3, 4], [11, 13], [15, 23], [17, 27], [19, 29]])
    state, _ = play_all(state, [3, 11, 15, 17, 19])
    assert state.phase is Phase.CHOOSING and state.turn == 2
    last = table_view(state)["last_reveal"]
    assert last["turn"] == 1
    assert [(c["player_id"], c["card"]["number"]) for c in last["cards"]] == [
        ("p0", 3), ("p1", 11), ("p2", 15), ("p3", 17), ("p4", 19)]
    assert last["captures"] == [{"player_id": "p4", "boat": "normand"}]
    assert table_view(state)["prompt"]["id"] == "m1.t2.cards"
