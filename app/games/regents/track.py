"""The influence tracks: case values (RG-4, RG-5), threshold gates (RG-22, RG-70), the fixpoint (RG-23).

Scores are cases (steps taken), one tuple of 5 ints in `DOMAINS` order; a
marker starts off the track at case 0 (RG-6). Gains are applied together,
step by step, until nothing more can move: each step only makes the gates
easier, so the result does not depend on the order and is the most a player
could reach. What a gate blocks is lost (RG-24).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from app.games.regents.board import DOMAINS, Domain

Scores = tuple[int, ...]
THRESHOLDS: tuple[int, ...] = (4, 8, 12)  # the text's "cases 4, 10 et 24" are the 4th, 8th, 12th cases
_VALUES = (0, 1, 2, 3, 4, 5, 6, 8, 10, 13, 16, 20, 24)
ZERO: Scores = (0, 0, 0, 0, 0)


def value(case: int) -> int:
    """The printed value of a case, which is also its points at the end (L224)."""
    return _VALUES[case] if case <= 12 else 24 + 6 * (case - 12)


def total(scores: Scores) -> int:
    return sum(value(c) for c in scores)


def can_step(scores: Scores, d: int) -> bool:
    """May the marker of domain index `d` move one case forward (L134)?"""
    k = scores[d]
    if k == 4:
        return all(c >= 1 for i, c in enumerate(scores) if i != d)
    if k == 8:
        return all(c >= 4 for c in scores)
    if k == 12:
        return all(c >= 8 for c in scores)
    return True


@dataclass(frozen=True, slots=True)
class Advance:
    after: Scores
    tokens: tuple[tuple[Domain, int], ...]  # (domain, threshold case) taken, in the order reached
    lost: tuple[int, ...]  # cases a gate blocked, per domain


def advance(scores: Scores, gains: Mapping[Domain, int], board_tokens: frozenset[tuple[Domain, int]],
            *, gated: bool = True) -> Advance:
    """Apply all the gains of one event as a unit (RG-23), taking the tokens reached (RG-25)."""
    now = list(scores)
    left = [gains.get(d, 0) for d in DOMAINS]
    present = set(board_tokens)
    taken: list[tuple[Domain, int]] = []
    moved = True
    while moved:
        moved = False
        for i, d in enumerate(DOMAINS):
            while left[i] > 0 and (not gated or can_step(tuple(now), i)):
                now[i] += 1
                left[i] -= 1
                moved = True
                if (d, now[i]) in present:
                    present.discard((d, now[i]))
                    taken.append((d, now[i]))
    return Advance(tuple(now), tuple(taken), tuple(left))


def lose(scores: Scores, losses: Mapping[Domain, int]) -> Scores:
    """Markers go back, never below 0; tokens and passed gates stay (RG-16, RG-63)."""
    return tuple(max(0, c - losses.get(d, 0)) for d, c in zip(DOMAINS, scores, strict=True))


def split(domains: tuple[Domain, ...], amount: int = 2) -> dict[Domain, int]:
    """A "2 cases" split (RG-67): one domain gets both, two different domains get one each."""
    if len(domains) == 1:
        return {domains[0]: amount}
    return {d: 1 for d in domains}


def gain_choices() -> list[tuple[Domain, ...]]:
    """Every way to take 2 cases: +2 on one domain, or +1 on two different ones."""
    singles: list[tuple[Domain, ...]] = [(d,) for d in DOMAINS]
    pairs: list[tuple[Domain, ...]] = [(a, b) for i, a in enumerate(DOMAINS) for b in DOMAINS[i + 1:]]
    return singles + pairs


def loss_choices(scores: Scores) -> list[tuple[Domain, ...]]:
    """The ways to lose min(2, cases held), none wasted on an empty marker (RG-16, RG-74)."""
    held = sum(scores)
    if held == 0:
        return []
    if held == 1:
        return [tuple(d for d, c in zip(DOMAINS, scores, strict=True) if c >= 1)]
    singles: list[tuple[Domain, ...]] = [(d,) for d, c in zip(DOMAINS, scores, strict=True) if c >= 2]
    nonzero = [d for d, c in zip(DOMAINS, scores, strict=True) if c >= 1]
    pairs: list[tuple[Domain, ...]] = [(a, b) for i, a in enumerate(nonzero) for b in nonzero[i + 1:]]
    return singles + pairs


def loss_of(scores: Scores, choice: tuple[Domain, ...]) -> dict[Domain, int]:
    """The cases a loss choice takes (a single domain loses 2, or 1 when that is all the player holds)."""
    if len(choice) == 1:
        return {choice[0]: min(2, scores[DOMAINS.index(choice[0])])}
    return {d: 1 for d in choice}
