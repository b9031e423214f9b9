"""Royal Secrets scenarios: a scripted game played with the very commands the phones and the dashboard send.

`simulate(data)` plays a scenario file (docs/games/royal_secrets.md, "Scenarios")
and reports the end: each player's écritoire (fleurs de lys), hand, Faveurs and,
once the game is over, the final count and ranking. `to_scenario` writes a
stored game as such a file (the dashboard's export), so a table's evening can
be replayed move for move.

A scenario names players, never seat ids: wherever a command takes a player
(`to`, `player_id`, `roi`) a name works; a card may be named by its value in
the actor's hand ("20", "excuse", "valet 10") and a bet by "Name:k" (that
player's k-th bet of the round, or "Cardinal:k"). Shuffles may be fixed in
`setup.deal`; whatever it leaves out comes from the seed. With `parole: "auto"`
(the default) a step by a player who does not hold the tuile while its holder
must give the Parole first has the holder give it to him.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from app.games.royal_secrets.cards import AUDIENCE_CARDS, SIDES, Side, cardinal_cards, valet_cards
from app.games.royal_secrets.commands import COMMANDS
from app.games.royal_secrets.config import RoyalSecretsConfig
from app.games.royal_secrets.data import ROUNDS
from app.games.royal_secrets.events import GameCreated, GameStarted
from app.games.royal_secrets.flow import next_event
from app.games.royal_secrets.rules import build_rules
from app.games.royal_secrets.state import State
from app.kernel.actor import Actor
from app.kernel.game import StoredEventLike
from app.kernel.rules import Rules
from app.kernel.text import EngineError, Text

PLAYER_FIELDS = ("to", "player_id")
PAROLE_STEPS = ("choose", "bet", "use_faveur")
RULES: Rules[State] = build_rules()


def _fail(message: str) -> EngineError:
    return EngineError("scenario", Text(message, message))


@dataclass
class Run:
    """One scenario being played: the state, every event so far, and the names of the seats."""

    state: State
    events: list[Any] = field(default_factory=list)
    ids: dict[str, str] = field(default_factory=dict)  # name -> seat id
    parole: str = "auto"
    deal: Mapping[str, Any] = field(default_factory=dict)
    steps: int = 0

    def emit(self, event: Any) -> None:
        self.events.append(event)
        self.state = RULES.evolve(self.state, event)

    def act(self, actor: Actor, raw: dict[str, Any]) -> None:
        command = COMMANDS.parse(raw)
        decision = RULES.decide(self.state, command, actor, 0)
        if decision.events and isinstance(decision.events[0], GameStarted) and self.deal:
            self._start_with(decision.events[0])
            return
        self.events += decision.events
        self.state = decision.state

    def _start_with(self, seeded: GameStarted) -> None:
        """The start as the seed dealt it, with the scenario's fixed shuffles put in; then the automatic steps."""
        self.emit(fixed_start(seeded, self.deal, self.ids, self.state.config.audience_layout == "mixed"))
        while (event := next_event(self.state)) is not None:
            self.emit(event)

    # -- names -> ids --------------------------------------------------------------------------------
    def pid(self, name: Any) -> str:
        if isinstance(name, str) and name in self.ids:
            return self.ids[name]
        if isinstance(name, str) and name in self.ids.values():
            return name
        raise _fail(f"unknown player {name!r}")

    def actor(self, who: Any) -> Actor:
        if who == "moderator":
            return Actor.moderator()
        return Actor.player(self.pid(who))

    def card(self, pid: str, ref: Any) -> Any:
        """A card of `pid`'s hand by id, or by value: "20", "excuse", "valet -10"."""
        if not isinstance(ref, str) or ref in self.state.cards:
            return ref
        hand = sorted(self.state.hands.get(pid, ()))
        words = ref.lower().split()
        kind = "valet" if words[:1] == ["valet"] else "excuse" if words == ["excuse"] else "courtisan"
        value = None if kind == "excuse" else _int(words[-1], ref)
        for cid in hand:
            c = self.state.card(cid)
            if c.kind == kind and (value is None or c.value == value):
                return cid
        raise _fail(f"{self.state.name(pid)} holds no {ref!r}")

    def bet(self, ref: Any) -> Any:
        """A bet of this round by id, or as "Name:k" / "Cardinal:k"."""
        if not isinstance(ref, str) or ":" not in ref:
            return ref
        name, _, k = ref.rpartition(":")
        owner = None if name == "Cardinal" else self.pid(name)
        bets = [b for b in self.state.rnd.bets if b.owner == owner and b.k == _int(k, ref)]
        if not bets:
            raise _fail(f"no bet {ref!r} this round")
        return bets[0].id

    def command(self, actor: Actor, raw: Any) -> dict[str, Any]:
        if not isinstance(raw, dict) or not isinstance(raw.get("type"), str):
            raise _fail("a step's command must be an object with a type")
        cmd = dict(raw)
        for key in PLAYER_FIELDS:
            if isinstance(cmd.get(key), str):
                cmd[key] = self.pid(cmd[key])
        if isinstance(cmd.get("roi"), list):
            cmd["roi"] = [self.pid(p) for p in cmd["roi"]]
        if isinstance(cmd.get("ring"), list):
            cmd["ring"] = [self.pid(p) for p in cmd["ring"]]
        if isinstance(cmd.get("colours"), dict):
            cmd["colours"] = {self.pid(p): c for p, c in cmd["colours"].items()}
        me = actor.player_id
        if me is not None and cmd["type"] in ("bet", "tiebreak_pick") and cmd.get("card") is not None:
            cmd["card"] = self.card(me, cmd["card"])
        if cmd["type"] == "use_faveur" and cmd.get("target") is not None:
            cmd["target"] = self.bet(cmd["target"])
        return cmd

    def step(self, index: int, step: Any) -> None:
        if not isinstance(step, dict):
            raise _fail(f"step {index}: a step is an object")
        actor = self.actor(step.get("actor"))
        cmd = self.command(actor, step.get("command"))
        expected = step.get("expect_error")
        s = self.state
        if (self.parole == "auto" and expected is None and cmd["type"] in PAROLE_STEPS and actor.player_id
                and s.designating and s.tuile not in (None, actor.player_id) and s.phase in ("choose", "bet1", "bet2")):
            self.act(Actor.player(str(s.tuile)), {"type": "give_parole", "to": actor.player_id})
        try:
            self.act(actor, cmd)
        except EngineError as exc:
            if expected is True or expected == exc.code:
                return
            raise _fail(f"step {index} ({step.get('actor')} {cmd['type']}) was refused: {exc.code}: "
                        f"{exc.message.en}") from None
        if expected is not None:
            raise _fail(f"step {index} ({step.get('actor')} {cmd['type']}) was accepted; "
                        f"it should be refused with {expected!r}")
        self.steps += 1


def _int(text: str, ref: str) -> int:
    try:
        return int(text.replace("−", "-"))
    except ValueError:
        raise _fail(f"cannot read {ref!r}") from None


# -- fixed shuffles ------------------------------------------------------------------------------------


def _pick(refs: Sequence[Any], pool: list[str], kinds: dict[str, int], what: str) -> list[str]:
    """Card ids for refs (ids, or values: the first card of that value still in `pool`), taken from `pool`."""
    out: list[str] = []
    for ref in refs:
        if isinstance(ref, str) and ref in pool:
            cid = ref
        else:
            value = _int(str(ref), str(ref)) if not isinstance(ref, int) else ref
            cid = next((c for c in pool if kinds[c] == value), "")
            if not cid:
                raise _fail(f"deal.{what}: no card {ref!r} left")
        pool.remove(cid)
        out.append(cid)
    return out


def fixed_start(seeded: GameStarted, deal: Mapping[str, Any], ids: Mapping[str, str], mixed: bool) -> GameStarted:
    """The seeded set-up with the scenario's choices put in (the rest keeps the seed's order)."""
    valet_value = {v.id: v.value for v in valet_cards()}
    pool = sorted(valet_value)
    dealt: dict[str, str] = {}
    fixed_valets = deal.get("valets") or {}
    for name, ref in fixed_valets.items():
        pid = ids.get(name, name)
        if pid not in seeded.ring:
            raise _fail(f"deal.valets: unknown player {name!r}")
        dealt[pid] = _pick([ref], pool, valet_value, "valets")[0]
    order = [seeded.valets_dealt[p] for p in seeded.ring] + list(seeded.valet_pile)
    rest = [c for c in order if c in pool]
    for pid in seeded.ring:
        if pid not in dealt:
            dealt[pid] = rest.pop(0)
    top = _pick(deal.get("valet_pile") or [], rest, valet_value, "valet_pile")
    valet_pile = top + rest

    cardinal_value = {k.id: k.value for k in cardinal_cards()}
    pool = list(seeded.cardinal_pile)
    cardinal_pile = _pick(deal.get("cardinal_pile") or [], pool, cardinal_value, "cardinal_pile") + pool

    piles = {side: list(seeded.audience_piles[side]) for side in SIDES}
    aside = list(seeded.set_aside)
    tops = {side: [str(a) for a in deal.get(side) or []] for side in SIDES}
    for side in SIDES:
        for aid in tops[side]:
            if aid not in AUDIENCE_CARDS:
                raise _fail(f"deal.{side}: no Audience card {aid!r}")
    if any(tops.values()):
        everything = [*piles["roi"], *piles["reine"], *aside]
        chosen = {a for side in SIDES for a in tops[side]}
        new: dict[Side, list[str]] = {}
        for side in SIDES:
            own = [a for a in everything if a not in chosen and (mixed or AUDIENCE_CARDS[a].souverain == side)
                   and not any(a in p for p in new.values())]
            if not mixed and any(AUDIENCE_CARDS[a].souverain != side for a in tops[side]):
                raise _fail(f"deal.{side}: a card of the other Souverain")
            new[side] = (tops[side] + own)[:ROUNDS]
        piles = new
        aside = [a for a in everything if not any(a in p for p in piles.values())]
    first = deal.get("first")
    return seeded.model_copy(update={
        "valets_dealt": dealt, "valet_pile": valet_pile, "cardinal_pile": cardinal_pile,
        "audience_piles": piles, "set_aside": aside,
        "first": ids.get(str(first), str(first)) if first is not None else seeded.first,
    })


# -- playing a file ------------------------------------------------------------------------------------


def start_run(setup: Mapping[str, Any], starts_itself: bool) -> Run:
    names = setup.get("players")
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise _fail("setup.players must be a list of names in join order")
    config = RoyalSecretsConfig.model_validate(setup.get("config") or {})
    run = Run(State(), parole=str(setup.get("parole", "auto")), deal=dict(setup.get("deal") or {}))
    run.emit(GameCreated(seed=int(setup.get("seed", 0)), config=config))
    for name in names:
        run.act(Actor("player", None), {"type": "join", "name": name})
    run.ids = {seat.name: seat.player_id for seat in run.state.seats}
    if starts_itself:
        start: dict[str, Any] = {"type": "start"}
        if setup.get("ring") is not None:
            start["ring"] = [run.pid(p) for p in setup["ring"]]
        if setup.get("colours") is not None:
            start["colours"] = {run.pid(p): c for p, c in setup["colours"].items()}
        run.act(Actor.moderator(), start)
    return run


def report(run: Run, title: str = "") -> dict[str, Any]:
    s = run.state
    finals = s.result.finals if s.result is not None else {}
    players = []
    for pid in s.ring or tuple(seat.player_id for seat in s.seats):
        f = finals.get(pid)
        players.append({
            "name": s.name(pid),
            "colour": s.colours.get(pid),
            "fleurs": s.fleurs.get(pid),  # the écritoire
            "hand": [s.card(c).label().en for c in sorted(s.hands.get(pid, ()), key=lambda c: (
                s.card(c).kind, s.card(c).value, c))],
            "faveurs": [{"card": h.audience, "faveur": AUDIENCE_CARDS[h.audience].faveur, "round": h.won_round,
                         "used": h.used} for h in s.faveurs.get(pid, ())],
            "final": None if f is None else {"fleurs": f.fleurs, "bonus": f.bonus, "total": f.total,
                                             "audiences_won": f.audiences_won, "influence_left": f.influence_left},
        })
    last = s.last
    return {
        "title": title,
        "game": "royal_secrets",
        "phase": s.phase,
        "round": s.rnd.number,
        "over": s.over,
        "tuile": s.name(s.tuile) if s.tuile else None,
        "positions": {s.name(p): pos for p, pos in s.rnd.positions.items()},
        "players": players,
        "ranking": [[s.name(p) for p in group] for group in s.result.ranking] if s.result else None,
        "last_round": None if last is None else {
            "round": last.number,
            **{side: {"audience": last.audience.get(side), "outcome": last.outcomes.get(side),
                      "total": last.totals.get(side),
                      "winner": s.name(w) if (w := last.winners.get(side)) else None} for side in SIDES},
        },
        "steps": run.steps,
        "events": len(run.events),
    }


def play(data: Any) -> Run:
    if not isinstance(data, dict):
        raise _fail("a scenario is a JSON object")
    if data.get("game", "royal_secrets") != "royal_secrets":
        raise _fail(f"this scenario is for {data.get('game')!r}, not royal_secrets")
    steps = data.get("steps") or []
    if not isinstance(steps, list):
        raise _fail("steps must be a list")
    starts_itself = not any(isinstance(st, dict) and isinstance(st.get("command"), dict)
                            and st["command"].get("type") == "start" for st in steps)
    run = start_run(data.get("setup") or {}, starts_itself)
    for i, step in enumerate(steps, start=1):
        run.step(i, step)
    return run


def simulate(data: Any) -> dict[str, Any]:
    """Plays a scenario file and reports the end (raises EngineError("scenario") on a bad file or step)."""
    try:
        run = play(data)
    except ValueError as exc:  # a pydantic error in a command or the config
        raise _fail(f"bad scenario: {exc}".splitlines()[0]) from None
    return report(run, str(data.get("title", "")))


# -- a stored game as a scenario ---------------------------------------------------------------------------


def to_scenario(code: str, seed: int, config: Mapping[str, Any], log: Sequence[StoredEventLike]) -> dict[str, Any]:
    """The setup from the events (everyone who joined, in order; the deal as it happened), the steps from the
    commands stored with each batch after the joins (seat ids turned into names), and the raw log."""
    names: dict[str, str] = {}
    created: dict[str, Any] = {}
    started: dict[str, Any] | None = None
    for e in log:
        kind = e.payload.get("type")
        if kind == "game_created":
            created = dict(e.payload.get("config") or {})
        elif kind == "player_joined":
            names[e.payload["player_id"]] = e.payload["name"]
        elif kind == "game_started" and started is None:
            started = e.payload
    setup: dict[str, Any] = {"players": list(names.values()), "seed": seed, "config": created or dict(config),
                             "parole": "explicit"}
    if started is not None:
        setup["deal"] = {
            "valets": {names[p]: v for p, v in started["valets_dealt"].items()},
            "valet_pile": started["valet_pile"], "cardinal_pile": started["cardinal_pile"],
            "roi": started["audience_piles"]["roi"], "reine": started["audience_piles"]["reine"],
            "first": names[started["first"]],
        }
    steps = []
    for e in log:
        if e.command is None:
            continue
        command = dict(e.command["command"])
        if command.get("type") == "join":
            continue
        actor = e.command["actor"]
        who = names.get(actor.get("player_id") or "", "?") if actor["kind"] == "player" else actor["kind"]
        for key in PLAYER_FIELDS:
            if isinstance(command.get(key), str):
                command[key] = names.get(command[key], command[key])
        for key in ("roi", "ring"):
            if isinstance(command.get(key), list):
                command[key] = [names.get(p, p) for p in command[key]]
        if isinstance(command.get("colours"), dict):
            command["colours"] = {names.get(p, p): c for p, c in command["colours"].items()}
        steps.append({"actor": who, "command": command})
    return {"title": f"Game {code} (royal_secrets)", "code": code, "game": "royal_secrets", "seed": seed,
            "config": dict(config), "setup": setup, "steps": steps, "log": [e.payload for e in log]}
