"""Mode Historique's rules (rulings §5): `install(rules)` plugs every part into the core's seams."""

from __future__ import annotations

from app.games.deuxrois.historique import (  # noqa: F401  (still registering at import: being moved to install)
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
from app.games.deuxrois.ruleset import GameRules


def install(rules: GameRules) -> None:
    effects.install(rules)
    draw.install(rules)
    guards.install(rules)
    zones.install(rules)
