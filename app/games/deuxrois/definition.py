"""Deux Rois pour un Royaume as the server hosts it: the `GameDefinition` the registry names.

Everything the shared layers ask of this game goes through here: its config,
its log codec, decide/evolve, the views per viewer kind, the timer, and the
regions of its pages (partials in templates/deuxrois/).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel

from app.games.deuxrois import commands, events
from app.games.deuxrois import game as engine
from app.games.deuxrois import views as deuxrois_views
from app.games.deuxrois.config import GameConfig
from app.games.deuxrois.state import GameState
from app.kernel.actor import Actor
from app.kernel.game import Pages, Region, StoredEventLike
from app.kernel.rules import Decision
from app.kernel.text import Text
from app.kernel.viewer import Viewer, ViewerKind

_P = "deuxrois/partials/"

PAGES: Pages = {
    "player": (
        Region("p-status", _P + "status.html", ("game",)),
        Region("p-alert", _P + "alert.html", ("alerts",)),
        Region("p-card", _P + "card.html", ("me", "is_general")),
        Region("p-event", _P + "event.html", ("active_event",)),
        Region("p-actions", _P + "actions.html",
               ("actions", "room", "lobby", "election", "requests", "prompts", "designation")),
        Region("p-room", _P + "room.html", ("room", "lobby", "designation", "election")),
        Region("p-info", _P + "info.html", ("knowledge", "feed", "result")),
    ),
    "moderator": (
        Region("m-status", _P + "status.html", ("game",)),
        Region("m-controls", _P + "mod_controls.html", ("game", "players", "reverts", "historique")),
        Region("m-rebinds", _P + "rebinds.html", ("rebinds",)),
        Region("m-event", _P + "event.html", ("active_event", "historique")),
        Region("m-players", _P + "players.html",
               ("players", "rooms", "elections", "designations", "bindings", "requests", "prompts", "presence")),
        Region("m-info", _P + "info.html", ("notes", "result")),
        Region("m-log", _P + "log.html", ("log",)),
    ),
    "screen": (
        Region("s-status", _P + "status.html", ("game",)),
        Region("s-event", _P + "event.html", ("active_event",)),
        Region("s-rooms", _P + "rooms.html", ("rooms", "lobby")),
        Region("s-info", _P + "info.html", ("result",)),
    ),
}

PAGE_TEMPLATES: Mapping[ViewerKind, str] = {
    "player": "deuxrois/phone/game.html",
    "moderator": "deuxrois/moderator/dashboard.html",
    "screen": "deuxrois/screen/screen.html",
}


class DeuxRois:
    """The main game; deadlines live in its state and its commands take the hub's clock."""

    id = "deuxrois"
    name = Text("Deux Rois pour un Royaume", "Deux Rois pour un Royaume")
    players = (6, 50)
    config_model: type[BaseModel] = GameConfig
    pages = PAGES
    page_templates = PAGE_TEMPLATES

    def new_game(self, config: BaseModel, seed: int, at: int) -> list[dict[str, Any]]:
        cfg = config if isinstance(config, GameConfig) else GameConfig.model_validate(config.model_dump())
        return [events.event_to_json(e) for e in engine.new_game(cfg, seed, at)]

    def replay(self, log: Sequence[StoredEventLike], config: Mapping[str, Any] | None = None) -> GameState:
        return engine.replay([events.event_from_json(e.payload) for e in log])

    def parse_command(self, raw: dict[str, Any]) -> Any:
        return commands.parse_command(raw)

    def command_to_json(self, command: Any) -> dict[str, Any]:
        return commands.command_to_json(command)

    def decide(self, state: GameState, command: Any, actor: Actor, at: int) -> Decision[GameState]:
        return engine.decide_state(state, command, actor, at)

    def evolve(self, state: GameState, event: Any, at: int) -> GameState:
        return engine.evolve(state, event)

    def event_to_json(self, event: Any) -> dict[str, Any]:
        return events.event_to_json(event)

    def event_from_json(self, payload: dict[str, Any]) -> Any:
        return events.event_from_json(payload)

    def over(self, state: GameState) -> bool:
        return bool(state.over)

    def joined(self, event: Any) -> str | None:
        return event.player_id if isinstance(event, events.PlayerJoined) else None

    def view_for(self, state: GameState, viewer: Viewer, rebinds: Sequence[str]) -> dict[str, Any]:
        if viewer.kind == "player":
            assert viewer.player_id is not None
            return deuxrois_views.player_view(state, viewer.player_id)
        if viewer.kind == "moderator":
            view = deuxrois_views.moderator_view(state)
            view["rebinds"] = [{"player_id": p, "name": state.name(p)} for p in rebinds]
            return view
        return deuxrois_views.screen_view(state)

    def next_deadline(self, state: GameState) -> int | None:
        return engine.next_deadline(state)

    def tick_command(self, state: GameState) -> dict[str, Any]:
        return {"type": "tick"}


GAME = DeuxRois()
