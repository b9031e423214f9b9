"""`deuxrois simulate FILE`: play a scripted game with the phones' own commands, then score it.

A scenario is {"setup": {...}, "steps": [...], "expect": {...}} (docs/scenarios.md).
Players are named; commands may use names wherever a player id goes. After the
last step every timer is left to run out until the game ends.
"""

from __future__ import annotations

import re
from typing import Any

from app.games.deuxrois.commands import parse_command
from app.games.deuxrois.config import GameConfig
from app.games.deuxrois.events import Event
from app.games.deuxrois.game import Actor, decide, evolve, new_game, next_deadline, replay
from app.games.deuxrois.state import GameState
from app.kernel.text import EngineError, Text

_PLAYER_FIELDS = ("target", "candidate", "player")
_RELATIVE = re.compile(r"^\+(\d+(?:\.\d+)?)(ms|s|min)$")
_UNITS = {"ms": 1, "s": 1000, "min": 60000}


def _fail(message: str) -> EngineError:
    return EngineError("scenario", Text(message, message))


class _Run:
    def __init__(self, setup: dict[str, Any]) -> None:
        names = setup.get("players")
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise _fail('setup.players must be a list of names in seat order')
        config = GameConfig.model_validate({"rounds": setup.get("rounds", 5), **setup.get("config", {})})
        self.now = 0
        self.log: list[Event] = new_game(config, int(setup.get("seed", 0)), 0)
        self.state: GameState = replay(self.log)
        for i, name in enumerate(names):
            self.act(Actor.player(f"seat{i}"), {"type": "join", "name": name})
        self.ids = {p.name: p.id for p in self.state.players}
        self.names = {p.id: p.name for p in self.state.players}
        start: dict[str, Any] = {"type": "start"}
        for key in ("deal", "rooms"):
            if key in setup:
                start[key] = setup[key]
        self.act(Actor.moderator(), start)
        infidel = setup.get("infidel")
        for prompt in list(self.state.prompts.values()):
            if prompt.kind == "infidel_colour" and infidel is not None:
                self.act(Actor.player(prompt.player_id),
                         {"type": "answer_prompt", "prompt_id": prompt.id, "choice": infidel})

    def act(self, actor: Actor, command: dict[str, Any]) -> None:
        for event in decide(self.state, parse_command(command), actor, self.now):
            self.log.append(event)
            self.state = evolve(self.state, event)

    def pid(self, name: Any) -> str:
        if not isinstance(name, str) or name not in self.ids:
            raise _fail(f"unknown player {name!r}")
        return self.ids[name]

    def actor(self, who: Any) -> Actor:
        if who == "moderator":
            return Actor.moderator()
        if who == "system":
            return Actor.system()
        return Actor.player(self.pid(who))

    def command(self, actor: Actor, raw: Any) -> dict[str, Any]:
        """Names -> ids; a request or a prompt may be named by its sender or kind instead of its id."""
        if not isinstance(raw, dict):
            raise _fail("a step's command must be an object")
        cmd = dict(raw)
        for key in _PLAYER_FIELDS:
            if isinstance(cmd.get(key), str):
                cmd[key] = self.pid(cmd[key])
        if isinstance(cmd.get("targets"), list):
            cmd["targets"] = [self.pid(t) for t in cmd["targets"]]
        me = actor.player_id
        if cmd.get("type") == "answer_reveal" and "from" in cmd:
            sender = self.pid(cmd.pop("from"))
            cmd["request_id"] = next((r.id for r in self.state.requests.values()
                                      if r.from_id == sender and r.to_id == me), "none")
        if cmd.get("type") == "answer_prompt" and "kind" in cmd:
            kind = cmd.pop("kind")
            cmd["prompt_id"] = next((p.id for p in self.state.prompts.values()
                                     if p.kind == kind and p.player_id == me), "none")
        return cmd

    def clock(self, at: Any, actor: Actor, cmd: dict[str, Any]) -> None:
        if isinstance(at, int):
            self.now = max(self.now, at)
        elif isinstance(at, str) and (m := _RELATIVE.match(at)):
            self.now += int(float(m.group(1)) * _UNITS[m.group(2)])
        elif at is not None:
            raise _fail(f'"at" must be milliseconds or "+30s" (got {at!r})')
        elif actor.kind == "system" and cmd.get("type") == "tick":
            due = next_deadline(self.state)  # a bare tick: jump to the next deadline
            if due is not None:
                self.now = max(self.now, due)

    def step(self, index: int, raw: Any) -> None:
        if not isinstance(raw, dict) or "command" not in raw:
            raise _fail(f"steps[{index}] must be an object with a command")
        actor = self.actor(raw.get("actor", "system"))
        cmd = self.command(actor, raw["command"])
        self.clock(raw.get("at"), actor, cmd)
        expected = raw.get("expect_error")
        try:
            self.act(actor, cmd)
        except EngineError as exc:
            if expected is None or (expected is not True and expected != exc.code):
                raise _fail(f"steps[{index}] refused ({exc.code}): {exc.message.en}") from exc
            return
        if expected is not None:
            raise _fail(f"steps[{index}] was accepted but expected the error {expected!r}")

    def finish(self) -> None:
        for _ in range(1000):
            if self.state.over:
                return
            due = next_deadline(self.state)
            if due is None:
                raise _fail("the game is stuck (paused or waiting) after the last step")
            self.now = max(self.now, due)
            self.act(Actor.system(), {"type": "tick"})
        raise _fail("the game did not end")


def simulate(data: Any) -> tuple[GameState, list[Event], dict[str, str]]:
    """Plays the scenario; returns the final state, the log and the id -> name map."""
    if not isinstance(data, dict) or not isinstance(data.get("setup"), dict):
        raise _fail('a scenario is an object with "setup" and "steps"')
    run = _Run(data["setup"])
    steps = data.get("steps", [])
    if not isinstance(steps, list):
        raise _fail('"steps" must be a list')
    for i, raw in enumerate(steps):
        run.step(i, raw)
    run.finish()
    return run.state, run.log, run.names


def simulate_file_data(data: Any) -> dict[str, Any]:
    """The `deuxrois score` output for the scenario's end position, plus the number of events."""
    state, log, names = simulate(data)
    result = state.result or {}
    order = [p.id for p in state.players]
    return {
        "outcome": result["outcome"],
        "winners": result["winners"],
        "room": result["room"],
        "band": result["band"],
        "headline": result["headline"],
        "killer": names.get(result["killer"]) if result.get("killer") else None,
        "points": {names[pid]: result["points"][pid] for pid in order},
        "explain": {names[pid]: result["explain"][pid] for pid in order},
        "events": len(log),
    }
