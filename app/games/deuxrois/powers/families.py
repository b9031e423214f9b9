"""Every power family, installed in a fixed order. To add a family: one module with `install(rules)`, one line here.

The order decides nothing a player could see: active powers and prompt kinds
are found by key, and reveal effects fire by their own `order`.
"""

from __future__ import annotations

from app.games.deuxrois.powers import (
    authority,  # Guillaume, Harold, the Prêtres: forced reveals (N, E, D)
    berserker,  # the Berserker's weakness: complètes only, his own choices (S6)
    church,  # Pape, Chancelier, Moine (negotiation)
    departure,  # Geôlier, Navigateur, Cartographe, Duc de Bretagne, Vagabond (X, A)
    diplomacy,  # Négociateur, Diplomate Royal, Interprète, Diplomates Secrets
    election,  # Sang Royal, Trésorier
    envoy,  # the royal refusal (window D)
    escort,  # Commandant, Chevalier Saxon, Chevalier Servant (window D)
    intrigue,  # Maître d'Armes, Contrebandier, Devin, Troubadour, Capitaine
    movement,  # Émissaire
    rally,  # Porte-Étendard
    reveal_triggers,  # the automatic effects of a reveal (§0.5)
)
from app.games.deuxrois.ruleset import GameRules, Install

FAMILIES: tuple[Install, ...] = (
    reveal_triggers.install, authority.install, berserker.install, church.install, departure.install, diplomacy.install,
    election.install, envoy.install, escort.install, intrigue.install, movement.install, rally.install,
)


def install(rules: GameRules) -> None:
    for family in FAMILIES:
        family(rules)
