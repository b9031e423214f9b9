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

    def level(self) -> float:
        """The tokens in the bucket now (refilled since the last look)."""
        now = self.clock()
        self.tokens = min(self.capacity, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        return self.tokens

    def take(self) -> bool:
        if self.level() >= 1:
            self.tokens -= 1
            return True
        return False


MAX_BUCKETS = 50_000  # a sweep from many addresses cannot grow the table without end


class Limiter:
    """One bucket per key (game and seat, address); old buckets are forgotten once full again."""

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
            if len(self._buckets) > MAX_BUCKETS:  # still too many: the oldest go (insertion order)
                for old in list(self._buckets)[: len(self._buckets) // 2]:
                    del self._buckets[old]
            bucket = self._buckets[key] = TokenBucket(capacity or self.capacity, rate or self.rate, self.clock)
        return bucket.take()

    def spent(self, key: str) -> bool:
        """Whether `key`'s bucket has no whole token left; takes nothing."""
        bucket = self._buckets.get(key)
        return bucket is not None and bucket.level() < 1

    def _forget_full(self) -> None:
        now = self.clock()
        for key, b in list(self._buckets.items()):
            if b.tokens + (now - b.stamp) * b.rate >= b.capacity:
                del self._buckets[key]
