"""Forced reveals: Autorité (Guillaume 1, Harold 2, L94/L100) and Confession (Prêtres 33/34, L189).

Once per round, windows N/E/D: the holder shows his card first and the target,
in his room, must show his (a forcée, i.e. a complète for every trigger, A2).
Immune targets: Émissaire cards (C69), and whatever a reveal guard refuses.
"""

from __future__ import annotations

from app.games.deuxrois.cards import Effect
from app.games.deuxrois.commands import UsePower
from app.games.deuxrois.fold import Tx
from app.games.deuxrois.gate import refuse
from app.games.deuxrois.powers.registry import active_power, reveal_blocked, target_in_room
from app.games.deuxrois.powers.reveal_triggers import immune
from app.games.deuxrois.reveals import complete
from app.games.deuxrois.state import GameState
from app.kernel.text import EngineError


def _targets(state: GameState, pid: str) -> list[str]:
    return [p for p in state.present(state.rooms[pid]) if p != pid and not immune(state, p, Effect.FORCEE)
            and reveal_blocked(state, pid, p, "complete") is None]


def _check(state: GameState, pid: str, cmd: UsePower) -> None:
    target = target_in_room(state, pid, cmd.target)
    if immune(state, target, Effect.FORCEE):
        raise refuse("immune", "Ce joueur est immunisé.", "This player is immune.")
    reason = reveal_blocked(state, pid, target, "complete")
    if reason is not None:
        raise EngineError("reveal_blocked", reason)


def _force(tx: Tx, pid: str, cmd: UsePower) -> None:
    assert cmd.target is not None
    complete(tx, pid, cmd.target, forced=True, source=cmd.power)


for _key in ("authority", "confession"):
    active_power(_key, check=_check, targets=_targets)(_force)
