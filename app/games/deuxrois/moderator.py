"""Moderator commands: every fix is an event, so the log stays auditable.

Undo is `Reverted(to_version)`: the state becomes the replay of the first
`to_version` events of the log, except the bookkeeping that is never undone:
the version keeps counting, the whole log stays in the history, notes and
earlier reverts stay, and the game is left paused so the moderator can
announce the correction: paused at the moment of the undo if the restored
timer has not yet run out (it keeps the time it has left now), else paused at
the moment of event `to_version` (it gets back the time it had then).
"""

from __future__ import annotations

from dataclasses import replace

from app.games.deuxrois import bars, crossing, designation, rounds
from app.games.deuxrois.fold import fold_events
from app.games.deuxrois.model.commands import (
    ModAdvance,
    ModMove,
    ModNote,
    ModPause,
    ModResume,
    ModSetGeneral,
    ModTimer,
    ModUndo,
)
from app.games.deuxrois.model.events import (
    GamePaused,
    GameResumed,
    GeneralChosen,
    NoteRecorded,
    Reverted,
    TimerChanged,
)
from app.games.deuxrois.model.phases import RUNNING
from app.games.deuxrois.rounds import next_deadline
from app.games.deuxrois.ruleset import GameRules, Tx
from app.games.deuxrois.state import GameState
from app.kernel.actor import Actor
from app.kernel.rules import refuse


def _move(tx: Tx, cmd: ModMove, actor: Actor) -> None:
    if cmd.player not in tx.state.rooms:
        raise refuse("unknown_player", "Joueur inconnu.", "Unknown player.")
    if tx.state.rooms[cmd.player] is cmd.room:
        raise refuse("same_room", "Ce joueur est déjà dans cette salle.", "This player is already in that room.")
    crossing.move_player(tx, cmd.player, cmd.room, "moderator")


def _set_general(tx: Tx, cmd: ModSetGeneral, actor: Actor) -> None:
    """A fix, logged and undoable (S13), but bound by what bars the office (S21: e.g. the Citadelle;
    the moderator corrects the zone first if the player is not really there)."""
    if cmd.player is not None and tx.state.rooms.get(cmd.player) is not cmd.room:
        raise refuse("not_in_room", "Le général doit être dans la salle.", "The général must be in the room.")
    barred = bars.office(tx.state, cmd.player) if cmd.player is not None else None
    if barred is not None:
        raise barred
    tx.emit(GeneralChosen(room=cmd.room, general=cmd.player, how="moderator" if cmd.player else "vacated"))
    designation.withdraw_general(tx, cmd.room)


def _timer(tx: Tx, cmd: ModTimer, actor: Actor) -> None:
    current = tx.state.deadline_ms
    if cmd.mode == "extend":
        if current is None:
            raise refuse("no_timer", "Aucun minuteur en cours.", "No timer is running.")
        tx.emit(TimerChanged(deadline_ms=current + cmd.seconds * 1000, room_shift_ms=cmd.seconds * 1000))
    else:
        base = tx.state.paused_at_ms if tx.state.paused_at_ms is not None else tx.now
        target = base + cmd.seconds * 1000
        tx.emit(TimerChanged(deadline_ms=target, room_deadline_ms=target))


def _pause(tx: Tx, cmd: ModPause, actor: Actor) -> None:
    if tx.state.paused_at_ms is not None:
        raise refuse("already_paused", "La partie est déjà en pause.", "The game is already paused.")
    tx.emit(GamePaused())


def _resume(tx: Tx, cmd: ModResume, actor: Actor) -> None:
    paused_at = tx.state.paused_at_ms
    if paused_at is None:
        raise refuse("not_paused", "La partie n'est pas en pause.", "The game is not paused.")
    tx.emit(GameResumed(shift_ms=max(0, tx.now - paused_at)))


def _advance(tx: Tx, cmd: ModAdvance, actor: Actor) -> None:
    rounds.end_phase(tx, skip=True)


def _undo(tx: Tx, cmd: ModUndo, actor: Actor) -> None:
    if not 1 <= cmd.to_version < tx.state.version:
        raise refuse("bad_version", f"Version entre 1 et {tx.state.version - 1}.",
                     f"Version between 1 and {tx.state.version - 1}.")
    if cmd.seen_version is not None and cmd.seen_version != tx.state.version:
        raise refuse("stale_preview", "La partie a bougé depuis l'aperçu : refaites l'aperçu.",
                     "The game moved since the preview: preview again.")
    tx.emit(Reverted(to_version=cmd.to_version))


def _note(tx: Tx, cmd: ModNote, actor: Actor) -> None:
    tx.emit(NoteRecorded(text=cmd.text))


# ------------------------------------------------------------------ appliers
def _timer_changed(state: GameState, ev: TimerChanged) -> GameState:
    elections = {
        room: (replace(el, deadline_ms=ev.room_deadline_ms if ev.room_deadline_ms is not None
                       else el.deadline_ms + ev.room_shift_ms) if el.open and el.deadline_ms is not None else el)
        for room, el in state.elections.items()
    }
    return replace(state, deadline_ms=ev.deadline_ms, elections=elections)


def _paused(state: GameState, ev: GamePaused) -> GameState:
    return replace(state, paused_at_ms=ev.at_ms)


def _resumed(state: GameState, ev: GameResumed) -> GameState:
    elections = {
        room: replace(el, deadline_ms=el.deadline_ms + ev.shift_ms) if el.deadline_ms is not None else el
        for room, el in state.elections.items()
    }
    deadline = state.deadline_ms + ev.shift_ms if state.deadline_ms is not None else None
    return replace(state, paused_at_ms=None, deadline_ms=deadline, elections=elections)


def _noted(state: GameState, ev: NoteRecorded) -> GameState:
    return replace(state, notes=(*state.notes, (state.version, ev.text)))


def _reverted(state: GameState, ev: Reverted) -> GameState:
    restored = state.rules.folded_at(ev.to_version)  # the log being folded passed it: no second fold
    if restored is None:
        restored = fold_events(state.events()[: ev.to_version], state.rules)
    assert restored.history is not None  # an undo never goes back before the game's creation
    paused_at = restored.paused_at_ms
    if paused_at is None and restored.phase not in ("lobby", "over"):
        # Paused now if the restored timer has not run out yet (the clock keeps its current time left);
        # otherwise paused at the restored moment, so the timer resumes with the time it had then.
        deadline = next_deadline(restored)
        paused_at = ev.at_ms if deadline is None or ev.at_ms < deadline else restored.history.event.at_ms
    return replace(restored, version=state.version, history=state.history, notes=state.notes,
                   reverts=(*state.reverts, (state.version, ev.to_version)), paused_at_ms=paused_at)


def install(rules: GameRules) -> None:
    rules.handles(ModMove, actors=("moderator",), phases=RUNNING, when_paused=True)(_move)
    rules.handles(ModSetGeneral, actors=("moderator",), phases=RUNNING, when_paused=True)(_set_general)
    rules.handles(ModTimer, actors=("moderator",), phases=RUNNING, when_paused=True)(_timer)
    rules.handles(ModPause, actors=("moderator",), phases=RUNNING, when_paused=True)(_pause)
    rules.handles(ModResume, actors=("moderator",), phases=RUNNING, when_paused=True)(_resume)
    rules.handles(ModAdvance, actors=("moderator",), phases=RUNNING)(_advance)
    rules.handles(ModUndo, actors=("moderator",), when_over=True, when_paused=True)(_undo)
    rules.handles(ModNote, actors=("moderator",), when_over=True, when_paused=True)(_note)
    rules.applies(TimerChanged)(_timer_changed)
    rules.applies(GamePaused)(_paused)
    rules.applies(GameResumed)(_resumed)
    rules.applies(NoteRecorded)(_noted)
    rules.applies(Reverted)(_reverted)
    rules.rewinds_to(Reverted, lambda ev: ev.to_version)
