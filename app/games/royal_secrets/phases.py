"""Every phase of a game by name, in both languages (the gate's refusals and the pages say them)."""

from __future__ import annotations

from app.kernel.text import Text

PHASE_NAMES: dict[str, Text] = {
    "new": Text("la création de la partie", "the game's creation"),
    "lobby": Text("la salle d'attente", "the lobby"),
    "setup": Text("la mise en place", "the set-up"),
    "etiquette": Text("l'Étiquette (début de tour)", "the Étiquette (start of the round)"),
    "assign": Text("le placement par l'Étiquette", "the Étiquette placement"),
    "diner": Text("le Dîner Royal après l'Étiquette", "the Dîner Royal after the Étiquette"),
    "choose": Text("le choix des Audiences", "the choice of Audiences"),
    "opening": Text("la fin du choix des Audiences", "the end of the Audience choice"),
    "bet1": Text("la 1re mise", "the 1st bet"),
    "bet2": Text("la 2e mise", "the 2nd bet"),
    "w2": Text("les Faveurs avant la révélation", "the Faveurs before the reveal"),
    "counting": Text("la révélation", "the reveal"),
    "majority": Text("le décompte des majorités", "the count of majorities"),
    "tiebreak": Text("le départage des égalités", "the tie-break"),
    "w3": Text("les Faveurs du décompte", "the count Faveurs"),
    "scoring": Text("le décompte", "the count"),
    "round_end": Text("la fin du tour", "the end of the round"),
    "over": Text("la fin de partie", "the end of the game"),
}


def phase_name(phase: str) -> Text:
    return PHASE_NAMES.get(phase, Text(phase, phase))
