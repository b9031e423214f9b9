"""Deux Rois – Inde, un combat d'architectes: two players (or one and the computer) on a shared 9×9 board.

`GAME` is what the shared layers call (app.kernel.game.GameDefinition).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel

from app.games.inde.commands import COMMANDS
from app.games.inde.config import InDeConfig
from app.games.inde.events import EVENTS, GameCreated, PlayerJoined
from app.games.inde.model import State
from app.games.inde.rules import RULES
from app.games.inde.turns import bot_level
from app.games.inde.views import view_for
from app.kernel.actor import Actor
from app.kernel.game import Pages, StoredEventLike
from app.kernel.messages import Codec
from app.kernel.rules import Decision
from app.kernel.text import Text
from app.kernel.viewer import Viewer, ViewerKind


class InDeGame:
    def __init__(self) -> None:
        self.id = "inde"
        self.name = Text("Deux Rois – Inde", "Deux Rois – India")
        self.players = (2, 2)
        self.config_model: type[BaseModel] = InDeConfig
        self.pages: Pages = {}  # phase 2 adds the phone, screen and dashboard regions
        self.page_templates: Mapping[ViewerKind, str] = {}

    def new_game(self, config: BaseModel, seed: int, at: int) -> list[dict[str, Any]]:
        conf = config if isinstance(config, InDeConfig) else InDeConfig.model_validate(config.model_dump())
        return [Codec.dump(GameCreated(seed=seed, config=conf))]

    def replay(self, events: Sequence[StoredEventLike]) -> State:
        return RULES.fold(State(), (EVENTS.parse(e.payload) for e in events))

    def parse_command(self, raw: dict[str, Any]) -> Any:
        return COMMANDS.parse(raw)

    def command_to_json(self, command: Any) -> dict[str, Any]:
        return Codec.dump(command)

    def decide(self, state: State, command: Any, actor: Actor, at: int) -> Decision[State]:
        return RULES.decide(state, command, actor, at)

    def evolve(self, state: State, event: Any, at: int) -> State:
        return RULES.evolve(state, event)

    def event_to_json(self, event: Any) -> dict[str, Any]:
        return Codec.dump(event)

    def event_from_json(self, payload: dict[str, Any]) -> Any:
        return EVENTS.parse(payload)

    def over(self, state: State) -> bool:
        return state.phase == "over"

    def joined(self, event: Any) -> str | None:
        """A person's new seat (the store keeps its token); the computer's seats have none."""
        return event.player_id if isinstance(event, PlayerJoined) else None  # BotAdded seats get no token

    def view_for(self, state: State, viewer: Viewer, rebinds: Sequence[str]) -> dict[str, Any]:
        return view_for(state, viewer)

    def next_deadline(self, state: State) -> int | None:
        """When the computer's seat is to move: its "thinking" time after the turn began."""
        if bot_level(state) is None or state.turn is None:
            return None
        return state.turn.at_ms + state.config.bot_delay_ms

    def tick_command(self, state: State) -> dict[str, Any]:
        """What the system sends at that deadline: the computer plays this action."""
        if bot_level(state) is None:
            return {}
        return {"type": "bot_play", "action": state.actions}


GAME = InDeGame()
