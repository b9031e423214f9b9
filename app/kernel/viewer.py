"""Who looks at a game: a seat's phone, the game master's dashboard, or the big screen."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

ViewerKind = Literal["player", "moderator", "screen"]
VIEWER_KINDS: tuple[ViewerKind, ...] = ("player", "moderator", "screen")


@dataclass(frozen=True, slots=True)
class Viewer:
    code: str
    kind: ViewerKind
    player_id: str | None = None
    lang: str = "fr"

    @property
    def key(self) -> tuple[str, str | None]:
        """Who sees the same view: two tabs of one seat share it."""
        return (self.kind, self.player_id)
