"""What many viewers ask of one state, computed once: per-state memos and caches by identity.

A fan-out builds up to 52 views of one state, and each asks the same things (a room's roster, who
a reveal guard bars, the powers a player holds, the alerts the last events make). A state is an
immutable value: it carries an empty dict (`GameState.memo`, not data, left out of comparisons),
where `per_state` keeps what a function answered for it, so the next viewer reads the answer.

Parts that stay the same from one state to the next (a feed item said in words, a line of the
journal, a room's roster) are kept by the identity of the immutable objects they are made of
(`Keep`): a new state that holds the very same objects gets the very same answer, also the same
object, so comparing yesterday's view with today's is quick too.

Every memo returns a shared object: callers read it and never change it (copy first). With
`straight()` (the equivalence test) nothing is memoised: every view is computed the straightforward
way, and the test compares the two over random games (tests/deuxrois/test_views_memo.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import wraps
from operator import is_
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, TypeVar, cast

if TYPE_CHECKING:
    from app.games.deuxrois.state import GameState

P = ParamSpec("P")
R = TypeVar("R")
T = TypeVar("T")
_MISSING: Any = object()
_enabled = True


def enabled() -> bool:
    return _enabled


@contextmanager
def straight() -> Iterator[None]:
    """Within: no memo, no cache; every answer is computed again (what the optimised views must equal)."""
    global _enabled
    before, _enabled = _enabled, False
    try:
        yield
    finally:
        _enabled = before


def per_state(fn: Callable[Concatenate[GameState, P], R]) -> Callable[Concatenate[GameState, P], R]:
    """`fn(state, *args)` computed once per state and arguments (hashable), kept in `state.memo`."""

    @wraps(fn)
    def memoised(state: GameState, *args: P.args, **kwargs: P.kwargs) -> R:
        if not _enabled or kwargs:
            return fn(state, *args, **kwargs)
        key = (memoised, *args)
        memo = state.memo
        value = memo.get(key, _MISSING)
        if value is _MISSING:
            value = memo[key] = fn(state, *args, **kwargs)
        return value  # type: ignore[no-any-return]

    return cast(Callable[Concatenate["GameState", P], R], memoised)


class Keep:
    """Values made from a few immutable objects, kept while those very objects come back.

    `get(inputs, compute)`: the value kept for the same objects (`is`, never `==`, so a new state's
    fresh but equal object is simply computed again), else `compute()`; `of(obj, compute)` the same
    for one input. An entry holds its inputs, so their ids cannot be reused while it lives. Two
    generations bound it: past `size` new entries the older generation is dropped, and an entry read
    from it moves to the young one, so what the live games keep asking for stays (at most 2 x `size`).
    """

    __slots__ = ("_old", "_young", "size")

    def __init__(self, size: int = 4096) -> None:
        self._young: dict[tuple[int, ...], tuple[tuple[object, ...], Any]] = {}
        self._old: dict[tuple[int, ...], tuple[tuple[object, ...], Any]] = {}
        self.size = size

    def of(self, obj: T, compute: Callable[[T], R]) -> R:
        """`compute(obj)`, kept while `obj` itself comes back (the one-input case, on the hot paths)."""
        if not _enabled:
            return compute(obj)
        key = (id(obj),)
        hit = self._young.get(key) or self._old.get(key)
        if hit is not None and hit[0][0] is obj:
            if key not in self._young:
                self._put(key, hit)
            return hit[1]  # type: ignore[no-any-return]
        value = compute(obj)
        self._put(key, ((obj,), value))
        return value

    def get(self, inputs: tuple[object, ...], compute: Callable[[], R]) -> R:
        if not _enabled:
            return compute()
        key = tuple(map(id, inputs))
        hit = self._young.get(key) or self._old.get(key)
        if hit is not None and all(map(is_, hit[0], inputs)):
            if key not in self._young:
                self._put(key, hit)
            return hit[1]  # type: ignore[no-any-return]
        value = compute()
        self._put(key, (inputs, value))
        return value

    def peek(self, inputs: tuple[object, ...]) -> Any:
        """The value kept for these very objects, or None (nothing is computed)."""
        if not _enabled:
            return None
        key = tuple(map(id, inputs))
        hit = self._young.get(key) or self._old.get(key)
        return hit[1] if hit is not None and all(map(is_, hit[0], inputs)) else None

    def _put(self, key: tuple[int, ...], entry: tuple[tuple[object, ...], Any]) -> None:
        if len(self._young) >= self.size:
            self._old, self._young = self._young, {}
        self._young[key] = entry
