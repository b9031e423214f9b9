"""The game master's undo (a moderator fix): go back to a step where the table waited, and its preview.

Every step has a number, the version the state had after it; the journal numbers
its public lines the same way. Undoing to step N makes the table the replay of
the first N events (`Reverted`, never a deletion): the version keeps counting,
the journal keeps every line, and the game is left paused so the game master
can say what changed. N is moved back to the last step at or before it where
the game waited for somebody (an automatic step cannot be a place to stand),
and never before the first round (the seats and their phones stay as they are).
The preview lists the public lines the undo takes back: the dashboard sees no
secret, and neither does it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from app.games.royal_secrets.commands import ModUndo
from app.games.royal_secrets.events import Reverted
from app.games.royal_secrets.flow import next_event
from app.games.royal_secrets.moderator import RUNNING
from app.games.royal_secrets.phases import phase_name
from app.games.royal_secrets.state import FEED_LIMIT, State, with_feed
from app.kernel.actor import Actor
from app.kernel.rules import Rules, Tx, refuse
from app.kernel.text import Text


def resting(state: State) -> bool:
    """The game waits for somebody here (not halfway through its automatic steps)."""
    return state.phase in RUNNING and next_event(replace(state, paused=False)) is None


def _steps(rules: Rules[State], state: State) -> list[tuple[int, State]]:
    """Every step of the log where the table waited, with the state then (oldest first)."""
    out: list[tuple[int, State]] = []
    s = State()
    for event in state.history.events() if state.history is not None else ():
        s = rules.evolve(s, event)
        if resting(s):
            out.append((s.version, s))
    return out


def target(rules: Rules[State], state: State, to_version: int) -> tuple[int, State]:
    """The step an undo to `to_version` lands on and the table then; raises EngineError."""
    steps = _steps(rules, state) if state.started else []
    first = steps[0][0] if steps else state.version
    if not steps or not first <= to_version < state.version:
        raise refuse("bad_version", f"Choisissez une étape de {first} à {state.version - 1}.",
                     f"Choose a step from {first} to {state.version - 1}.")
    return max(((v, s) for v, s in steps if v <= to_version), key=lambda step: step[0])


def preview(rules: Rules[State], state: State, to_version: int) -> dict[str, Any]:
    """What undoing to `to_version` would take back, in the game master's words (public lines only)."""
    version, then = target(rules, state, to_version)
    lines = [{"step": v, "text": line.as_dict()} for v, line in state.journal if v > version]
    return {
        "to_version": version, "asked": to_version, "version": state.version, "steps": state.version - version,
        "round": then.rnd.number, "phase_name": phase_name(then.phase).as_dict(),
        "lines": lines[-30:], "more": max(0, len(lines) - 30),
        "command": {"type": "mod_undo", "to_version": version, "seen_version": state.version},
    }


def install(rules: Rules[State]) -> None:
    @rules.handles(ModUndo, actors=("moderator",), when_over=True, when_paused=True)
    def _undo(tx: Tx[State], cmd: ModUndo, actor: Actor) -> None:
        if cmd.seen_version is not None and cmd.seen_version != tx.state.version:
            raise refuse("stale_preview", "La partie a bougé depuis l'aperçu : refaites l'aperçu.",
                         "The game moved since the preview: preview again.")
        version, _then = target(rules, tx.state, cmd.to_version)
        tx.emit(Reverted(to_version=version))

    rules.rewinds_to(Reverted, lambda e: e.to_version)

    @rules.applies(Reverted)
    def _reverted(s: State, e: Reverted) -> State:
        restored = rules.folded_at(e.to_version)  # the log being folded passed it: no second fold
        if restored is None:
            events = s.history.events() if s.history is not None else []
            restored = rules.fold(State(), events[:e.to_version])
        line = Text(f"Le meneur de jeu revient à l'étape {e.to_version} (tour {restored.rnd.number}) : "
                    "la partie est en pause.",
                    f"The game master goes back to step {e.to_version} (round {restored.rnd.number}): "
                    "the game is paused.")
        return replace(restored, version=s.version, history=s.history, paused=True,
                       feed=with_feed(restored.feed, line)[-FEED_LIMIT:], journal=(*s.journal, (s.version, line)))
