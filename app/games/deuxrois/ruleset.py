"""The shape of Deux Rois's rules: the kernel's `Rules` plus this game's seams, typed.

`rules.build_rules` fills one `GameRules`: each module of the game adds its
command handlers and event appliers (the kernel's `handles`/`applies`) and its
entries in the seams below inside its `install(rules)`. Nothing is registered
by importing a module, so two builds are two independent values, and the core
can be built without Mode Historique.

Every state carries the rules it was folded by (`GameState.rules`), so the
pure read helpers the views share with the handlers (who may vote, which guard
refuses a reveal, when the next timer runs out) ask the very rules that decide.

The kernel's own `seam(name)` is a `list[Any]`; these are typed fields instead,
so `mypy --strict` checks every entry against the call that uses it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from app.games.deuxrois.cards import Effect, Power
from app.games.deuxrois.deal import Room
from app.games.deuxrois.model.commands import UsePower
from app.games.deuxrois.state import GameState, Prompt
from app.kernel.rules import Rules
from app.kernel.rules import Tx as KernelTx
from app.kernel.text import EngineError, Text

Tx = KernelTx[GameState]
View = dict[str, Any]
Install = Callable[["GameRules"], None]  # a module's install(rules)

# ------------------------------------------------------------------ the round (rounds.py)
PhaseSeconds = Callable[[GameState, str, int, int], int]  # fn(state, phase, round, seconds) -> seconds
Timer = tuple[Callable[[GameState], int | None], Callable[[Tx], None]]  # (due -> epoch ms or None, fire)
Reactor = Callable[[Tx], None]
# ------------------------------------------------------------------ who may (election.py, designation.py)
PlayerCheck = Callable[[GameState, str], bool]  # fn(state, pid) -> False bars the player now
OfficeBar = Callable[[GameState, str], Text | None]  # why pid may not become général now (bars.office)
QuotaModifier = Callable[[GameState, Room], int]  # extra envoys for the room this round
Designator = Callable[[GameState, Room], str | None]  # who names the room's envoys (None: no say, "": nobody yet)
DepartureStep = Callable[[Tx, dict[str, Room]], dict[str, Room]]  # moves -> moves, at the crossing
MoveBan = Callable[[GameState], Text | None]  # why no power may change a room now
# ------------------------------------------------------------------ powers (powers/registry.py)
PowerSource = Callable[[GameState, str], Iterable[Power]]
RevealGuard = Callable[[GameState, str, str | None, str], Text | None]  # (shower, partner, kind) -> refusal
OwnRevealGuard = Callable[[GameState, str, str], Text | None]  # (actor, kind) -> what he may not choose to show
TriggerFn = Callable[[Tx, str, str, str], bool | None]  # (holder, partner, kind) -> True stops the chain
Immunity = Callable[[GameState, str, Effect], bool]
Resolver = Callable[[Tx, Prompt, str], None]
AnswerBar = Callable[[GameState, Prompt, str], EngineError | None]  # why this answer is barred to him
Condition = Callable[[GameState, str], Text | EngineError | None]  # a Text: "power_unavailable"
Check = Callable[[GameState, str, UsePower], None]
Targets = Callable[[GameState, str], list[str]]
Extra = Callable[[GameState, str], dict[str, Any]]
Watched = Callable[[GameState, str], object]  # compared by ==, between the states before and after a change
Resolve = Callable[[Tx, str, UsePower], None]


@dataclass(frozen=True, slots=True)
class PromptKind:
    resolve: Resolver
    on_expire: Resolver | None = None  # called with a seeded choice when the prompt must not lapse
    bar: AnswerBar | None = None  # asked by the answer and by the views (an option barred to him is not offered)


@dataclass(frozen=True, slots=True)
class RevealTrigger:
    key: str  # the power key the holder must hold
    order: int  # lower fires first; the Faussaire swap is 0
    kinds: frozenset[str]  # reveal kinds that fire it: complete, couleur, privee
    fn: TriggerFn


def _no_condition(state: GameState, pid: str) -> Text | EngineError | None:
    return None


def _no_check(state: GameState, pid: str, cmd: UsePower) -> None:
    return None


@dataclass(frozen=True, slots=True)
class ActivePower:
    key: str
    resolve: Resolve
    condition: Condition = _no_condition  # why the holder cannot use it now, or None
    check: Check = _no_check  # raises EngineError for an illegal target
    targets: Targets | None = None  # legal targets, for the views
    extra: Extra | None = None  # more for the views (pick, choices...)
    # What its offer reads beyond its holder's parts of the state, such as the room's latest exchanges and
    # the clock of the newest event (the Interprète's sessions): the holder's phone follows any change of
    # it (audience.py), and only those.
    watches: Watched | None = None


@dataclass(slots=True)
class GameRules(Rules[GameState]):
    """Deux Rois's handlers, appliers and seams as one value (see `rules.build_rules` for the order)."""

    # rounds.py: a phase's length, extra timers (honoured by next_deadline and tick), follow-ups run
    # at the start of every settle (after each decision).
    phase_seconds: list[PhaseSeconds] = field(default_factory=list)
    timers: list[Timer] = field(default_factory=list)
    reactors: list[Reactor] = field(default_factory=list)
    # election.py, designation.py: who may vote / be named, extra envoys, who designates;
    # bars.office: why a player may not become général, whatever the way (vote, usurpation, moderator...).
    voter_filters: list[PlayerCheck] = field(default_factory=list)
    office_bars: list[OfficeBar] = field(default_factory=list)
    eligibility_filters: list[PlayerCheck] = field(default_factory=list)
    quota_modifiers: list[QuotaModifier] = field(default_factory=list)
    designators: list[Designator] = field(default_factory=list)
    # crossing.py: (order, step), run at the crossing by order (§4.2: the events, then the X powers at 50).
    departure_steps: list[tuple[int, DepartureStep]] = field(default_factory=list)
    move_bans: list[MoveBan] = field(default_factory=list)
    # prompts.py: how each kind of question resolves.
    prompt_kinds: dict[str, PromptKind] = field(default_factory=dict)
    # powers/registry.py: the powers seam (its docstring says how to add a power).
    active: dict[str, ActivePower] = field(default_factory=dict)
    triggers: list[RevealTrigger] = field(default_factory=list)  # kept sorted by order
    reveal_guards: list[RevealGuard] = field(default_factory=list)
    # Guards that read only the shower (never the partner): the views ask them once per player, not per pair.
    shower_guards: set[RevealGuard] = field(default_factory=set)
    own_reveal_guards: list[OwnRevealGuard] = field(default_factory=list)  # the actor's own (the Berserker)
    power_sources: list[PowerSource] = field(default_factory=list)
    # The keys a source may grant, where it says (power_source): who holds a key asks only those sources.
    power_grants: dict[PowerSource, frozenset[str]] = field(default_factory=dict)
    # The only players a source may grant anything to now, where it says (power_source `who`): who holds a
    # key asks the source of those players only, not of all fifty.
    power_candidates: dict[PowerSource, Callable[[GameState], Iterable[str]]] = field(default_factory=dict)
    extra_immunities: list[Immunity] = field(default_factory=list)
    # actions.py, views.py: more legal actions for a player, more keys in a view (kind, player or None).
    extra_actions: list[Callable[[GameState, str], list[View]]] = field(default_factory=list)
    view_extras: list[Callable[[GameState, str, str | None], View]] = field(default_factory=list)

    def power_source(self, fn: PowerSource, grants: frozenset[str] | None = None,
                     who: Callable[[GameState], Iterable[str]] | None = None) -> None:
        """Powers `fn(state, pid)` grants besides the card's; `grants`: the only keys it may ever grant; `who`:
        the players it may grant anything to in a state (every other player it must give nothing)."""
        self.power_sources.append(fn)
        if grants is not None:
            self.power_grants[fn] = grants
        if who is not None:
            self.power_candidates[fn] = who

    def departure_step(self, order: int) -> Callable[[DepartureStep], DepartureStep]:
        def register(fn: DepartureStep) -> DepartureStep:
            self.departure_steps.append((order, fn))
            self.departure_steps.sort(key=lambda step: step[0])
            return fn

        return register

    def prompt_kind(self, kind: str, on_expire: bool = False,
                    bar: AnswerBar | None = None) -> Callable[[Resolver], Resolver]:
        """The resolver of a kind of question (`on_expire`: it must not lapse, a seeded answer is given;
        `bar`: an answer the rules bar to this player, refused to him and not offered by his views)."""

        def register(fn: Resolver) -> Resolver:
            if kind in self.prompt_kinds:
                raise ValueError(f"prompt kind {kind!r} is registered twice")
            self.prompt_kinds[kind] = PromptKind(fn, fn if on_expire else None, bar)
            return fn

        return register

    def reveal_guard(self, fn: RevealGuard, *, reads_partner: bool = True) -> RevealGuard:
        """A reason reveals cannot happen; `reads_partner=False` promises it reads the shower alone, so its
        answer for (shower, anyone) is its answer for (shower, None) (bars.reveal_partners asks it once)."""
        self.reveal_guards.append(fn)
        if not reads_partner:
            self.shower_guards.add(fn)
        return fn

    def on_reveal(self, key: str, order: int, kinds: tuple[str, ...] = ("complete",)) -> Callable[[TriggerFn], TriggerFn]:
        """An effect of a reveal for the holder of power `key`; `order` places it in the chain (unique)."""

        def register(fn: TriggerFn) -> TriggerFn:
            taken = next((t for t in self.triggers if t.order == order), None)
            if taken is not None:  # equal orders would fire in install order: say which comes first
                raise ValueError(f"reveal effects {taken.key!r} and {key!r} share order {order}")
            self.triggers.append(RevealTrigger(key, order, frozenset(kinds), fn))
            self.triggers.sort(key=lambda t: t.order)
            return fn

        return register

    def active_power(self, key: str, condition: Condition = _no_condition, check: Check = _no_check,
                     targets: Targets | None = None, extra: Extra | None = None,
                     watches: Watched | None = None) -> Callable[[Resolve], Resolve]:
        """A power its holder uses with `use_power` (the seam checks window and frequency first)."""

        def register(fn: Resolve) -> Resolve:
            if key in self.active:
                raise ValueError(f"power {key!r} is registered twice")
            self.active[key] = ActivePower(key, fn, condition, check, targets, extra, watches)
            return fn

        return register
