"""State that travels with a card on any swap (rulings §0.3, A13)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Literal

from app.games.deuxrois.deal import Room

TreatyStage = Literal["none", "initiated", "red_king", "blue_king", "complete"]
InfidelColour = Literal["red", "blue"]


@dataclass(frozen=True, slots=True)
class CardState:
    armed: bool = False  # card 5, set by a complète between the holders of 5 and 6
    treaty: TreatyStage = "none"  # cards 41/42; the engine keeps both cards in step
    treaty_red_king: bool = False  # 41 had a complète with Guillaume after initiation
    treaty_blue_king: bool = False  # 42 had a complète with Harold after initiation
    subject: bool = False
    subject_locked: bool = False  # confirmed by the Chancelier: can no longer be blessed
    blessed: bool = False
    pope_faithful: bool = False
    infidel_colour: InfidelColour | None = None  # card 22
    pledge: int | None = None  # card 50: 1, 2 or 35
    banked: float = 0.0  # points banked during play (Espion, Troubadour, Devin): multiples of 0.5
    visits_normandie: int = 0  # card 43 (the starting room counts, ruling C46)
    visits_angleterre: int = 0
    partners: frozenset[str] = field(default_factory=frozenset)  # Espion: distinct complète partners
    met_principals: frozenset[int] = field(default_factory=frozenset)  # Troubadour
    used_game: frozenset[str] = field(default_factory=frozenset)  # once-per-game power keys spent
    used_round: tuple[tuple[str, int], ...] = ()  # (power key, uses) this round
    copied_power: str | None = None  # card 25: the power key copied by the Moine (C76)
    copied_from: int | None = None  # card 25: the card that power was copied from
    copied_round: int = 0  # card 25: the round of the copy (it expires at that round's arrival)
    neutralised_since: int | None = None  # card 6: state.version of the Maître d'Armes' neutralisation (C73)

    def visits(self, room: Room) -> int:
        return self.visits_normandie if room is Room.NORMANDIE else self.visits_angleterre

    def with_visit(self, room: Room) -> CardState:
        if room is Room.NORMANDIE:
            return replace(self, visits_normandie=self.visits_normandie + 1)
        return replace(self, visits_angleterre=self.visits_angleterre + 1)

    def round_uses(self, key: str) -> int:
        return dict(self.used_round).get(key, 0)

    def refreshed(self) -> CardState:
        """Uses made usable again (Faussaire and Négociateur swaps, L341, L182)."""
        return replace(self, used_game=frozenset(), used_round=())
