"""End-of-game resolution and scoring (rulings §0.4, §3.1-§3.3, B3, B11, C1-C89).

The whole API::

    from app.games.deuxrois.scoring import EndPlayer, Position, Result, Line, resolve

    position = Position(players=(EndPlayer("p1", 1, Room.NORMANDIE, CardState()), ...))
                                      # EngineError if impossible: 6..50 players, distinct ids and cards, 1 and 2
    position.n, position.band         # the player count is len(players); the band follows it
    result = resolve(position)        # pure, never fails on a valid Position
    result.outcome                    # "N-HOME" | "N-MAJ" | "E-GEOLIER" | "E-ASSASSIN" | "E-DEFAULT" | "FRANCE" | "PEACE"
    result.winners                    # Team.RED | BLUE | GREEN | ORANGE (StrEnum: "red", ...)
    result.room                       # the "salle victorieuse" (C48)
    result.points["p1"]               # int, or a float x.5 (the Espion's halves, kept exact)
    result.explain["p1"]              # tuple[Line(points, Text(fr, en)), ...]; the points add up to the total
    result.as_json()                  # the same as plain JSON (what `deuxrois score` prints)

A Position holds each player's id, card number, room and the card's CardState at
"fin du temps" (C55), i.e. after the last arrival window and the freeze (D11).
Everything scoring needs is in that card state: `armed`, `treaty`, `subject`,
`pope_faithful`, `infidel_colour`, `pledge`, `banked`, `visits_*`. The band is
chosen by the player count; conditions look only at the cards in play (B11).
`Position(..., majority_requires_harold=True)` is the C4 configuration flag.
"""

from __future__ import annotations

from app.games.deuxrois.cards import ROI_DE_FRANCE
from app.games.deuxrois.scoring.model import (
    OUTCOME_KINDS,
    EndPlayer,
    Line,
    OutcomeKind,
    Points,
    Position,
    Result,
    as_points,
)
from app.games.deuxrois.scoring.outcome import Outcome, decide
from app.games.deuxrois.scoring.points import score
from app.games.deuxrois.scoring.wording import headline

__all__ = [
    "OUTCOME_KINDS", "EndPlayer", "Line", "Outcome", "OutcomeKind", "Points", "Position", "Result", "decide",
    "resolve",
]


def resolve(position: Position) -> Result:
    """Decide the game (§3.1 order) and score every player (§3.2), with an explanation per point."""
    outcome = decide(position)
    halves, lines = score(position, outcome)
    killer = position.holder(outcome.killer_card) if outcome.killer_card is not None else None
    return Result(
        outcome=outcome.kind,
        winners=outcome.winners,
        room=outcome.room,
        band=position.band,
        headline=headline(outcome, position.holder(ROI_DE_FRANCE) is not None),
        killer=killer.pid if killer is not None else None,
        points={pid: as_points(h) for pid, h in halves.items()},
        explain=lines,
    )
