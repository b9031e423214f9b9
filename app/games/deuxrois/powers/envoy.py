"""Powers around the envoy list: the royal refusal (Guillaume 1, Harold 2, Roi de France 35).

L95/L101/L116, C58: once per game, when named envoy (window D, before the lock),
the holder refuses the mission by showing his card to the whole room (a publique,
which subjugates nobody, C86); the général must name a replacement.
The Émissaire card's immunity (C80) lives in the designation itself.
"""

from __future__ import annotations

from app.games.deuxrois import bars
from app.games.deuxrois.model.commands import UsePower
from app.games.deuxrois.model.events import EnvoyWithdrawn
from app.games.deuxrois.reveals import show_public
from app.games.deuxrois.ruleset import GameRules, Tx
from app.games.deuxrois.state import GameState
from app.kernel.text import EngineError, Text


def _named_unlocked(state: GameState, pid: str) -> Text | EngineError | None:
    room = state.rooms[pid]
    des = state.designations.get(room)
    if des is None or pid not in des.named:
        return Text("Seulement quand vous êtes désigné envoyé, avant le verrouillage.",
                    "Only when you are named envoy, before the list is locked.")
    return bars.list_open(state, room)


def royal_refusal(tx: Tx, pid: str, cmd: UsePower) -> None:
    show_public(tx, pid, source="royal_refusal")
    tx.emit(EnvoyWithdrawn(room=tx.state.rooms[pid], player_id=pid, reason="royal_refusal"))


def install(rules: GameRules) -> None:
    # The public reveal it costs (Cost.PUBLIQUE) is checked by the seam, as for every power (bars.cost, S21).
    rules.active_power("royal_refusal", condition=_named_unlocked)(royal_refusal)
