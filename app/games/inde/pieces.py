"""The two colours, the six kinds of figurine, each player's stock and the 20 tiles (ruling B2).

Kinds keep the rulebook's letters: P palais, J jardin, T tigre, E éléphant,
V village, Te temple (no tile names it: it comes on its own turn, L153-161).
"""

from __future__ import annotations

from enum import StrEnum

from app.kernel.text import Text


class Colour(StrEnum):
    VERT = "vert"  # sits south (row 8), reads his numbers upright from there
    FUCHSIA = "fuchsia"  # sits north (row 0)

    @property
    def other(self) -> Colour:
        return Colour.FUCHSIA if self is Colour.VERT else Colour.VERT


COLOURS: tuple[Colour, ...] = (Colour.VERT, Colour.FUCHSIA)


class Kind(StrEnum):
    P = "P"
    J = "J"
    T = "T"
    E = "E"
    V = "V"
    TE = "Te"


KINDS: tuple[Kind, ...] = tuple(Kind)
ANIMALS = frozenset({Kind.T, Kind.E})

# 23 figurines per player (L4-18).
STOCK: dict[Kind, int] = {Kind.J: 7, Kind.P: 3, Kind.T: 4, Kind.E: 3, Kind.V: 4, Kind.TE: 2}

TILE_NUMBERS: tuple[int, ...] = tuple(range(1, 21))


def letter(number: int) -> Kind:
    """The figurine a tile names (B2): 1-7 J, 8-9 P, 10-13 T, 14-16 E, 17-20 V."""
    if not 1 <= number <= 20:
        raise ValueError(f"no tile {number}")
    if number <= 7:
        return Kind.J
    if number <= 9:
        return Kind.P
    if number <= 13:
        return Kind.T
    if number <= 16:
        return Kind.E
    return Kind.V


COLOUR_NAMES: dict[Colour, Text] = {Colour.VERT: Text("vert", "green"), Colour.FUCHSIA: Text("fuchsia", "fuchsia")}

KIND_NAMES: dict[Kind, Text] = {
    Kind.P: Text("palais", "palace"),
    Kind.J: Text("jardin", "garden"),
    Kind.T: Text("tigre", "tiger"),
    Kind.E: Text("éléphant", "elephant"),
    Kind.V: Text("village", "village"),
    Kind.TE: Text("temple", "temple"),
}

# With the indefinite article, for sentences ("pose un jardin", "places a garden").
A_KIND: dict[Kind, Text] = {
    Kind.P: Text("un palais", "a palace"),
    Kind.J: Text("un jardin", "a garden"),
    Kind.T: Text("un tigre", "a tiger"),
    Kind.E: Text("un éléphant", "an elephant"),
    Kind.V: Text("un village", "a village"),
    Kind.TE: Text("un temple", "a temple"),
}
