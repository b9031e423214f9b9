"""Mode Historique's rules (rulings §5): `install(rules)` plugs every part into the core's seams.

Nothing of the core names Mode Historique: each part below adds handlers,
appliers and seam entries only, and checks `config.historique` itself.
The order is the order of their entries in each seam list; the round's set-up
(round_events) puts its follow-up first on its own.
"""

from __future__ import annotations

from app.games.deuxrois.historique import (
    colours,  # an event's colour shown to a whole room (the Espion chooses)
    draw,  # the draw in window X (§5.1)
    effects,  # what is in force, and the fold of the mode's events
    exchange,  # what a draw does to this crossing (§5.2)
    guards,  # who may vote, be named, reveal... while an event is in force
    powers,  # the powers an event grants
    round_events,  # what last round's event does in this one (§5.3)
    views,  # what the phones, dashboard and screen show of it
    zones,  # zones inside a room (events 25-27)
)
from app.games.deuxrois.ruleset import GameRules, Install

PARTS: tuple[Install, ...] = (
    effects.install, colours.install, exchange.install, draw.install, guards.install, powers.install,
    round_events.install, views.install, zones.install,
)


def install(rules: GameRules) -> None:
    for part in PARTS:
        part(rules)
