"""The one `Rules` value of Royal Secrets, built explicitly: the gate, then each module's handlers and appliers.

Two things happen to every event besides its applier: the gate's step counts the
version and keeps the event in the history (for the game master's undo), and
the new feed lines are bounded to the last 30 and copied, with the step number,
to the game master's journal.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from app.games.royal_secrets import (
    betting,
    choosing,
    counting,
    etiquette,
    flow,
    lobby,
    moderator,
    parole,
    rounds,
    tiebreak,
    undo,
    window2,
    window3,
)
from app.games.royal_secrets.events import Reverted
from app.games.royal_secrets.phases import PHASE_NAMES, phase_name
from app.games.royal_secrets.state import FEED_LIMIT, JOURNAL_LIMIT, History, State
from app.kernel.rules import Applier, Gatekeeping, Rules

__all__ = ["PHASE_NAMES", "build_rules", "phase_name"]


def _seated(state: State, pid: str) -> bool:
    if state.started:
        return pid in state.ring
    return any(seat.player_id == pid for seat in state.seats)


def _step(state: State, event: Any) -> State:
    return replace(state, version=state.version + 1, history=History(event, state.history))


def _journaled(applier: Applier) -> Applier:
    def apply(state: State, event: Any) -> State:
        new: State = applier(state, event)
        added = new.feed[len(state.feed):]
        if not added:
            return new
        journal = (*new.journal, *((new.version, line) for line in added))[-JOURNAL_LIMIT:]
        return replace(new, feed=new.feed[-FEED_LIMIT:], journal=journal)
    return apply


def build_rules() -> Rules[State]:
    rules: Rules[State] = Rules(Gatekeeping(
        phase=lambda s: s.phase,
        over=lambda s: s.over,
        seated=_seated,
        paused=lambda s: s.paused,
        phase_name=phase_name,
        step=_step,
    ))
    for module in (lobby, rounds, etiquette, choosing, parole, betting, window2, counting, tiebreak, window3,
                   moderator, undo, flow):
        module.install(rules)
    # Reverted keeps the journal itself (it replaces the whole table, feed included).
    rules.appliers = {kind: fn if kind is Reverted else _journaled(fn) for kind, fn in rules.appliers.items()}
    return rules
