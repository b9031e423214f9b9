"""The powers seam: how a power is found, offered, counted and fired.

Four seams of the rules (ruleset.GameRules), filled by the family modules of
this package in their `install(rules)`:

* ``rules.active``: powers a holder *uses* (`use_power` command). The seam
  checks, in order: the actor holds the power, the phase is one of its windows,
  its frequency is not spent (CardState.used_game / used_round), the power's own
  condition, then the power's target check; it records the use (PowerUsed,
  before the effect, so a swap that refreshes uses is not overwritten) and
  calls the power's `resolve`.
* ``rules.triggers``: effects that follow a reveal (complète, couleur, privée),
  fired by `order` for each orientation (holder, partner). A trigger that
  returns True stops the chain: the Faussaire swap (order 0) cancels every
  other trigger of that reveal (C37). Two triggers never share an order.
* ``rules.reveal_guards``: reasons a reveal cannot happen (e.g. the Maître
  d'Armes' neutralisation, a Mode Historique event); ``rules.own_reveal_guards``
  what a player may not choose to show (the Berserker's weakness). Both are
  asked through `bars` (one check per rule, S21), also for the reveal a power
  costs: the seam reads it from the card data (`Power.cost`) before `resolve`.
* ``rules.power_sources``: extra powers a player holds besides his card's (e.g.
  the Moine's copy). Triggers and active powers are looked up by power key, so
  a copied power works with no change here.

Optional after-reveal powers ("peut", §0.5) are offered as prompts:
`offer(tx, holder, key, ...)` opens a prompt of kind `key`, and the family
module adds its resolver with `rules.prompt_kind(key)`.

How to add a power (the card data in cards.py already names its key, trigger,
frequency and windows; nothing in the core changes):

1. Pick or create the family module in this package (e.g. ``church.py``), give
   it an ``install(rules)`` and add it to ``families.py``.
2. An action the holder takes: ``rules.active_power("key", condition=...,
   check=..., targets=...)(resolve)`` in ``install``, with ``resolve(tx, pid,
   cmd)``. Emit events only through the building blocks (``reveals.complete /
   complete_group / show_public / show_private``, ``crossing.move_player``,
   ``CardStateChanged`` for card state); the seam has already checked window
   and frequency and recorded the use. If what it offers (targets, extra)
   reads more than its holder's parts of the state, such as the room's latest
   exchanges or the newest event's clock, pass ``watches=fn``, ``fn(state,
   pid)`` being what it reads: its holder's phone then follows each change of
   it (audience.py; the Interprète's Traduction and its sessions).
3. An automatic effect of a reveal: ``rules.on_reveal("key", order=N,
   kinds=...)(fn)`` with ``fn(tx, holder, partner, kind)``; pick an unused N
   after 0 (Faussaire) and relative to the others (10 subjugation ... 95 pact).
4. An optional effect of a reveal: a trigger that calls ``offer(...)``, plus
   ``rules.prompt_kind("key")(resolver)``; the resolver re-checks and calls
   ``record_use(tx, pid, "key")`` before its effect.
5. A restriction on reveals: ``rules.reveal_guard(fn)``; a granted power:
   ``rules.power_source(fn, grants=..., who=...)`` (the keys it may grant, the players it may grant
   them to, where it knows).
6. A test per ruling in ``tests/deuxrois/test_play_<family>.py`` with the ruling id
   in the test name; the random playouts pick the new action up from the views.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from app.games.deuxrois import bars, memo
from app.games.deuxrois.cards import CARDS, Frequency, Power, Trigger
from app.games.deuxrois.model.commands import UsePower
from app.games.deuxrois.model.events import PowerUsed
from app.games.deuxrois.model.phases import ROUND
from app.games.deuxrois.prompts import open_prompt
from app.games.deuxrois.ruleset import GameRules, Tx
from app.games.deuxrois.state import GameState
from app.kernel.actor import Actor, me
from app.kernel.rules import refuse
from app.kernel.text import EngineError, Text

CARD_POWER_KEYS = frozenset(p.key for card in CARDS.values() for p in card.powers)
_CARD_KEYS = {number: frozenset(p.key for p in card.powers) for number, card in CARDS.items()}


# ------------------------------------------------------------------ which powers a player holds
@memo.per_state  # every part of his view asks (card, actions, moments): a shared list, never changed
def powers_of(state: GameState, pid: str) -> list[Power]:
    """The powers of the player's current card, plus any granted by a source of the rules."""
    own = list(CARDS[state.cards[pid]].powers)
    for source in state.rules.power_sources:
        own.extend(source(state, pid))
    return own


def find_power(state: GameState, pid: str, key: str) -> Power | None:
    if memo.enabled():
        return _by_key(state, pid).get(key)
    return next((p for p in powers_of(state, pid) if p.key == key), None)


@memo.per_state
def _by_key(state: GameState, pid: str) -> dict[str, Power]:
    """His powers by key, the first of each key (find_power's answer)."""
    out: dict[str, Power] = {}
    for p in powers_of(state, pid):
        out.setdefault(p.key, p)
    return out


def holds_power(state: GameState, pid: str, key: str) -> bool:
    return find_power(state, pid, key) is not None


@memo.per_state
def holders(state: GameState, key: str) -> frozenset[str]:
    """The players holding power `key` (holds_power for each), asking only the sources that may grant it,
    and of those only the players they say they may grant anything to: the audience asks this of every new
    state for each power that watches (three at a full table), and the Moine's copy asked of all fifty
    players was most of it."""
    rules = state.rules
    cards = state.cards
    found = set(_card_holders(cards).get(key, ()))
    for source in rules.power_sources:
        if key not in rules.power_grants.get(source, (key,)):
            continue
        who = rules.power_candidates.get(source)
        found.update(pid for pid in (cards if who is None else who(state))
                     if pid in cards and any(p.key == key for p in source(state, pid)))
    return frozenset(found)


_HOLDERS = memo.Keep(512)


def _card_holders(cards: Mapping[str, int]) -> dict[str, frozenset[str]]:
    """Power key -> the players whose own card has it; kept while the deal stands (the same mapping)."""

    def index(cards: Mapping[str, int]) -> dict[str, frozenset[str]]:
        by_key: dict[str, set[str]] = {}
        for pid, card in cards.items():
            for k in _CARD_KEYS[card]:
                by_key.setdefault(k, set()).add(pid)
        return {k: frozenset(pids) for k, pids in by_key.items()}

    return _HOLDERS.of(cards, index)


# ------------------------------------------------------------------ reveal guards
def reveal_blocked(state: GameState, a: str, b: str | None, kind: str) -> Text | None:
    """Why a reveal of `kind` between a and b (None: to the room) is refused (bars.reveal's message), or None."""
    refusal = bars.reveal(state, a, b, kind)
    return refusal.message if refusal is not None else None


# ------------------------------------------------------------------ reveal triggers
def fire_after_reveal(tx: Tx, a: str, b: str, kind: str, skip: frozenset[str] = frozenset()) -> None:
    """After a mutual reveal: every matching trigger (but those in `skip`), both orientations, in order."""
    _fire(tx, ((a, b), (b, a)), kind, skip)


def fire_after_show(tx: Tx, shower: str, viewer: str, kind: str) -> None:
    """After a one-way reveal to a single player: only the shower's triggers (the Faussaire, C35)."""
    _fire(tx, ((shower, viewer),), kind)


def _fire(tx: Tx, pairs: tuple[tuple[str, str], ...], kind: str, skip: frozenset[str] = frozenset()) -> None:
    for trigger in list(tx.state.rules.triggers):
        if kind not in trigger.kinds or trigger.key in skip:
            continue
        for holder, partner in pairs:
            if holds_power(tx.state, holder, trigger.key) and trigger.fn(tx, holder, partner, kind):
                return


# ------------------------------------------------------------------ active powers
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


def known_power(state: GameState, pid: str, key: str) -> bool:
    """A power key the game knows (a card's, a used power of the rules, one granted to `pid`)."""
    return key in state.rules.active or key in CARD_POWER_KEYS or holds_power(state, pid, key)


def unavailable(state: GameState, pid: str, key: str) -> EngineError | None:
    """Why `pid` cannot use the active power `key` right now (None: he can), in the seam's fixed order:
    held, window, frequency, the power's own condition, then the reveal it costs (bars.cost, S21)."""
    power = find_power(state, pid, key)
    active = state.rules.active.get(key)
    if power is None or active is None:
        if not known_power(state, pid, key):
            return EngineError("unknown_power", Text(f"Pouvoir inconnu : « {key} ».", f"Unknown power: “{key}”."))
        return EngineError("power_unavailable", Text("Vous n'avez pas ce pouvoir.", "You do not hold this power."))
    windows = {str(w) for w in power.windows}  # Window.N == "N", the phase name
    if state.phase not in windows:
        return EngineError("power_unavailable", Text("Pas pendant cette phase.", "Not during this phase."))
    spent = spent_reason(state, pid, power)
    if spent is not None:
        return EngineError("power_unavailable", spent)
    reason = active.condition(state, pid)
    if isinstance(reason, Text):
        return EngineError("power_unavailable", reason)
    return reason or bars.cost(state, pid, power.cost)


@memo.per_state  # his card and his actions both say it
def unavailable_reason(state: GameState, pid: str, key: str) -> Text | None:
    """For the views: the message of `unavailable` (the same words the command is refused with)."""
    refusal = unavailable(state, pid, key)
    return refusal.message if refusal is not None else None


def _use_power(tx: Tx, cmd: UsePower, actor: Actor) -> None:
    pid = me(actor)
    refusal = unavailable(tx.state, pid, cmd.power)
    if refusal is not None:
        raise refusal
    active = tx.state.rules.active[cmd.power]
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


def forceable(state: GameState, pid: str, target: str) -> bool:
    """`pid` may force `target` now: same room, and no bar on the forcée (bars.force)."""
    return (target != pid and target in state.rooms and state.rooms[target] is state.rooms[pid]
            and bars.force(state, pid, target) is None)


def force_target(state: GameState, pid: str, target: str | None) -> str:
    """The check of every forcée power: a target in the room, then bars.force (immune, reveal bars)."""
    target = target_in_room(state, pid, target)
    refusal = bars.force(state, pid, target)
    if refusal is not None:
        raise refusal
    return target


def _power_used(state: GameState, ev: PowerUsed) -> GameState:
    cs = state.card_state(ev.card)
    counts = dict(cs.used_round)
    counts[ev.power] = counts.get(ev.power, 0) + 1
    cs = replace(cs, used_game=cs.used_game | {ev.power}, used_round=tuple(sorted(counts.items())))
    return replace(state, card_states={**state.card_states, ev.card: cs},
                   last_used_by={**state.last_used_by, ev.power: ev.player_id})


def install(rules: GameRules) -> None:
    rules.handles(UsePower, actors=("player",), phases=ROUND)(_use_power)
    rules.applies(PowerUsed)(_power_used)
