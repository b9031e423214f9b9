"""Deux Rois pour un Royaume as the server hosts it: the `GameDefinition` the registry names.

Everything the shared layers ask of this game goes through here: its config,
its log codec, decide/evolve, the views per viewer kind, the timer, and the
regions of its pages (partials in templates/deuxrois/).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pydantic import BaseModel, ValidationError

from app.games.deuxrois import commands, events
from app.games.deuxrois import game as engine
from app.games.deuxrois import views as deuxrois_views
from app.games.deuxrois.action_forms import (
    build,
    grouped,
    known_once,
    log_items,
    mate_forms,
    names_in,
    say_kept,
)
from app.games.deuxrois.actions import MATE_KEYS
from app.games.deuxrois.audience import audience
from app.games.deuxrois.config import GameConfig
from app.games.deuxrois.debrief import debrief
from app.games.deuxrois.debrief_svg import graph_svg, timeline_svg
from app.games.deuxrois.export import to_scenario
from app.games.deuxrois.state import GameState
from app.games.deuxrois.undo_preview import undo_preview
from app.kernel.actor import Actor
from app.kernel.audience import Audience
from app.kernel.game import Feed, JoinField, Pages, RebindBy, Region, StoredEventLike
from app.kernel.rules import Decision
from app.kernel.seats import door_view, lobby_keys
from app.kernel.text import EngineError, Text
from app.kernel.viewer import Viewer

_P = "deuxrois/partials/"

PAGES: Pages = {
    # The calm screen, top to bottom; the moments lie over it, one at a time (moments.py).
    "player": (
        Region("p-status", _P + "status.html", ("game",)),
        Region("p-moment", _P + "moment.html", ("moments", "room")),  # its deadlines are its own
        Region("p-result", _P + "result.html", ("result", "my_result")),
        Region("p-card", _P + "card.html", ("me", "is_general"), kept=True),
        Region("p-event", _P + "event.html", ("active_event",)),
        Region("p-room", _P + "room.html", ("room", "lobby", "designation", "election", "game")),
        # My actions in parts, each read from its own keys, so that one new request re-renders no more
        # than it changes: what waits for me now; the room-mates' boxes (24 of them, about 30 KB at 50
        # players) in pages of four (a request changes one box: one page); then showing my card to the
        # room, leaving, and my powers. Players are named from every seat's name (views.names).
        Region("p-actions", _P + "actions.html", ("actions_now", "names")),
        *(Region(f"p-mates-{n}", _P + "mates.html", (key,)) for n, key in enumerate(MATE_KEYS, start=1)),
        Region("p-powers", _P + "powers.html", ("actions_more", "names", "room"), kept=True),
        Region("p-info", _P + "info.html", ("knowledge", "feed")),
    ),
    "moderator": (
        Region("m-status", _P + "status.html", ("game",)),
        Region("m-controls", _P + "mod_controls.html", ("game", "players", "reverts", "historique", "door")),
        Region("m-undo", _P + "mod_undo.html", ("version",)),
        Region("m-rebinds", _P + "rebinds.html", ("rebinds",)),
        Region("m-event", _P + "event.html", ("active_event", "historique")),
        Region("m-players", _P + "players.html", ("players", "grimoire", "presence", "game")),
        Region("m-pending", _P + "pending.html", ("pending",)),
        Region("m-info", _P + "info.html", ("notes", "result")),
        Region("m-log", _P + "log.html", ("log",), feed=Feed(_P + "log_feed.html", deuxrois_views.LOG_LINES)),
    ),
    "screen": (
        Region("s-status", _P + "status.html", ("game",)),
        Region("s-banner", _P + "banner.html", ("banner",)),
        Region("s-event", _P + "event.html", ("active_event",)),
        Region("s-rooms", _P + "rooms.html", ("rooms", "lobby", "door")),
        Region("s-info", _P + "screen_result.html", ("result",)),
    ),
}

PAGE_TEMPLATES: Mapping[str, str] = {
    "player": "deuxrois/phone/game.html",
    "moderator": "deuxrois/moderator/dashboard.html",
    "screen": "deuxrois/screen/screen.html",
    "lobby": "deuxrois/phone/lobby.html",
    "joined": "deuxrois/phone/joined.html",
    "waiting": "deuxrois/phone/waiting.html",
    "created": "deuxrois/created.html",
    "create_form": "deuxrois/create_form.html",
    "undo_preview": "deuxrois/partials/undo_preview.html",
}
def action_forms(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The view's legal actions as the buttons and fields the phone shows (action_forms.build)."""
    actions = view.get("actions") or ()
    if not actions:  # most moments (a card seen, a reveal refused) answer nothing: no rosters to walk
        return []
    names = names_in(view)
    return [build(a, names) for a in actions]


PICTURES = {"graph": graph_svg, "timeline": timeline_svg}
BAD_CONFIG = Text("Réglages invalides : vérifiez les tours et les minuteurs.",
                  "Invalid settings: check the rounds and timers.")
# Mode Historique's event 14 (the eldest of each room) asks each player's year of birth, privately.
BIRTH_YEAR = JoinField("birth_year", 1900, 2100, Text("L'année de naissance doit être entre 1900 et 2100.",
                                                       "The year of birth must be between 1900 and 2100."))


def config_from_form(form: Mapping[str, str]) -> GameConfig:
    """The home page's fields: rounds, negotiation minutes ("5, 4, 3"), election and designation seconds."""
    negotiation = form.get("negotiation", "")
    try:
        minutes = [float(m) for m in negotiation.replace(";", ",").split(",") if m.strip()]
    except ValueError:
        minutes = [math.nan]
    # "inf", "nan", "1e999" parse as floats but are no duration (inf * 60 cannot even be rounded).
    if not all(math.isfinite(m) and 0 < m <= 120 for m in minutes):
        raise EngineError("bad_config", Text(
            "Minutes de négociation invalides : des nombres de 0 à 120, séparés par des virgules (par exemple « 5, 4, 3 »).",
            "Invalid negotiation minutes: numbers from 0 to 120, separated by commas (for example “5, 4, 3”)."))
    try:
        values: dict[str, object] = {
            "rounds": int(form.get("rounds") or 5),
            "negotiation_s": tuple(round(m * 60) for m in minutes) if minutes else None,
            "election_s": int(form.get("election_s") or 45),
            "designation_s": int(form.get("designation_s") or 60),
            "historique": bool(form.get("historique")),
        }
        return GameConfig.model_validate(values)
    except (ValueError, ValidationError):
        raise EngineError("bad_config", BAD_CONFIG) from None


class DeuxRois:
    """The main game; deadlines live in its state and its commands take the hub's clock."""

    id = "deuxrois"
    name = Text("Deux Rois pour un Royaume", "Deux Rois pour un Royaume")
    players = (6, 50)
    config_model: type[BaseModel] = GameConfig
    pages = PAGES
    page_templates = PAGE_TEMPLATES
    has_dashboard = True
    # The dashboard's roster (22 KB at 50 players) and grimoire, a phone's room: memoised (memo.py), read
    # after every tap, changed seldom.
    shared_view_keys = frozenset({"players", "grimoire", "room"})
    template_globals: Mapping[str, Callable[..., Any]] = {"action_forms": action_forms, "action_groups": grouped,
                                                         "mate_forms": mate_forms, "say_kept": say_kept, "log_items": log_items,
                                                         "known_once": known_once}
    rebind_by: RebindBy = "moderator"

    def config_from_form(self, form: Mapping[str, str]) -> BaseModel:
        return config_from_form(form)

    def lobby(self, state: GameState) -> dict[str, Any]:
        return {"open": state.phase == "lobby" and not state.door.locked,
                "players": [{"id": p.id, "name": p.name} for p in state.players],
                "asks_birth": bool(state.config.historique), **lobby_keys(state.door)}

    def join_fields(self, state: GameState) -> tuple[JoinField, ...]:
        return (BIRTH_YEAR,) if state.config.historique else ()

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
            return {**view, "door": _door(state, runs=True)}
        return {**deuxrois_views.screen_view(state), "door": _door(state, runs=False)}

    def audience(self, before: GameState, events: Sequence[Any], after: GameState) -> Audience:
        return audience(before, events, after)

    def next_deadline(self, state: GameState) -> int | None:
        return engine.next_deadline(state)

    def tick_command(self, state: GameState) -> dict[str, Any]:
        return {"type": "tick"}

    def undo_preview(self, state: GameState, to_version: int) -> dict[str, Any] | None:
        return undo_preview(state, to_version)

    def picture(self, state: GameState, name: str) -> str | None:
        draw = PICTURES.get(name)
        result = debrief(state) if draw is not None else None
        return draw(result) if draw is not None and result is not None else None

    def export(self, code: str, seed: int, config: Mapping[str, Any], log: Sequence[StoredEventLike]) -> dict[str, Any]:
        return to_scenario(code, seed, config, log)


def _door(state: GameState, runs: bool) -> dict[str, Any]:
    """The lobby's door (templates/kit/door.html): the dashboard gets its buttons, the big screen the notice."""
    return door_view(state.door, state.phase == "lobby", [(p.id, p.name) for p in state.players], runs)


GAME = DeuxRois()
