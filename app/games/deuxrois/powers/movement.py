"""Powers that change a player's room by the holder's own will: the Émissaire's free passage.

L144/L245, C79: during the negotiation only, any number of times, each move
costs a public reveal in the room being left: barred wherever public reveals are
(events 11, 26's Camp, S17), by the seam's cost check (bars.cost), and wherever
room changes are (bars.moves).
"""

from __future__ import annotations

from app.games.deuxrois import bars
from app.games.deuxrois.crossing import move_player
from app.games.deuxrois.model.commands import UsePower
from app.games.deuxrois.reveals import show_public
from app.games.deuxrois.ruleset import GameRules, Tx
from app.games.deuxrois.state import GameState
from app.kernel.text import EngineError


def free_passage(tx: Tx, pid: str, cmd: UsePower) -> None:
    show_public(tx, pid, source="free_passage")
    move_player(tx, pid, tx.state.rooms[pid].other, "free_passage")


def _moves(state: GameState, pid: str) -> EngineError | None:
    return bars.moves(state)


def install(rules: GameRules) -> None:
    rules.active_power("free_passage", condition=_moves)(free_passage)
