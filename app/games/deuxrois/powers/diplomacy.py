"""Diplomats: the Négociateur's pact (31/32), the Diplomate Royal's council (37/38),
the Interprète's translation (45) and the Diplomates Secrets' treaty (41/42).

Pacte (L182-184, C67, C68): once per game, after a complète with X, the
Négociateur may propose a swap (prompt to him, then to X); a refusal does not
use it up; on acceptance the players swap cards, card state travels and uses are
refreshed (the new holder of 31/32 may propose again). An Émissaire may consent.
Conseil secret (L194, C69, C70, A4, C36): once per game, two other players of
his room; three pairwise forcées with every trigger; a Faussaire swaps only with
the Diplomate. Targets: not an Émissaire card, no pair blocked by a guard.
Traduction (L212, C71): three times per round, the Interprète joins a complète
that started in his room less than 30 s ago (two more forcées, I-A and I-B).
Traité (L203-207, C41-C43, §3.3-13): after a complète 41-42 either may
initiate; then 41 needs a complète with Guillaume's holder and 42 one with
Harold's, both after the initiation; the stage is kept in step on both cards.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from app.games.deuxrois import bars, memo
from app.games.deuxrois.cards import DIPLOMATES_SECRETS, GUILLAUME, HAROLD
from app.games.deuxrois.model.commands import UsePower
from app.games.deuxrois.model.events import (
    CardsExchanged,
    CardsSwapped,
    CardStateChanged,
    EventBase,
    PhaseStarted,
    PromptClosed,
    Reverted,
)
from app.games.deuxrois.powers.registry import (
    find_power,
    force_target,
    forceable,
    record_use,
    uses_left,
)
from app.games.deuxrois.powers.timeline import last_time, live_events, offer_in_n, together
from app.games.deuxrois.prompts import open_prompt
from app.games.deuxrois.reveals import complete, complete_group
from app.games.deuxrois.ruleset import GameRules, Tx
from app.games.deuxrois.state import GameState, Prompt
from app.kernel.rules import refuse
from app.kernel.text import EngineError

TRANSLATION_WINDOW_MS = 30_000  # C71


# ------------------------------------------------------------------ Négociateur: Pacte d'alliance
def _pact_open(state: GameState, holder: str, target: str) -> bool:
    power = find_power(state, holder, "pact")
    return (power is not None and state.phase == "N" and uses_left(state, holder, power) != 0
            and together(state, holder, target))


def offer_pact(tx: Tx, holder: str, partner: str, kind: str) -> None:
    pending = any(p.kind in ("pact", "pact_answer") and {p.player_id, p.data.get("target")} == {holder, partner}
                  for p in tx.state.prompts.values())
    if _pact_open(tx.state, holder, partner) and not pending:
        offer_in_n(tx, holder, "pact", ["yes", "no"], {"target": partner})


def _propose(tx: Tx, prompt: Prompt, choice: str) -> None:
    holder, target = prompt.player_id, str(prompt.data["target"])
    if choice == "yes" and _pact_open(tx.state, holder, target):
        open_prompt(tx, target, "pact_answer", ["accept", "refuse"], {"target": holder}, until="phase")


def _consent(tx: Tx, prompt: Prompt, choice: str) -> None:
    """C67: used only when accepted; the swap refreshes both cards' uses (L184), so 31/32 is usable again."""
    target, holder = prompt.player_id, str(prompt.data["target"])
    if choice == "accept" and _pact_open(tx.state, holder, target):
        record_use(tx, holder, "pact")
        tx.emit(CardsSwapped(a=holder, b=target, reason="pact", refresh=True))


# ------------------------------------------------------------------ Diplomate Royal: Conseil secret
def _council_targets(state: GameState, pid: str) -> list[str]:
    others = [p for p in state.present(state.rooms[pid]) if forceable(state, pid, p)]
    return others if len(others) >= 2 else []


def _council_check(state: GameState, pid: str, cmd: UsePower) -> None:
    """Three forcées: each target is forced by the Diplomate, and A is forced with B (bars.force each)."""
    chosen = list(dict.fromkeys(cmd.targets))
    if len(chosen) != 2:
        raise refuse("two_targets", "Choisissez deux joueurs de votre salle.", "Choose two players of your room.")
    for target in chosen:
        force_target(state, pid, target)
    a, b = chosen
    refusal = bars.force(state, a, b)
    if refusal is not None:
        raise refusal


def secret_council(tx: Tx, pid: str, cmd: UsePower) -> None:
    complete_group(tx, pid, list(dict.fromkeys(cmd.targets)), source="secret_council")


# ------------------------------------------------------------------ Interprète: Traduction
def sessions(state: GameState, pid: str, now: int | None = None, joinable: bool = True) -> list[tuple[str, str, int]]:
    """Complètes of this negotiation between two others of his room, started less than 30 s before `now`
    (the views use the latest event's time), not yet joined by him, newest first (C71); `joinable`: only
    those whose two players he may force now (bars.force).

    The log is read backwards from the newest event and stops at the first one older than the window (or
    at the negotiation's start): the complètes kept per history node (`_completes`) stop at the same place."""
    if state.phase != "N":
        return []
    limit = (last_time(state) if now is None else now) - TRANSLATION_WINDOW_MS
    joined: set[str] = set()  # partners of his later translations
    found: list[tuple[str, str, int]] = []  # (a, b, start in ms)
    looked: set[frozenset[str]] = set()  # pairs already weighed: only their newest complète counts
    fit: dict[str, bool] = {}  # each other player weighed once: the complètes of a window share their players

    def fits(x: str) -> bool:
        ok = fit.get(x)
        if ok is None:
            ok = fit[x] = together(state, pid, x) and (not joinable or forceable(state, pid, x))
        return ok

    kept = _completes(state)
    node = kept.newest if kept.above >= limit else None
    while node is not None and node.event.at_ms >= limit:
        ev = node.event
        if ev.source == "translation" and pid in (ev.a, ev.b):
            joined.add(ev.b if ev.a == pid else ev.a)
        elif not (pid in (pair := frozenset((ev.a, ev.b))) or pair <= joined or pair in looked):
            looked.add(pair)
            if fits(ev.a) and fits(ev.b):
                found.append((ev.a, ev.b, ev.at_ms))
        node = node.older if node.below >= limit else None
    return found


@dataclass(frozen=True, slots=True)
class _Complete:
    """A complète of the negotiation, and the earliest clock among the events under it down to the next
    older complète (`older`)."""

    event: CardsExchanged
    below: float
    older: _Complete | None


@dataclass(frozen=True, slots=True)
class _Completes:
    """The negotiation's live complètes, newest first, and the earliest clock among the events above them."""

    above: float
    newest: _Complete | None


_NO_COMPLETES = _Completes(math.inf, None)
# Per history node: its complètes are the ones of the node under it with its own event on top, so the
# Interprète's sessions (which his offer and every tap's audience ask) no longer read the ~100 events of a
# busy negotiation after each tap. About 100 live games' heads, and their previous ones.
_COMPLETES = memo.Keep(4096)


def _completes(state: GameState) -> _Completes:
    head = state.history
    if head is None:
        return _NO_COMPLETES
    return _COMPLETES.get((head,), lambda: _completes_now(state))


def _completes_now(state: GameState) -> _Completes:
    # The events above the newest node kept (a tap's few), down to the negotiation's start at most.
    newest_first: list[EventBase] = []
    node, kept = state.history, _NO_COMPLETES
    while node is not None and not isinstance(node.event, PhaseStarted):
        if isinstance(node.event, Reverted):
            # An undo hides the events it took back: the log is read again, as live_events skips them.
            newest_first = _negotiation(state)
            break
        newest_first.append(node.event)
        node = node.prev
        under = _COMPLETES.peek((node,)) if node is not None else None
        if under is not None:
            kept = under
            break
    for ev in reversed(newest_first):
        kept = _on_top(kept, ev)
    return kept


def _negotiation(state: GameState) -> list[EventBase]:
    """The live events since the phase started, newest first."""
    out: list[EventBase] = []
    for _version, ev in live_events(state):
        if isinstance(ev, PhaseStarted):
            break
        out.append(ev)
    return out


def _on_top(under: _Completes, event: EventBase) -> _Completes:
    if isinstance(event, PhaseStarted):
        return _NO_COMPLETES  # a new phase: the earlier complètes are no longer this negotiation's
    if isinstance(event, CardsExchanged) and event.kind == "complete":
        return _Completes(math.inf, _Complete(event, under.above, under.newest))
    return _Completes(min(under.above, event.at_ms), under.newest)


@memo.per_state  # his offer asks twice (targets, sessions), and the audience once (what he watches)
def _open_sessions(state: GameState, pid: str) -> list[tuple[str, str, int]]:
    return sessions(state, pid)


def _translation_targets(state: GameState, pid: str) -> list[str]:
    return list(dict.fromkeys(x for a, b, _ in _open_sessions(state, pid) for x in (a, b)))


def _translation_extra(state: GameState, pid: str) -> dict[str, Any]:
    """Each joinable session with the moment it stops being joinable (the phone greys it out then)."""
    return {"sessions": [{"players": [a, b], "until_ms": at + TRANSLATION_WINDOW_MS}
                         for a, b, at in _open_sessions(state, pid)]}


def _session_for(state: GameState, pid: str, cmd: UsePower, now: int | None = None,
                 joinable: bool = True) -> tuple[str, str] | None:
    wanted = set(cmd.targets) if cmd.targets else {cmd.target} if cmd.target else set()
    return next(((a, b) for a, b, _ in sessions(state, pid, now, joinable) if wanted and wanted <= {a, b}), None)


def _too_late() -> EngineError:
    return refuse("no_session", "Aucune révélation complète en cours (moins de 30 s) avec ce joueur.",
                  "No complète in progress (under 30 s) with this player.")


def _translation_check(state: GameState, pid: str, cmd: UsePower) -> None:
    """A session with the named player(s), then the forcée on each of its two (bars.force, as every forcée)."""
    pair = _session_for(state, pid, cmd, joinable=False)
    if pair is None:
        raise _too_late()
    for other in pair:
        force_target(state, pid, other)


def translation(tx: Tx, pid: str, cmd: UsePower) -> None:
    pair = _session_for(tx.state, pid, cmd, now=tx.now)  # the real clock decides the 30 s (C71)
    if pair is None:
        raise _too_late()
    swapped = False  # C36: a Faussaire among them swaps with the Interprète only, once
    for other in pair:
        start = len(tx.events)
        complete(tx, pid, other, forced=True, source="translation",
                 skip=frozenset({"forgery"}) if swapped else frozenset())
        swapped = swapped or any(isinstance(e, CardsSwapped) for e in tx.events[start:])


# ------------------------------------------------------------------ Diplomates Secrets: Traité
_STAGES = {(False, False): "initiated", (True, False): "red_king", (False, True): "blue_king", (True, True): "complete"}


def _set_treaty(tx: Tx, red: bool, blue: bool, reason: str) -> None:
    """Both cards in step (§0.3: the stage is shared by 41 and 42)."""
    changes = {"treaty": _STAGES[(red, blue)], "treaty_red_king": red, "treaty_blue_king": blue}
    for card in DIPLOMATES_SECRETS:
        tx.emit(CardStateChanged(card=card, changes=changes, reason=reason))


def treaty(tx: Tx, holder: str, partner: str, kind: str) -> None:
    state = tx.state
    card, other = state.cards[holder], state.cards[partner]
    if card not in DIPLOMATES_SECRETS:  # the treaty binds the two cards themselves
        return
    cs = state.card_state(card)
    if cs.treaty == "none":
        power = find_power(state, holder, "treaty")
        if other in DIPLOMATES_SECRETS and state.phase == "N" and power is not None and uses_left(
                state, holder, power) != 0:
            offer_in_n(tx, holder, "treaty", ["yes", "no"], {"target": partner})
        return
    red, blue = cs.treaty_red_king, cs.treaty_blue_king
    if card == DIPLOMATES_SECRETS[0] and other == GUILLAUME and not red:  # "ensuite" (C43): after initiation
        _set_treaty(tx, True, blue, "treaty_red_king")
    elif card == DIPLOMATES_SECRETS[1] and other == HAROLD and not blue:
        _set_treaty(tx, red, True, "treaty_blue_king")


def _initiate(tx: Tx, prompt: Prompt, choice: str) -> None:
    """C43: either Diplomate Secret may initiate; the other's pending offer then lapses."""
    holder = prompt.player_id
    state = tx.state
    power = find_power(state, holder, "treaty")
    if (choice != "yes" or power is None or state.phase != "N" or uses_left(state, holder, power) == 0
            or state.cards[holder] not in DIPLOMATES_SECRETS or state.state_of(holder).treaty != "none"):
        return
    record_use(tx, holder, "treaty")
    _set_treaty(tx, False, False, "treaty_initiated")
    for other in [p for p in state.prompts.values() if p.kind == "treaty"]:  # the other Diplomate's offer
        tx.emit(PromptClosed(prompt_id=other.id, choice=None))


def install(rules: GameRules) -> None:
    rules.on_reveal("pact", order=95)(offer_pact)
    rules.prompt_kind("pact")(_propose)
    rules.prompt_kind("pact_answer")(_consent)
    rules.active_power("secret_council", check=_council_check, targets=_council_targets,
                       extra=lambda s, p: {"quota": 2})(secret_council)
    rules.active_power("translation", check=_translation_check, targets=_translation_targets,
                       extra=_translation_extra, watches=_open_sessions)(translation)
    rules.on_reveal("treaty", order=75)(treaty)
    rules.prompt_kind("treaty")(_initiate)
