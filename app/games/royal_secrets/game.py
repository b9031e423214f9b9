"""Royal Secrets as the shared layers see it: the `GameDefinition` the hub and the routes call."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel

from app.games.royal_secrets.commands import COMMANDS
from app.games.royal_secrets.config import RoyalSecretsConfig
from app.games.royal_secrets.data import MAX_PLAYERS, MIN_PLAYERS
from app.games.royal_secrets.events import EVENTS, GameCreated, PlayerJoined
from app.games.royal_secrets.rules import build_rules
from app.games.royal_secrets.state import State
from app.games.royal_secrets.views import view_for
from app.kernel.actor import Actor
from app.kernel.game import Region, StoredEventLike
from app.kernel.rules import Decision, Rules
from app.kernel.text import Text
from app.kernel.viewer import Viewer, ViewerKind


class RoyalSecretsGame:
    id: str = "royal_secrets"
    name: Text = Text("Royal Secrets", "Royal Secrets")
    players: tuple[int, int] = (MIN_PLAYERS, MAX_PLAYERS)
    config_model: type[BaseModel] = RoyalSecretsConfig
    pages: Mapping[ViewerKind, tuple[Region, ...]] = {}  # phase 2
    page_templates: Mapping[ViewerKind, str] = {}

    def __init__(self) -> None:
        self.rules: Rules[State] = build_rules()

    def new_game(self, config: BaseModel, seed: int, at: int) -> list[dict[str, Any]]:
        cfg = config if isinstance(config, RoyalSecretsConfig) else RoyalSecretsConfig.model_validate(
            config.model_dump())
        return [EVENTS.dump(GameCreated(seed=seed, config=cfg))]

    def replay(self, events: Sequence[StoredEventLike]) -> State:
        return self.rules.fold(State(), (EVENTS.parse(e.payload) for e in events))

    def parse_command(self, raw: dict[str, Any]) -> Any:
        return COMMANDS.parse(raw)

    def command_to_json(self, command: Any) -> dict[str, Any]:
        return COMMANDS.dump(command)

    def decide(self, state: Any, command: Any, actor: Actor, at: int) -> Decision[State]:
        return self.rules.decide(state, command, actor, at)

    def evolve(self, state: Any, event: Any, at: int) -> State:
        return self.rules.evolve(state, event)

    def event_to_json(self, event: Any) -> dict[str, Any]:
        return EVENTS.dump(event)

    def event_from_json(self, payload: dict[str, Any]) -> Any:
        return EVENTS.parse(payload)

    def over(self, state: Any) -> bool:
        return bool(state.over)

    def joined(self, event: Any) -> str | None:
        if isinstance(event, PlayerJoined):
            return event.player_id
        if isinstance(event, dict) and event.get("type") == "player_joined":
            return str(event["player_id"])
        return None

    def view_for(self, state: Any, viewer: Viewer, rebinds: Sequence[str]) -> dict[str, Any]:
        return view_for(state, viewer)

    def next_deadline(self, state: Any) -> int | None:
        return None  # no timers: the rules have none (4.2, RS-71)

    def tick_command(self, state: Any) -> dict[str, Any]:
        return {}
