"""The end of the game: freeze the positions and hand them to the scoring module (rulings §3, D11).

This is the one place that builds the scoring input from the play state, so the
wiring to `app.engine.scoring` lives here only.
"""

from __future__ import annotations

import importlib
from dataclasses import asdict
from typing import Any

from app.engine.state import GameState


def frozen_position(state: GameState) -> dict[str, Any]:
    """Who holds which card where, and every card's state, at "la fin du temps" (C55)."""
    return {
        "players": [
            {"id": p.id, "name": p.name, "card": state.cards[p.id], "room": str(state.rooms[p.id])}
            for p in state.players
        ],
        "card_states": {
            str(card): {k: (sorted(v) if isinstance(v, frozenset) else v) for k, v in asdict(cs).items()}
            for card, cs in sorted(state.card_states.items())
        },
    }


def final_result(state: GameState) -> dict[str, Any]:
    """The scored result: outcome, winners, points and per-player explanations."""
    position = frozen_position(state)
    try:
        scoring = importlib.import_module("app.engine.scoring_adapter")
    except ModuleNotFoundError:
        return {"outcome": None, "winners": [], "points": {}, "explain": {}, "position": position}
    result: dict[str, Any] = scoring.score_position(position)
    return result
