"""The cards as values: every card has a stable id, and the catalogue maps ids to what they are.

Ids are fixed-width and quoted whole in JSON, so a leak scan can look for one
card by its id: `p3-20b` (a player's Courtisan), `p3-X` (his Excuse), `V07`
(a Valet), `K11` (a Cardinal card), `R4` / `Q4` (Audience cards).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from app.games.royal_secrets.data import AUDIENCES, CARDINALS, COURTISANS, FAVEURS, VALETS
from app.kernel.text import Text

CardKind = Literal["courtisan", "excuse", "valet", "cardinal"]
Side = Literal["roi", "reine"]
SIDES: tuple[Side, Side] = ("roi", "reine")


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    kind: CardKind
    value: int  # Influence; an Excuse has none (0, and never counts)
    owner: str | None = None  # the colour's player for Courtisans and the Excuse
    penalty: int = 0  # fleurs de lys, Valets only (RS-12)

    @property
    def is_zero_courtisan(self) -> bool:
        """The two cards that always come back to their owner (L24, L159)."""
        return self.kind == "courtisan" and self.value == 0

    @property
    def has_influence(self) -> bool:
        """A Courtisan or a Valet: what a tie-break may show and the end bonus counts (RS-31, RS-68)."""
        return self.kind in ("courtisan", "valet")

    def label(self) -> Text:
        v = signed(self.value)
        if self.kind == "excuse":
            return Text("Excuse", "Excuse")
        if self.kind == "valet":
            return Text(f"Valet {v} (−{self.penalty} ⚜)", f"Valet {v} (−{self.penalty} ⚜)")
        if self.kind == "cardinal":
            return Text(f"Cardinal {v}", f"Cardinal {v}")
        return Text(f"Courtisan {v}", f"Courtisan {v}")


@dataclass(frozen=True, slots=True)
class AudienceCard:
    id: str
    souverain: Side  # the pile it was printed for (the mixed layout may deal it to the other)
    influence: int
    gain: int
    loss: int
    faveur: str


def signed(value: int) -> str:
    """Numbers as text with a readable minus sign (rulings 1.7)."""
    return f"−{-value}" if value < 0 else str(value)


def player_cards(pid: str) -> list[Card]:
    """A player's 11 Courtisan cards (L23-29)."""
    cards: list[Card] = []
    for kind, value, count in COURTISANS:
        for i in range(count):
            cid = f"{pid}-X" if kind == "excuse" else f"{pid}-{value}{'abc'[i]}"
            cards.append(Card(cid, "excuse" if kind == "excuse" else "courtisan", value, pid))
    return cards


def valet_cards() -> list[Card]:
    cards: list[Card] = []
    for value, penalty, count in VALETS:
        for _ in range(count):
            cards.append(Card(f"V{len(cards) + 1:02d}", "valet", value, None, penalty))
    return cards


def cardinal_cards() -> list[Card]:
    cards: list[Card] = []
    for value, count in CARDINALS:
        for _ in range(count):
            cards.append(Card(f"K{len(cards) + 1:02d}", "cardinal", value))
    return cards


def catalogue(ring: tuple[str, ...]) -> dict[str, Card]:
    """Every card of a game with these seats."""
    cards = [c for pid in ring for c in player_cards(pid)] + valet_cards() + cardinal_cards()
    return {c.id: c for c in cards}


def as_side(name: str) -> Side:
    if name == "roi":
        return "roi"
    if name == "reine":
        return "reine"
    raise ValueError(f"not a Souverain: {name}")


AUDIENCE_CARDS: dict[str, AudienceCard] = {
    aid: AudienceCard(aid, as_side(souverain), influence, gain, loss, faveur)
    for aid, (souverain, influence, gain, loss, faveur) in AUDIENCES.items()
}


def faveur_name(key: str) -> Text:
    fr, en, _fr, _en = FAVEURS[key]
    return Text(fr, en)


def faveur_effect(key: str) -> Text:
    _fr, _en, fr, en = FAVEURS[key]
    return Text(fr, en)


SIDE_NAMES: dict[str, Text] = {
    "roi": Text("le Roi", "the Roi"),
    "reine": Text("la Reine", "the Reine"),
    "both": Text("les deux Audiences", "both Audiences"),
    "middle": Text("le milieu", "the middle"),
}


SIDE_WITH: dict[str, Text] = {
    "roi": Text("auprès du Roi", "with the Roi"),
    "reine": Text("auprès de la Reine", "with the Reine"),
    "middle": Text("au milieu", "in the middle"),
    "both": Text("auprès des deux Souverains", "with both Souverains"),
}
SIDE_OF: dict[str, Text] = {"roi": Text("du Roi", "of the Roi"), "reine": Text("de la Reine", "of the Reine")}


def side_name(side: str) -> Text:
    return SIDE_NAMES[side]


def side_with(side: str) -> Text:
    return SIDE_WITH[side]


def side_of(side: str) -> Text:
    return SIDE_OF[side]
