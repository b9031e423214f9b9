"""The end-of-turn count: majorities, the King, conjugation, guard paths, the neutral (§2.8; §5 1-10, 13)."""

from __future__ import annotations

from typing import Any

import pytest

from app.games.regents.board import Domain, Space
from app.games.regents.model import State

from .helpers import P, act, end_turn, position, refused

T, A, TR, C, IN, GT, GR = (Space.TRONE, Space.ARMES, Space.TRESOR, Space.CHAPELLE, Space.INTENDANCE,
                          Space.GARDE_TOUR, Space.GARDE_REMPART)


def count(s: State, *answers: dict[str, Any]) -> State:
    """End p1's actions, answer the count's prompts in order, and return the state after his turn."""
    s = end_turn(s)
    for answer in answers:
        assert s.prompt is not None, f"no prompt for {answer}"
        s = act(s, P(s.prompt.player), answer)
    assert s.prompt is None and s.current.pid != "p1", "the count is still waiting"
    return s


def score(s: State, pid: str = "p1") -> tuple[int, ...]:
    return s.player(pid).score


def test_ex_1_a_single_room_majority_gives_one_case() -> None:
    s = position({"p1": [TR, TR, C, A], "p2": [TR, C], "p3": [TR, A]})
    assert score(count(s)) == (0, 0, 1, 0, 0)


def test_ex_2_the_king_blocks_his_room() -> None:
    s = position({"p1": [C, C], "p2": [C], "p3": [A]}, king=C)
    assert score(count(s)) == (0, 0, 0, 0, 0)


def test_ex_3_rg_3_three_rooms_conjugated_through_the_throne() -> None:
    s = position({"p1": [T, IN, TR], "p2": [C], "p3": [A]}, king=C)
    after = count(s)
    assert score(after) == (3, 0, 3, 0, 3)
    assert after.last_count is not None and after.last_count.groups == ((T, TR, IN),)
    s = position({"p1": [T, IN, TR], "p2": [C], "p3": [A]}, king=T)
    assert score(count(s)) == (0, 0, 1, 0, 1)


def test_ex_4_a_conseiller_breaks_a_tie_and_goes_back_at_the_end() -> None:
    s = position({"p1": [A], "p2": [A], "p3": [A]})
    s = act(s, P("p1"), {"type": "recruit"})
    s = act(s, P("p1"), {"type": "place_counsellor", "space": "ARMES"})
    assert s.reserve == 19 and s.turn.counsellors == (A,)
    after = count(s)
    assert score(after) == (0, 1, 0, 0, 0)
    assert after.reserve == 20 - sum(p.counsellors for p in after.players) == 20


@pytest.mark.parametrize(("alliance", "counsellor", "gain"), [(True, True, 1), (False, True, 0), (True, False, 0)])
def test_ex_5_rg_41_alliance_ignores_the_king_but_still_needs_the_majority(alliance: bool, counsellor: bool,
                                                                             gain: int) -> None:
    s = position({"p1": [C], "p2": [C], "p3": [A]}, king=C)
    if alliance:
        s = act(s, P("p1"), {"type": "play_card", "card": "ALLIANCE"})
    if counsellor:
        s = act(s, P("p1"), {"type": "recruit"})
        s = act(s, P("p1"), {"type": "place_counsellor", "space": "CHAPELLE"})
    assert score(count(s))[3] == gain


def test_rg_40_test_6_a_tie_gives_nothing_and_diplomatie_wins_one_chosen_tie() -> None:
    s = position({"p1": [A, IN], "p2": [A, IN], "p3": [C]})
    assert score(count(s)) == (0, 0, 0, 0, 0)
    s = act(s, P("p1"), {"type": "play_card", "card": "DIPLOMATIE"})
    s = end_turn(s)
    assert s.prompt is not None and s.prompt.kind == "diplomatie"
    assert refused(s, P("p1"), {"type": "choose_diplomatie", "space": "CHAPELLE"}) == "bad_choice"
    assert refused(s, P("p2"), {"type": "choose_diplomatie", "space": "ARMES"}) == "not_your_choice"
    s = act(s, P("p1"), {"type": "choose_diplomatie", "space": "ARMES"})
    assert score(s) == (0, 1, 0, 0, 0)


def test_rg_40_diplomatie_with_a_single_tie_needs_no_question() -> None:
    s = position({"p1": [A, T], "p2": [A], "p3": [C]})
    s = act(s, P("p1"), {"type": "play_card", "card": "DIPLOMATIE"})
    assert score(count(s)) == (0, 1, 0, 0, 0)  # TRONE is the King's: its lone majority counts nothing


@pytest.mark.parametrize(("agents", "king"), [
    ({"p1": [T], "p2": [T], "p3": [C]}, T),  # the tie is in the King's room
    ({"p1": [A], "p2": [C], "p3": [IN]}, T),  # nobody is level with him: no tie at all
])
def test_rg_40_diplomatie_does_nothing_in_the_kings_room_or_without_a_tie(agents: dict[str, list[Space]],
                                                                         king: Space) -> None:
    s = position(agents, king=king)  # type: ignore[arg-type]
    s = act(s, P("p1"), {"type": "play_card", "card": "DIPLOMATIE"})
    before = score(s)
    after = count(s)
    gained = [a - b for a, b in zip(score(after), before, strict=True)]
    assert gained == ([0, 1, 0, 0, 0] if agents["p1"] == [A] else [0] * 5)


def test_rg_40_diplomatie_may_win_a_guard_path() -> None:
    s = position({"p1": [GT, A], "p2": [GT], "p3": [C]})
    s = act(s, P("p1"), {"type": "play_card", "card": "DIPLOMATIE"})
    after = count(s, {"type": "choose_tower", "domain": "RELIGIEUX"})
    assert score(after) == (0, 1, 0, 1, 0)


def test_test_7_guard_paths_never_conjugate() -> None:
    s = position({"p1": [TR, C, GT], "p2": [A], "p3": [IN]})
    after = count(s, {"type": "choose_tower", "domain": "MILITAIRE"})
    assert score(after) == (0, 1, 1, 1, 0)
    assert after.last_count is not None and after.last_count.groups == ((TR,), (C,))


def test_test_8_the_king_breaks_a_chain() -> None:
    s = position({"p1": [A, TR, C, IN], "p2": [], "p3": []}, king=T)
    assert score(count(s)) == (0, 1, 1, 1, 1)
    s = position({"p1": [T, TR, C, IN], "p2": [A], "p3": []}, king=A)
    after = count(s)
    assert score(after) == (4, 0, 4, 4, 4)  # +4 each, stopped at the first threshold
    assert after.player("p1").tokens == 4 and len(after.board_tokens) == 11


def test_rg_28_test_9_the_rampart_never_takes_a_marker_off_its_track() -> None:
    s = position({"p1": [GR], "p2": [A], "p3": [C]}, scores={"p2": (1, 1, 1, 1, 1)})
    after = count(s)
    assert score(after, "p2") == (1, 1, 1, 1, 1)
    assert after.last_count is not None and after.last_count.rempart_wasted
    s = position({"p1": [GR], "p2": [A], "p3": [C]}, scores={"p2": (1, 2, 1, 1, 1)})
    after = count(s)
    assert score(after, "p2") == (1, 1, 1, 1, 1)  # a single target: no question
    assert after.last_count is not None and after.last_count.rempart == ("p2", Domain.MILITAIRE)


def test_rg_28_the_rampart_asks_when_there_is_a_choice() -> None:
    s = position({"p1": [GR], "p2": [A], "p3": [C]}, scores={"p2": (2, 2, 0, 0, 0), "p3": (0, 0, 3, 0, 0)})
    s = end_turn(s)
    assert s.prompt is not None and s.prompt.kind == "rempart"
    assert refused(s, P("p1"), {"type": "choose_rempart", "target": "p2", "domain": "FINANCIER"}) == "bad_choice"
    assert refused(s, P("p1"), {"type": "choose_rempart", "target": "p1", "domain": "POLITIQUE"}) == "bad_choice"
    s = act(s, P("p1"), {"type": "choose_rempart", "target": "p3", "domain": "FINANCIER"})
    assert score(s, "p3") == (0, 0, 2, 0, 0) and score(s, "p2") == (2, 2, 0, 0, 0)


def test_rg_50_test_10_a_neutral_tie_blocks_and_a_neutral_lead_denies() -> None:
    s = position({"p1": [A, TR, TR], "p2": [C], "p3": [IN]}, neutral=[A, TR, C, IN])
    s = end_turn(s)
    assert score(s) == (0, 0, 1, 0, 0)  # ARMES 1-1 with the neutral: blocked; TRESOR 2-1: won
    s = position({"p1": [C], "p2": [], "p3": []}, neutral=[C, C, A, IN])
    assert score(end_turn(s))[3] == 0


def test_rg_50_the_neutral_move_is_offered_once_after_the_action_phase() -> None:
    s = position({"p1": [A], "p2": [C], "p3": [IN]}, neutral=[A, TR, C, IN])
    assert refused(s, P("p1"), {"type": "move_neutral", "from_space": "ARMES", "to_space": "TRONE"}) == "wrong_phase"
    s = act(s, P("p1"), {"type": "end_actions"})
    assert s.phase == "neutral"
    assert refused(s, P("p2"), {"type": "skip_neutral"}) == "not_your_turn"
    assert refused(s, P("p1"), {"type": "move_neutral", "from_space": "TRONE", "to_space": "ARMES"}) == "no_agent_there"
    assert refused(s, P("p1"), {"type": "move_neutral", "from_space": "ARMES", "to_space": "CHAPELLE"}) == "not_adjacent"
    assert refused(s, P("p1"), {"type": "move_agent", "from_space": "ARMES", "to_space": "TRONE"}) == "wrong_phase"
    s = act(s, P("p1"), {"type": "move_neutral", "from_space": "ARMES", "to_space": "GARDE_REMPART"})
    assert s.neutral is not None and s.neutral.at(GR) == 1
    assert score(s) == (0, 1, 0, 0, 0)  # the neutral left ARMES before the count
    assert s.current.pid == "p2"


def test_rg_23_test_13_the_count_applies_all_gains_as_one_unit() -> None:
    s = position({"p1": [T, TR, GT], "p2": [C], "p3": [IN]}, king=A, scores={"p1": (4, 0, 1, 1, 1)})
    after = count(s, {"type": "choose_tower", "domain": "MILITAIRE"})
    assert score(after) == (6, 1, 3, 1, 1)


def test_rg_10_rg_68_a_conseiller_counts_on_a_guard_path_for_its_owner_only() -> None:
    s = position({"p1": [A], "p2": [GT], "p3": [C]})
    s = act(s, P("p1"), {"type": "recruit"})
    s = act(s, P("p1"), {"type": "place_counsellor", "space": "GARDE_TOUR"})
    s = end_turn(s)
    assert s.prompt is None and score(s) == (0, 1, 0, 0, 0)  # 1-1 on the tower: a tie
    s2 = position({"p1": [A, GT], "p2": [GT], "p3": [C]})
    s2 = act(s2, P("p1"), {"type": "recruit"})
    s2 = act(s2, P("p1"), {"type": "place_counsellor", "space": "GARDE_TOUR"})
    assert score(count(s2, {"type": "choose_tower", "domain": "POLITIQUE"})) == (1, 1, 0, 0, 0)


def test_rg_77_the_tower_choice_is_asked_even_when_blocked_and_the_lost_case_is_shown() -> None:
    s = position({"p1": [GT], "p2": [A], "p3": [C]}, scores={"p1": (4, 0, 0, 0, 0)})
    s = end_turn(s)
    assert s.prompt is not None and s.prompt.kind == "tower"
    s = act(s, P("p1"), {"type": "choose_tower", "domain": "POLITIQUE"})
    assert score(s) == (4, 0, 0, 0, 0)
    assert s.last_count is not None and s.last_count.lost == (1, 0, 0, 0, 0)

