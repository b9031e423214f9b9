"""The seam between the live loop and a game's rules: one Hub, several engines.

The hub only speaks to a `Variant`: build the first events, fold stored events
(with the time each was written, for engines that do not keep a clock), parse
and decide a command, turn events to and from JSON, compute one viewer's view,
and say when the next timer runs out and which command it sends then.
`variant_for` picks the implementation from the games table's `variant` column.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from app.games.deuxrois import commands as classic_commands
from app.games.deuxrois import events as classic_events
from app.games.deuxrois import game as classic_game
from app.games.deuxrois import views as classic_views
from app.games.deuxrois.game import Actor
from app.live.connection import Viewer
from app.store.repository import StoredEvent

DEBARQUEMENT = "debarquement"


class Variant(Protocol):
    name: str

    def new_game(self, config: Any, seed: int, at: int) -> list[dict[str, Any]]:
        """The first events' JSON payloads of a new game."""
        ...

    def replay(self, events: Sequence[StoredEvent]) -> Any: ...
    def parse_command(self, raw: dict[str, Any]) -> Any: ...
    def decide(self, state: Any, command: Any, actor: Actor, at: int) -> list[Any]: ...
    def evolve(self, state: Any, event: Any, at: int) -> Any: ...
    def event_to_json(self, event: Any) -> dict[str, Any]: ...
    def event_from_json(self, payload: dict[str, Any]) -> Any: ...
    def over(self, state: Any) -> bool: ...

    def view_for(self, state: Any, viewer: Viewer, rebinds: Sequence[str]) -> dict[str, Any]:
        """Everything `viewer` may know now: the only door for secrets."""
        ...

    def next_deadline(self, state: Any) -> int | None:
        """Epoch ms when the running timer ends, or None."""
        ...

    def tick_command(self, state: Any) -> dict[str, Any]:
        """What the system sends when that timer ends."""
        ...


class Classic:
    """The main game: deadlines live in its state, its commands take the hub's clock."""

    name = "classic"

    def new_game(self, config: Any, seed: int, at: int) -> list[dict[str, Any]]:
        return [classic_events.event_to_json(e) for e in classic_game.new_game(config, seed, at)]

    def replay(self, events: Sequence[StoredEvent]) -> Any:
        return classic_game.replay([classic_events.event_from_json(e.payload) for e in events])

    def parse_command(self, raw: dict[str, Any]) -> Any:
        return classic_commands.parse_command(raw)

    def decide(self, state: Any, command: Any, actor: Actor, at: int) -> list[Any]:
        return classic_game.decide(state, command, actor, at)

    def evolve(self, state: Any, event: Any, at: int) -> Any:
        return classic_game.evolve(state, event)

    def event_to_json(self, event: Any) -> dict[str, Any]:
        return classic_events.event_to_json(event)

    def event_from_json(self, payload: dict[str, Any]) -> Any:
        return classic_events.event_from_json(payload)

    def over(self, state: Any) -> bool:
        return bool(state.over)

    def view_for(self, state: Any, viewer: Viewer, rebinds: Sequence[str]) -> dict[str, Any]:
        if viewer.kind == "player":
            assert viewer.player_id is not None
            return classic_views.player_view(state, viewer.player_id)
        if viewer.kind == "moderator":
            view = classic_views.moderator_view(state)
            view["rebinds"] = [{"player_id": p, "name": state.name(p)} for p in rebinds]
            return view
        return classic_views.screen_view(state)

    def next_deadline(self, state: Any) -> int | None:
        return classic_game.next_deadline(state)

    def tick_command(self, state: Any) -> dict[str, Any]:
        return {"type": "tick"}


def variant_for(name: str, config: Mapping[str, Any]) -> Variant:
    """The rules a stored game runs on; "historique" and anything older are the main game."""
    if name == DEBARQUEMENT:
        from app.live.debarquement import Debarquement

        return Debarquement(config)
    return Classic()
