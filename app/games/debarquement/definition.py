"""Débarquement as the server hosts it: seats, views, prompt timers and its config.

Its engine keeps no clock, so the hosted state is a `Table`: the engine's
state plus when the current prompt opened (the time of the event that opened
it, as stored in the log). A timer runs for the prompt's length from then, so a
restarted server re-arms it from the log alone, and sends `tick{prompt}`: a
late tick for an answered prompt is refused by the engine (`stale_tick`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from app.games.debarquement import commands, game, state, views
from app.games.debarquement.commands import Join
from app.games.debarquement.events import PlayerJoined, event_from_json, event_to_json
from app.games.debarquement.rules import pending_prompt, prompt_id
from app.games.debarquement.state import Phase
from app.kernel.actor import Actor
from app.kernel.audience import EVERYONE, Audience
from app.kernel.game import JoinField, Pages, RebindBy, Region, StoredEventLike
from app.kernel.rules import Decision
from app.kernel.seats import door_view, lobby_keys
from app.kernel.text import EngineError, Text
from app.kernel.viewer import Viewer


class DebarquementConfig(BaseModel):
    """What the creator picks: 66 or "Conquête rapide" 30 (F18), the manche cap (F2), timer lengths."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    threshold: Literal[66, 30] = 66
    max_manches: int = Field(default=10, ge=1, le=50)
    card_s: int = Field(default=60, ge=5, le=3600)
    boat_s: int = Field(default=30, ge=5, le=3600)
    next_s: int = Field(default=120, ge=5, le=3600)

    def seconds(self) -> dict[str, int]:
        return {"choose_card": self.card_s, "choose_boat": self.boat_s, "next_manche": self.next_s}


@dataclass(frozen=True, slots=True)
class Table:
    state: state.State
    config: DebarquementConfig
    joins: int = 0  # seats ever taken: a new seat id is never reused (seats are unique per game)
    prompt: str | None = None
    since: int = 0  # epoch ms when `prompt` opened


_D = "debarquement/partials/"
STATUS = Region("d-status", _D + "status.html", ("game", "prompt", "awaiting_boat", "players", "result"))
BOATS = Region("d-boats", _D + "boats.html", ("boats", "last_reveal", "awaiting_boat", "players", "game"))
PLAYERS = Region("d-players", _D + "players.html", ("players", "game", "door"))
SCORES = Region("d-scores", _D + "scores.html", ("scores", "history", "players", "result", "game"))
TABLE = (STATUS, BOATS, PLAYERS, SCORES)

# Public regions read only public keys, so one fan-out renders each once for every phone and
# the big screen; the private ones read `me` and the legal actions of one seat.
PAGES: Pages = {
    "player": (
        STATUS,
        Region("d-hand", _D + "hand.html", ("me", "legal_actions", "awaiting_boat", "game")),
        BOATS,
        Region("d-mine", _D + "mine.html", ("me", "game")),
        Region("d-actions", _D + "actions.html", ("legal_actions", "players", "game", "rebinds", "door")),
        PLAYERS,
        SCORES,
    ),
    "screen": TABLE,
    "moderator": TABLE,  # no dashboard for this game: whoever asks sees the table, never a hand
}

PAGE_TEMPLATES: Mapping[str, str] = {
    "player": "debarquement/phone.html",
    "moderator": "debarquement/screen.html",
    "screen": "debarquement/screen.html",
    "lobby": "debarquement/lobby.html",
    "joined": "debarquement/joined.html",
    "waiting": "debarquement/waiting.html",
    "created": "debarquement/created.html",
    "create_form": "debarquement/create_form.html",
}
# Only to pick who starts: the player closest to 66 years old (L438, F3).
AGE = JoinField("age", 0, 130, Text("L'âge doit être un nombre entier de 0 à 130 (ou rester vide).",
                                    "The age must be a whole number from 0 to 130 (or left empty)."))


def _config(raw: Mapping[str, Any] | BaseModel | None) -> DebarquementConfig:
    if isinstance(raw, DebarquementConfig):
        return raw
    data = raw.model_dump() if isinstance(raw, BaseModel) else dict(raw or {})
    return DebarquementConfig.model_validate({k: v for k, v in data.items() if k in DebarquementConfig.model_fields})


class Debarquement:
    id = "debarquement"
    name = Text("Deux Rois – débarquement", "Deux Rois – débarquement")
    players = (2, 8)
    config_model: type[BaseModel] = DebarquementConfig
    pages = PAGES
    page_templates = PAGE_TEMPLATES
    has_dashboard = False  # the first seat hosts and the table runs itself
    shared_view_keys: frozenset[str] = frozenset()
    template_globals: Mapping[str, Callable[..., Any]] = {}
    rebind_by: RebindBy = "table"  # anyone else seated vouches for a new phone

    def config_from_form(self, form: Mapping[str, str]) -> BaseModel:
        return DebarquementConfig(threshold=30 if form.get("quick") else 66)  # "Conquête rapide" (F18)

    def lobby(self, table: Table) -> dict[str, Any]:
        view = views.table_view(table.state)
        return {"open": table.state.phase is Phase.LOBBY and not table.state.door.locked, "players": [
            {"id": p["player_id"], "name": p["name"], "is_host": p.get("is_host", False)} for p in view["players"]],
            "game": view["game"], **lobby_keys(table.state.door)}

    def join_fields(self, table: Table) -> tuple[JoinField, ...]:
        return (AGE,)

    def new_game(self, config: BaseModel, seed: int, at: int) -> list[dict[str, Any]]:
        cfg = _config(config)
        return [event_to_json(e) for e in game.new_game(seed, cfg.threshold, cfg.max_manches)]

    def replay(self, log: Sequence[StoredEventLike], config: Mapping[str, Any] | None = None) -> Table:
        table = Table(state.State(), _config(config))
        for stored in log:
            table = self.evolve(table, event_from_json(stored.payload), stored.at)
        return table

    def parse_command(self, raw: dict[str, Any]) -> Any:
        return commands.parse_command(raw)

    def command_to_json(self, command: Any) -> dict[str, Any]:
        return dict(command.model_dump(mode="json"))

    def decide(self, table: Table, command: Any, actor: Actor, at: int) -> Decision[Table]:
        if actor.kind == "system":
            who = Actor.system()
        elif actor.kind == "player" and actor.player_id:
            who = actor
        elif actor.kind == "player" and isinstance(command, Join):
            who = Actor.player(f"p{table.joins + 1}")  # a newcomer's seat id
        else:
            raise EngineError("players_only", Text("Seul un joueur assis à la table peut faire cela.",
                                                   "Only a player seated at the table can do that."))
        events = game.decide(table.state, command, who)
        new = table
        for event in events:
            new = self.evolve(new, event, at)
        return Decision(events, new)

    def evolve(self, table: Table, event: Any, at: int) -> Table:
        new = state.evolve(table.state, event)
        joins = table.joins + 1 if isinstance(event, PlayerJoined) else table.joins
        current = prompt_id(new)
        if current != table.prompt:
            return Table(new, table.config, joins, current, at)
        return replace(table, state=new, joins=joins)

    def event_to_json(self, event: Any) -> dict[str, Any]:
        return event_to_json(event)

    def event_from_json(self, payload: dict[str, Any]) -> Any:
        return event_from_json(payload)

    def over(self, table: Table) -> bool:
        return table.state.phase is Phase.GAME_OVER

    def joined(self, event: Any) -> str | None:
        return event.player_id if isinstance(event, PlayerJoined) else None

    def view_for(self, table: Table, viewer: Viewer, rebinds: Sequence[str]) -> dict[str, Any]:
        if viewer.kind == "player":
            assert viewer.player_id is not None
            view = views.player_view(table.state, viewer.player_id)
            if view["me"] is not None:
                # New phones asking for a seat: anyone else at the table may vouch for them.
                view["rebinds"] = [{"player_id": p, "name": seat.name} for p in rebinds
                                   if p != viewer.player_id and (seat := table.state.seat(p)) is not None]
        else:  # the big screen and a game master see the table: never a hand
            view = views.table_view(table.state)
        view["game"] = {**view["game"], "deadline_ms": self.next_deadline(table)}
        # The lobby's door (kit/door.html): the host's phone gets its buttons (no game master here), one
        # "Retirer" for each other seat.
        s = table.state
        others = [(seat.player_id, seat.name) for seat in s.seats if seat.player_id != s.host]
        view["door"] = door_view(s.door, s.phase is Phase.LOBBY, others,
                                 viewer.kind == "player" and viewer.player_id == s.host)
        return view

    def next_deadline(self, table: Table) -> int | None:
        prompt = pending_prompt(table.state)
        if prompt is None or prompt.id != table.prompt:
            return None
        return table.since + table.config.seconds().get(prompt.kind, prompt.seconds) * 1000

    def tick_command(self, table: Table) -> dict[str, Any]:
        return {"type": "tick", "prompt": table.prompt}


    def audience(self, before: Table, events: Sequence[Any], after: Table) -> Audience:
        return EVERYONE  # a table of a few: every change is worth every view
    def undo_preview(self, table: Table, to_version: int) -> dict[str, Any] | None:
        return None  # no undo in this game

    def picture(self, table: Table, name: str) -> str | None:
        return None

    def export(self, code: str, seed: int, config: Mapping[str, Any], log: Sequence[StoredEventLike]) -> dict[str, Any]:
        return {"title": f"Game {code} (debarquement)", "code": code, "game": self.id, "seed": seed,
                "config": dict(config), "log": [e.payload for e in log]}


GAME = Debarquement()
