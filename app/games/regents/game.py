"""The game definition the server calls: first events, replay, decide, evolve, views, timers, pages."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pydantic import BaseModel, ValidationError

from app.games.regents.commands import COMMANDS
from app.games.regents.config import MAX_PLAYERS, MIN_PLAYERS, RegentsConfig
from app.games.regents.events import EVENTS, GameCreated, PlayerJoined
from app.games.regents.model import State
from app.games.regents.pages import PAGE_TEMPLATES, PAGES
from app.games.regents.rules import build_rules
from app.games.regents.views import view_for
from app.kernel.actor import Actor
from app.kernel.audience import EVERYONE, Audience
from app.kernel.game import GameDefinition, JoinField, Pages, RebindBy, StoredEventLike
from app.kernel.rules import Decision, Rules
from app.kernel.seats import lobby_keys
from app.kernel.text import EngineError, Text
from app.kernel.viewer import Viewer

BAD_CONFIG = Text("Réglages invalides : le temps de réponse va de 0 à 600 secondes (0 : pas de minuteur).",
                  "Invalid settings: the answer time goes from 0 to 600 seconds (0: no timer).")
# The home page's fields (one form holds every game's settings, so ours carry the game's prefix).
FORM_SECONDS, FORM_BONUS = "rg_prompt_seconds", "rg_fourth_bonus"


def config_from_form(form: Mapping[str, str]) -> RegentsConfig:
    """The creation form: the prompts' answer time in seconds, and RG-31's reading of the 4th-round bonus."""
    try:
        raw = (form.get(FORM_SECONDS) or "").strip()
        values: dict[str, object] = {"prompt_seconds": int(raw) if raw else RegentsConfig().prompt_seconds}
        if form.get(FORM_BONUS):
            values["fourth_turn_bonus"] = form[FORM_BONUS]
        return RegentsConfig.model_validate(values)
    except (ValueError, ValidationError):
        raise EngineError("bad_config", BAD_CONFIG) from None


class RegentsGame:
    def __init__(self) -> None:
        self.id = "regents"
        self.name = Text("Régents", "Régents")
        self.players = (MIN_PLAYERS, MAX_PLAYERS)
        self.config_model: type[BaseModel] = RegentsConfig
        self.pages: Pages = PAGES
        self.page_templates: Mapping[str, str] = PAGE_TEMPLATES
        self.has_dashboard = True  # the game master starts the table, pauses, skips a silent phone
        self.shared_view_keys: frozenset[str] = frozenset()
        self.rebind_by: RebindBy = "moderator"
        self.template_globals: Mapping[str, Callable[..., Any]] = {}
        self.rules: Rules[State] = build_rules()

    def config_from_form(self, form: Mapping[str, str]) -> BaseModel:
        return config_from_form(form)

    def lobby(self, state: State) -> dict[str, Any]:
        """The door's view: public (names only), every seat ever taken and not left."""
        return {"open": state.phase == "lobby" and len(state.seats) < MAX_PLAYERS and not state.door.locked,
                "started": state.phase != "lobby",
                "players": [{"id": seat.player_id, "name": seat.name} for seat in state.seats],
                "min_players": MIN_PLAYERS, "max_players": MAX_PLAYERS, **lobby_keys(state.door)}

    def join_fields(self, state: State) -> tuple[JoinField, ...]:
        return ()

    def new_game(self, config: BaseModel, seed: int, at: int) -> list[dict[str, Any]]:
        if not isinstance(config, RegentsConfig):
            config = RegentsConfig.model_validate(config.model_dump())
        return [EVENTS.dump(GameCreated(seed=seed, config=config, at_ms=at))]

    def replay(self, log: Sequence[StoredEventLike], config: Mapping[str, Any] | None = None) -> State:
        # The config rides in the first event (game_created): the stored column is the same.
        return self.rules.fold(State(), (EVENTS.parse(e.payload) for e in log))

    def parse_command(self, raw: dict[str, Any]) -> Any:
        return COMMANDS.parse(raw)

    def command_to_json(self, command: Any) -> dict[str, Any]:
        return COMMANDS.dump(command)

    def decide(self, state: State, command: Any, actor: Actor, at: int) -> Decision[State]:
        return self.rules.decide(state, command, actor, at)

    def evolve(self, state: State, event: Any, at: int) -> State:
        return self.rules.evolve(state, event)

    def event_to_json(self, event: Any) -> dict[str, Any]:
        return EVENTS.dump(event)

    def event_from_json(self, payload: dict[str, Any]) -> Any:
        return EVENTS.parse(payload)

    def over(self, state: State) -> bool:
        return state.phase == "over"

    def joined(self, event: Any) -> str | None:
        return event.player_id if isinstance(event, PlayerJoined) else None

    def view_for(self, state: State, viewer: Viewer, rebinds: Sequence[str]) -> dict[str, Any]:
        view = view_for(state, viewer)
        if viewer.kind == "moderator":
            # New phones claiming a seat with its PIN: the game master confirms.
            view["rebinds"] = [{"player_id": p, "name": state.seat_name(p)} for p in rebinds
                               if any(seat.player_id == p for seat in state.seats)]
        return view

    def next_deadline(self, state: State) -> int | None:
        if state.prompt is None or state.paused or state.phase == "over":
            return None
        return state.prompt.deadline_ms

    def tick_command(self, state: State) -> dict[str, Any]:
        if state.prompt is None:
            raise EngineError("no_timer", Text("Aucun minuteur n'est en cours.", "No timer is running."))
        return {"type": "tick", "prompt": state.prompt.id}


    def audience(self, before: State, events: Sequence[Any], after: State) -> Audience:
        return EVERYONE  # a table of a few: every change is worth every view
    def undo_preview(self, state: State, to_version: int) -> dict[str, Any] | None:
        return None  # no undo in this game (the game master pauses and skips instead)

    def picture(self, state: State, name: str) -> str | None:
        return None

    def export(self, code: str, seed: int, config: Mapping[str, Any], log: Sequence[StoredEventLike]) -> dict[str, Any]:
        """The log as a file: the events, and each command with its actor (seat ids turned into names)."""
        names: dict[str, str] = {}
        steps = []
        for stored in log:
            payload = stored.payload
            if payload.get("type") == "player_joined":
                names[str(payload["player_id"])] = str(payload["name"])
            if stored.command is not None:
                steps.append({"at": stored.at, "command": stored.command})
        return {"title": f"Régents {code}", "code": code, "game": self.id, "seed": seed, "config": dict(config),
                "players": [{"id": pid, "name": name} for pid, name in names.items()],
                "steps": steps, "log": [e.payload for e in log]}


GAME = RegentsGame()
_CONFORMS: GameDefinition = GAME  # mypy checks the protocol here
