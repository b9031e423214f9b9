"""The game state: an immutable fold of the event log.

Every container is replaced, never mutated: `evolve` copies only the mapping it
changes (a dict of 50 entries), so an event costs little even at 50 players.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from app.games.deuxrois import memo
from app.games.deuxrois.card_state import CardState
from app.games.deuxrois.config import GameConfig
from app.games.deuxrois.deal import Room
from app.games.deuxrois.model.phases import Phase
from app.kernel.seats import Door

if TYPE_CHECKING:
    from app.games.deuxrois.model.events import EventBase
    from app.games.deuxrois.ruleset import GameRules

_UNTOUCHED = CardState()  # a card nothing has happened to yet


@dataclass(frozen=True, slots=True)
class Player:
    id: str
    name: str
    birth_year: int | None = None  # private; Mode Historique event 14 (the two oldest)


@dataclass(frozen=True, slots=True, eq=False)
class History:
    """The whole log as a cons list: O(1) append; `Reverted` replays a prefix of it."""

    event: EventBase
    prev: History | None

    def __eq__(self, other: object) -> bool:
        # Iterative: the default recursive comparison would overflow the stack on a long log.
        a: History | None = self
        b = other
        while isinstance(a, History) and isinstance(b, History):
            if a is b:
                return True
            if a.event != b.event:
                return False
            a, b = a.prev, b.prev
        return a is None and b is None

    __hash__ = None  # type: ignore[assignment]

    def events(self) -> list[EventBase]:
        out: list[EventBase] = []
        node: History | None = self
        while node is not None:
            out.append(node.event)
            node = node.prev
        out.reverse()
        return out


@dataclass(frozen=True, slots=True)
class RoomElection:
    ballots: Mapping[str, str | None] = field(default_factory=dict)  # voter -> candidate (None = abstain)
    candidates: tuple[str, ...] | None = None  # a run-off restricts the ballot to the tied players
    open: bool = False
    deadline_ms: int | None = None  # own deadline for a run-off or a D7 re-vote; None = the phase's


@dataclass(frozen=True, slots=True)
class Designation:
    named: tuple[str, ...] = ()
    locked: bool = False
    refused: frozenset[str] = frozenset()  # withdrew this round (royal refusal, immunity proof): not renamable
    volunteers: frozenset[str] = frozenset()  # Émissaire cards who accept to go (ruling C80)
    locked_ms: int | None = None  # when the list was locked (Mode Historique 12: 20 s from then, S16)


@dataclass(frozen=True, slots=True)
class Declaration:
    """A departure power declared in window X (its cost paid), resolved at the crossing in the §4.2 order."""

    power: str
    player_id: str
    target: str | None = None
    choice: str | None = None  # e.g. the Geôlier's reveal, the colour the Duc's companion showed


@dataclass(frozen=True, slots=True)
class EnvoyPlan:
    """One round's envoy powers beyond the lists (rulings §1.2, §4.2); stale once `round` is past."""

    round: int = 0
    extra: Mapping[Room, int] = field(default_factory=dict)  # Commandant's extra envoys (L167, C64)
    rally_deadlines: Mapping[str, int] = field(default_factory=dict)  # Porte-Étendard -> end of the opt-in (C59)
    rallied: Mapping[str, str] = field(default_factory=dict)  # player -> the rally's colour (C59)
    declared: tuple[Declaration, ...] = ()  # window X powers
    arrivals: Mapping[str, Room] = field(default_factory=dict)  # envoy who crossed this round -> origin room


@dataclass(frozen=True, slots=True)
class RevealRequest:
    id: str
    from_id: str
    to_id: str
    kind: Literal["complete", "couleur"]
    colour: str | None = None  # the colour an Espion requester chose to show (A16)


@dataclass(frozen=True, slots=True)
class Prompt:
    """A question the engine asks one player (an optional power, the Infidèle's colour...)."""

    id: str
    player_id: str
    kind: str
    options: tuple[str, ...]
    data: Mapping[str, Any] = field(default_factory=dict)
    until: Literal["phase", "round", "game"] = "round"


@dataclass(frozen=True, slots=True)
class Snapshot:
    """What one viewer saw, when: later swaps never rewrite it."""

    subject: str  # the player who showed
    card: int | None  # the full card shown, or None for a colour
    colour: str | None  # the colour shown (for colour reveals)
    kind: str
    round: int
    phase: str
    seq: int  # state.version of the event that showed it


@dataclass(frozen=True, slots=True)
class FeedItem:
    """A public happening in one room (or both), as its witnesses saw it."""

    seq: int
    round: int
    phase: str
    kind: str
    data: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class GameState:
    seed: int
    config: GameConfig
    # The rules this state was folded by (not data: left out of comparisons). The read helpers the views
    # share with the handlers (who may vote, which guard refuses a reveal...) ask them (ruleset.py).
    rules: GameRules = field(compare=False, repr=False)
    version: int = 0
    history: History | None = None
    created_ms: int = 0
    phase: Phase = "lobby"
    round: int = 0
    deadline_ms: int | None = None
    paused_at_ms: int | None = None  # set while paused: deadlines shift by the pause's length on resume
    players: tuple[Player, ...] = ()
    door: Door = field(default_factory=Door)  # the lobby's: locked, and the seats the moderator took back (app/kernel/seats.py)
    cards: Mapping[str, int] = field(default_factory=dict)  # player -> card number
    rooms: Mapping[str, Room] = field(default_factory=dict)
    card_states: Mapping[int, CardState] = field(default_factory=dict)
    generals: Mapping[Room, str | None] = field(default_factory=dict)
    protected_general: Mapping[Room, str] = field(default_factory=dict)  # usurper this round (C75)
    elections: Mapping[Room, RoomElection] = field(default_factory=dict)
    designations: Mapping[Room, Designation] = field(default_factory=dict)
    envoy_plan: EnvoyPlan = field(default_factory=EnvoyPlan)  # powers/departure.py reads it for this round
    bindings: Mapping[str, str] = field(default_factory=dict)  # corrupted voter -> Trésorier (C74)
    requests: Mapping[str, RevealRequest] = field(default_factory=dict)
    prompts: Mapping[str, Prompt] = field(default_factory=dict)
    knowledge: Mapping[str, tuple[Snapshot, ...]] = field(default_factory=dict)
    feeds: Mapping[str, tuple[FeedItem, ...]] = field(default_factory=dict)
    complete_partners: Mapping[str, frozenset[str]] = field(default_factory=dict)  # person-bound (§0.3)
    moved_at: Mapping[str, int] = field(default_factory=dict)  # player -> version of his latest room change
    last_used_by: Mapping[str, str] = field(default_factory=dict)  # power key -> who used it last (C73)
    notes: tuple[tuple[int, str], ...] = ()
    reverts: tuple[tuple[int, int], ...] = ()  # (version of the Reverted event, to_version)
    result: Mapping[str, Any] | None = None
    # What optional parts of the rules keep, by part: Mode Historique's is under "historique"
    # (historique/model.py). The core never reads it, so it needs nothing of them.
    extensions: Mapping[str, object] = field(default_factory=dict)
    # Not data: what the views asked of this very state, answered once (memo.py). Every new state,
    # `replace` included, starts empty; comparisons and reprs leave it out.
    memo: dict[object, Any] = field(default_factory=dict, init=False, compare=False, repr=False)

    # ------------------------------------------------------------- read helpers
    def player(self, pid: str) -> Player | None:
        return _seats(self.players).get(pid)

    def name(self, pid: str) -> str:
        p = self.player(pid)
        return p.name if p else pid

    def holder(self, card: int) -> str | None:
        """The player who holds `card` now, or None if it is not in play."""
        return next((pid for pid, c in self.cards.items() if c == card), None)

    def present(self, room: Room) -> list[str]:
        """Players in `room`, in seat order (a new list: the caller may keep it)."""
        if memo.enabled() and isinstance(room, Room):  # asked by every phone, for every room, many times: read once per seating
            return list(_ROSTERS.get((self.players, self.rooms), lambda: _rosters(self.players, self.rooms))[room])
        return [p.id for p in self.players if self.rooms.get(p.id) is room]

    def card_state(self, card: int) -> CardState:
        # One shared untouched state (frozen): every view asks this of most cards, most of them untouched.
        return self.card_states.get(card, _UNTOUCHED)

    def state_of(self, pid: str) -> CardState:
        return self.card_state(self.cards[pid])

    def events(self) -> list[EventBase]:
        return self.history.events() if self.history else []

    @property
    def started(self) -> bool:
        return self.phase not in ("lobby",)

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def iter_rooms(self) -> Iterator[Room]:
        yield Room.NORMANDIE
        yield Room.ANGLETERRE


_ROSTERS = memo.Keep(256)  # one per seating of a live game


def _rosters(players: tuple[Player, ...], rooms: Mapping[str, Room]) -> dict[Room, tuple[str, ...]]:
    return {room: tuple(p.id for p in players if rooms.get(p.id) is room) for room in Room}


# Seat lookups are hot in the views (50 players x many names); the players tuple changes only in
# the lobby, so a tiny cache keyed by the tuple's identity (the tuple is kept alive by the entry,
# so its id cannot be reused) avoids rebuilding the map for every name.
_SEATS: dict[int, tuple[tuple[Player, ...], dict[str, Player]]] = {}


def _seats(players: tuple[Player, ...]) -> dict[str, Player]:
    hit = _SEATS.get(id(players))
    if hit is not None and hit[0] is players:
        return hit[1]
    if len(_SEATS) > 64:
        _SEATS.clear()
    seats = {p.id: p for p in players}
    _SEATS[id(players)] = (players, seats)
    return seats
