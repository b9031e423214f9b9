"""The castle graph (RG-2, RG-3) and the tracks: values, gates, the fixpoint, tokens, losses (§1.5, §5 11-18)."""

from __future__ import annotations

import itertools
import random

import pytest

from app.games.regents.board import (
    DOMAINS,
    MOVE_ADJ,
    NEUTRAL_START,
    PATHS,
    ROOM_ADJ,
    ROOMS,
    SPACES,
    Domain,
    groups,
)
from app.games.regents.model import ALL_TOKENS
from app.games.regents.track import advance, can_step, gain_choices, lose, loss_choices, loss_of, total, value

POL, MIL, FIN, REL, ECO = DOMAINS
T, A, TR, C, IN, GT, GR = SPACES


def test_rg_2_the_throne_is_the_hub_and_the_guard_paths_run_along_the_sides() -> None:
    assert set(ROOM_ADJ[T]) == {A, TR, C, IN}
    for room in (A, TR, C, IN):
        assert ROOM_ADJ[room] == (T,)
    assert set(MOVE_ADJ[GT]) == {TR, C} and set(MOVE_ADJ[GR]) == {A, IN}
    assert set(MOVE_ADJ[TR]) == {T, GT} and set(MOVE_ADJ[A]) == {T, GR}
    assert PATHS == (GT, GR) and all(p not in ROOMS for p in PATHS)
    assert sum(len(v) for v in ROOM_ADJ.values()) == 2 * 4  # four room adjacencies, "A, B, C, D" (L206)
    assert set(NEUTRAL_START) == {A, TR, C, IN}
    for a in SPACES:  # both graphs are symmetric
        assert all(a in MOVE_ADJ[b] for b in MOVE_ADJ[a])


def test_rg_3_a_group_is_counted_through_the_throne_never_through_a_path() -> None:
    assert groups({T, IN, TR}) == [(T, TR, IN)]  # Ex 3: three rooms, one group
    assert groups({IN, TR}) == [(TR,), (IN,)]  # diagonal rooms are not adjacent
    assert groups({TR, C}) == [(TR,), (C,)]  # the tower path does not join them
    assert groups(set()) == []


@pytest.mark.parametrize(("case", "points"), [
    (0, 0), (1, 1), (4, 4), (6, 6), (7, 8), (8, 10), (9, 13), (10, 16), (11, 20), (12, 24), (13, 30), (14, 36),
    (16, 48),
])
def test_rg_4_case_values(case: int, points: int) -> None:
    assert value(case) == points


def test_rg_4_test_11_the_value_table() -> None:
    assert total((8, 7, 6, 5, 4)) == 10 + 8 + 6 + 5 + 4 == 33
    assert value(12) == 24 and value(14) == 36


def test_rg_22_test_12_gate_1_stops_at_case_4_and_takes_the_token() -> None:
    moved = advance((3, 1, 1, 0, 1), {POL: 2}, ALL_TOKENS)
    assert moved.after == (4, 1, 1, 0, 1)
    assert moved.lost == (1, 0, 0, 0, 0)  # RG-24
    assert moved.tokens == ((POL, 4),)


def test_rg_23_test_13_the_fixpoint_does_not_depend_on_the_order() -> None:
    start = (4, 0, 1, 1, 1)
    gains = {POL: 2, FIN: 2, MIL: 1}
    assert advance(start, gains, ALL_TOKENS).after == (6, 1, 3, 1, 1)
    for order in itertools.permutations(gains.items()):
        assert advance(start, dict(order), ALL_TOKENS).after == (6, 1, 3, 1, 1)


def test_rg_23_every_order_of_repeated_passes_reaches_the_fixpoint() -> None:
    rng = random.Random(5)
    for _ in range(200):
        start = tuple(rng.randint(0, 13) for _ in DOMAINS)
        gains = {d: rng.randint(0, 3) for d in DOMAINS}
        best = advance(start, gains, ALL_TOKENS).after
        for order in itertools.permutations(DOMAINS):  # apply domain by domain, in every order, repeatedly
            now = list(start)
            left = dict(gains)
            for _ in range(len(DOMAINS)):
                for d in order:
                    i = DOMAINS.index(d)
                    while left[d] and can_step(tuple(now), i):
                        now[i] += 1
                        left[d] -= 1
            assert tuple(now) == best


@pytest.mark.parametrize(("others", "expected"), [((4, 4, 4, 3), 8), ((4, 4, 4, 4), 9)])
def test_rg_22_test_14_gate_2(others: tuple[int, ...], expected: int) -> None:
    moved = advance((8, *others), {POL: 1}, ALL_TOKENS)
    assert moved.after[0] == expected


def test_rg_22_gate_3_needs_every_domain_at_case_8() -> None:
    assert advance((12, 8, 8, 8, 7), {POL: 1}, ALL_TOKENS).after[0] == 12
    assert advance((12, 8, 8, 8, 8), {POL: 1}, ALL_TOKENS).after[0] == 13


def test_rg_70_the_gates_read_the_same_for_the_domain_being_passed() -> None:
    assert can_step((4, 1, 1, 1, 1), 0) and not can_step((4, 1, 1, 1, 0), 0)
    assert can_step((5, 0, 0, 0, 0), 0)  # only passing a threshold case is gated


def test_rg_25_test_15_a_token_is_taken_by_passing_its_case() -> None:
    moved = advance((1, 1, 3, 1, 1), {FIN: 2}, ALL_TOKENS)
    assert moved.after == (1, 1, 5, 1, 1) and moved.tokens == ((FIN, 4),)
    gone = advance((1, 1, 3, 1, 1), {FIN: 2}, ALL_TOKENS - {(FIN, 4)})
    assert gone.after[2] == 5 and gone.tokens == ()


def test_rg_27_test_17_the_end_bonus_ignores_the_gates_and_takes_tokens() -> None:
    assert advance((4, 0, 0, 0, 0), {POL: 2}, ALL_TOKENS, gated=False).after[0] == 6
    moved = advance((7, 0, 0, 0, 0), {POL: 2}, ALL_TOKENS, gated=False)
    assert moved.after[0] == 9 and moved.tokens == ((POL, 8),)


@pytest.mark.parametrize(("start", "choice", "after"), [
    ((1, 1, 0, 0, 0), (POL, MIL), (0, 0, 0, 0, 0)),
    ((1, 0, 0, 0, 0), (POL,), (0, 0, 0, 0, 0)),
    ((3, 0, 0, 0, 0), (POL,), (1, 0, 0, 0, 0)),
])
def test_rg_16_test_18_losses(start: tuple[int, ...], choice: tuple[Domain, ...], after: tuple[int, ...]) -> None:
    assert choice in loss_choices(start)
    assert lose(start, loss_of(start, choice)) == after


def test_rg_74_no_loss_is_wasted_on_an_empty_marker() -> None:
    assert loss_choices((0, 0, 0, 0, 0)) == []
    assert loss_choices((1, 0, 0, 0, 0)) == [(POL,)]
    assert loss_choices((1, 1, 0, 0, 0)) == [(POL, MIL)]  # −2 on a marker at 1 would waste a case
    assert set(loss_choices((2, 1, 0, 0, 0))) == {(POL,), (POL, MIL)}
    for choice in loss_choices((3, 1, 2, 0, 1)):
        assert sum((3, 1, 2, 0, 1)) - sum(lose((3, 1, 2, 0, 1), loss_of((3, 1, 2, 0, 1), choice))) == 2


def test_rg_63_a_marker_that_drops_keeps_its_token_and_is_gated_again() -> None:
    assert lose((5, 1, 1, 1, 1), {POL: 2}) == (3, 1, 1, 1, 1)
    again = advance((3, 1, 1, 1, 0), {POL: 2}, ALL_TOKENS - {(POL, 4)})
    assert again.after[0] == 4 and again.tokens == ()


def test_rg_67_a_gain_is_one_domain_plus_2_or_two_domains_plus_1() -> None:
    choices = gain_choices()
    assert len(choices) == 5 + 10
    assert all(len(c) in (1, 2) and len(set(c)) == len(c) for c in choices)
