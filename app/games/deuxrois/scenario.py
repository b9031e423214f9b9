"""`deuxrois simulate FILE`: play a scripted game with the phones' own commands, then score it.

A scenario is {"setup": {...}, "steps": [...], "expect": {...}} (docs/scenarios.md).
Players are named; commands may use names wherever a player id goes, and a request
or a question may be named by its sender, target, kind or subject instead of its id.
A step's `at` moves the game clock: every timer due by then fires first, each at its
own deadline and in order, as the server's timers would have. After the last step
every timer is left to run out until the game ends. The output is the score, the
number of events and the final position (a `deuxrois score` input).
"""

from __future__ import annotations

import re
from typing import Any

from app.games.deuxrois.cards import INFIDELE, PELERIN
from app.games.deuxrois.commands import parse_command
from app.games.deuxrois.config import GameConfig
from app.games.deuxrois.deal import Room
from app.games.deuxrois.events import Event
from app.games.deuxrois.game import Actor, decide, evolve, new_game, next_deadline, replay
from app.games.deuxrois.model.phases import ROUND
from app.games.deuxrois.state import GameState
from app.kernel.text import EngineError, Text

_PLAYER_FIELDS = ("target", "candidate", "player")
_RELATIVE = re.compile(r"^\+(\d+(?:\.\d+)?)(ms|s|min)$")
_UNITS = {"ms": 1, "s": 1000, "min": 60000}
TOP_KEYS = frozenset({"title", "description", "code", "game", "setup", "steps", "expect", "log"})
SETUP_KEYS = frozenset({"players", "seed", "rounds", "deal", "rooms", "infidel", "config"})
PLAYER_KEYS = frozenset({"name", "birth_year", "age"})
STEP_KEYS = frozenset({"actor", "command", "at", "expect_error", "note"})
UNTIL = ("timer", "phase", *ROUND, "over")  # what a tick may run to (a phase name: until it starts)
_ORDER = {phase: i for i, phase in enumerate(("setup", *ROUND))}  # a phase's place in its round
AGE_YEAR = 2026  # an age is a birth year counted back from here (event 14 only compares them)
MAX_TICKS = 1000


def _fail(message: str) -> EngineError:
    return EngineError("scenario", Text(message, message))


def _unknown(where: str, raw: dict[str, Any], known: frozenset[str]) -> None:
    extra = sorted(set(raw) - known)
    if extra:
        raise _fail(f"{where}: unknown key {extra[0]!r} (known: {', '.join(sorted(known))})")


def _players(raw: Any) -> list[tuple[str, int | None]]:
    """Names in seat order, each a string or {"name", "birth_year" | "age"} (event 14's elders)."""
    if not isinstance(raw, list) or not raw:
        raise _fail("setup.players must be a list of names in seat order")
    out: list[tuple[str, int | None]] = []
    for i, entry in enumerate(raw):
        if isinstance(entry, str):
            out.append((entry, None))
            continue
        if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
            raise _fail(f'setup.players[{i}] must be a name or {{"name": ..., "birth_year" or "age": ...}}')
        _unknown(f"setup.players[{i}]", entry, PLAYER_KEYS)
        if "birth_year" in entry and "age" in entry:
            raise _fail(f"setup.players[{i}]: give a birth_year or an age, not both")
        year = entry.get("birth_year")
        if "age" in entry:
            age = entry["age"]
            if not isinstance(age, int) or isinstance(age, bool) or not 0 <= age <= 120:
                raise _fail(f"setup.players[{i}].age must be a whole number of years, 0 to 120")
            year = AGE_YEAR - age
        if year is not None and (not isinstance(year, int) or isinstance(year, bool) or not 1900 <= year <= 2100):
            raise _fail(f"setup.players[{i}].birth_year must be a year between 1900 and 2100")
        out.append((entry["name"], year))
    return out


def _check_rooms(rooms: Any, n: int) -> None:
    """B1: the starting split is as even as the count allows (⌈N/2⌉ / ⌊N/2⌋), either way round."""
    if not isinstance(rooms, list) or len(rooms) != n or any(r not in ("normandie", "angleterre") for r in rooms):
        raise _fail(f'setup.rooms must list "normandie" or "angleterre" for each of the {n} players')
    north = rooms.count("normandie")
    if {north, n - north} != {(n + 1) // 2, n // 2}:
        raise _fail(f"setup.rooms: {north} in Normandie and {n - north} in Angleterre; rule B1 splits "
                    f"{n} players {(n + 1) // 2}/{n // 2}")


class Scenario:
    """A scenario being played: `step` each step in order, then `finish`; `state` is the game now."""

    def __init__(self, setup: dict[str, Any]) -> None:
        _unknown("setup", setup, SETUP_KEYS)
        players = _players(setup.get("players"))
        if "rooms" in setup:
            _check_rooms(setup["rooms"], len(players))
        infidel = setup.get("infidel")
        if infidel is not None and infidel not in ("red", "blue"):
            raise _fail(f'setup.infidel must be "red" or "blue" (got {infidel!r})')
        config = GameConfig.model_validate({"rounds": setup.get("rounds", 5), **setup.get("config", {})})
        self.now = 0
        self.log: list[Event] = new_game(config, int(setup.get("seed", 0)), 0)
        self.state: GameState = replay(self.log)
        for i, (name, year) in enumerate(players):
            self.act(Actor.player(f"seat{i}"), {"type": "join", "name": name, "birth_year": year})
        self.ids = {p.name: p.id for p in self.state.players}
        self.names = {p.id: p.name for p in self.state.players}
        start: dict[str, Any] = {"type": "start"}
        for key in ("deal", "rooms"):
            if key in setup:
                start[key] = setup[key]
        self.act(Actor.moderator(), start)
        holder = self.state.holder(INFIDELE)
        if infidel is not None and holder is None:
            raise _fail("setup.infidel: the Infidèle (card 22) is not dealt in this game")
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
        """Names -> ids; a request or a question may be named instead of given by its id."""
        if not isinstance(raw, dict):
            raise _fail("a step's command must be an object")
        cmd = dict(raw)
        for key in _PLAYER_FIELDS:
            if isinstance(cmd.get(key), str):
                cmd[key] = self.pid(cmd[key])
        if isinstance(cmd.get("targets"), list):
            cmd["targets"] = [self.pid(t) for t in cmd["targets"]]
        me = actor.player_id
        kind = cmd.get("type")
        if kind == "answer_reveal" and "from" in cmd:  # the pending request from that player to the actor
            sender = self.pid(cmd.pop("from"))
            cmd["request_id"] = next((r.id for r in self.state.requests.values()
                                      if r.from_id == sender and r.to_id == me), "none")
        if kind == "cancel_reveal" and "target" in cmd:  # the actor's pending request to that player
            target = cmd.pop("target")
            cmd["request_id"] = next((r.id for r in self.state.requests.values()
                                      if r.from_id == me and r.to_id == target), "none")
        if kind == "answer_prompt" and "kind" in cmd:
            cmd["prompt_id"] = self._prompt(me, cmd.pop("kind"), cmd.pop("about", None))
        return cmd

    def _prompt(self, me: str | None, kind: Any, about: Any) -> str:
        """The actor's open question of `kind` (and about that player, when two are open)."""
        subject = self.pid(about) if about is not None else None
        found = [p for p in self.state.prompts.values() if p.kind == kind and p.player_id == me
                 and (subject is None or subject in {str(v) for v in p.data.values()})]
        if len(found) > 1:
            about_whom = sorted(self.names.get(str(p.data.get("target")), "?") for p in found)
            raise _fail(f'{len(found)} questions of kind {kind!r} are open for {self.names.get(me or "", me)}: '
                        f'say which with "about" (one of {", ".join(about_whom)})')
        return found[0].id if found else "none"

    def at(self, at: Any) -> int | None:
        """The step's clock, or None when it has none."""
        if at is None:
            return None
        if isinstance(at, int) and not isinstance(at, bool):
            return max(self.now, at)  # the clock never goes back
        if isinstance(at, str) and (m := _RELATIVE.match(at)):
            return self.now + int(float(m.group(1)) * _UNITS[m.group(2)])
        raise _fail(f'"at" must be milliseconds or "+30s" (got {at!r})')

    def tick_once(self) -> bool:
        """The next timer runs out: the clock jumps to it and the system ticks (False: no timer)."""
        due = next_deadline(self.state)
        if due is None:
            return False
        self.now = max(self.now, due)
        self.act(Actor.system(), {"type": "tick"})
        return True

    def run_clock_to(self, when: int) -> int:
        """Every timer due by `when` fires, each at its own deadline and in order; returns how many fired."""
        fired = 0
        while (due := next_deadline(self.state)) is not None and due <= when:
            if fired >= MAX_TICKS:
                raise _fail("the timers never settle")
            self.tick_once()
            fired += 1
        self.now = max(self.now, when)
        return fired

    def _position(self) -> tuple[int, int]:
        return self.state.round, _ORDER.get(self.state.phase, 0)

    def tick_until(self, until: str) -> None:
        """`{"type": "tick", "until": ...}`: "timer" the next timer only; "phase" until the current phase
        has ended (a rally, run-off or question timer on the way does not count); a phase name until the
        game reaches that phase's next occurrence, or goes past it (a phase that ends at once, such as an
        election the relic decided, counts as reached); "over" until the game ends."""
        start = self._position()
        if until in _ORDER:
            target = (start[0] + (1 if start[1] >= _ORDER[until] else 0), _ORDER[until])
        for _ in range(MAX_TICKS):
            if not self.tick_once():
                raise _fail(f'tick until {until!r}: no timer is running (paused, or the game is over)')
            if (until == "timer" or self.state.over or (until == "phase" and self._position() != start)
                    or (until in _ORDER and self._position() >= target)):
                return
        raise _fail(f"tick until {until!r}: never reached")

    def step(self, index: int, raw: Any) -> None:
        if not isinstance(raw, dict) or "command" not in raw:
            raise _fail(f"steps[{index}] must be an object with a command")
        _unknown(f"steps[{index}]", raw, STEP_KEYS)
        actor = self.actor(raw.get("actor", "system"))
        cmd = self.command(actor, raw["command"])
        expected = raw.get("expect_error")
        when = self.at(raw.get("at"))
        try:
            if actor.kind == "system" and cmd.get("type") == "tick":
                self._tick_step(index, cmd, when)
            else:
                if when is not None:
                    self.run_clock_to(when)
                self.act(actor, cmd)
        except EngineError as exc:
            if expected is None or (expected is not True and expected != exc.code):
                raise _fail(f"steps[{index}] refused ({exc.code}): {exc.message.en}") from exc
            return
        if expected is not None:
            raise _fail(f"steps[{index}] was accepted but expected the error {expected!r}")

    def _tick_step(self, index: int, cmd: dict[str, Any], when: int | None) -> None:
        until = cmd.pop("until", None)
        _unknown(f"steps[{index}].command", cmd, frozenset({"type"}))
        if until is not None:
            if until not in UNTIL:
                raise _fail(f'steps[{index}]: tick "until" must be one of {", ".join(UNTIL)} (got {until!r})')
            if when is not None:
                raise _fail(f'steps[{index}]: a tick takes "at" or "until", not both')
            self.tick_until(str(until))
        elif when is None:  # a bare tick: the next timer
            if not self.tick_once():
                self.act(Actor.system(), cmd)  # nothing runs: the engine says why
        elif self.run_clock_to(when) == 0:
            self.act(Actor.system(), cmd)  # nothing was due by then: refused (not_due)

    def finish(self) -> None:
        for _ in range(MAX_TICKS):
            if self.state.over:
                return
            if not self.tick_once():
                raise _fail("the game is stuck (paused or waiting) after the last step")
        raise _fail("the game did not end")


def simulate(data: Any) -> tuple[GameState, list[Event], dict[str, str]]:
    """Plays the scenario; returns the final state, the log and the id -> name map."""
    if not isinstance(data, dict) or not isinstance(data.get("setup"), dict):
        raise _fail('a scenario is an object with "setup" and "steps"')
    _unknown("the scenario", data, TOP_KEYS)
    run = Scenario(data["setup"])
    steps = data.get("steps", [])
    if not isinstance(steps, list):
        raise _fail('"steps" must be a list')
    for i, raw in enumerate(steps):
        run.step(i, raw)
    run.finish()
    return run.state, run.log, run.names


def _points(value: float) -> int | float:
    return int(value) if float(value).is_integer() else value


def position(state: GameState, names: dict[str, str]) -> dict[str, Any]:
    """The end position: each player's room, card and card state (the non-default values), as a
    `deuxrois score` input, plus who held each room's office at the end."""
    players = []
    for p in state.players:
        card = state.cards[p.id]
        cs = state.card_state(card)
        st: dict[str, Any] = {key: True for key in ("armed", "subject", "subject_locked", "blessed", "pope_faithful")
                              if getattr(cs, key)}
        if cs.treaty != "none":
            st["treaty"] = cs.treaty
        if card == INFIDELE and cs.infidel_colour is not None:
            st["infidel_colour"] = cs.infidel_colour
        if cs.pledge is not None:
            st["pledge"] = cs.pledge
        if cs.banked:
            st["banked"] = _points(cs.banked)
        if card == PELERIN:
            st["visits"] = {"normandie": cs.visits_normandie, "angleterre": cs.visits_angleterre}
        players.append({"name": names[p.id], "card": card, "room": state.rooms[p.id].value,
                        **({"state": st} if st else {})})
    generals = {room.value: names.get(g) if (g := state.generals.get(room)) else None for room in Room}
    return {"players": players, "generals": generals}


def simulate_file_data(data: Any) -> dict[str, Any]:
    """The `deuxrois score` output for the scenario's end position, the number of events and the position."""
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
        "position": position(state, names),
    }
