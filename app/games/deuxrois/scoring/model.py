"""The data that goes into and comes out of end-of-game scoring."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from app.games.deuxrois.card_state import CardState
from app.games.deuxrois.cards import CARDS, GUILLAUME, HAROLD, Team
from app.games.deuxrois.deal import MAX_PLAYERS, MIN_PLAYERS, Room, band
from app.kernel.text import EngineError, Text

OutcomeKind = Literal["N-HOME", "N-MAJ", "E-GEOLIER", "E-ASSASSIN", "E-DEFAULT", "FRANCE", "PEACE"]
OUTCOME_KINDS: tuple[OutcomeKind, ...] = (
    "N-HOME", "N-MAJ", "E-GEOLIER", "E-ASSASSIN", "E-DEFAULT", "FRANCE", "PEACE",
)

# A score: an int, or a float that is an exact odd multiple of 0.5 (the Espion's half points).
Points = int | float


def _bad(code: str, fr: str, en: str) -> EngineError:
    return EngineError(code, Text(fr, en))


@dataclass(frozen=True, slots=True)
class EndPlayer:
    """One player at "fin du temps" (C55): who, which card, which room, the card's state."""

    pid: str
    card: int
    room: Room
    state: CardState = field(default_factory=CardState)


@dataclass(frozen=True, slots=True)
class Position:
    """Everything scoring needs: the players at the end, nothing of the history but card state."""

    players: tuple[EndPlayer, ...]
    # Ruling C4: the Norman majority does not need Harold in England; the flag restores L15's wording.
    majority_requires_harold: bool = False

    def __post_init__(self) -> None:
        n = len(self.players)
        if not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise _bad("position_size", f"Il faut entre {MIN_PLAYERS} et {MAX_PLAYERS} joueurs (reçu : {n}).",
                       f"A position needs {MIN_PLAYERS} to {MAX_PLAYERS} players (got {n}).")
        pids = [p.pid for p in self.players]
        if len(set(pids)) != n or any(not pid for pid in pids):
            raise _bad("position_players", "Les joueurs doivent avoir des identifiants distincts et non vides.",
                       "Players need distinct, non-empty ids.")
        cards = [p.card for p in self.players]
        if len(set(cards)) != n or any(c not in CARDS for c in cards):
            raise _bad("position_cards", "Chaque joueur doit tenir une carte distincte de 1 à 50.",
                       "Every player must hold a distinct card from 1 to 50.")
        if GUILLAUME not in cards or HAROLD not in cards:
            raise _bad("position_kings", "Guillaume (1) et Harold (2) doivent être en jeu.",
                       "William (1) and Harold (2) must be in play.")
        for p in self.players:
            halves = p.state.banked * 2
            if not math.isfinite(halves) or halves != int(halves):
                raise _bad("position_banked", f"Points acquis invalides pour {p.pid} : multiple de 0,5 attendu.",
                           f"Banked points of {p.pid} must be a multiple of 0.5.")

    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def band(self) -> str:
        """The victory table, chosen by the player count only (ruling B11)."""
        return band(self.n)

    def holder(self, card: int) -> EndPlayer | None:
        """The player holding `card` at the end, or None if it is not in play."""
        return next((p for p in self.players if p.card == card), None)

    def in_room(self, card: int, room: Room) -> bool:
        h = self.holder(card)
        return h is not None and h.room is room


@dataclass(frozen=True, slots=True)
class Line:
    """One explained contribution to a player's score; the text repeats the points."""

    points: Points
    text: Text


@dataclass(frozen=True, slots=True)
class Result:
    """The resolved game. `points[pid] == sum(line.points for line in explain[pid])` always."""

    outcome: OutcomeKind
    winners: Team  # RED, BLUE, GREEN or ORANGE (a StrEnum: "red", "blue", ...)
    room: Room  # the "salle victorieuse" (C48): Guillaume's room, or the RdF's on FRANCE
    band: str
    headline: Text
    killer: str | None  # pid of the Assassin or Berserker who killed Guillaume (E-ASSASSIN only)
    points: Mapping[str, Points]
    explain: Mapping[str, tuple[Line, ...]]

    def as_json(self, order: Sequence[str] | None = None) -> dict[str, Any]:
        """A JSON-able dict (the `deuxrois score` output); players in `order` if given."""
        pids = list(order) if order is not None else list(self.points)
        return {
            "outcome": self.outcome,
            "winners": self.winners.value,
            "room": self.room.value,
            "band": self.band,
            "headline": self.headline.as_dict(),
            "killer": self.killer,
            "points": {pid: self.points[pid] for pid in pids},
            "explain": {pid: [{"points": line.points, **line.text.as_dict()} for line in self.explain[pid]]
                        for pid in pids},
        }


def as_points(halves: int) -> Points:
    """Half-points to the output number: an int when integral, else the exact x.5 float."""
    return halves // 2 if halves % 2 == 0 else halves / 2
