"""The phases of a game (rulings §4.3), spelt once: lobby -> setup -> (N E D X A) x rounds -> over.

Each phase has a name in both languages, for refusals ("Impossible pendant
l'élection.") and anything else that names one.
"""

from __future__ import annotations

from typing import Literal

from app.kernel.text import Text

Phase = Literal["lobby", "setup", "N", "E", "D", "X", "A", "over"]
# One round: negotiation, election, designation, departure, arrival (window names of the cards, too).
ROUND: tuple[Phase, ...] = ("N", "E", "D", "X", "A")
RUNNING: tuple[Phase, ...] = (*ROUND, "setup")  # the game has started and is not over

PHASE_NAMES: dict[str, Text] = {
    "lobby": Text("le salon", "the lobby"),
    "setup": Text("la mise en place", "the set-up"),
    "N": Text("la négociation", "the negotiation"),
    "E": Text("l'élection", "the election"),
    "D": Text("la désignation", "the designation"),
    "X": Text("le départ", "the departure"),
    "A": Text("l'arrivée", "the arrival"),
    "over": Text("la fin de partie", "the end of the game"),
}


def phase_name(phase: str) -> Text:
    """The phase as a sentence names it ("pendant la négociation", "during the negotiation")."""
    return PHASE_NAMES.get(phase, Text(phase, phase))
