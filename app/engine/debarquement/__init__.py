"""The « débarquement » variant for 2-8 players (rulings §6, part F): its own event-sourced state machine."""

from app.engine.debarquement.boats import Boat
from app.engine.debarquement.commands import Actor, Command, parse_command
from app.engine.debarquement.events import Event, event_from_json, event_to_json
from app.engine.debarquement.game import decide, new_game
from app.engine.debarquement.state import Phase, State, evolve, replay
from app.engine.debarquement.views import player_view, table_view

__all__ = [
    "Actor",
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
