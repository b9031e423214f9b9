"""The round state machine: setup -> (N -> E -> D -> X -> A) x rounds -> over (rulings §4.3).

A phase ends when its timer runs out (the system's `tick`), when the moderator
skips it, or early when nothing is left to do in it (every room elected, every
list locked). `settle` applies the early ends after every command.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Literal

from app.games.deuxrois import crossing, designation, election, ending, prompts
from app.games.deuxrois.commands import Tick
from app.games.deuxrois.deal import Room
from app.games.deuxrois.events import GameEnded, PhaseStarted
from app.games.deuxrois.fold import Tx, applies
from app.games.deuxrois.gate import RUNNING, handles, refuse
from app.games.deuxrois.state import Designation, GameState, RoomElection
from app.kernel.actor import Actor

NEXT_PHASE = {"N": "E", "E": "D", "D": "X", "X": "A"}

# Extension seams (Mode Historique, app/games/deuxrois/historique): each is a registry list and one call.
# PHASE_SECONDS: fn(state, phase, round, seconds) -> seconds, applied when a phase starts.
PHASE_SECONDS: list[Callable[[GameState, str, int, int], int]] = []
# TIMERS: (due(state) -> epoch ms or None, fire(tx)): extra deadlines honoured by next_deadline and tick.
TIMERS: list[tuple[Callable[[GameState], int | None], Callable[[Tx], None]]] = []
# REACTORS: fn(tx), run at the start of every settle (after each decision): state-driven follow-ups.
REACTORS: list[Callable[[Tx], None]] = []


def _adjusted(state: GameState, phase: str, round_no: int, seconds: int) -> int:
    for fn in PHASE_SECONDS:
        seconds = fn(state, phase, round_no, seconds)
    return seconds


def _seconds(state: GameState, phase: str) -> int:
    c = state.config
    return {
        "setup": c.setup_s, "E": c.election_s, "D": c.designation_s, "X": c.departure_s, "A": c.arrival_s,
    }.get(phase) or c.negotiation_for(state.round)


def start_setup(tx: Tx) -> None:
    tx.emit(PhaseStarted(round=0, phase="setup", deadline_ms=tx.now + tx.state.config.setup_s * 1000))


def start_round(tx: Tx, round_no: int) -> None:
    seconds = _adjusted(tx.state, "N", round_no, tx.state.config.negotiation_for(round_no))
    tx.emit(PhaseStarted(round=round_no, phase="N", deadline_ms=tx.now + seconds * 1000))


def _start_phase(tx: Tx, phase: Literal["E", "D", "X", "A"]) -> None:
    seconds = _adjusted(tx.state, phase, tx.state.round, _seconds(tx.state, phase))
    tx.emit(PhaseStarted(round=tx.state.round, phase=phase, deadline_ms=tx.now + seconds * 1000))


def end_phase(tx: Tx, skip: bool = False) -> None:
    """The current phase's time is up (or the moderator skipped it): resolve it and move on."""
    phase = tx.state.phase
    if phase == "setup":
        prompts.expire_all(tx)
        start_round(tx, 1)
    elif phase == "N":
        _start_phase(tx, "E")
    elif phase == "E":
        for room in (Room.NORMANDIE, Room.ANGLETERRE):
            el = tx.state.elections.get(room)
            if el is not None and el.open and (skip or el.candidates is None):
                election.close_room(tx, room, allow_runoff=not skip)
    elif phase == "D":
        for room in (Room.NORMANDIE, Room.ANGLETERRE):
            el = tx.state.elections.get(room)
            if el is not None and el.open:  # a D7 re-vote still running: settle it first
                election.close_room(tx, room, allow_runoff=False)
        designation.complete_all(tx)
    elif phase == "X":
        crossing.cross(tx)
        _start_phase(tx, "A")
    elif phase == "A":
        if tx.state.round >= tx.state.config.rounds:
            tx.emit(GameEnded(result=ending.final_result(tx.state)))
        else:
            start_round(tx, tx.state.round + 1)
    settle(tx)


def settle(tx: Tx) -> None:
    """Early phase ends: nothing left to wait for (never while paused, e.g. right after an undo)."""
    for react in REACTORS:
        if not tx.state.over and tx.state.paused_at_ms is None:
            react(tx)
    state = tx.state
    if state.paused_at_ms is not None:
        return
    if state.phase == "setup" and not any(p.kind == "infidel_colour" for p in state.prompts.values()):
        start_round(tx, 1)
    elif state.phase == "E" and not any(e.open for e in state.elections.values()):
        _start_phase(tx, "D")
    elif state.phase == "D" and all(d.locked for d in state.designations.values()):
        _start_phase(tx, "X")


def next_deadline(state: GameState) -> int | None:
    """Epoch ms of the next timer expiry, or None (lobby, paused, over)."""
    if state.paused_at_ms is not None or state.phase in ("lobby", "over"):
        return None
    own = [e.deadline_ms for e in state.elections.values() if e.open and e.deadline_ms is not None]
    phase_counts = state.phase != "E" or any(e.open and e.deadline_ms is None for e in state.elections.values())
    candidates = own + ([state.deadline_ms] if phase_counts and state.deadline_ms is not None else [])
    candidates += [d for d in (due(state) for due, _ in TIMERS) if d is not None]
    return min(candidates, default=None)


@handles(Tick, actors=("system",), phases=RUNNING)
def _tick(tx: Tx, cmd: Tick, actor: Actor) -> None:
    due = next_deadline(tx.state)
    if due is None or tx.now < due:
        raise refuse("not_due", "Aucun minuteur n'est écoulé.", "No timer has run out.")
    for room in (Room.NORMANDIE, Room.ANGLETERRE):
        el = tx.state.elections.get(room)
        if el is not None and el.open and el.deadline_ms is not None and el.deadline_ms <= tx.now:
            election.close_room(tx, room, allow_runoff=False)
    for timer_due, fire in TIMERS:
        when = timer_due(tx.state)
        if when is not None and when <= tx.now:
            fire(tx)
    settle(tx)
    deadline = tx.state.deadline_ms
    if tx.state.phase not in ("over",) and deadline is not None and deadline <= tx.now and (
        tx.state.phase != "E" or any(e.open and e.deadline_ms is None for e in tx.state.elections.values())
    ):
        end_phase(tx)


# ------------------------------------------------------------------ appliers
@applies(PhaseStarted)
def _phase_started(state: GameState, ev: PhaseStarted) -> GameState:
    # Pending reveal requests expire at every phase end; phase-bound prompts too.
    keep = ("game",) if ev.phase == "N" else ("round", "game")
    prompts_left = {k: p for k, p in state.prompts.items() if p.until in keep}
    state = replace(state, phase=ev.phase, round=ev.round, deadline_ms=ev.deadline_ms, requests={},
                    prompts=prompts_left)
    both = (Room.NORMANDIE, Room.ANGLETERRE)
    if ev.phase == "N":  # a new round: the "once per round" counters reset (§4.2)
        return replace(
            state,
            card_states={c: replace(s, used_round=()) for c, s in state.card_states.items()},
            protected_general={}, bindings={}, elections={}, designations={},
        )
    if ev.phase == "E":
        return replace(state, elections={r: RoomElection(open=True) for r in both})
    if ev.phase == "D":
        return replace(state, designations={r: Designation() for r in both})
    return state


@applies(GameEnded)
def _game_ended(state: GameState, ev: GameEnded) -> GameState:
    return replace(state, phase="over", deadline_ms=None, result=ev.result, requests={}, prompts={})
