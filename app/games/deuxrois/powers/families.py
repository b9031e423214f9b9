"""Every power family, installed in a fixed order. To add a family: one module with `install(rules)`, one line here."""

from __future__ import annotations

from app.games.deuxrois.powers import (  # noqa: F401  (still registering at import: being moved to install)
    authority,
    church,  # Pape, Chancelier, Moine (negotiation)
    departure,  # Porte-Étendard, Geôlier, Navigateur, Cartographe, Duc de Bretagne, Vagabond (N, X, A)
    diplomacy,  # Négociateur, Diplomate Royal, Interprète, Diplomates Secrets
    election,
    envoy,
    escort,  # Commandant, Chevalier Saxon, Chevalier Servant (window D)
    intrigue,  # Maître d'Armes, Contrebandier, Devin, Troubadour, Capitaine
    movement,
    reveal_triggers,
)
from app.games.deuxrois.ruleset import GameRules


def install(rules: GameRules) -> None:
    escort.install(rules)
