"""Imports every power family so each registers its powers. To add a family: one module, one line here."""

from app.games.deuxrois.powers import (
    authority,
    church,  # Pape, Chancelier, Moine (negotiation)
    departure,  # noqa: F401 -- Porte-Étendard, Geôlier, Navigateur, Cartographe, Duc de Bretagne, Vagabond (N, X, A)
    diplomacy,  # Négociateur, Diplomate Royal, Interprète, Diplomates Secrets
    election,
    envoy,
    escort,  # noqa: F401 -- Commandant, Chevalier Saxon, Chevalier Servant (window D)
    intrigue,  # Maître d'Armes, Contrebandier, Devin, Troubadour, Capitaine
    movement,
    reveal_triggers,
)

__all__ = ["authority", "church", "diplomacy", "election", "envoy", "intrigue", "movement", "reveal_triggers"]
