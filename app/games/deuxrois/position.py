"""`deuxrois score FILE`: parse an end-of-game position from JSON data and score it.

Input::

    {"players": [{"name": "Ana", "card": 1, "room": "normandie", "state": {...}}, ...]}

`state` is optional; its keys, and the only cards they may carry a value on (a
state that play could never produce on another card is refused; a default
value, false / "none" / null / 0, is accepted on any card):

* `armed` bool: card 5 (needs the Armurier, 6, in play)
* `treaty` "none" | "initiated" | "red_king" | "blue_king" | "complete": cards 41/42 (both in play);
  given on both, the stages must agree
* `subject`, `subject_locked` bools: any card but the immune ones (13, 14, 22, 26) and the RdF (35);
  needs the RdF in play; `subject_locked` needs `subject` and the Chancelier (36) in play
* `blessed`, `pope_faithful` bools: any card but the orange ones (25, 26, 43); need the Pope in play
* `infidel_colour` "red" | "blue": card 22, where it is required (chosen at the deal)
* `pledge` 1 | 2 | 35: card 50; the lord must be in play
* `banked` number, a multiple of 0.5 >= 0: Espion (9, at most 0.5 per other player),
  Troubadour (10, whole points 0..4), Devin (44, multiples of 2, 0..10)
* `visits` {"normandie": n, "angleterre": n}: card 43; a missing room counts 0

Output: outcome, winners, room, band, headline {fr, en}, points {name: n}, explain
{name: [{points, fr, en}, ...]}. Any other input raises EngineError with a one-line
English message that names the player and the field.
"""

from __future__ import annotations

import json
import math
from typing import Any, get_args

from app.games.deuxrois.card_state import CardState, TreatyStage
from app.games.deuxrois.cards import CARDS
from app.games.deuxrois.deal import MAX_PLAYERS, MIN_PLAYERS, Room
from app.games.deuxrois.scoring import EndPlayer, Position, resolve
from app.kernel.text import EngineError, Text

_TREATY_STAGES: tuple[str, ...] = get_args(TreatyStage)
_PLAYER_KEYS = {"name", "card", "room", "state"}
_STATE_KEYS = ("armed", "treaty", "subject", "subject_locked", "blessed", "pope_faithful",
               "infidel_colour", "pledge", "banked", "visits")
_IMMUNE_TO_SUBJUGATION = {13, 14, 22, 26, 35}
_ORANGE = {25, 26, 43}


def _fail(message: str) -> EngineError:
    return EngineError("score_input", Text(message, message))


def _q(value: object) -> str:
    """A value quoted as JSON, on one line whatever it holds (messages are one line)."""
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "..."


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: object) -> bool:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    return math.isfinite(value)


class _Player:
    """A player being parsed: the label used in every message."""

    def __init__(self, name: str, card: int) -> None:
        self.label = f"player {_q(name)} (card {card})"
        self.card = card

    def fail(self, field: str, problem: str) -> EngineError:
        return _fail(f"{self.label}: {field} {problem}")


def _parse_state(raw: object, who: _Player, in_play: set[int], n: int) -> CardState:
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise who.fail('"state"', "must be an object")
    unknown = sorted(set(raw) - set(_STATE_KEYS))
    if unknown:
        raise who.fail(f"state key {_q(unknown[0])}", f"is unknown (known: {', '.join(_STATE_KEYS)})")
    for key in ("armed", "subject", "subject_locked", "blessed", "pope_faithful"):
        if key in raw and not isinstance(raw[key], bool):
            raise who.fail(f'"{key}"', "must be true or false")
    c = who.card

    def only_on(key: str, cards: set[int], what: str) -> None:
        # A default value (false, "none", null, 0) says nothing and is accepted on any card,
        # so that a tool may export every key for every player.
        if raw.get(key) not in (None, False, "none") and c not in cards:
            raise who.fail(f'"{key}"', f"applies only to {what}")

    def needs(key: str, card: int) -> None:
        if raw.get(key) and card not in in_play:
            raise who.fail(f'"{key}"', f"needs card {card} ({CARDS[card].name.en}) in play")

    only_on("armed", {5}, "card 5 (Assassin)")
    needs("armed", 6)
    only_on("treaty", {41, 42}, "cards 41 and 42 (Secret Diplomats)")
    treaty = raw.get("treaty", "none")
    if treaty not in _TREATY_STAGES:
        raise who.fail('"treaty"', f"must be one of {', '.join(_TREATY_STAGES)}")
    if treaty != "none" and not {41, 42} <= in_play:
        raise who.fail('"treaty"', "needs both Secret Diplomats (41 and 42) in play")
    only_on("subject", set(CARDS) - _IMMUNE_TO_SUBJUGATION,
            "cards the King of France can subjugate (not 13, 14, 22, 26, 35)")
    needs("subject", 35)
    if raw.get("subject_locked") and not raw.get("subject"):
        raise who.fail('"subject_locked"', 'needs "subject": true (the Chancelier locks a subject)')
    needs("subject_locked", 36)
    for key in ("blessed", "pope_faithful"):
        only_on(key, set(CARDS) - _ORANGE, "cards that are not orange (25, 26, 43 follow the Pope already)")
        needs(key, 26)
    colour = raw.get("infidel_colour")
    only_on("infidel_colour", {22}, "card 22 (Turncoat)")
    if c == 22 and colour not in ("red", "blue"):
        raise who.fail('"infidel_colour"', 'is required on card 22 and must be "red" or "blue"')
    pledge = raw.get("pledge")
    only_on("pledge", {50}, "card 50 (Mercenary Captain)")
    if pledge is not None:
        if not _is_int(pledge) or pledge not in (1, 2, 35):
            raise who.fail('"pledge"', "must be 1, 2 or 35 (the Pope cannot receive a pledge)")
        if pledge not in in_play:
            raise who.fail('"pledge"', f"names card {pledge}, which is not in play")
    banked = _parse_banked(raw, who, n)
    visits = _parse_visits(raw, who)
    return CardState(
        armed=raw.get("armed", False),
        treaty=treaty,
        subject=raw.get("subject", False),
        subject_locked=raw.get("subject_locked", False),
        blessed=raw.get("blessed", False),
        pope_faithful=raw.get("pope_faithful", False),
        infidel_colour=colour,
        pledge=pledge,
        banked=banked,
        visits_normandie=visits[Room.NORMANDIE],
        visits_angleterre=visits[Room.ANGLETERRE],
    )


def _parse_banked(raw: dict[str, Any], who: _Player, n: int) -> float:
    if "banked" not in raw:
        return 0.0
    value = raw["banked"]
    limits = {9: (0.5, 0.5 * (n - 1)), 10: (1, 4), 44: (2, 10)}  # (step, maximum): C30, C32, §3.3.18
    if not _is_number(value):
        raise who.fail('"banked"', "must be a number")
    if value == 0:
        return 0.0
    if who.card not in limits:
        raise who.fail('"banked"', "applies only to cards 9 (Spy), 10 (Troubadour) and 44 (Seer)")
    step, top = limits[who.card]
    if not 0 <= value <= top or (value / step) != int(value / step):
        raise who.fail('"banked"', f"must be a multiple of {step:g} between 0 and {top:g} (got {value})")
    return float(value)


def _parse_visits(raw: dict[str, Any], who: _Player) -> dict[Room, int]:
    visits = {Room.NORMANDIE: 0, Room.ANGLETERRE: 0}
    if "visits" not in raw:
        return visits
    value = raw["visits"]
    if not isinstance(value, dict):
        raise who.fail('"visits"', 'must be an object like {"normandie": 2, "angleterre": 2}')
    for key, count in value.items():
        if key not in (Room.NORMANDIE.value, Room.ANGLETERRE.value):
            raise who.fail(f'"visits" room {_q(key)}', "is unknown (normandie or angleterre)")
        if not _is_int(count) or count < 0:
            raise who.fail(f'"visits.{key}"', "must be a whole number >= 0")
        visits[Room(key)] = count
    if who.card != 43 and any(visits.values()):
        raise who.fail('"visits"', "applies only to card 43 (Pilgrim)")
    return visits


def parse_position(data: object) -> tuple[Position, list[str]]:
    """The Position and the players' names in input order; EngineError on any bad input."""
    if not isinstance(data, dict):
        raise _fail('the position must be a JSON object with a "players" list')
    unknown = sorted(set(data) - {"players"})
    if unknown:
        raise _fail(f'unknown top-level key {_q(unknown[0])} (only "players" is allowed)')
    players = data.get("players")
    if not isinstance(players, list):
        raise _fail('"players" must be a list')
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise _fail(f"a position needs {MIN_PLAYERS} to {MAX_PLAYERS} players (got {len(players)})")
    heads: list[tuple[_Player, str, Room, object]] = []
    names: set[str] = set()
    cards: set[int] = set()
    for i, raw in enumerate(players):
        if not isinstance(raw, dict):
            raise _fail(f"players[{i}] must be an object")
        extra = sorted(set(raw) - _PLAYER_KEYS)
        name, card, room = raw.get("name"), raw.get("card"), raw.get("room")
        if not isinstance(name, str) or not name.strip():
            raise _fail(f'players[{i}]: "name" must be a non-empty string')
        if name in names:
            raise _fail(f"players[{i}]: duplicate name {_q(name)}")
        if not _is_int(card) or card not in CARDS:
            raise _fail(f'player {_q(name)}: "card" must be a whole number from 1 to 50 (got {_q(card)})')
        if card in cards:
            raise _fail(f"player {_q(name)}: card {card} is held by another player too")
        who = _Player(name, card)
        if extra:
            raise who.fail(f"key {_q(extra[0])}", "is unknown (known: name, card, room, state)")
        if room not in (Room.NORMANDIE.value, Room.ANGLETERRE.value):
            raise who.fail('"room"', f'must be "normandie" or "angleterre" (got {_q(room)})')
        names.add(name)
        cards.add(card)
        heads.append((who, name, Room(room), raw.get("state")))
    for needed, label in ((1, "William (card 1)"), (2, "Harold (card 2)")):
        if needed not in cards:
            raise _fail(f"{label} must be in play")
    treaties = {}
    end_players = []
    for who, name, room, raw_state in heads:
        state = _parse_state(raw_state, who, cards, len(heads))
        if who.card in (41, 42) and isinstance(raw_state, dict) and "treaty" in raw_state:
            treaties[who.card] = (who, state.treaty)
        end_players.append(EndPlayer(name, who.card, room, state))
    if len(treaties) == 2 and treaties[41][1] != treaties[42][1]:
        raise treaties[42][0].fail('"treaty"', "must match the stage of card 41 (the treaty is shared)")
    return Position(tuple(end_players)), [p.pid for p in end_players]


def score_file_data(data: object) -> dict[str, Any]:
    """Score the JSON data of a `deuxrois score` file; players keep the input order."""
    position, names = parse_position(data)
    return resolve(position).as_json(names)
