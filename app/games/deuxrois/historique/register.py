"""Imports every Mode Historique module so each registers its handlers, appliers and seams."""

from app.games.deuxrois.historique import (
    colours,
    draw,
    effects,
    exchange,
    guards,
    powers,
    round_events,
    views,
    zones,
)

__all__ = ["colours", "draw", "effects", "exchange", "guards", "powers", "round_events", "views", "zones"]
