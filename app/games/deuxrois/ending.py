"""The end of the game: freeze the positions and hand them to scoring (rulings §3, D11, C55).

This is the one place that builds the scoring input from the play state.
"""

from __future__ import annotations

from typing import Any

from app.games.deuxrois.scoring import EndPlayer, Position, resolve
from app.games.deuxrois.state import GameState


def position_of(state: GameState) -> Position:
    """Who holds which card where, with each card's state, after the last arrival window."""
    return Position(tuple(
        EndPlayer(p.id, state.cards[p.id], state.rooms[p.id], state.card_state(state.cards[p.id]))
        for p in state.players
    ))


def final_result(state: GameState) -> dict[str, Any]:
    """Outcome, winners, points and explanations, keyed by player id (JSON-able, stored in GameEnded)."""
    result = resolve(position_of(state)).as_json([p.id for p in state.players])
    result["cards"] = {p.id: state.cards[p.id] for p in state.players}
    result["rooms"] = {p.id: state.rooms[p.id].value for p in state.players}
    return result
