"""The 4th-round bonus and the final scoring (L164-L166, L218-L234; §5 29-30; RG-27, RG-31, RG-32, RG-46, RG-47)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from app.games.regents.board import Domain
from app.games.regents.events import Standing
from app.games.regents.model import State
from app.games.regents.scoring import alone_at_top, fourth_turn

from .helpers import end_turn, position, set_player

EMPTY: dict[str, list[Any]] = {"p1": [], "p2": [], "p3": []}  # nobody wins anything at the last counts


def last_turn_of(round: int, scores: dict[str, tuple[int, ...]], **kw: Any) -> State:
    return position(dict(EMPTY), round=round, active=2, scores=scores, **kw)


def test_rg_31_rg_32_test_29_one_conseiller_per_domain_led_alone() -> None:
    s = last_turn_of(4, {"p1": (2, 1, 0, 0, 0), "p2": (1, 1, 0, 0, 1), "p3": (0, 0, 0, 0, 0)})
    assert alone_at_top(s) == {Domain.POLITIQUE: "p1", Domain.ECONOMIQUE: "p2"}  # MILITAIRE tied, the rest at 0
    after = end_turn(s)
    assert after.round == 5 and after.current.pid == "p1"
    assert [after.player(p).counsellors for p in ("p1", "p2", "p3")] == [1, 1, 0]
    two = end_turn(last_turn_of(4, {"p1": (2, 1, 0, 0, 0), "p2": (0, 0, 0, 0, 0), "p3": (0, 0, 0, 0, 0)}))
    assert two.player("p1").counsellors == 2 and two.reserve == 18
    none = end_turn(last_turn_of(4, {"p1": (0,) * 5, "p2": (0,) * 5, "p3": (0,) * 5}))
    assert all(p.counsellors == 0 for p in none.players)
    third = end_turn(last_turn_of(3, {"p1": (2, 1, 0, 0, 0), "p2": (0,) * 5, "p3": (0,) * 5}))
    assert third.player("p1").counsellors == 0  # only after round 4


def test_rg_31_the_per_player_switch() -> None:
    s = last_turn_of(4, {"p1": (2, 1, 0, 0, 0), "p2": (0,) * 5, "p3": (0,) * 5}, fourth_turn_bonus="per_player")
    assert end_turn(s).player("p1").counsellors == 1


def test_rg_32_a_short_reserve_is_handed_out_one_at_a_time_in_turn_order() -> None:
    s = last_turn_of(4, {"p1": (3, 3, 0, 0, 0), "p2": (0, 0, 3, 3, 0), "p3": (0, 0, 0, 0, 3)})
    s = replace(s, reserve=4)
    s = set_player(s, "p1", counsellors=16)
    assert fourth_turn(s).given == {"p1": 2, "p2": 1, "p3": 1}
    s = replace(s, reserve=2)
    assert fourth_turn(s).given == {"p1": 1, "p2": 1}


def standings(s: State) -> dict[str, Standing]:
    assert s.phase == "over" and s.result is not None
    return {st.player: st for st in s.result.standings}


def test_rg_46_test_30_domain_bonus_then_the_sole_lead_then_tokens_and_conseillers() -> None:
    # domains: p1 POLITIQUE, p2 MILITAIRE, p3 FINANCIER (all still secret)
    s = last_turn_of(8, {"p1": (3, 0, 0, 0, 0), "p2": (3, 0, 0, 0, 0), "p3": (0, 0, 0, 0, 0)})
    s = set_player(s, "p3", counsellors=2)
    end = end_turn(s)
    st = standings(end)
    assert end.player("p1").score == (5, 0, 0, 0, 0)  # +2 past the gate: no thresholds at the end (L222)
    assert end.player("p1").tokens == 1  # RG-27: the POLITIQUE case 4 token, crossed by the bonus
    assert (st["p1"].tracks, st["p1"].lead_bonus, st["p1"].tokens, st["p1"].total) == (5, 3, 1, 9)
    assert (st["p2"].tracks, st["p2"].lead_bonus, st["p2"].total) == (5, 3, 8)
    assert (st["p3"].tracks, st["p3"].lead_bonus, st["p3"].counsellors, st["p3"].total) == (2, 3, 2, 7)
    assert end.result is not None and end.result.winners == ("p1",) and end.result.decided_by == "points"
    assert all(p.domain_public for p in end.players)


def test_rg_46_a_tie_for_the_lead_of_ones_domain_gives_nothing() -> None:
    s = last_turn_of(8, {"p1": (1, 0, 0, 0, 0), "p2": (3, 0, 0, 0, 0), "p3": (0, 0, 0, 0, 0)})
    s = set_player(s, "p1", domain_round=2)  # revealed early: no +2 (RG-45)
    st = standings(end_turn(s))
    assert st["p1"].tracks == 1 and st["p1"].lead_bonus == 0  # p2 leads POLITIQUE
    s = last_turn_of(8, {"p1": (1, 0, 0, 0, 0), "p2": (3, 0, 0, 0, 0), "p3": (0, 0, 0, 0, 0)})
    st = standings(end_turn(s))
    assert st["p1"].tracks == 3 and st["p1"].lead_bonus == 0  # 3 after the bonus: level with p2


@pytest.mark.parametrize(("tokens", "winners", "decided_by"), [((2, 0), ("p1",), "tokens"),
                                                               ((1, 1), ("p1", "p2"), "shared")])
def test_rg_47_ties_go_to_the_tokens_then_are_shared(tokens: tuple[int, int], winners: tuple[str, ...],
                                                     decided_by: str) -> None:
    s = last_turn_of(8, {"p1": (1, 0, 0, 0, 0), "p2": (0, 1, 0, 0, 0), "p3": (0, 0, 0, 0, 0)})
    for pid in ("p1", "p2", "p3"):
        s = set_player(s, pid, domain_round=1)
    s = set_player(s, "p1", tokens=tokens[0], counsellors=2 - tokens[0])
    s = set_player(s, "p2", tokens=tokens[1], counsellors=2 - tokens[1])
    s = replace(s, board_tokens=frozenset(list(s.board_tokens)[: 15 - sum(tokens)]), reserve=16)
    end = end_turn(s)
    st = standings(end)
    assert st["p1"].total == st["p2"].total == 6  # 1 + 3 + 2, tokens counted as points too (L229)
    assert end.result is not None and end.result.winners == winners and end.result.decided_by == decided_by


def test_the_end_comes_after_the_last_players_eighth_turn_only() -> None:
    s = position(dict(EMPTY), round=8, active=1, scores={})
    s = end_turn(s)
    assert s.phase == "actions" and s.current.pid == "p3"
    assert end_turn(s).phase == "over"
