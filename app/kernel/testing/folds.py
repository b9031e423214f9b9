"""The work of a fold counted in events applied, not in seconds: a test can fail on it, on any machine."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from app.kernel.rules import Rules


class Applied:
    """Events applied so far (`count`), by every game's rules, within `events_applied`."""

    def __init__(self, limit: int) -> None:
        self.count = 0
        self.limit = limit


@contextmanager
def events_applied(limit: int) -> Iterator[Applied]:
    """Within: each `Rules.evolve` counts one; past `limit` it fails (a fold that folds the log again for
    each undo in it runs out long before it would end)."""
    applied = Applied(limit)
    evolve = Rules.evolve

    def counted(self: Rules[Any], state: Any, event: Any) -> Any:
        applied.count += 1
        if applied.count > applied.limit:
            raise AssertionError(f"more than {applied.limit} events applied: a log folded again and again")
        return evolve(self, state, event)

    Rules.evolve = counted  # type: ignore[method-assign]
    try:
        yield applied
    finally:
        Rules.evolve = evolve  # type: ignore[method-assign]
