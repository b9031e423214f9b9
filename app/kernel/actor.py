"""Who sends a command: a seated (or joining) player, the game master, or the system (timers)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

ActorKind = Literal["player", "moderator", "system"]


@dataclass(frozen=True, slots=True)
class Actor:
    kind: ActorKind
    player_id: str | None = None

    @staticmethod
    def player(pid: str) -> Actor:
        return Actor("player", pid)

    @staticmethod
    def moderator() -> Actor:
        return Actor("moderator")

    @staticmethod
    def system() -> Actor:
        return Actor("system")

    @property
    def key(self) -> str:
        """One string per actor, for idempotency keys."""
        return f"{self.kind}:{self.player_id or ''}"


def me(actor: Actor) -> str:
    """The acting player's id (the gate guarantees it exists for player commands)."""
    assert actor.player_id is not None
    return actor.player_id
