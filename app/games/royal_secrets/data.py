"""The game data the rulebook does not print, in one place (rulings §3.3), so play-tests can re-tune it.

Everything here is plain data: the 18 Audience cards (RS-2, RS-3), the Valet
penalties (RS-12), the starting fleurs (RS-5), the colours and their symbols
(RS-9), the placeholder names of the three Faveurs that lost their heading
(RS-54), and the decks the rulebook does give (L23-47), so that one file holds
every number the engine plays with.
"""

from __future__ import annotations

from typing import Final

# -- Faveurs (rulings 2.6; the three italic names are placeholders, RS-54) ------------------------
# key: (French name, English name, French effect, English effect). The names are the cards' own: they stay
# French in English too, like Roi, Reine, Courtisan and the tuile de Parole (rulings, terms of the game).
FAVEURS: Final[dict[str, tuple[str, str, str, str]]] = {
    "valet_devoue": (
        "Valet dévoué", "Valet dévoué",
        "Piochez un Valet, à votre tour de mise, avant de miser.",
        "Draw a Valet, on your betting turn, before you bet.",
    ),
    "etiquette": (
        "Étiquette", "Étiquette",
        "En début de tour, placez vous-même chaque joueur sur le Roi ou la Reine.",
        "At the start of the round, you place every player on the Roi or the Reine.",
    ),
    "diner_royal": (
        "Dîner Royal", "Dîner Royal",
        "Participez aux deux Audiences : vos deux cartes comptent des deux côtés.",
        "Take part in both Audiences: your two cards count on both sides.",
    ),
    "espionnage": (
        "Espionnage", "Espionnage",
        "Regardez toutes les cartes misées face cachée des deux Audiences.",
        "Look at every face-down bet card of both Audiences.",
    ),
    "coup_de_poignard": (
        "Coup de poignard", "Coup de poignard",
        "Défaussez une carte misée face cachée : elle ne compte plus.",
        "Discard one face-down bet card: it no longer counts.",
    ),
    "medaille": (
        "Médaille du mérite", "Médaille du mérite",
        "Doublez la valeur d'une carte misée.",
        "Double the value of one bet card.",
    ),
    "recrutement": (
        "Recrutement", "Recrutement",
        "Désignez une carte misée par un autre joueur de votre Audience : elle vous revient en fin de tour.",
        "Name a card bet by another player of your Audience: it comes to your hand at the end of the round.",
    ),
    "grace_royale": (
        "Grâce royale", "Grâce royale",
        "Annulez toutes vos pertes de fleurs de lys de ce tour (Valets compris).",
        "Cancel every fleur de lys you lose this round (Valets included).",
    ),
    "coup_de_maitre": (
        "Coup de maître", "Coup de maître",
        "Changez vos pertes de fleurs de lys de ce tour en gains (hors Valets).",
        "Turn the fleurs de lys you lose this round into gains (Valets excepted).",
    ),
}

# -- The Audience deck (rulings 3.3 a): id -> (souverain, Influence, gain, loss, Faveur) -----------
# gain = Influence/10 - 1 and loss = Influence/10 (RS-3); the two copies of a Faveur differ in
# Influence (L177-178, RS-57). R = Roi, Q = Reine.
AUDIENCES: Final[dict[str, tuple[str, int, int, int, str]]] = {
    "R1": ("roi", 30, 2, 3, "valet_devoue"),
    "R2": ("roi", 40, 3, 4, "espionnage"),
    "R3": ("roi", 40, 3, 4, "recrutement"),
    "R4": ("roi", 50, 4, 5, "medaille"),
    "R5": ("roi", 40, 3, 4, "coup_de_poignard"),
    "R6": ("roi", 60, 5, 6, "etiquette"),
    "R7": ("roi", 50, 4, 5, "diner_royal"),
    "R8": ("roi", 60, 5, 6, "grace_royale"),
    "R9": ("roi", 70, 6, 7, "coup_de_maitre"),
    "Q1": ("reine", 40, 3, 4, "valet_devoue"),
    "Q2": ("reine", 30, 2, 3, "espionnage"),
    "Q3": ("reine", 50, 4, 5, "recrutement"),
    "Q4": ("reine", 40, 3, 4, "medaille"),
    "Q5": ("reine", 50, 4, 5, "coup_de_poignard"),
    "Q6": ("reine", 50, 4, 5, "etiquette"),
    "Q7": ("reine", 60, 5, 6, "diner_royal"),
    "Q8": ("reine", 50, 4, 5, "grace_royale"),
    "Q9": ("reine", 60, 5, 6, "coup_de_maitre"),
}
ROUNDS: Final = 7  # L10: seven Audiences
SET_ASIDE_PER_PILE: Final = 2  # RS-2: 9 per Souverain, 2 set aside unseen, 7 played

# -- Player cards (L23-29): (kind, Influence, how many) --------------------------------------------
COURTISANS: Final[tuple[tuple[str, int, int], ...]] = (
    ("courtisan", 0, 2), ("courtisan", 10, 3), ("courtisan", 20, 3), ("courtisan", 30, 1),
    ("courtisan", 40, 1), ("excuse", 0, 1),
)

# -- Valets (L35-39) with their invented fleur-de-lys penalty (RS-12): (Influence, penalty, count) --
VALETS: Final[tuple[tuple[int, int, int], ...]] = ((-10, 4, 2), (0, 3, 4), (10, 2, 2), (20, 1, 2))

# -- Cardinal (L43-47): (Influence, count) --------------------------------------------------------
CARDINALS: Final[tuple[tuple[int, int], ...]] = ((-10, 2), (0, 4), (10, 6), (20, 2))

# -- Scores (RS-5, RS-6, RS-68) ---------------------------------------------------------------------
START_FLEURS: Final = 10
BONUS_CAP: Final = 6  # L165 "dans la limite de 6", per player

# -- Colours in ring order (RS-9; the symbols come from the sticker key, L207-213) -----------------
# key: (French name, English name, symbol)
COLOURS: Final[dict[str, tuple[str, str, str]]] = {
    "bleu": ("Bleu", "Blue", "💧"),
    "rouge": ("Rouge", "Red", "♥"),
    "jaune": ("Jaune", "Yellow", "☾"),
    "vert": ("Vert", "Green", "♣"),
    "violet": ("Violet", "Purple", "🍇"),
}

MIN_PLAYERS: Final = 3  # RS-1
MAX_PLAYERS: Final = 5
NAME_MAX: Final = 24
