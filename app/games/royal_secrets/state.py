"""The state of a Royal Secrets game: a frozen value folded from events (the appliers live with their rule).

`State` holds the table between rounds; `Round` holds one round (the Audience
cards shown, pawns, bets, Faveur uses, the count) and is kept whole as `last`
when the next round starts, so the views can still show the round's reveal.
Nothing here checks a rule: the handlers did.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from app.games.royal_secrets.cards import AUDIENCE_CARDS, SIDES, AudienceCard, Card, Side
from app.games.royal_secrets.config import RoyalSecretsConfig
from app.kernel.seats import Door
from app.kernel.text import Text

Position = Literal["roi", "reine", "both"]
BetSide = Literal["roi", "reine", "middle"]
Face = Literal["up", "down"]
Outcome = Literal["success", "fail", "empty", "all_withdrew"]
DeltaSource = Literal["audience", "valet"]

FEED_LIMIT = 30  # the public feed every view carries
JOURNAL_LIMIT = 400  # the game master's journal: every public line with its step number

# Phases where the game waits for somebody, and the transient ones the flow never leaves it in.
PHASES: tuple[str, ...] = (
    "new", "lobby",
    "setup",  # transient: the next round starts (or the game ends)
    "etiquette",  # W0: Étiquette holders answer secretly
    "assign",  # the ruling Étiquette user places everyone
    "diner",  # after an Étiquette: Dîner Royal holders answer secretly (RS-59)
    "choose", "bet1", "bet2",  # the three actions of the Parole (RS-19)
    "opening",  # transient: phase 1 is over, who is alone is fixed (RS-52)
    "w2",  # the Faveur loop after the last bet (2.4.4)
    "counting",  # transient: the reveal and the Excuses
    "majority",  # transient: between tie-breaks
    "tiebreak",  # tied players pick a 3rd card secretly
    "w3",  # Grâce royale / Coup de maître holders answer secretly
    "scoring",  # transient: fleurs move
    "round_end",  # transient: cards go back, next round or the end
    "over",
)


@dataclass(frozen=True, slots=True, eq=False)
class History:
    """The whole log as a cons list (O(1) append), newest first: an undo replays a prefix of it."""

    event: object
    prev: History | None

    def events(self) -> list[object]:
        out: list[object] = []
        node: History | None = self
        while node is not None:
            out.append(node.event)
            node = node.prev
        out.reverse()
        return out


@dataclass(frozen=True, slots=True)
class Seat:
    player_id: str
    name: str


@dataclass(frozen=True, slots=True)
class Held:
    """An Audience card won, in front of its winner's écritoire (public, L88, L171)."""

    audience: str
    won_round: int
    used: bool = False


@dataclass(frozen=True, slots=True)
class Bet:
    id: str
    card: str
    owner: str | None  # None: the Cardinal
    side: BetSide
    face: Face
    k: int  # 1st or 2nd bet of the round
    stabbed_by: str | None = None  # Coup de poignard: discarded unseen (RS-61)
    excused: bool = False  # discarded by its owner's Excuse (L118, RS-23)
    medal_by: str | None = None  # Médaille du mérite (L189-190)
    recruited_by: str | None = None  # Recrutement (L192-195)

    @property
    def counted(self) -> bool:
        return self.stabbed_by is None and not self.excused


@dataclass(frozen=True, slots=True)
class Delta:
    player_id: str
    amount: int
    source: DeltaSource
    side: Side
    note: str = ""  # what caused it: "" (the Audience), or the Valet's bet id
    changed_by: str = ""  # "coup_de_maitre" / "grace_royale" when a W3 Faveur changed it


@dataclass(frozen=True, slots=True)
class TieResult:
    side: Side
    picks: Mapping[str, str | None]  # player -> the 3rd card shown (None: none to show)
    winner: str | None
    passes: tuple[tuple[str, str, str], ...]  # (from, to, card)


@dataclass(frozen=True, slots=True)
class Round:
    number: int = 0
    audience: Mapping[Side, str] = field(default_factory=dict)
    # W0 and the Dîner Royal prompt after an Étiquette (secret answers until all are in, RS-76)
    etiquette_asked: tuple[str, ...] = ()
    etiquette_answers: Mapping[str, bool] = field(default_factory=dict)
    etiquette_users: tuple[str, ...] = ()
    etiquette_chief: str | None = None
    diner_asked: tuple[str, ...] = ()
    diner_answers: Mapping[str, bool] = field(default_factory=dict)
    positions: Mapping[str, Position] = field(default_factory=dict)
    solo: Mapping[Side, str | None] = field(default_factory=dict)
    bets: tuple[Bet, ...] = ()
    spied: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # bet ids each spy has seen
    w2_last: str | None = None  # who acted last in the W2 loop (None: it starts at the tuile)
    w2_passed: frozenset[str] = frozenset()
    uses: tuple[tuple[str, str], ...] = ()  # (player, faveur) in the order used, public
    revealed: bool = False
    excuses_done: tuple[str, ...] = ()  # Excuse bet ids resolved
    withdrawn: frozenset[str] = frozenset()
    outcomes: Mapping[Side, Outcome] = field(default_factory=dict)
    totals: Mapping[Side, int] = field(default_factory=dict)
    tie_side: Side | None = None
    tie_players: tuple[str, ...] = ()
    tie_picks: Mapping[str, str | None] = field(default_factory=dict)
    ties: tuple[TieResult, ...] = ()
    winners: Mapping[Side, str | None] = field(default_factory=dict)
    decided: bool = False
    deltas: tuple[Delta, ...] = ()  # before W3
    w3_asked: tuple[str, ...] = ()
    w3_answers: Mapping[str, tuple[bool, bool]] = field(default_factory=dict)  # (grace, maitre)
    final_deltas: tuple[Delta, ...] = ()  # after W3, applied
    w3_uses: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    scored: bool = False
    ended: bool = False

    def bet(self, bet_id: str) -> Bet | None:
        return next((b for b in self.bets if b.id == bet_id), None)

    def participants(self, side: Side) -> tuple[str, ...]:
        return tuple(p for p, pos in self.positions.items() if pos in (side, "both"))

    def remaining(self, side: Side) -> tuple[str, ...]:
        return tuple(p for p in self.participants(side) if p not in self.withdrawn)

    def bets_of(self, pid: str) -> tuple[Bet, ...]:
        return tuple(b for b in self.bets if b.owner == pid)


@dataclass(frozen=True, slots=True)
class Final:
    fleurs: int
    bonus: int
    total: int
    audiences_won: int
    influence_left: int


@dataclass(frozen=True, slots=True)
class Result:
    finals: Mapping[str, Final]
    ranking: tuple[tuple[str, ...], ...]  # groups of equal rank, best first (RS-69)


@dataclass(frozen=True, slots=True)
class State:
    seed: int = 0
    version: int = 0
    config: RoyalSecretsConfig = field(default_factory=RoyalSecretsConfig)
    phase: str = "new"
    paused: bool = False
    seats: tuple[Seat, ...] = ()  # join order (lobby); names stay here for the whole game
    joined: int = 0  # how many ever joined: seat ids are never reused
    door: Door = field(default_factory=Door)  # locked, and the seats the game master took back (app/kernel/seats.py)
    ring: tuple[str, ...] = ()  # the table order fixed by the host (RS-11): "droite" = next
    colours: Mapping[str, str] = field(default_factory=dict)
    cards: Mapping[str, Card] = field(default_factory=dict)  # the catalogue
    hands: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    fleurs: Mapping[str, int] = field(default_factory=dict)  # hidden (the écritoire, RS-8)
    valet_pile: tuple[str, ...] = ()
    cardinal_pile: tuple[str, ...] = ()
    cardinal_used: tuple[tuple[str, bool], ...] = ()  # (card, face up?) next to the pile (L160, RS-72)
    audience_piles: Mapping[Side, tuple[str, ...]] = field(default_factory=dict)
    set_aside: tuple[str, ...] = ()
    audience_discard: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()  # bet cards gone for good (L159)
    faveurs: Mapping[str, tuple[Held, ...]] = field(default_factory=dict)
    tuile: str | None = None
    done: frozenset[str] = frozenset()  # who did the current action
    designating: bool = False  # the tuile holder acted and must now give the Parole
    parole_by: str | None = None  # who gave the tuile to its holder (None: he opened the round with it)
    rnd: Round = field(default_factory=Round)
    last: Round | None = None  # the previous round, for its reveal on screen
    feed: tuple[Text, ...] = ()
    result: Result | None = None
    # The game master's journal: (step number, public line), never undone; and the whole log, for undo.
    journal: tuple[tuple[int, Text], ...] = ()
    history: History | None = field(default=None, compare=False, repr=False)

    # -- reading helpers --------------------------------------------------------------------------
    def name(self, pid: str | None) -> str:
        if pid is None:
            return "?"
        return next((s.name for s in self.seats if s.player_id == pid), pid)

    @property
    def over(self) -> bool:
        return self.phase == "over"

    @property
    def started(self) -> bool:
        return bool(self.ring)

    def card(self, cid: str) -> Card:
        return self.cards[cid]

    def audience(self, side: Side) -> AudienceCard:
        return AUDIENCE_CARDS[self.rnd.audience[side]]

    def right_of(self, pid: str, among: tuple[str, ...] | None = None) -> str:
        """The next seat to the right in the ring, optionally among some players only (RS-29)."""
        group = self.ring if among is None else tuple(p for p in self.ring if p in among)
        return group[(group.index(pid) + 1) % len(group)]

    def ring_from(self, pid: str) -> tuple[str, ...]:
        i = self.ring.index(pid)
        return self.ring[i:] + self.ring[:i]


def with_feed(state_feed: tuple[Text, ...], *lines: Text) -> tuple[Text, ...]:
    """The feed with these lines at its end (`rules.build_rules` bounds it and copies them to the journal)."""
    return (*state_feed, *lines)


def sides_of(position: Position) -> tuple[Side, ...]:
    return SIDES if position == "both" else (position,)
