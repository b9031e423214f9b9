"""The Berserker's weakness (46, L317, C81, S6): he may only make complètes.

Passive, on the card (`berserker_weakness`, so it follows the card on a swap):
he cannot ask for a couleur, accept one, or show his card privately or to the
room. It binds his own choices only (bars.own_reveal): others may ask him for a
couleur and he can always refuse, so the asker sees an ordinary refusal and
learns nothing (S6). Event obligations override it (C81: the colour an event
makes everyone show, a forcée he undergoes).
"""

from __future__ import annotations

from app.games.deuxrois.powers.registry import holds_power
from app.games.deuxrois.ruleset import GameRules
from app.games.deuxrois.state import GameState
from app.kernel.text import Text

WEAKNESS = Text("Berserker : révélations complètes seulement.", "Berserker: full reveals (complètes) only.")


def weakness(state: GameState, actor: str, kind: str) -> Text | None:
    if kind != "complete" and actor in state.cards and holds_power(state, actor, "berserker_weakness"):
        return WEAKNESS
    return None


def install(rules: GameRules) -> None:
    rules.own_reveal_guards.append(weakness)
