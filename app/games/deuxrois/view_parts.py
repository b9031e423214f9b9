"""The small parts every view repeats: a player as {id, name}, a card as its public face.

Both are asked hundreds of times per fan-out (every roster, feed item, request and snapshot names
players), so they come from tables: the seats' by the players tuple (it changes only in the lobby),
the cards' built once. The dicts are shared: a view reads them and never changes them.
"""

from __future__ import annotations

from typing import Any

from app.games.deuxrois import memo
from app.games.deuxrois.cards import CARDS, COLOUR_NAMES
from app.games.deuxrois.state import GameState, Player

View = dict[str, Any]
_SEATED = memo.Keep(256)  # one per live game


def _face(number: int) -> View:
    c = CARDS[number]
    return {"number": number, "key": c.key, "name": c.name.as_dict(), "label": {"fr": c.label("fr"), "en": c.label("en")},
            "colour": str(c.colour), "colour_name": COLOUR_NAMES[c.colour].as_dict()}


_FACES = {number: _face(number) for number in CARDS}


def card(number: int) -> View:
    """A card as anyone who sees it sees it: number, key, names, colour."""
    return _FACES[number] if memo.enabled() else _face(number)


def _seats(players: tuple[Player, ...]) -> dict[str, View]:
    return {p.id: {"id": p.id, "name": p.name} for p in players}


def who(state: GameState, pid: str | None) -> View | None:
    """A player as views name him: {id, name} (his id for a name when he has no seat)."""
    if pid is None:
        return None
    if memo.enabled():
        seated = _SEATED.of(state.players, _seats).get(pid)
        if seated is not None:
            return seated
    return {"id": pid, "name": state.name(pid)}
