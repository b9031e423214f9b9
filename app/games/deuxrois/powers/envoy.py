"""Powers around the envoy list: the royal refusal (Guillaume 1, Harold 2, Roi de France 35).

L95/L101/L116, C58: once per game, when named envoy (window D, before the lock),
the holder refuses the mission by showing his card to the whole room (a publique,
which subjugates nobody, C86); the général must name a replacement.
The Émissaire card's immunity (C80) lives in the designation itself.
"""

from __future__ import annotations

from app.games.deuxrois.commands import UsePower
from app.games.deuxrois.events import EnvoyWithdrawn
from app.games.deuxrois.fold import Tx
from app.games.deuxrois.powers.registry import active_power
from app.games.deuxrois.reveals import show_public
from app.games.deuxrois.state import GameState
from app.kernel.text import Text


def _named_unlocked(state: GameState, pid: str) -> Text | None:
    des = state.designations.get(state.rooms[pid])
    if des is None or des.locked or pid not in des.named:
        return Text("Seulement quand vous êtes désigné envoyé, avant le verrouillage.",
                    "Only when you are named envoy, before the list is locked.")
    return None


@active_power("royal_refusal", condition=_named_unlocked)
def royal_refusal(tx: Tx, pid: str, cmd: UsePower) -> None:
    show_public(tx, pid, source="royal_refusal")
    tx.emit(EnvoyWithdrawn(room=tx.state.rooms[pid], player_id=pid, reason="royal_refusal"))
