"""The shape of Deux Rois's rules: the kernel's `Rules` plus this game's seams, typed.

`rules.build_rules` fills one `GameRules`: each module of the game adds its
command handlers and event appliers (the kernel's `handles`/`applies`) and its
entries in the seams below inside its `install(rules)`. Nothing is registered
by importing a module, so two builds are two independent values, and the core
can be built without Mode Historique.

Every state carries the rules it was folded by (`GameState.rules`), so the
pure read helpers the views share with the handlers (who may vote, which guard
refuses a reveal, when the next timer runs out) ask the very rules that decide.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.games.deuxrois.state import GameState
from app.kernel.rules import Rules
from app.kernel.rules import Tx as KernelTx

Tx = KernelTx[GameState]


@dataclass(slots=True)
class GameRules(Rules[GameState]):
    """Deux Rois's handlers, appliers and seams as one value (see `rules.build_rules` for the order)."""
