"""The powers seam: how a power is found, offered, counted and fired.

Four registries, filled by the family modules of this package at import time:

* ``ACTIVE``: powers a holder *uses* (`use_power` command). The seam checks, in
  order: the actor holds the power, the phase is one of its windows, its
  frequency is not spent (CardState.used_game / used_round), the power's own
  condition, then the power's target check; it records the use (PowerUsed,
  before the effect, so a swap that refreshes uses is not overwritten) and
  calls the power's `resolve`.
* ``TRIGGERS``: effects that follow a reveal (complète, couleur, privée), fired
  in `order` for each orientation (holder, partner). A trigger that returns
  True stops the chain: the Faussaire swap (order 0) cancels every other
  trigger of that reveal (C37).
* ``REVEAL_GUARDS``: reasons a reveal cannot happen (e.g. the Maître d'Armes'
  neutralisation, the Berserker's weakness, a Mode Historique event).
* ``POWER_SOURCES``: extra powers a player holds besides his card's (e.g. the
  Moine's copy). Triggers and active powers are looked up by power key, so a
  copied power works with no change here.

Optional after-reveal powers ("peut", §0.5) are offered as prompts:
`offer(tx, holder, key, ...)` opens a prompt of kind `key`, and the family
module registers its resolver with `prompts.prompt_kind(key)`.

How to add a power (the card data in cards.py already names its key, trigger,
frequency and windows; nothing in the core changes):

1. Pick or create the family module in this package (e.g. ``church.py``) and add
   one import line to ``families.py``.
2. An action the holder takes: ``@active_power("key", condition=..., check=...,
   targets=...)`` on ``resolve(tx, pid, cmd)``. Emit events only through the
   building blocks (``reveals.complete / complete_group / show_public /
   show_private``, ``crossing.move_player``, ``CardStateChanged`` for card
   state); the seam has already checked window and frequency and recorded the use.
3. An automatic effect of a reveal: ``@on_reveal("key", order=N, kinds=...)`` on
   ``fn(tx, holder, partner, kind)``; pick N after 0 (Faussaire) and relative to
   the others (10 subjugation ... 70 corruption).
4. An optional effect of a reveal: a trigger that calls ``offer(...)``, plus
   ``@prompt_kind("key")`` on the resolver, which re-checks and calls
   ``record_use(tx, pid, "key")`` before its effect.
5. A restriction on reveals: ``@reveal_guard``; a granted power: append to
   ``POWER_SOURCES``.
6. A test per ruling in ``tests/deuxrois/test_play_<family>.py`` with the ruling id
   in the test name; the random playouts pick the new action up from the views.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import Any

from app.games.deuxrois.cards import CARDS, Frequency, Power, Trigger
from app.games.deuxrois.commands import UsePower
from app.games.deuxrois.events import PowerUsed
from app.games.deuxrois.fold import Tx, applies
from app.games.deuxrois.gate import ROUND, handles, me, refuse
from app.games.deuxrois.prompts import open_prompt
from app.games.deuxrois.state import GameState
from app.kernel.actor import Actor
from app.kernel.text import EngineError, Text

# ------------------------------------------------------------------ which powers a player holds
PowerSource = Callable[[GameState, str], Iterable[Power]]
POWER_SOURCES: list[PowerSource] = []


def powers_of(state: GameState, pid: str) -> list[Power]:
    """The powers of the player's current card, plus any granted by a registered source."""
    own = list(CARDS[state.cards[pid]].powers)
    for source in POWER_SOURCES:
        own.extend(source(state, pid))
    return own


def find_power(state: GameState, pid: str, key: str) -> Power | None:
    return next((p for p in powers_of(state, pid) if p.key == key), None)


def holds_power(state: GameState, pid: str, key: str) -> bool:
    return find_power(state, pid, key) is not None


# ------------------------------------------------------------------ reveal guards
RevealGuard = Callable[[GameState, str, str | None, str], Text | None]
REVEAL_GUARDS: list[RevealGuard] = []


def reveal_guard(fn: RevealGuard) -> RevealGuard:
    """Registers fn(state, shower, partner or None, kind) -> reason the reveal is refused, or None."""
    REVEAL_GUARDS.append(fn)
    return fn


def reveal_blocked(state: GameState, a: str, b: str | None, kind: str) -> Text | None:
    for guard in REVEAL_GUARDS:
        for shower, partner in ((a, b), (b, a)) if b is not None else ((a, None),):
            assert shower is not None
            reason = guard(state, shower, partner, kind)
            if reason is not None:
                return reason
    return None


# ------------------------------------------------------------------ reveal triggers
TriggerFn = Callable[[Tx, str, str, str], bool | None]


@dataclass(frozen=True, slots=True)
class RevealTrigger:
    key: str  # the power key the holder must hold
    order: int  # lower fires first; the Faussaire swap is 0
    kinds: frozenset[str]  # reveal kinds that fire it: complete, couleur, privee
    fn: TriggerFn  # fn(tx, holder, partner, kind) -> True to stop the chain


TRIGGERS: list[RevealTrigger] = []


def on_reveal(key: str, order: int, kinds: tuple[str, ...] = ("complete",)) -> Callable[[TriggerFn], TriggerFn]:
    def register(fn: TriggerFn) -> TriggerFn:
        TRIGGERS.append(RevealTrigger(key, order, frozenset(kinds), fn))
        TRIGGERS.sort(key=lambda t: t.order)
        return fn

    return register


def fire_after_reveal(tx: Tx, a: str, b: str, kind: str, skip: frozenset[str] = frozenset()) -> None:
    """After a mutual reveal: every matching trigger (but those in `skip`), both orientations, in order."""
    _fire(tx, ((a, b), (b, a)), kind, skip)


def fire_after_show(tx: Tx, shower: str, viewer: str, kind: str) -> None:
    """After a one-way reveal to a single player: only the shower's triggers (the Faussaire, C35)."""
    _fire(tx, ((shower, viewer),), kind)


def _fire(tx: Tx, pairs: tuple[tuple[str, str], ...], kind: str, skip: frozenset[str] = frozenset()) -> None:
    for trigger in list(TRIGGERS):
        if kind not in trigger.kinds or trigger.key in skip:
            continue
        for holder, partner in pairs:
            if holds_power(tx.state, holder, trigger.key) and trigger.fn(tx, holder, partner, kind):
                return


# ------------------------------------------------------------------ active powers
@dataclass(frozen=True, slots=True)
class ActivePower:
    key: str
    resolve: Callable[[Tx, str, UsePower], None]
    condition: Callable[[GameState, str], Text | None]  # why the holder cannot use it now, or None
    check: Callable[[GameState, str, UsePower], None]  # raises EngineError for an illegal target
    targets: Callable[[GameState, str], list[str]] | None  # legal targets, for the views
    extra: Callable[[GameState, str], dict[str, Any]] | None = None  # more for the views (pick, choices...)


ACTIVE: dict[str, ActivePower] = {}


def _no_condition(state: GameState, pid: str) -> Text | None:
    return None


def _no_check(state: GameState, pid: str, cmd: UsePower) -> None:
    return None


def active_power(
    key: str,
    condition: Callable[[GameState, str], Text | None] = _no_condition,
    check: Callable[[GameState, str, UsePower], None] = _no_check,
    targets: Callable[[GameState, str], list[str]] | None = None,
    extra: Callable[[GameState, str], dict[str, Any]] | None = None,
) -> Callable[[Callable[[Tx, str, UsePower], None]], Callable[[Tx, str, UsePower], None]]:
    def register(fn: Callable[[Tx, str, UsePower], None]) -> Callable[[Tx, str, UsePower], None]:
        ACTIVE[key] = ActivePower(key, fn, condition, check, targets, extra)
        return fn

    return register


_LIMITS = {Frequency.ONCE_PER_GAME: 1, Frequency.ONCE_PER_ROUND: 1, Frequency.THREE_PER_ROUND: 3}


def uses_left(state: GameState, pid: str, power: Power) -> int | None:
    """Uses left now for a counted power, None for unlimited or passive ones."""
    limit = _LIMITS.get(power.frequency)
    if limit is None:
        return None
    cs = state.state_of(pid)
    if power.frequency is Frequency.ONCE_PER_GAME:
        return 0 if power.key in cs.used_game else 1
    return max(0, limit - cs.round_uses(power.key))


def spent_reason(state: GameState, pid: str, power: Power) -> Text | None:
    if uses_left(state, pid, power) == 0:
        if power.frequency is Frequency.ONCE_PER_GAME:
            return Text("Déjà utilisé dans cette partie.", "Already used in this game.")
        return Text("Déjà utilisé ce tour.", "Already used this round.")
    return None


def offered_reason(state: GameState, pid: str, power: Power) -> Text | None:
    """For the views: why an optional power that is not `use_power`-able is not offered now (None if automatic)."""
    if power.automatic:
        return None
    spent = spent_reason(state, pid, power)
    if spent is not None:
        return spent
    windows = {str(w) for w in power.windows}
    if state.phase not in windows and not windows & {"passive", "END"}:
        return Text("Pas pendant cette phase.", "Not during this phase.")
    if power.trigger is Trigger.AFTER_COMPLETE:
        return Text("Proposé après une révélation complète.", "Offered after a complète.")
    return None


def unavailable_reason(state: GameState, pid: str, key: str) -> Text | None:
    """Why `pid` cannot use the active power `key` right now (None: he can)."""
    power = find_power(state, pid, key)
    active = ACTIVE.get(key)
    if power is None or active is None:
        return Text("Vous n'avez pas ce pouvoir.", "You do not hold this power.")
    windows = {str(w) for w in power.windows}  # Window.N == "N", the phase name
    if state.phase not in windows:
        return Text("Pas pendant cette phase.", "Not during this phase.")
    return spent_reason(state, pid, power) or active.condition(state, pid)


@handles(UsePower, actors=("player",), phases=ROUND)
def _use_power(tx: Tx, cmd: UsePower, actor: Actor) -> None:
    pid = me(actor)
    reason = unavailable_reason(tx.state, pid, cmd.power)
    if reason is not None:
        raise EngineError("power_unavailable", reason)
    active = ACTIVE[cmd.power]
    active.check(tx.state, pid, cmd)
    record_use(tx, pid, cmd.power)
    active.resolve(tx, pid, cmd)


def record_use(tx: Tx, pid: str, key: str) -> None:
    tx.emit(PowerUsed(player_id=pid, card=tx.state.cards[pid], power=key))


def offer(tx: Tx, holder: str, key: str, options: list[str], data: dict[str, Any]) -> str:
    """An optional power offered as a prompt to its holder until the end of the round (§0.5)."""
    return open_prompt(tx, holder, key, options, data, until="round")


def target_in_room(state: GameState, pid: str, target: str | None) -> str:
    """A target standing in the actor's room (the usual rule), or a refusal."""
    if target is None or target not in state.rooms:
        raise refuse("no_target", "Choisissez un joueur.", "Choose a player.")
    if target == pid:
        raise refuse("self_target", "Pas sur vous-même.", "Not on yourself.")
    if state.rooms[target] is not state.rooms[pid]:
        raise refuse("other_room", "Ce joueur n'est pas dans votre salle.", "This player is not in your room.")
    return target


@applies(PowerUsed)
def _power_used(state: GameState, ev: PowerUsed) -> GameState:
    cs = state.card_state(ev.card)
    counts = dict(cs.used_round)
    counts[ev.power] = counts.get(ev.power, 0) + 1
    cs = replace(cs, used_game=cs.used_game | {ev.power}, used_round=tuple(sorted(counts.items())))
    return replace(state, card_states={**state.card_states, ev.card: cs})

