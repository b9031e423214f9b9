"""Powers that change a player's room by the holder's own will: the Émissaire's free passage.

L144/L245, C79: during the negotiation only, any number of times, each move
costs a public reveal in the room being left.
"""

from __future__ import annotations

from app.games.deuxrois.commands import UsePower
from app.games.deuxrois.crossing import move_player
from app.games.deuxrois.fold import Tx
from app.games.deuxrois.powers.registry import active_power
from app.games.deuxrois.reveals import show_public


@active_power("free_passage")
def free_passage(tx: Tx, pid: str, cmd: UsePower) -> None:
    show_public(tx, pid, source="free_passage")
    move_player(tx, pid, tx.state.rooms[pid].other, "free_passage")
