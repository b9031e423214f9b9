"""The « débarquement » variant for 2-8 players (rulings §6, part F): its own event-sourced state machine."""

from app.games.debarquement.boats import Boat
from app.games.debarquement.commands import Command, parse_command
from app.games.debarquement.events import Event, event_from_json, event_to_json
from app.games.debarquement.game import decide, new_game
from app.games.debarquement.state import Phase, State, evolve, replay
from app.games.debarquement.views import player_view, table_view

__all__ = [
    "Boat",
    "Command",
    "Event",
    "Phase",
    "State",
    "decide",
    "event_from_json",
    "event_to_json",
    "evolve",
    "new_game",
    "parse_command",
    "player_view",
    "replay",
    "table_view",
]
