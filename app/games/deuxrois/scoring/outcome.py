"""Which victory condition decides the game (rulings §3.1, §3.2, C1-C22).

Conditions are checked from the highest number of the band down, and the first
that holds decides (C1); when none holds the English win by default (C2).
Conditions only look at the cards actually in play (B11).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from app.games.deuxrois.allegiance import eff_team
from app.games.deuxrois.cards import (
    ASSASSIN,
    BERSERKER,
    CHAMAN,
    GEOLIER,
    GUILLAUME,
    HAROLD,
    PAPE,
    PROTECTION_DIVINE,
    ROI_DE_FRANCE,
    THEGN,
    Team,
)
from app.games.deuxrois.deal import Room
from app.games.deuxrois.scoring.model import OutcomeKind, Position


@dataclass(frozen=True, slots=True)
class Outcome:
    kind: OutcomeKind
    winners: Team
    room: Room
    killer_card: int | None = None  # ASSASSIN or BERSERKER on E-ASSASSIN (C8, C9)
    chaman_cancelled: bool = False  # an attempt met a PD cancelled by the Chaman (C12)
    reds: int = 0  # N-MAJ: the counts compared in England (C5, C6)
    blues: int = 0
    rallied: int = 0  # FRANCE: players of effective team GREEN (C20)


class _Board:
    """A position with effective teams computed once."""

    def __init__(self, position: Position) -> None:
        self.pos = position
        self.teams = {p.pid: eff_team(p.card, p.state) for p in position.players}
        g = position.holder(GUILLAUME)
        assert g is not None  # Position guarantees Guillaume and Harold
        self.g_room = g.room

    def count(self, team: Team, room: Room) -> int:
        return sum(1 for p in self.pos.players if p.room is room and self.teams[p.pid] is team)


def _peace(b: _Board) -> Outcome | None:
    """26-34 #5, 35-50 #6 (L74, L83): the Pope with Guillaume, Harold and the RdF if in play (L105, C15)."""
    pope = b.pos.holder(PAPE)
    if pope is None:
        return None
    needed = [GUILLAUME, HAROLD]
    # B3: at N = 35 the RdF is not dealt and peace is made without him; B11 for custom positions.
    if b.pos.holder(ROI_DE_FRANCE) is not None:
        needed.append(ROI_DE_FRANCE)
    if all(b.pos.in_room(c, pope.room) for c in needed):
        return Outcome("PEACE", Team.ORANGE, pope.room)
    return None


def _france(b: _Board) -> Outcome | None:
    """35-50 #5 (L82, L114): a strict majority of all players rallied to France (C20)."""
    rdf = b.pos.holder(ROI_DE_FRANCE)
    if rdf is None or b.pos.n == 35:  # B3: condition 5 is skipped at N = 35
        return None
    rallied = sum(1 for t in b.teams.values() if t is Team.GREEN)
    if 2 * rallied > b.pos.n:
        return Outcome("FRANCE", Team.GREEN, rdf.room, rallied=rallied)
    return None


def _assassinated(b: _Board) -> Outcome | None:
    """The kill (L59/66/73/81): armed Assassin or Berserker, unless the Divine Protection shields him."""
    g_room, pos = b.g_room, b.pos
    pd = pos.in_room(PROTECTION_DIVINE, g_room)
    cancelled = pd and pos.in_room(CHAMAN, g_room)  # all three in one room (C13)
    protected = pd and not cancelled  # the PD stops every assassin, Berserker included (C11)
    assassin_holder = pos.holder(ASSASSIN)
    assassin = assassin_holder is not None and assassin_holder.room is g_room and assassin_holder.state.armed
    # C82: effective teams; the Thegn's +2 is not applied here (§3.3.2). C83: the attempt is automatic.
    berserk = pos.in_room(BERSERKER, g_room) and b.count(Team.BLUE, g_room) > b.count(Team.RED, g_room)
    attempt = assassin or berserk
    if attempt and not protected:
        return Outcome("E-ASSASSIN", Team.BLUE, g_room,
                       killer_card=ASSASSIN if assassin else BERSERKER,  # C9: credit the Assassin
                       chaman_cancelled=cancelled)
    return None


def _geolier(b: _Board) -> Outcome | None:
    """#3 (L65, L252): Geôlier and Guillaume both in England; no action needed (C7)."""
    if b.g_room is Room.ANGLETERRE and b.pos.in_room(GEOLIER, Room.ANGLETERRE):
        return Outcome("E-GEOLIER", Team.BLUE, Room.ANGLETERRE)
    return None


def _norman_majority(b: _Board) -> Outcome | None:
    """#2 (L64): Guillaume free in England (C3) and strictly more Normans than English there (C5)."""
    england = Room.ANGLETERRE
    if b.g_room is not england:
        return None
    harold_there = b.pos.in_room(HAROLD, england)
    if b.pos.majority_requires_harold and not harold_there:  # C4 flag, off by default
        return None
    reds, blues = b.count(Team.RED, england), b.count(Team.BLUE, england)
    if harold_there and b.pos.in_room(THEGN, england):
        blues += 2  # C6: the Thegn counts himself (if blue) and adds 2; a subject Thegn still adds 2 (§3.3.3)
    if reds > blues:
        return Outcome("N-MAJ", Team.RED, england, reds=reds, blues=blues)
    return None


def _normandie(b: _Board) -> Outcome | None:
    """#1 (L58): Guillaume in Normandie; alive, since the kill was checked before."""
    if b.g_room is Room.NORMANDIE:
        return Outcome("N-HOME", Team.RED, Room.NORMANDIE)
    return None


_Condition = Callable[[_Board], Outcome | None]

# C1: highest-numbered condition first. 6-15 has neither the Geôlier nor the majority (L56-59).
ORDER: dict[str, tuple[_Condition, ...]] = {
    "6-15": (_assassinated, _normandie),
    "16-25": (_assassinated, _geolier, _norman_majority, _normandie),
    "26-34": (_peace, _assassinated, _geolier, _norman_majority, _normandie),
    "35-50": (_peace, _france, _assassinated, _geolier, _norman_majority, _normandie),
}


def decide(position: Position) -> Outcome:
    """The deciding condition of `position`, or the English default win (C2)."""
    board = _Board(position)
    for condition in ORDER[position.band]:
        outcome = condition(board)
        if outcome is not None:
            return outcome
    # Guillaume is alive in England here (Normandie would have won): L16, ruling C2.
    return Outcome("E-DEFAULT", Team.BLUE, board.g_room)
