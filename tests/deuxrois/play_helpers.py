"""Test helpers for the play engine: a game driver with a fake clock, and a random legal-action bot."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from app.games.deuxrois.commands import parse_command
from app.games.deuxrois.config import GameConfig
from app.games.deuxrois.deal import Room
from app.games.deuxrois.events import CardsExchanged, CardShown, Event
from app.games.deuxrois.game import RULES, Actor, decide, evolve, new_game, next_deadline, replay
from app.games.deuxrois.ruleset import GameRules
from app.games.deuxrois.state import GameState, Prompt
from app.games.deuxrois.views import player_view
from app.kernel.text import EngineError

N, A = Room.NORMANDIE, Room.ANGLETERRE


class Game:
    """A game in a test: state, log and a fake clock. `do` applies a command or raises EngineError.

    `rules`: the game's rules by default; a test that adds a seam entry builds its own (build_rules()).
    """

    def __init__(self, seed: int = 1, config: GameConfig | None = None, rules: GameRules | None = None) -> None:
        self.now = 0
        self.log: list[Event] = new_game(config or GameConfig(), seed, 0)
        self.state: GameState = replay(self.log, rules or RULES)
        self.held: dict[str, set[int]] = {}  # every card each player ever held
        self.seen: dict[str, set[int]] = {}  # every card shown to each player, read off the log

    # ------------------------------------------------------------- driving
    def do(self, actor: str | Actor, command: dict[str, Any]) -> list[Event]:
        who = actor if isinstance(actor, Actor) else _actor(self.state, actor)
        events = decide(self.state, parse_command(command), who, self.now)
        for event in events:
            self.apply(event)
        return events

    def apply(self, event: Event) -> None:
        self.log.append(event)
        self.state = evolve(self.state, event)
        for pid, card in self.state.cards.items():
            self.held.setdefault(pid, set()).add(card)
        if isinstance(event, CardsExchanged) and event.kind == "complete":
            assert event.a_card is not None and event.b_card is not None
            self.seen.setdefault(event.a, set()).add(event.b_card)
            self.seen.setdefault(event.b, set()).add(event.a_card)
        elif isinstance(event, CardShown) and event.card is not None:
            for viewer in event.viewers:
                self.seen.setdefault(viewer, set()).add(event.card)

    def refused(self, actor: str | Actor, command: dict[str, Any]) -> EngineError:
        before = self.state
        try:
            self.do(actor, command)
        except EngineError as exc:
            assert self.state is before
            return exc
        raise AssertionError(f"{command} was accepted")

    def tick(self) -> list[Event]:
        due = next_deadline(self.state)
        assert due is not None
        self.now = max(self.now, due)
        return self.do(Actor.system(), {"type": "tick"})

    def until(self, phase: str, round_no: int | None = None, limit: int = 100) -> None:
        for _ in range(limit):
            if self.state.phase == phase and (round_no is None or self.state.round == round_no):
                return
            self.tick()
        raise AssertionError(f"never reached {phase}")

    def pid(self, name: str) -> str:
        return next(p.id for p in self.state.players if p.name == name)

    def holder(self, card: int) -> str:
        pid = self.state.holder(card)
        assert pid is not None
        return pid

    def room(self, pid: str) -> Room:
        return self.state.rooms[pid]


def _actor(state: GameState, who: str) -> Actor:
    if who == "moderator":
        return Actor.moderator()
    if who == "system":
        return Actor.system()
    if state.player(who) is not None:
        return Actor.player(who)
    pid = next((p.id for p in state.players if p.name == who), who)
    return Actor.player(pid)


def started(cards: Iterable[int], rooms: Iterable[Room], seed: int = 1, config: GameConfig | None = None,
            infidel: str = "red", rules: GameRules | None = None) -> Game:
    """A game with a fixed deal (seat i gets cards[i], rooms[i]), past set-up, at round 1 N."""
    cards, rooms = list(cards), list(rooms)
    game = Game(seed, config, rules)
    for i in range(len(cards)):
        game.do(Actor.player(f"x{i}"), {"type": "join", "name": f"P{i + 1}"})
    game.do("moderator", {"type": "start", "deal": cards, "rooms": [r.value for r in rooms]})
    for prompt in list(game.state.prompts.values()):
        if prompt.kind == "infidel_colour":
            game.do(prompt.player_id, {"type": "answer_prompt", "prompt_id": prompt.id, "choice": infidel})
    assert game.state.phase == "N"
    return game


def table(n: int = 6, normandie: Iterable[int] = (), cards: Iterable[int] | None = None,
          config: GameConfig | None = None, infidel: str = "red", seed: int = 1,
          rules: GameRules | None = None) -> Game:
    """A started game whose players are named after their cards ("guillaume", "harold"...).

    `cards` defaults to the standard deck for n players; cards listed in `normandie`
    start in Normandie, all others in Angleterre.
    """
    from app.games.deuxrois.cards import CARDS
    from app.games.deuxrois.deal import standard_deck

    deck = list(cards) if cards is not None else standard_deck(n)
    north = set(normandie)
    game = Game(seed, config, rules)
    for i, card in enumerate(deck):
        game.do(Actor.player(f"x{i}"), {"type": "join", "name": CARDS[card].key})
    game.do("moderator", {"type": "start", "deal": deck,
                          "rooms": [(N if c in north else A).value for c in deck]})
    for prompt in list(game.state.prompts.values()):
        if prompt.kind == "infidel_colour":
            game.do(prompt.player_id, {"type": "answer_prompt", "prompt_id": prompt.id, "choice": infidel})
    return game


def by_card(game: Game, card: int) -> str:
    """The player id of whoever holds `card` now."""
    return game.holder(card)


def random_game(n: int, seed: int, rounds: int = 5, rules: GameRules | None = None) -> Game:
    game = Game(seed, GameConfig(rounds=rounds), rules)  # type: ignore[arg-type]
    for i in range(n):
        game.do(Actor.player(f"x{i}"), {"type": "join", "name": f"Joueur {i + 1}"})
    game.do("moderator", {"type": "start"})
    return game


# ------------------------------------------------------------------ the random bot
def command_for(action: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """A concrete command for an available legal action (None when it needs a target and has none)."""
    kind = action["type"]
    colours = action.get("colours")
    if kind == "request_reveal":
        cmd = {"type": kind, "target": rng.choice(action["targets"]), "kind": action["kind"]}
        if colours and action["kind"] == "couleur":
            cmd["colour"] = rng.choice(colours)
        return cmd
    if kind == "reveal_private":
        return {"type": kind, "target": rng.choice(action["targets"])}
    if kind == "answer_reveal":
        cmd = {"type": kind, "request_id": action["request_id"],
               "accept": rng.random() < 0.7 and not action.get("accept_reason")}
        if colours and action["kind"] == "couleur":
            cmd["colour"] = rng.choice(colours)
        return cmd
    if kind == "cancel_reveal":
        return {"type": kind, "request_id": action["request_id"]}
    if kind == "vote":
        options = [*action["candidates"], None]
        return {"type": kind, "candidate": rng.choice(options)}
    if kind == "designate":
        targets = action["targets"]
        return {"type": kind, "targets": rng.sample(targets, min(len(targets), action["quota"]))}
    if kind == "use_power":
        targets = action.get("targets")
        cmd = {"type": kind, "power": action["power"], "target": rng.choice(targets) if targets else None}
        if action.get("quota") and targets:  # a power with several targets (Diplomate Royal: 2)
            if len(targets) < action["quota"]:
                return None
            cmd["targets"] = rng.sample(targets, action["quota"])
        if action.get("choices"):  # a power with a choice (Devin: the card guessed)
            cmd["choice"] = rng.choice(action["choices"])
        return cmd
    if kind == "answer_prompt":
        return {"type": kind, "prompt_id": action["prompt_id"], "choice": rng.choice(action["options"])}
    if kind in ("reveal_public", "lock_envoys", "volunteer"):
        return {"type": kind}
    return None


_WEIGHTS = {"vote": 6, "designate": 4, "lock_envoys": 4, "answer_prompt": 5, "answer_reveal": 4,
            "request_reveal": 2, "use_power": 2, "reveal_private": 0.3, "reveal_public": 0.1, "cancel_reveal": 0.3,
            "volunteer": 0.5}


def bot_step(game: Game, rng: random.Random, actions_per_phase: int = 6) -> tuple[str, dict[str, Any]] | None:
    """Picks a random player and one of his available actions; None means: let the timer run."""
    state = game.state
    players = [p.id for p in state.players]
    urgent = _urgent(state)
    for _ in range(actions_per_phase):
        pid = rng.choice(urgent) if urgent and rng.random() < 0.7 else rng.choice(players)
        view = player_view(state, pid)
        offered = [a for a in view["actions"] if a["available"]]
        if not offered:
            continue
        action = rng.choices(offered, weights=[_WEIGHTS.get(a["type"], 1) for a in offered])[0]
        cmd = command_for(action, rng)
        if cmd is not None:
            return pid, cmd
    return None


def _urgent(state: GameState) -> list[str]:
    """Players the game waits for: asked something, not voted yet, a général with a list to lock."""
    out = [r.to_id for r in state.requests.values()] + [p.player_id for p in state.prompts.values()]
    for room, el in state.elections.items():
        if el.open:
            out += [p for p in state.present(room) if p not in el.ballots]
    for room, des in state.designations.items():
        general = state.generals.get(room)
        if not des.locked and general is not None:
            out.append(general)
    return out


def complete(game: Game, a: str, b: str) -> None:
    """Players named `a` and `b` make a complète: `a` asks, `b` accepts."""
    game.do(game.pid(a), {"type": "request_reveal", "target": game.pid(b), "kind": "complete"})
    rid = next(r.id for r in game.state.requests.values() if r.from_id == game.pid(a))
    game.do(game.pid(b), {"type": "answer_reveal", "request_id": rid, "accept": True})


def prompts(game: Game, name: str, kind: str) -> list[Prompt]:
    """The open prompts of one kind for the player named `name`."""
    pid = game.pid(name)
    return [p for p in game.state.prompts.values() if p.player_id == pid and p.kind == kind]


def answer(game: Game, name: str, kind: str, choice: str) -> None:
    """Answer the one open prompt of `kind` for the player named `name`."""
    (prompt,) = prompts(game, name, kind)
    game.do(game.pid(name), {"type": "answer_prompt", "prompt_id": prompt.id, "choice": choice})
