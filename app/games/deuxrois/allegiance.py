"""Effective allegiance at the end of the game, `effTeam` (rulings §0.4).

Used for scoring, the Norman majority in England (C5), the France majority
(C20) and the Berserker's count (C82). Colour *gates* during play use the
displayed colour instead (A17); they do not belong here.
"""

from __future__ import annotations

from app.games.deuxrois.card_state import CardState
from app.games.deuxrois.cards import (
    CAPITAINE,
    CARDS,
    ESPION,
    GUILLAUME,
    HAROLD,
    INFIDELE,
    ROI_DE_FRANCE,
    Team,
)

# The camp a Capitaine Mercenaire joins by his pledge (L378, C50); the Pope cannot receive one (C51).
PLEDGE_TEAM: dict[int, Team] = {GUILLAUME: Team.RED, HAROLD: Team.BLUE, ROI_DE_FRANCE: Team.GREEN}

_INFIDEL_TEAM = {"red": Team.RED, "blue": Team.BLUE}


def eff_team(card: int, state: CardState) -> Team:
    """The team the holder of `card` plays for at the end, in the order of §0.4."""
    if state.subject:  # L115: a subject has no win condition of his own
        return Team.GREEN
    if state.pope_faithful:  # L108: adoption replaces the original conditions
        return Team.ORANGE
    if card == CAPITAINE:
        return PLEDGE_TEAM.get(state.pledge, Team.NONE) if state.pledge is not None else Team.NONE
    if card == INFIDELE:
        # The colour is chosen at the deal; a state without one (never produced by the play
        # engine) plays for nobody rather than guessing a side.
        return _INFIDEL_TEAM.get(state.infidel_colour or "", Team.NONE)
    if card == ESPION:  # L328: the Espion belongs to no team
        return Team.NONE
    return CARDS[card].team  # grey -> NONE
