"""Who a change concerns: the viewers whose view it may alter. Everyone else's page stays as it is.

A 50-player game changes two or three views per tap (a reveal concerns the two players and the
game master), so the hub rebuilds only the views of the change's audience. A game that does not
know better says `EVERYONE`; a game that narrows it proves the narrowing with the scan of
`app.kernel.testing.audience` (a viewer left out must see exactly the same page).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from app.kernel.viewer import Viewer


@dataclass(frozen=True, slots=True)
class Audience:
    everyone: bool = False
    players: frozenset[str] = frozenset()
    moderator: bool = False
    screen: bool = False

    def __or__(self, other: Audience) -> Audience:
        if self.everyone or other.everyone:
            return EVERYONE
        return Audience(False, self.players | other.players, self.moderator or other.moderator,
                        self.screen or other.screen)

    def concerns(self, viewer: Viewer) -> bool:
        if self.everyone:
            return True
        if viewer.kind == "player":
            return viewer.player_id in self.players
        return self.moderator if viewer.kind == "moderator" else self.screen


EVERYONE = Audience(everyone=True)
MODERATOR = Audience(moderator=True)
SCREEN = Audience(screen=True)


def seats(ids: Iterable[str | None]) -> Audience:
    """These players' phones (None, an actor without a seat, is nobody)."""
    return Audience(players=frozenset(i for i in ids if i is not None))
