"""Forced reveals: Autorité (Guillaume 1, Harold 2, L94/L100) and Confession (Prêtres 33/34, L189).

Once per round, windows N/E/D: the holder shows his card first and the target,
in his room, must show his (a forcée, i.e. a complète for every trigger, A2).
The seam checks the holder's side of the cost (bars.cost, Cost.FORCEE); the
target's side is bars.force (immune: Émissaire cards C69, the Citadelle; a
reveal guard), the same check every forcée makes.
"""

from __future__ import annotations

from app.games.deuxrois.model.commands import UsePower
from app.games.deuxrois.powers.registry import force_target, forceable
from app.games.deuxrois.reveals import complete
from app.games.deuxrois.ruleset import GameRules, Tx
from app.games.deuxrois.state import GameState


def _targets(state: GameState, pid: str) -> list[str]:
    return [p for p in state.present(state.rooms[pid]) if forceable(state, pid, p)]


def _check(state: GameState, pid: str, cmd: UsePower) -> None:
    force_target(state, pid, cmd.target)


def _force(tx: Tx, pid: str, cmd: UsePower) -> None:
    assert cmd.target is not None
    complete(tx, pid, cmd.target, forced=True, source=cmd.power)


def install(rules: GameRules) -> None:
    for key in ("authority", "confession"):
        rules.active_power(key, check=_check, targets=_targets)(_force)
