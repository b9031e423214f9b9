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
    fresh but equal object is simply computed again), else `compute()`. The entry holds its inputs, so
    their ids cannot be reused while it lives; the whole store is dropped past `size` entries.
    """

    __slots__ = ("_entries", "size")

    def __init__(self, size: int = 4096) -> None:
        self._entries: dict[tuple[int, ...], tuple[tuple[object, ...], Any]] = {}
        self.size = size

    def of(self, obj: T, compute: Callable[[T], R]) -> R:
        """`compute(obj)`, kept while `obj` itself comes back (the one-input case, on the hot paths)."""
        if not _enabled:
            return compute(obj)
        hit = self._entries.get((id(obj),))
        if hit is not None and hit[0][0] is obj:
            return hit[1]  # type: ignore[no-any-return]
        value = compute(obj)
        if len(self._entries) >= self.size:
            self._entries.clear()
        self._entries[(id(obj),)] = ((obj,), value)
        return value

    def get(self, inputs: tuple[object, ...], compute: Callable[[], R]) -> R:
        if not _enabled:
            return compute()
        key = tuple(map(id, inputs))
        hit = self._entries.get(key)
        if hit is not None and all(a is b for a, b in zip(hit[0], inputs, strict=True)):
            return hit[1]  # type: ignore[no-any-return]
        value = compute()
        if len(self._entries) >= self.size:
            self._entries.clear()
        self._entries[key] = (inputs, value)
        return value
