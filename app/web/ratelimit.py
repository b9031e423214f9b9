"""Token buckets per seat: a stuck finger or a script cannot flood the game."""

from __future__ import annotations

import time
from collections.abc import Callable


class TokenBucket:
    def __init__(self, capacity: float, rate: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.capacity = capacity
        self.rate = rate
        self.clock = clock
        self.tokens = capacity
        self.stamp = clock()

    def take(self) -> bool:
        now = self.clock()
        self.tokens = min(self.capacity, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class Limiter:
    """One bucket per key (game and seat); old buckets are forgotten once full again."""

    def __init__(self, capacity: float, rate: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.capacity = capacity
        self.rate = rate
        self.clock = clock
        self._buckets: dict[str, TokenBucket] = {}

    def allow(self, key: str, capacity: float | None = None, rate: float | None = None) -> bool:
        """Take a token from `key`'s bucket (made with this limiter's sizes unless given)."""
        bucket = self._buckets.get(key)
        if bucket is None:
            if len(self._buckets) > 10_000:
                self._forget_full()
            bucket = self._buckets[key] = TokenBucket(capacity or self.capacity, rate or self.rate, self.clock)
        return bucket.take()

    def _forget_full(self) -> None:
        now = self.clock()
        for key, b in list(self._buckets.items()):
            if b.tokens + (now - b.stamp) * b.rate >= b.capacity:
                del self._buckets[key]
