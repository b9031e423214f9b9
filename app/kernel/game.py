"""The contract between a game's folder and the shared layers (`live`, `store`, `web`).

A game's `__init__.py` builds one object with this shape; `app.games` maps
the game id to it. The hub and the routes call only these members, so adding
a game touches only its folder (docs/adding-a-game.md).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from pydantic import BaseModel

from app.kernel.actor import Actor
from app.kernel.rules import Decision
from app.kernel.text import Text
from app.kernel.viewer import Viewer, ViewerKind


class StoredEventLike(Protocol):
    """An event as the log keeps it: its JSON payload and when it was written (epoch ms)."""

    @property
    def payload(self) -> dict[str, Any]: ...

    @property
    def at(self) -> int: ...


@dataclass(frozen=True, slots=True)
class Region:
    """One part of a page: a stable DOM id, the partial that renders it, the view keys it reads.

    A region is re-rendered only when one of its keys changed for that viewer,
    and identical inputs (public parts) render once per fan-out.
    """

    id: str  # never a role name: the DOM must not tell a role
    template: str
    keys: tuple[str, ...]


Pages = Mapping[ViewerKind, tuple[Region, ...]]


class GameDefinition(Protocol):
    """Everything the shared layers may ask of one game."""

    id: str  # the games table's `game` column, and the folder's name
    name: Text
    players: tuple[int, int]  # fewest and most seats
    config_model: type[BaseModel]  # what the game master picks on the home page
    pages: Pages  # per viewer kind, the regions of its page
    page_templates: Mapping[ViewerKind, str]  # the full page per viewer kind (lobby included)

    def new_game(self, config: BaseModel, seed: int, at: int) -> list[dict[str, Any]]:
        """The first events' JSON payloads of a new game."""
        ...

    def replay(self, log: Sequence[StoredEventLike], config: Mapping[str, Any] | None = None) -> Any:
        """The state a stored log folds to, with the config stored beside it."""
        ...

    def parse_command(self, raw: dict[str, Any]) -> Any: ...
    def command_to_json(self, command: Any) -> dict[str, Any]: ...

    def decide(self, state: Any, command: Any, actor: Actor, at: int) -> Decision[Any]:
        """The events and the state they lead to; raises EngineError (nothing changes)."""
        ...

    def evolve(self, state: Any, event: Any, at: int) -> Any: ...
    def event_to_json(self, event: Any) -> dict[str, Any]: ...
    def event_from_json(self, payload: dict[str, Any]) -> Any: ...
    def over(self, state: Any) -> bool: ...

    def joined(self, event: Any) -> str | None:
        """The seat id an event gives a newcomer (the store keeps its token with it), or None."""
        ...

    def view_for(self, state: Any, viewer: Viewer, rebinds: Sequence[str]) -> dict[str, Any]:
        """Everything `viewer` may know now: the only door for secrets."""
        ...

    def next_deadline(self, state: Any) -> int | None:
        """Epoch ms when the running timer ends, or None."""
        ...

    def tick_command(self, state: Any) -> dict[str, Any]:
        """What the system sends when that timer ends."""
        ...
