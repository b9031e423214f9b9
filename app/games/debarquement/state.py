"""The state of a débarquement game: a fold of its events (evolve, replay)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields
from enum import StrEnum
from functools import partial
from typing import Any

from app.games.debarquement.boats import Boat, Stacks, forced_boat, place
from app.games.debarquement.events import (
    BoatCaptured,
    CardChosen,
    CardPlaced,
    CardsRevealed,
    Event,
    GameCreated,
    GameEnded,
    MancheScored,
    MancheStarted,
    PlayerJoined,
    PlayerLeft,
    TurnEnded,
)
from app.games.debarquement.scoring import DEFAULT_MAX_MANCHES, Capture
from app.kernel.seats import Door, LobbyLocked, SeatRemoved

MIN_PLAYERS, MAX_PLAYERS = 2, 8
HAND_SIZE = 6  # L437


class Phase(StrEnum):
    NEW = "new"  # before GameCreated
    LOBBY = "lobby"
    CHOOSING = "choosing"  # secret simultaneous choice (L448)
    PLACING = "placing"  # revealed cards go to the boats, lowest first (F5)
    SCORING = "scoring"  # transient: decide() never leaves a game here
    MANCHE_OVER = "manche_over"  # scores shown, waiting for the next deal
    GAME_OVER = "game_over"


@dataclass(frozen=True, slots=True)
class Seat:
    player_id: str
    name: str
    age: int | None = None


@dataclass(frozen=True, slots=True)
class Result:
    reason: str
    losers: tuple[str, ...]
    winners: tuple[str, ...]


def _empty_boats() -> Mapping[Boat, Stacks]:
    return {Boat.NORMAND: (), Boat.ANGLAIS: ()}


@dataclass(frozen=True, slots=True)
class State:
    """Immutable: evolve returns a new one. Mappings are never mutated in place."""

    version: int = 0  # number of events folded
    phase: Phase = Phase.NEW
    threshold: int = 66
    max_manches: int = DEFAULT_MAX_MANCHES
    seed: int = 0
    seats: tuple[Seat, ...] = ()  # join order is the seating order, clockwise
    door: Door = field(default_factory=Door)  # locked, and the seats the host took back (app/kernel/seats.py)
    manche: int = 0
    turn: int = 0  # tour de jeu within the manche (A5)
    start_player: str | None = None
    hands: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    chosen: Mapping[str, int] = field(default_factory=dict)  # secret until everyone has chosen
    # The cards of the latest reveal, ascending (public); kept until the next reveal so that
    # phones can still show who played what once the game has moved on to the next choice.
    revealed: tuple[tuple[int, str], ...] = ()
    turn_captures: tuple[tuple[str, Boat], ...] = ()  # who took which boat in that tour (public, not the cards)
    to_place: tuple[tuple[int, str], ...] = ()  # the revealed cards still to place, lowest first
    pile: tuple[int, ...] = ()
    set_aside: tuple[int, ...] = ()  # the short pile set aside face down (F10)
    boats: Mapping[Boat, Stacks] = field(default_factory=_empty_boats)
    captures: Mapping[str, tuple[Capture, ...]] = field(default_factory=dict)  # private until scoring (F15)
    manche_points: tuple[Mapping[str, int], ...] = ()
    history: tuple[Mapping[str, tuple[Capture, ...]], ...] = ()  # captures of scored manches, now public
    totals: Mapping[str, int] = field(default_factory=dict)
    result: Result | None = None

    @property
    def player_ids(self) -> tuple[str, ...]:
        return tuple(s.player_id for s in self.seats)

    @property
    def host(self) -> str | None:
        return self.seats[0].player_id if self.seats else None

    def seat(self, player_id: str) -> Seat | None:
        return next((s for s in self.seats if s.player_id == player_id), None)

    @property
    def awaiting_boat(self) -> tuple[int, str] | None:
        """The revealed neutral or bicolour card whose owner must now pick a boat (F6, F7)."""
        if self.phase is Phase.PLACING and self.to_place and forced_boat(self.to_place[0][0]) is None:
            return self.to_place[0]
        return None


_FIELDS = tuple(f.name for f in fields(State))
_FIELD_SET = frozenset(_FIELDS)


def _replace(s: State, **changes: Any) -> State:
    """dataclasses.replace without re-running __init__: the simulation folds hundreds of thousands of events."""
    if not changes.keys() <= _FIELD_SET:  # keep dataclasses.replace's guard against a misspelt field
        raise TypeError(f"State has no field {sorted(changes.keys() - _FIELD_SET)}")
    new = object.__new__(State)
    for name in _FIELDS:
        object.__setattr__(new, name, changes[name] if name in changes else getattr(s, name))
    return new


def evolve(state: State, event: Event) -> State:
    """One event applied; nothing is checked here, decide() already did."""
    return _apply(state, event, state.version + 1)


def _apply(s: State, e: Event, version: int) -> State:
    replace = partial(_replace, version=version)
    match e:
        case GameCreated():
            return replace(s, phase=Phase.LOBBY, threshold=e.threshold, max_manches=e.max_manches, seed=e.seed)
        case PlayerJoined():
            return replace(s, seats=(*s.seats, Seat(e.player_id, e.name, e.age)))
        case PlayerLeft():
            return replace(s, seats=tuple(seat for seat in s.seats if seat.player_id != e.player_id))
        case SeatRemoved():
            return replace(s, seats=tuple(seat for seat in s.seats if seat.player_id != e.player_id), door=s.door.after(e))
        case LobbyLocked():
            return replace(s, door=s.door.after(e))
        case MancheStarted():
            ids = s.player_ids
            return replace(
                s,
                phase=Phase.CHOOSING,
                manche=e.manche,
                turn=1,
                start_player=e.start_player,
                hands={p: tuple(sorted(e.hands[p])) for p in ids},
                chosen={},
                revealed=(),
                turn_captures=(),
                to_place=(),
                pile=e.pile,
                set_aside=(),
                boats=_empty_boats(),
                captures={p: () for p in ids},
                totals=s.totals or {p: 0 for p in ids},
            )
        case CardChosen():
            hand = tuple(c for c in s.hands[e.player_id] if c != e.card)
            return replace(s, hands={**s.hands, e.player_id: hand}, chosen={**s.chosen, e.player_id: e.card})
        case CardsRevealed():
            plays = tuple((p.card, p.player_id) for p in e.plays)
            return replace(s, phase=Phase.PLACING, chosen={}, revealed=plays, to_place=plays, turn_captures=())
        case CardPlaced():
            boats = {**s.boats, e.boat: place(s.boats[e.boat], e.card)}
            return replace(s, boats=boats, to_place=s.to_place[1:])
        case BoatCaptured():
            capture = Capture(e.boat, e.cards)
            captures = {**s.captures, e.player_id: (*s.captures[e.player_id], capture)}
            return replace(s, boats={**s.boats, e.boat: ()}, captures=captures,
                           turn_captures=(*s.turn_captures, (e.player_id, e.boat)))
        case TurnEnded():
            hands = {p: tuple(sorted((*h, e.drawn[p]))) if p in e.drawn else h for p, h in s.hands.items()}
            pile = s.pile[len(e.drawn) :] if e.drawn else ()
            more = any(hands.values())
            return replace(
                s,
                phase=Phase.CHOOSING if more else Phase.SCORING,
                turn=s.turn + 1 if more else s.turn,
                hands=hands,
                pile=pile,
                set_aside=(*s.set_aside, *e.set_aside),
            )
        case MancheScored():
            totals = {p: s.totals[p] + e.points[p] for p in s.player_ids}
            return replace(
                s,
                phase=Phase.MANCHE_OVER,
                manche_points=(*s.manche_points, dict(e.points)),
                history=(*s.history, dict(s.captures)),
                totals=totals,
            )
        case GameEnded():
            return replace(s, phase=Phase.GAME_OVER, result=Result(e.reason, e.losers, e.winners))
    raise AssertionError(f"unhandled event {e!r}")  # pragma: no cover


def replay(events: Iterable[Event]) -> State:
    state = State()
    for event in events:
        state = evolve(state, event)
    return state
