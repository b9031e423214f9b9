"""`deuxrois debarquement score FILE`: score the boats each player captured in one manche.

Input  {"captures": {"Ana": [{"boat": "normand", "cards": [3, 11, 19, 27, 45]}, ...], ...}}
Output {"points": {"Ana": -8, ...}}

A captured boat must hold at least 5 cards: it is taken when its 5th visible
stack appears (F9), and cards covered on its leftmost stack come with it (F19,
F23), so 5 is the least and any larger count can happen. Every set of 5 or
more distinct cards of the right colours can be laid out that way, so nothing
stricter is checked.
"""

from __future__ import annotations

import json
from typing import Any

from app.games.debarquement.boats import BOAT_NAMES, CAPTURE_AT, Boat
from app.games.debarquement.scoring import Capture, manche_points
from app.games.deuxrois.cards import CARDS, Colour
from app.kernel.text import EngineError, Text

_BOAT_KEYS = ("boat", "cards")
# A red card may not sail English, nor a blue one Norman (L457-458).
_FORBIDDEN = {Boat.NORMAND: Colour.BLUE, Boat.ANGLAIS: Colour.RED}


def _fail(message: str) -> EngineError:
    return EngineError("bad_captures", Text(message, message))


def _q(value: object) -> str:
    """An input value quoted as JSON: one line whatever it holds, and short."""
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "..."


def _keys(obj: dict[str, Any], allowed: tuple[str, ...], where: str) -> None:
    for key in obj:
        if key not in allowed:
            raise _fail(f"{where}: unknown key {_q(key)} (expected: {', '.join(_q(k) for k in allowed)})")
    for key in allowed:
        if key not in obj:
            raise _fail(f"{where}: missing key {_q(key)}")


def _boat(raw: object, where: str, seen: dict[int, str]) -> Capture:
    if not isinstance(raw, dict):
        raise _fail(f"{where}: a boat must be an object with \"boat\" and \"cards\"")
    _keys(raw, _BOAT_KEYS, where)
    name = raw["boat"]
    if not isinstance(name, str) or name not in {b.value for b in Boat}:
        raise _fail(f"{where}: unknown boat {_q(name)} (expected \"normand\" or \"anglais\")")
    boat = Boat(name)
    where = f"{where} ({BOAT_NAMES[boat].en})"
    cards = raw["cards"]
    if not isinstance(cards, list):
        raise _fail(f"{where}: \"cards\" must be a list of card numbers")
    if not cards:
        raise _fail(f"{where}: a captured boat has no cards")
    for card in cards:
        if isinstance(card, bool) or not isinstance(card, int) or card not in CARDS:
            raise _fail(f"{where}: {_q(card)} is not a card number 1..50")
        colour = CARDS[card].colour
        if colour is _FORBIDDEN[boat]:
            raise _fail(f"{where}: card {card} ({CARDS[card].label('en')}) is {colour.value} "
                        f"and cannot sail on the {BOAT_NAMES[boat].en}")
        if card in seen:
            raise _fail(f"{where}: card {card} appears twice (also in {seen[card]})")
        seen[card] = where
    if len(cards) < CAPTURE_AT:
        raise _fail(f"{where}: a captured boat holds at least {CAPTURE_AT} cards (got {len(cards)})")
    return Capture(boat, tuple(cards))


def score_captures_data(data: object) -> dict[str, Any]:
    """Each player's manche score (rulings §6.1 score(), F11-F13, F19-F21). Raises EngineError on bad input."""
    if not isinstance(data, dict):
        raise _fail("the file must hold a JSON object with a \"captures\" key")
    _keys(data, ("captures",), "top level")
    players = data["captures"]
    if not isinstance(players, dict):
        raise _fail("\"captures\" must be an object mapping each player to a list of boats")
    seen: dict[int, str] = {}
    points: dict[str, int] = {}
    for player, boats in players.items():
        if not player.strip():
            raise _fail("a player name is empty")
        if not isinstance(boats, list):
            raise _fail(f"player {_q(player)}: the captures must be a list of boats")
        captures = [_boat(raw, f"player {_q(player)}, boat #{i}", seen) for i, raw in enumerate(boats, 1)]
        points[player] = manche_points(captures)
    return {"points": points}
