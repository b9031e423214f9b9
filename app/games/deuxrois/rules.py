"""Deux Rois's rules, built explicitly: `build_rules()` is the only place they are assembled.

The order below is fixed, and it is the order of the entries in every seam
list (the reveal effects alone are sorted, by their own unique `order`):

1. the gate (gate.GATE: how the kernel's gate reads a Deux Rois state);
2. the core flow: lobby, rounds (with the settling after each command),
   prompts, election, designation, crossing, reveals, knowledge, card
   effects, moderator;
3. the powers seam (powers/registry.py) and the fold of the envoy plan;
4. the card powers, family by family (powers/families.py);
5. Mode Historique (historique/rules.py), unless `historique=False`. It only
   plugs into the seams of 2-4 and checks `config.historique` itself, so one
   set of rules serves every game, mode on or off. Installed last, its entries
   follow the core's (its reveal guard speaks after the Armurier's, its powers
   come after the Moine's copy), except the round's set-up, first reactor on
   purpose.
"""

from __future__ import annotations

from app.games.deuxrois import (
    card_effects,
    crossing,
    designation,
    election,
    knowledge,
    lobby,
    moderator,
    prompts,
    reveals,
    rounds,
)
from app.games.deuxrois.gate import GATE
from app.games.deuxrois.historique import rules as historique_rules
from app.games.deuxrois.powers import envoy_plan, families, registry
from app.games.deuxrois.ruleset import GameRules, Install

CORE: tuple[Install, ...] = (
    lobby.install, rounds.install, prompts.install, election.install, designation.install, crossing.install,
    reveals.install, knowledge.install, card_effects.install, moderator.install,
    registry.install, envoy_plan.install,
)


def build_rules(historique: bool = True) -> GameRules:
    """A new, independent value holding every handler, applier and seam entry of the game."""
    rules = GameRules(GATE)
    for install in CORE:
        install(rules)
    families.install(rules)
    if historique:
        historique_rules.install(rules)
    return rules
