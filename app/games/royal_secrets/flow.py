"""What the game does by itself after a command, until it waits for somebody (the kernel's settler).

Each step reads the state and returns the next event, or None when someone
must act: the next round's reveal, the end of a W0 prompt, the end of phase 1,
the close of the W2 loop, the reveal and the Excuses, both counts, the
tie-breaks, the fleurs, the end of the round, and the end of the game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.games.royal_secrets.choosing import opening
from app.games.royal_secrets.counting import decide_majorities, next_count_step
from app.games.royal_secrets.etiquette import resolve_diner, resolve_etiquette
from app.games.royal_secrets.events import CardsRevealed, RoundEnded
from app.games.royal_secrets.faveurs import w2_current
from app.games.royal_secrets.rounds import next_round
from app.games.royal_secrets.state import State
from app.games.royal_secrets.tiebreak import all_picked, next_tie_step
from app.games.royal_secrets.window3 import score
from app.kernel.rules import Rules, Tx

MAX_STEPS = 200  # a whole round of automatic steps is far fewer; more would be a bug


def _w2(s: State) -> Any:
    return CardsRevealed(round=s.rnd.number) if w2_current(s) is None else None


def _majority(s: State) -> Any:
    return next_tie_step(s) or decide_majorities(s)


STEPS: dict[str, Callable[[State], Any]] = {
    "setup": next_round,
    "etiquette": resolve_etiquette,
    "diner": resolve_diner,
    "opening": opening,
    "w2": _w2,
    "counting": next_count_step,
    "majority": _majority,
    "tiebreak": all_picked,
    "w3": score,
    "scoring": score,
    "round_end": lambda s: RoundEnded(round=s.rnd.number),
}


def next_event(state: State) -> Any:
    if state.paused:
        return None
    step = STEPS.get(state.phase)
    return None if step is None else step(state)


def settle(tx: Tx[State]) -> None:
    for _ in range(MAX_STEPS):
        event = next_event(tx.state)
        if event is None:
            return
        tx.emit(event)
    raise AssertionError("the automatic steps do not end")


def install(rules: Rules[State]) -> None:
    rules.settlers.append(settle)
