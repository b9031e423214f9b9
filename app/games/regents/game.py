"""The game definition the server calls: first events, replay, decide, evolve, views, timers."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel

from app.games.regents.commands import COMMANDS
from app.games.regents.config import MAX_PLAYERS, MIN_PLAYERS, RegentsConfig
from app.games.regents.events import EVENTS, GameCreated, PlayerJoined
from app.games.regents.model import State
from app.games.regents.rules import build_rules
from app.games.regents.views import view_for
from app.kernel.actor import Actor
from app.kernel.game import GameDefinition, Pages, StoredEventLike
from app.kernel.rules import Decision, Rules
from app.kernel.text import EngineError, Text
from app.kernel.viewer import Viewer, ViewerKind


class RegentsGame:
    def __init__(self) -> None:
        self.id = "regents"
        self.name = Text("Régents", "Régents")
        self.players = (MIN_PLAYERS, MAX_PLAYERS)
        self.config_model: type[BaseModel] = RegentsConfig
        self.pages: Pages = {}  # phase 2
        self.page_templates: Mapping[ViewerKind, str] = {}
        self.rules: Rules[State] = build_rules()

    def new_game(self, config: BaseModel, seed: int, at: int) -> list[dict[str, Any]]:
        if not isinstance(config, RegentsConfig):
            config = RegentsConfig.model_validate(config.model_dump())
        return [EVENTS.dump(GameCreated(seed=seed, config=config, at_ms=at))]

    def replay(self, events: Sequence[StoredEventLike]) -> State:
        return self.rules.fold(State(), (EVENTS.parse(e.payload) for e in events))

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
        return view_for(state, viewer)

    def next_deadline(self, state: State) -> int | None:
        if state.prompt is None or state.paused or state.phase == "over":
            return None
        return state.prompt.deadline_ms

    def tick_command(self, state: State) -> dict[str, Any]:
        if state.prompt is None:
            raise EngineError("no_timer", Text("Aucun minuteur n'est en cours.", "No timer is running."))
        return {"type": "tick", "prompt": state.prompt.id}


GAME = RegentsGame()
_CONFORMS: GameDefinition = GAME  # mypy checks the protocol here
