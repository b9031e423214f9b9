"""Points per player once the outcome is known (rulings §3.2 scoring, C17-C50, C89).

Everything is counted in half-points (ints) so that the Espion's 0.5 stays exact.
"""

from __future__ import annotations

from app.games.deuxrois.allegiance import PLEDGE_TEAM, eff_team
from app.games.deuxrois.cards import (
    ARMURIER,
    ASSASSIN,
    CAPITAINE,
    CHAMAN,
    CHANCELIER,
    CHEVALIER_SAXON,
    DAME,
    FAUSSAIRE,
    GEOLIER,
    GUILLAUME,
    HAROLD,
    MOINE,
    PAPE,
    PELERIN,
    PROTECTION_DIVINE,
    ROI_DE_FRANCE,
    VAGABOND,
    Team,
)
from app.games.deuxrois.deal import Room
from app.games.deuxrois.scoring import wording as w
from app.games.deuxrois.scoring.model import EndPlayer, Line, Position
from app.games.deuxrois.scoring.outcome import Outcome
from app.kernel.text import Text

DIPLOMATES = (41, 42)


def _team_points(outcome: Outcome, band: str) -> tuple[int, dict[int, int]]:
    """Base points for every winner and the named characters' points (L58-83, C8, C17)."""
    kind = outcome.kind
    if kind == "N-HOME":
        return 4, {GUILLAUME: 5}
    if kind == "N-MAJ":
        return 4, {GUILLAUME: 4}
    if kind == "E-GEOLIER":
        return 4, {HAROLD: 5, GEOLIER: 6}
    if kind == "E-ASSASSIN":  # C8: the Armurier gets 5 only if his Assassin did the deed
        return 4, {HAROLD: 5, ARMURIER: 5 if outcome.killer_card == ASSASSIN else 4}
    if kind == "E-DEFAULT":
        return 4, {HAROLD: 5}
    if kind == "FRANCE":
        return 2, {ROI_DE_FRANCE: 8, CHANCELIER: 8}
    return (6 if band == "26-34" else 5), {PAPE: 8, MOINE: 8}  # PEACE, C17, C18


def _pledged_points(lord: int, outcome: Outcome) -> int:
    """C50: the lord's nominal points: Guillaume 5/4, Harold 5, the RdF 8."""
    if lord == GUILLAUME:
        return 5 if outcome.kind == "N-HOME" else 4
    return 5 if lord == HAROLD else 8


def _treaty(position: Position) -> bool:
    """C41/§3.3.13: treaty complete and both Diplomates Secrets in one room.

    The play engine keeps the stage of 41 and 42 in step; either card saying "complete" is enough.
    """
    a, b = position.holder(DIPLOMATES[0]), position.holder(DIPLOMATES[1])
    if a is None or b is None or a.room is not b.room:
        return False
    return "complete" in (a.state.treaty, b.state.treaty)


class _Sheet:
    """The lines of one player, in half-points."""

    def __init__(self) -> None:
        self.lines: list[Line] = []
        self.halves = 0

    def add(self, points: int | float, label: Text, why: Text | None = None) -> None:
        halves = round(points * 2)
        self.halves += halves
        self.lines.append(w.line(halves, label, why))


def _team_line(sheet: _Sheet, p: EndPlayer, team: Team, pos: Position, out: Outcome, treaty: bool) -> None:
    st, c = p.state, p.card
    name = w.card_name(c)
    base, special = _team_points(out, pos.band)
    active = not st.subject and not st.pope_faithful
    if c in DIPLOMATES and active and treaty:
        sheet.add(6, name, w.TREATY)  # "indépendamment du résultat" (L207), instead of team points (C41)
    elif st.subject:  # C21/C23: 2 on a France win, nothing of his own otherwise
        if out.winners is Team.GREEN:
            sheet.add(base, w.SUBJECT, w.SUBJECT_WIN)
        else:
            sheet.add(0, w.SUBJECT, w.SUBJECT_NO_WIN)
    elif team is not out.winners:
        if team is Team.NONE:
            sheet.add(0, name, w.NO_PLEDGE if c == CAPITAINE else w.NO_TEAM)
        elif team is Team.ORANGE:
            sheet.add(0, w.FAITHFUL if st.pope_faithful else w.TEAM_NAME[team],
                      w.FAITHFUL_NO_PEACE if st.pope_faithful else w.VICTORY_OF[out.winners])
        else:
            sheet.add(0, w.TEAM_NAME[team], w.VICTORY_OF[out.winners])
    elif c == CAPITAINE and not st.pope_faithful and st.pledge is not None and st.pledge in PLEDGE_TEAM:
        sheet.add(_pledged_points(st.pledge, out), name, w.pledge_reason(st.pledge))  # C50
    elif out.kind == "E-ASSASSIN" and c == out.killer_card:
        sheet.add(6, name, w.special_reason(c, out, 6))  # the killer's 6 (L59, C8)
    elif c in special:
        sheet.add(special[c], name, w.special_reason(c, out, special[c]))
    else:  # every winner, adopters included (C19, C27): the band's base points
        sheet.add(base, w.TEAM_WIN[team])


def _personal(sheet: _Sheet, p: EndPlayer, pos: Position, out: Outcome, g_room: Room) -> None:
    """Individual objectives, cumulative with team points (C89); lost by subjects and adopters (C23, C27)."""
    c, st, name = p.card, p.state, w.card_name(p.card)
    if c == PELERIN and not st.subject:  # kept when faithful: the Pope's aim is his own (C47)
        pope = pos.holder(PAPE)
        with_pope = pope is not None and pope.room is p.room
        visited = st.visits_normandie >= 2 and st.visits_angleterre >= 2  # C46
        sheet.add(4 if visited and with_pope else 0, name,
                  w.pelerin(st.visits_normandie, st.visits_angleterre, with_pope))
    if st.subject or st.pope_faithful:
        return
    if c == PROTECTION_DIVINE:  # L122
        ok = p.room is g_room and out.winners is Team.RED
        sheet.add(2 if ok else 0, name, w.PD_BONUS[ok])
    elif c in (DAME, CHEVALIER_SAXON):  # L159, L261: cumulative with the team's points (L162, L264)
        mate = pos.holder(CHEVALIER_SAXON if c == DAME else DAME)
        ok = mate is not None and mate.room is p.room
        sheet.add(3 if ok else 0, name, w.lovers(c, ok))
    elif c == CHAMAN:  # C12
        sheet.add(5 if out.chaman_cancelled else 0, name, w.CHAMAN_BONUS[out.chaman_cancelled])
    elif c == VAGABOND:  # C48
        sheet.add(3 if p.room is out.room else 0, name, w.vagabond(p.room, out.room))


def score(position: Position, out: Outcome) -> tuple[dict[str, int], dict[str, tuple[Line, ...]]]:
    """Half-points and lines for every player."""
    g = position.holder(GUILLAUME)
    assert g is not None
    treaty = _treaty(position)
    halves: dict[str, int] = {}
    lines: dict[str, tuple[Line, ...]] = {}
    for p in position.players:
        sheet = _Sheet()
        if p.state.banked:  # Espion, Troubadour, Devin: kept by subjects and adopters (C23, C27, C30, C32)
            sheet.add(p.state.banked, w.card_name(p.card), w.BANKED)
        if p.card == FAUSSAIRE:
            sheet.add(-5, w.card_name(p.card), w.FAUSSAIRE_MALUS)  # L339, C39: whoever holds it
        _team_line(sheet, p, eff_team(p.card, p.state), position, out, treaty)
        _personal(sheet, p, position, out, g.room)
        halves[p.pid] = sheet.halves
        lines[p.pid] = tuple(sheet.lines)
    return halves, lines
