"""A game's rules as one value: the gate, the handlers, the fold, and `decide`.

Each game builds one `Rules` (no module-global registries): its modules add
their handlers with `rules.handles(...)` and their appliers with
`rules.applies(...)` inside an `install(rules)` function, and named extension
points (`rules.seam("quota_modifiers")`) take what optional parts plug in.

The gate checks every command in a fixed order (boardgame.io's `Master`):
1. known command?  2. game over?  3. actor kind allowed?  4. seated player?
5. paused?  6. phase allows it?  Then the command's own handler checks its
targets and emits events through a `Tx`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from typing import Any, Generic, Protocol, TypeVar

from app.kernel.actor import Actor, ActorKind
from app.kernel.text import EngineError, Text


class GameStateLike(Protocol):
    """What the kernel reads of any game's state."""

    @property
    def version(self) -> int: ...

    @property
    def seed(self) -> int: ...


S = TypeVar("S", bound=GameStateLike)
T = TypeVar("T")  # any hosted state (a game may wrap its rules' state, e.g. with a clock)
C = TypeVar("C")
E = TypeVar("E")
Handler = Callable[["Tx[Any]", Any, Actor], None]
Applier = Callable[[Any, Any], Any]


def refuse(code: str, fr: str, en: str) -> EngineError:
    return EngineError(code, Text(fr, en))


STALE = Text("La partie a changé entre-temps : réessayez.", "The game changed in the meantime: try again.")


@dataclass(frozen=True, slots=True)
class Rule:
    actors: frozenset[ActorKind]
    phases: frozenset[str] | None  # None: any phase
    when_over: bool  # allowed after the game ended
    when_paused: bool
    seatless: bool  # a player without a seat may send it (joining)
    handler: Handler


@dataclass(frozen=True, slots=True)
class Gatekeeping(Generic[S]):
    """How the gate reads this game's state: its phase, the end, a pause, the seats."""

    phase: Callable[[S], str]
    over: Callable[[S], bool]
    seated: Callable[[S, str], bool]
    paused: Callable[[S], bool] = lambda _state: False
    phase_name: Callable[[str], Text] = lambda phase: Text(phase, phase)
    step: Callable[[S, Any], S] | None = None  # version + 1 (and whatever else each event does to every state)


@dataclass(frozen=True, slots=True)
class Decision(Generic[T]):
    """What `decide` returns: the events to append and the state they lead to (nothing folds twice)."""

    events: list[Any]
    state: T


class Tx(Generic[S]):
    """A decision in progress: the events emitted so far and the state they lead to.

    A chain of effects (a reveal, then its triggers) is decided against the
    state it will really meet. Randomness comes from (seed, version, purpose),
    and the outcome is written in the event, so a replay never draws.
    """

    def __init__(self, rules: Rules[S], state: S, now_ms: int) -> None:
        self.rules = rules
        self.state = state
        self.now = now_ms
        self.events: list[Any] = []

    def emit(self, event: Any) -> None:
        if "at_ms" in type(event).model_fields:
            event = event.model_copy(update={"at_ms": self.now})
        self.events.append(event)
        self.state = self.rules.evolve(self.state, event)

    def rng(self, purpose: str) -> random.Random:
        return random.Random(f"{self.state.seed}:{self.state.version}:{purpose}")

    def new_id(self, prefix: str) -> str:
        """A deterministic id: the version the creating event will get."""
        return f"{prefix}{self.state.version + 1}"


@dataclass(slots=True)
class Rules(Generic[S]):
    """Everything one game's `decide` and `evolve` need, built explicitly."""

    gate: Gatekeeping[S]
    commands: dict[type, Rule] = field(default_factory=dict)
    appliers: dict[type, Applier] = field(default_factory=dict)
    # Run after every command that emitted something (Deux Rois settles its rounds there).
    settlers: list[Callable[[Tx[S]], None]] = field(default_factory=list)
    seams: dict[str, list[Any]] = field(default_factory=dict)
    # Events that take the game back to an earlier version (a game master's undo), with that version: a fold
    # keeps the states they go back to (`folded_at`).
    rewinds: dict[type, Callable[[Any], int]] = field(default_factory=dict)

    def handles(
        self,
        command_type: type[C],
        actors: Iterable[ActorKind],
        phases: Iterable[str] | None = None,
        when_over: bool = False,
        when_paused: bool = False,
        seatless: bool = False,
    ) -> Callable[[Callable[[Tx[S], C, Actor], None]], Callable[[Tx[S], C, Actor], None]]:
        def register(fn: Callable[[Tx[S], C, Actor], None]) -> Callable[[Tx[S], C, Actor], None]:
            if command_type in self.commands:
                raise ValueError(f"{command_type.__name__} is handled twice")
            self.commands[command_type] = Rule(
                frozenset(actors), frozenset(phases) if phases is not None else None,
                when_over, when_paused, seatless, fn,
            )
            return fn

        return register

    def applies(self, event_type: type[E]) -> Callable[[Callable[[S, E], S]], Callable[[S, E], S]]:
        def register(fn: Callable[[S, E], S]) -> Callable[[S, E], S]:
            if event_type in self.appliers:
                raise ValueError(f"{event_type.__name__} is applied twice")
            self.appliers[event_type] = fn
            return fn

        return register

    def seam(self, name: str) -> list[Any]:
        """A named extension point: a list the optional parts of a game append to."""
        return self.seams.setdefault(name, [])

    # -- the gate, decide, evolve ------------------------------------------

    def check(self, state: S, command: object, actor: Actor) -> Rule:
        rule = self.commands.get(type(command))
        if rule is None:
            raise refuse("unknown_command", "Commande inconnue.", "Unknown command.")
        gate = self.gate
        if gate.over(state) and not rule.when_over:
            raise refuse("game_over", "La partie est terminée.", "The game is over.")
        if actor.kind not in rule.actors:
            raise refuse("not_allowed", "Vous ne pouvez pas faire cela.", "You are not allowed to do that.")
        seated = actor.player_id is not None and gate.seated(state, actor.player_id)
        if actor.kind == "player" and not rule.seatless and not seated:
            raise refuse("no_seat", "Vous n'avez pas de place dans cette partie.", "You have no seat in this game.")
        if gate.paused(state) and not rule.when_paused:
            raise refuse("paused", "La partie est en pause.", "The game is paused.")
        phase = gate.phase(state)
        if rule.phases is not None and phase not in rule.phases:
            name = gate.phase_name(phase)
            raise EngineError("wrong_phase", Text(f"Impossible pendant {name.fr}.", f"Not possible during {name.en}."))
        return rule

    def decide(self, state: S, command: object, actor: Actor, now_ms: int,
               expected_version: int | None = None) -> Decision[S]:
        """Validates `command` for `actor`; returns the events and the new state, or raises EngineError.

        `expected_version`: the version the client acted on; a command sent from
        an older view is refused ("stale") instead of acting on a changed game.
        """
        if expected_version is not None and expected_version != state.version:
            raise EngineError("stale", STALE)
        rule = self.check(state, command, actor)
        tx = Tx(self, state, now_ms)
        rule.handler(tx, command, actor)
        if tx.events:
            for settle in self.settlers:
                settle(tx)
        return Decision(tx.events, tx.state)

    def evolve(self, state: S, event: Any) -> S:
        """One event -> the next state (version + 1)."""
        applier = self.appliers[type(event)]
        step = self.gate.step
        stepped = step(state, event) if step is not None else replace(state, version=state.version + 1)  # type: ignore[type-var]
        return applier(stepped, event)  # type: ignore[no-any-return]

    def rewinds_to(self, event_type: type[E], version: Callable[[E], int]) -> None:
        """`event_type` takes the game back to `version(event)`; its applier asks `folded_at` for that state."""
        self.rewinds[event_type] = version

    def fold(self, state: S, events: Iterable[Any]) -> S:
        if not self.rewinds:
            for event in events:
                state = self.evolve(state, event)
            return state
        # An undo's applier needs the state of an earlier version. Folded again from the start, each undo in
        # the log would fold the undos before it again: 2**k folds for k undos (14 took 12 s). The states
        # those events go back to are kept as this fold passes them, so a log folds in one pass.
        events = list(events)
        wanted = {to(e) for e in events if (to := self.rewinds.get(type(e))) is not None}
        kept: dict[int, S] = {}
        token = _FOLDING.set((self, kept))
        try:
            for event in events:
                if state.version in wanted:
                    kept[state.version] = state
                state = self.evolve(state, event)
        finally:
            _FOLDING.reset(token)
        return state

    def folded_at(self, version: int) -> S | None:
        """Within a fold, the state it had at `version` if an event of the log goes back there; else None
        (an undo decided now: its applier folds the log up to `version`, in one pass)."""
        folding = _FOLDING.get()
        if folding is None or folding[0] is not self:  # another game's fold: not these rules' states
            return None
        kept: S | None = folding[1].get(version)
        return kept


# The fold going on in this thread: its rules, and the states it kept by version.
_FOLDING: ContextVar[tuple[Any, dict[int, Any]] | None] = ContextVar("folding", default=None)
