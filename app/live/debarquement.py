"""The débarquement variant behind the hub's seam: seats, views and prompt-based timers.

Its engine keeps no clock, so the hub's state here is a `Table`: the engine's
state plus when the current prompt opened (the time of the event that opened
it, as stored in the log). A timer runs for the prompt's length from then, so a
restarted server re-arms it from the log alone, and sends `tick{prompt}`: a
late tick for an answered prompt is refused by the engine (`stale_tick`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from app.games import debarquement as deb
from app.games.debarquement.commands import Join
from app.games.debarquement.events import PlayerJoined
from app.games.debarquement.rules import pending_prompt, prompt_id
from app.games.debarquement.state import Phase
from app.games.deuxrois.game import Actor
from app.kernel.text import EngineError, Text
from app.live.connection import Viewer
from app.store.repository import StoredEvent


class DebarquementConfig(BaseModel):
    """What the creator picks: 66 or "Conquête rapide" 30 (F18), the manche cap (F2), timer lengths."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    threshold: Literal[66, 30] = 66
    max_manches: int = Field(default=10, ge=1, le=50)
    card_s: int = Field(default=60, ge=5, le=3600)
    boat_s: int = Field(default=30, ge=5, le=3600)
    next_s: int = Field(default=120, ge=5, le=3600)


@dataclass(frozen=True, slots=True)
class Table:
    state: deb.State
    joins: int = 0  # seats ever taken: a new seat id is never reused (seats are unique per game)
    prompt: str | None = None
    since: int = 0  # epoch ms when `prompt` opened


class Debarquement:
    name = "debarquement"

    def __init__(self, config: Mapping[str, Any]) -> None:
        known = {k: v for k, v in config.items() if k in DebarquementConfig.model_fields}
        self.config = DebarquementConfig.model_validate(known)
        self.seconds = {"choose_card": self.config.card_s, "choose_boat": self.config.boat_s,
                        "next_manche": self.config.next_s}

    def new_game(self, config: Any, seed: int, at: int) -> list[dict[str, Any]]:
        cfg = config if isinstance(config, DebarquementConfig) else DebarquementConfig.model_validate(config)
        return [deb.event_to_json(e) for e in deb.new_game(seed, cfg.threshold, cfg.max_manches)]

    def replay(self, events: Sequence[StoredEvent]) -> Table:
        table = Table(deb.State())
        for stored in events:
            table = self.evolve(table, deb.event_from_json(stored.payload), stored.at)
        return table

    def parse_command(self, raw: dict[str, Any]) -> Any:
        return deb.parse_command(raw)

    def decide(self, state: Table, command: Any, actor: Actor, at: int) -> list[Any]:
        if actor.kind == "system":
            who = deb.Actor.system()
        elif actor.kind == "player" and actor.player_id:
            who = deb.Actor.player(actor.player_id)
        elif actor.kind == "player" and isinstance(command, Join):
            who = deb.Actor.player(f"p{state.joins + 1}")  # the web layer's seat id for a newcomer
        else:
            raise EngineError("players_only", Text("Seul un joueur assis à la table peut faire cela.",
                                                   "Only a player seated at the table can do that."))
        return deb.decide(state.state, command, who)

    def evolve(self, state: Table, event: Any, at: int) -> Table:
        new = deb.evolve(state.state, event)
        joins = state.joins + 1 if isinstance(event, PlayerJoined) else state.joins
        current = prompt_id(new)
        if current != state.prompt:
            return Table(new, joins, current, at)
        return replace(state, state=new, joins=joins)

    def event_to_json(self, event: Any) -> dict[str, Any]:
        return deb.event_to_json(event)

    def event_from_json(self, payload: dict[str, Any]) -> Any:
        return deb.event_from_json(payload)

    def over(self, state: Table) -> bool:
        return state.state.phase is Phase.GAME_OVER

    def view_for(self, state: Table, viewer: Viewer, rebinds: Sequence[str]) -> dict[str, Any]:
        if viewer.kind == "player":
            assert viewer.player_id is not None
            view = deb.player_view(state.state, viewer.player_id)
            if view["me"] is not None:
                # New phones asking for a seat: anyone else at the table may vouch for them.
                view["rebinds"] = [{"player_id": p, "name": seat.name} for p in rebinds
                                   if p != viewer.player_id and (seat := state.state.seat(p)) is not None]
        else:  # the big screen and a game master see the table: never a hand
            view = deb.table_view(state.state)
        view["game"] = {**view["game"], "deadline_ms": self.next_deadline(state)}
        return view

    def next_deadline(self, state: Table) -> int | None:
        prompt = pending_prompt(state.state)
        if prompt is None or prompt.id != state.prompt:
            return None
        return state.since + self.seconds.get(prompt.kind, prompt.seconds) * 1000

    def tick_command(self, state: Table) -> dict[str, Any]:
        return {"type": "tick", "prompt": state.prompt}
