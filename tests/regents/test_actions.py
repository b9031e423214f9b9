"""The action phase: paid actions A-G, their limits, free actions, and every refusal (§1.6-§1.7, §2.4-§2.5)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from app.games.regents.board import Space
from app.games.regents.clans import Clan
from app.games.regents.model import State

from .helpers import P, act, end_turn, position, refused, set_player

DUFF_FIRST = (Clan.MAC_DUFF, Clan.CAMPBELL, Clan.MAC_LEOD)
T, A, TR, C, IN, GT, GR = (Space.TRONE, Space.ARMES, Space.TRESOR, Space.CHAPELLE, Space.INTENDANCE,
                           Space.GARDE_TOUR, Space.GARDE_REMPART)


def table() -> State:
    return position({"p1": [T, TR, A, None], "p2": [C, IN], "p3": [GT, GR]})


def test_a_moves_one_agent_to_a_neighbouring_space_for_one_action() -> None:
    s = act(table(), P("p1"), {"type": "move_agent", "from_space": "TRESOR", "to_space": "GARDE_TOUR"})
    assert s.player("p1").at(GT) == 1 and s.player("p1").at(TR) == 0 and s.turn.actions_left == 2
    s = act(s, P("p1"), {"type": "move_agent", "from_space": "GARDE_TOUR", "to_space": "CHAPELLE"})
    s = act(s, P("p1"), {"type": "move_agent", "from_space": "CHAPELLE", "to_space": "TRONE"})
    assert s.player("p1").at(T) == 2 and s.turn.actions_left == 0  # RG-8: the same agent again and again
    assert s.player("p1").off == 1  # moving never brings back an agent out of the castle


@pytest.mark.parametrize(("command", "code"), [
    ({"type": "move_agent", "from_space": "CHAPELLE", "to_space": "TRONE"}, "no_agent_there"),
    ({"type": "move_agent", "from_space": "TRESOR", "to_space": "INTENDANCE"}, "not_adjacent"),
    ({"type": "move_agent", "from_space": "ARMES", "to_space": "GARDE_TOUR"}, "not_adjacent"),
    ({"type": "move_agent", "from_space": "TRESOR", "to_space": "TRONE", "also_from": "ARMES"}, "bad_second_move"),
    ({"type": "move_agent", "from_space": "TRESOR", "to_space": "TRONE", "also_from": "ARMES", "also_to": "TRONE"},
     "no_privilege"),
    ({"type": "move_king", "to_space": "GARDE_TOUR"}, "king_no_path"),
    ({"type": "place_counsellor", "space": "ARMES"}, "no_counsellor"),
    ({"type": "spy", "target": "p1"}, "spy_self"),
    ({"type": "spy", "target": "neutral"}, "no_such_player"),
    ({"type": "play_token"}, "no_token"),
    ({"type": "play_card", "card": "PRIVILEGE"}, "not_in_hand"),
    ({"type": "play_card", "card": "ALLIANCE", "domains": ["POLITIQUE"]}, "bad_target"),
    ({"type": "play_card", "card": "INFLUENCE"}, "bad_target"),
    ({"type": "play_card", "card": "INFLUENCE", "domains": ["POLITIQUE", "POLITIQUE"]}, "bad_target"),
    ({"type": "choose_gain", "domains": ["POLITIQUE"]}, "no_prompt"),
    ({"type": "skip_neutral"}, "wrong_phase"),
    ({"type": "tick"}, "not_allowed"),
    ({"type": "mod_skip"}, "not_allowed"),
])
def test_illegal_moves_are_refused_with_their_code(command: dict[str, Any], code: str) -> None:
    s = table()
    assert refused(s, P("p1"), command) == code
    assert refused(s, P("p2"), {"type": "end_actions"}) == "not_your_turn"


def test_bad_json_is_refused_politely() -> None:
    for raw in ({"type": "move_agent", "from_space": "CUISINE", "to_space": "TRONE"}, {"type": "nope"},
                {"type": "play_card", "card": "SUSPICION", "agents": ["p2 TRESOR"]}):
        assert refused(table(), P("p1"), raw) == "bad_command"


def test_rg_7_rg_66_the_phase_ends_only_when_the_player_says_so() -> None:
    s = table()
    for _ in range(3):
        s = act(s, P("p1"), {"type": "move_king", "to_space": "ARMES" if s.king is T else "TRONE"})
    assert s.turn.actions_left == 0 and s.phase == "actions"
    assert refused(s, P("p1"), {"type": "move_king", "to_space": "TRONE"}) == "no_actions_left"
    assert refused(s, P("p1"), {"type": "recruit"}) == "no_actions_left"
    s = act(s, P("p1"), {"type": "reveal_domain"})  # free actions remain possible
    s = end_turn(s)
    assert s.current.pid == "p2"
    early = end_turn(table())  # RG-7: unused actions are lost
    assert early.current.pid == "p2" and early.turn.actions_left == 3


def test_the_king_moves_room_to_room_and_never_onto_a_guard_path() -> None:
    s = position({"p1": [T], "p2": [C], "p3": [A]}, king=A)
    assert refused(s, P("p1"), {"type": "move_king", "to_space": "GARDE_REMPART"}) == "king_no_path"
    assert refused(s, P("p1"), {"type": "move_king", "to_space": "INTENDANCE"}) == "not_adjacent"
    s = act(s, P("p1"), {"type": "move_king", "to_space": "TRONE"})
    assert s.king is T and s.turn.actions_left == 2


def test_rg_31_test_31_recruit_limits() -> None:
    s = act(table(), P("p1"), {"type": "recruit"})
    assert s.player("p1").counsellors == 1 and s.reserve == 19
    assert refused(s, P("p1"), {"type": "recruit"}) == "already_recruited"
    empty = replace(table(), reserve=0)
    assert refused(empty, P("p1"), {"type": "recruit"}) == "reserve_empty"


def test_d_places_a_held_conseiller_anywhere_and_it_returns_to_the_reserve() -> None:
    s = set_player(table(), "p1", counsellors=2)
    s = replace(s, reserve=18)
    s = act(s, P("p1"), {"type": "place_counsellor", "space": "GARDE_REMPART"})
    s = act(s, P("p1"), {"type": "place_counsellor", "space": "GARDE_REMPART"})  # D repeats (RG-8)
    assert s.turn.counsellors == (GR, GR) and s.player("p1").counsellors == 0
    after = end_turn(s)
    assert after.reserve == 20 and after.turn.counsellors == ()


def test_e_spying_limits() -> None:
    s = table()
    s = set_player(s, "p3", hand=s.player("p3").hand[:1])
    assert refused(s, P("p1"), {"type": "spy", "target": "p3"}) == "too_few_cards"
    s = set_player(s, "p3", hand=())
    assert refused(s, P("p1"), {"type": "spy", "target": "p3"}) == "too_few_cards"
    s = act(s, P("p1"), {"type": "spy", "target": "p2"})
    assert refused(s, P("p1"), {"type": "spy", "target": "p2"}) == "already_spied"
    seen = s.player("p1").seen[0]
    assert seen.target == "p2" and seen.card in s.player("p2").hand and len(s.player("p2").hand) == 5
    assert s.player("p2").spied_me[0].card == seen.card and s.turn.actions_left == 2


def test_the_spied_card_is_drawn_at_random() -> None:
    cards = {act(replace(table(), seed=seed), P("p1"), {"type": "spy", "target": "p2"}).player("p1").seen[0].card
             for seed in range(30)}
    assert len(cards) >= 3


def test_rg_26_test_26_g_brings_back_only_an_agent_of_ones_own_out_of_the_castle() -> None:
    s = table()
    s = act(s, P("p1"), {"type": "play_card", "card": "SUSPICION", "agents": ["p2@CHAPELLE"]})
    assert s.player("p2").off == 3 and s.player("p2").at(C) == 0
    s = act(s, P("p1"), {"type": "place_agent", "space": "GARDE_REMPART"})  # p1's own agent out since set-up
    assert s.player("p1").off == 0 and s.player("p1").at(GR) == 1 and s.turn.actions_left == 2
    assert refused(s, P("p1"), {"type": "place_agent", "space": "TRONE"}) == "no_agent_off"
    s = end_turn(s)
    assert s.current.pid == "p2"
    s = act(s, P("p2"), {"type": "place_agent", "space": "TRONE"})
    assert s.player("p2").off == 2 and s.turn.actions_left == 2


def test_suspicion_sent_agent_counts_nowhere() -> None:
    s = position({"p1": [TR], "p2": [TR], "p3": [C]})
    s = act(s, P("p1"), {"type": "play_card", "card": "SUSPICION", "agents": ["p2@TRESOR"]})
    assert end_turn(s).player("p1").score == (0, 0, 1, 0, 0)


def test_rg_36_rg_73_test_27_privilege_moves_two_different_agents_for_one_action() -> None:
    s = position({"p1": [T, TR, A], "p2": [C], "p3": [IN]}, clans=DUFF_FIRST)
    assert refused(s, P("p1"), {"type": "move_agent", "from_space": "TRONE", "to_space": "ARMES", "also_from": "TRONE",
                               "also_to": "TRESOR"}) == "no_privilege"
    s = act(s, P("p1"), {"type": "play_card", "card": "PRIVILEGE"})
    assert s.turn.privilege
    assert refused(s, P("p1"), {"type": "move_agent", "from_space": "TRONE", "to_space": "ARMES", "also_from": "TRONE",
                               "also_to": "TRESOR"}) == "no_second_agent"  # one agent cannot move twice
    assert refused(s, P("p1"), {"type": "move_agent", "from_space": "TRONE", "to_space": "ARMES",
                               "also_from": "ARMES", "also_to": "INTENDANCE"}) == "not_adjacent"
    s = act(s, P("p1"), {"type": "move_agent", "from_space": "TRONE", "to_space": "ARMES", "also_from": "ARMES",
                         "also_to": "GARDE_REMPART"})  # both from where they stood before (RG-73)
    p = s.player("p1")
    assert (p.at(T), p.at(A), p.at(GR), p.at(TR)) == (0, 1, 1, 1) and s.turn.actions_left == 2
    assert not s.turn.privilege
    assert refused(s, P("p1"), {"type": "move_agent", "from_space": "TRESOR", "to_space": "TRONE", "also_from": "ARMES",
                               "also_to": "TRONE"}) == "no_privilege"  # a third agent needs another action


def test_rg_36_privilege_is_lost_with_the_turn_and_may_move_a_single_agent() -> None:
    s = position({"p1": [T], "p2": [C], "p3": [IN]}, clans=DUFF_FIRST)
    s = act(s, P("p1"), {"type": "play_card", "card": "PRIVILEGE"})
    s = end_turn(s)
    assert not s.turn.privilege
    s2 = position({"p1": [T], "p2": [C], "p3": [IN]}, clans=DUFF_FIRST)
    s2 = act(s2, P("p1"), {"type": "play_card", "card": "PRIVILEGE"})
    s2 = act(s2, P("p1"), {"type": "move_agent", "from_space": "TRONE", "to_space": "ARMES"})
    assert not s2.turn.privilege and s2.player("p1").at(A) == 1


def test_rg_9_one_card_per_turn_and_test_20_none_in_round_8() -> None:
    s = act(table(), P("p1"), {"type": "play_card", "card": "ALLIANCE"})
    assert refused(s, P("p1"), {"type": "play_card", "card": "DIPLOMATIE"}) == "card_already_played"
    last = replace(position({"p1": [T, T], "p2": [C], "p3": [IN]}), round=8)
    last = set_player(last, "p1", tokens=1)
    assert refused(last, P("p1"), {"type": "play_card", "card": "ALLIANCE"}) == "last_round"
    last = act(last, P("p1"), {"type": "accuse", "target": "p2", "clan": "CAMPBELL"})
    last = act(last, P("p1"), {"type": "reveal_domain"})
    last = act(last, P("p1"), {"type": "play_token"})
    assert last.turn.token_played and last.player("p1").domain_round == 8


def test_rg_26_test_15_test_16_tokens() -> None:
    s = position({"p1": [T], "p2": [C], "p3": [IN]}, scores={"p1": (1, 1, 3, 1, 1)})
    s = act(s, P("p1"), {"type": "play_card", "card": "INFLUENCE", "domains": ["FINANCIER"]})
    assert s.player("p1").score == (1, 1, 5, 1, 1) and s.player("p1").tokens == 1
    for _ in range(3):
        s = act(s, P("p1"), {"type": "move_king", "to_space": "ARMES" if s.king is T else "TRONE"})
    s = act(s, P("p1"), {"type": "play_token"})  # the token taken in this action phase buys a 4th action
    assert s.turn.actions_left == 1 and s.player("p1").tokens == 0 and s.player("p1").tokens_played == 1
    s = set_player(s, "p1", tokens=1)
    assert refused(s, P("p1"), {"type": "play_token"}) == "token_already_played"


def test_rg_26_a_token_won_in_the_count_serves_from_the_next_turn() -> None:
    s = position({"p1": [TR], "p2": [C], "p3": [IN]}, scores={"p1": (1, 1, 3, 1, 1)})
    s = end_turn(s)
    assert s.player("p1").tokens == 1 and s.current.pid == "p2"  # the turn is over: no action left to buy


def test_rg_45_test_28_revealing_the_domain_puts_two_conseillers_in_its_room() -> None:
    s = position({"p1": [A], "p2": [TR], "p3": [IN]})  # p1's domain is POLITIQUE (TRONE)
    s = act(s, P("p1"), {"type": "reveal_domain"})
    assert s.turn.counsellors == (T, T) and s.reserve == 18 and s.player("p1").domain_round == 1
    assert refused(s, P("p1"), {"type": "reveal_domain"}) == "domain_revealed"
    s = act(s, P("p1"), {"type": "move_king", "to_space": "CHAPELLE"})
    after = end_turn(s)
    assert after.player("p1").score == (2, 2, 0, 0, 0)  # TRONE (the two conseillers) and ARMES, conjugated
    assert after.reserve == 20
    short = replace(position({"p1": [A], "p2": [TR], "p3": [IN]}), reserve=1)
    short = act(short, P("p1"), {"type": "reveal_domain"})
    assert short.turn.counsellors == (T,) and short.reserve == 0


def test_a_prompt_blocks_the_action_phase_until_answered() -> None:
    s = position({"p1": [T], "p2": [C], "p3": [IN]})
    s = act(s, P("p1"), {"type": "accuse", "target": "p2", "clan": "MAC_DUFF"})  # p2 is MAC DUFF: success
    assert s.prompt is not None and s.prompt.kind == "gain"
    assert refused(s, P("p1"), {"type": "move_king", "to_space": "ARMES"}) == "awaiting_choice"
    assert refused(s, P("p1"), {"type": "end_actions"}) == "awaiting_choice"
