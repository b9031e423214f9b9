"""The state of a Régents game: frozen values, folded from events by the appliers.

Secrets live in two places only, so the views (and the leak tests) know where
they are: the secret fields of `Player` (clan, domain, hand, tiles, the box
cards, what that player learned) and the box (`box_clans`, `box_domains`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Literal

from app.games.regents.board import DOMAINS, KING_START, Domain, Space
from app.games.regents.clans import Card, Clan, Colour
from app.games.regents.config import COUNSELLORS, RegentsConfig
from app.games.regents.events import BonusMove, Standing
from app.games.regents.track import THRESHOLDS, ZERO, Scores
from app.kernel.seats import Door
from app.kernel.text import Text

Phase = Literal["lobby", "placement", "actions", "neutral", "count", "between", "over"]  # "between": transient
PromptKind = Literal["gain", "loss", "diplomatie", "tower", "rempart"]
TileFate = Literal["failed", "discarded", "laid"]
ALL_TOKENS: frozenset[tuple[Domain, int]] = frozenset((d, t) for d in DOMAINS for t in THRESHOLDS)
NEUTRAL = "neutral"  # the owner id of the neutral's agents (3 players)


@dataclass(frozen=True, slots=True)
class Seat:
    player_id: str
    name: str


# -- what one player learned (secret to him) ---------------------------------


@dataclass(frozen=True, slots=True)
class Seen:
    """A spy's result: the card he saw in `target`'s hand (L108)."""

    round: int
    target: str
    card: Card


@dataclass(frozen=True, slots=True)
class Shown:
    """After my failed accusation, `player` showed me his clan (L120)."""

    round: int
    player: str
    clan: Clan


@dataclass(frozen=True, slots=True)
class AccusedMe:
    round: int
    accuser: str
    clan: Clan  # the clan the tile named (RG-19)
    success: bool


@dataclass(frozen=True, slots=True)
class SpiedMe:
    round: int
    spy: str
    card: Card  # the target sees which card was drawn (RG-20)


@dataclass(frozen=True, slots=True)
class SpentTile:
    clan: Clan
    fate: TileFate  # played and failed / discarded with a failure / laid face up (success)
    round: int
    target: str


@dataclass(frozen=True, slots=True)
class Player:
    pid: str
    name: str
    colour: Colour
    # secret until the rules reveal them
    clan: Clan
    domain: Domain
    hand: tuple[Card, ...]
    tiles: tuple[Clan, ...]
    setup_discard: Card  # in the box (L39)
    lost_hand: tuple[Card, ...] = ()  # discarded face down after a successful accusation (RG-61)
    spent: tuple[SpentTile, ...] = ()  # which tiles left, and how (the count is public)
    seen: tuple[Seen, ...] = ()
    shown: tuple[Shown, ...] = ()
    accused_me: tuple[AccusedMe, ...] = ()
    spied_me: tuple[SpiedMe, ...] = ()
    # public
    clan_public: bool = False
    domain_round: int = 0  # the round the domain card was turned (0: still secret); 9: at the end
    played: tuple[Card, ...] = ()
    exposed: tuple[str, Clan] | None = None  # the successful tile laid face up before him (RG-72)
    tokens: int = 0
    tokens_played: int = 0
    counsellors: int = 0  # in his personal supply
    agents: tuple[Space | None, ...] = (None, None, None, None)  # None: out of the castle
    score: Scores = ZERO

    @property
    def domain_public(self) -> bool:
        return self.domain_round > 0

    def at(self, space: Space) -> int:
        return sum(1 for a in self.agents if a == space)

    @property
    def off(self) -> int:
        return sum(1 for a in self.agents if a is None)


@dataclass(frozen=True, slots=True)
class Neutral:
    """The 3-player neutral: a colour, a public clan, four agents, nothing else (L236-L244)."""

    colour: Colour
    clan: Clan
    agents: tuple[Space, ...]

    def at(self, space: Space) -> int:
        return sum(1 for a in self.agents if a == space)


@dataclass(frozen=True, slots=True)
class Turn:
    """The active player's budget and limits for this turn (L82-L126, L172, L190)."""

    player: str = ""
    actions_left: int = 0
    recruited: bool = False
    spied: bool = False
    card_played: bool = False
    token_played: bool = False
    privilege: bool = False  # the next A may move two agents (RG-36, RG-73)
    diplomatie: bool = False
    alliance: bool = False
    domain_revealed: bool = False
    counsellors: tuple[Space, ...] = ()  # placed this turn; back to the reserve at its end (L102)


@dataclass(frozen=True, slots=True)
class CountProgress:
    """Where the end-of-turn count stands while it waits for the active player's choices."""

    diplomatie_done: bool = False
    diplomatie: Space | None = None
    tower_done: bool = False
    tower: Domain | None = None
    scored: bool = False
    rempart_done: bool = False


@dataclass(frozen=True, slots=True)
class CountReport:
    """The public result of one count, for the screen's animation (§4.3)."""

    player: str
    round: int
    mine: tuple[int, ...]  # per space, SPACES order: agents + conseillers
    best_other: tuple[int, ...]
    wins: tuple[Space, ...]
    king: Space
    alliance: bool
    diplomatie: Space | None
    groups: tuple[tuple[Space, ...], ...]
    tower: Domain | None
    gains: Scores
    before: Scores
    after: Scores
    tokens: tuple[tuple[Domain, int], ...]
    lost: Scores
    rempart: tuple[str, Domain] | None = None
    rempart_wasted: bool = False


@dataclass(frozen=True, slots=True)
class Prompt:
    id: str
    kind: PromptKind
    player: str  # who answers
    subject: str  # whose markers move
    reason: str  # gain: influence / fifth_card / accusation; loss: the failed accusation
    deadline_ms: int | None


@dataclass(frozen=True, slots=True)
class Note:
    """One public happening, already in words (names, never only seat ids)."""

    round: int
    kind: str
    text: Text


@dataclass(frozen=True, slots=True)
class Result:
    standings: tuple[Standing, ...]  # turn order
    bonus: tuple[tuple[str, BonusMove], ...]  # the end +2 of the domains still secret (L222)
    winners: tuple[str, ...]
    decided_by: Literal["points", "tokens", "shared"]


FEED_KEEP = 30


@dataclass(frozen=True, slots=True)
class State:
    seed: int = 0
    version: int = 0
    config: RegentsConfig = field(default_factory=RegentsConfig)
    phase: Phase = "lobby"
    seats: tuple[Seat, ...] = ()  # join order
    next_seat: int = 1
    door: Door = field(default_factory=Door)  # locked, and the seats the game master took back (app/kernel/seats.py)
    players: tuple[Player, ...] = ()  # turn order, clockwise from the first player (RG-48)
    neutral: Neutral | None = None
    box_clans: tuple[Clan, ...] = ()
    box_domains: tuple[Domain, ...] = ()
    king: Space = KING_START
    reserve: int = COUNSELLORS
    board_tokens: frozenset[tuple[Domain, int]] = ALL_TOKENS
    round: int = 0
    active: int = 0  # index in `players`
    placed: int = 0  # set-up placements made
    turn: Turn = field(default_factory=Turn)
    count: CountProgress | None = None
    prompt: Prompt | None = None
    paused: bool = False
    last_count: CountReport | None = None
    feed: tuple[Note, ...] = ()
    result: Result | None = None

    def player(self, pid: str) -> Player:
        for p in self.players:
            if p.pid == pid:
                return p
        raise KeyError(pid)

    def has(self, pid: str) -> bool:
        return any(p.pid == pid for p in self.players)

    def seat_name(self, pid: str) -> str:
        for s in self.seats:
            if s.player_id == pid:
                return s.name
        return pid

    @property
    def current(self) -> Player:
        return self.players[self.active]

    @property
    def placer(self) -> Player:
        return self.players[self.placed % len(self.players)]


def with_player(s: State, pid: str, **changes: object) -> State:
    return replace(s, players=tuple(replace(p, **changes) if p.pid == pid else p for p in s.players))  # type: ignore[arg-type]


def noted(s: State, kind: str, text: Text) -> State:
    return replace(s, feed=(*s.feed, Note(s.round, kind, text))[-FEED_KEEP:])
