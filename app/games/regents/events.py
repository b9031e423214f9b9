"""What happened: the append-only log. Every draw is written here, so a replay never draws.

The log is the server's: it holds every secret (the clans dealt, the card a
spy saw). Only `views.py` decides what each viewer may read of the state it
folds to.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from app.games.regents.board import Domain, Space
from app.games.regents.clans import Card, Clan, Colour
from app.games.regents.config import RegentsConfig
from app.kernel.messages import Message, event_codec
from app.kernel.seats import LobbyLocked, SeatRemoved

TokenTaken = tuple[Domain, int]


class GameCreated(Message):
    type: Literal["game_created"] = "game_created"
    seed: int
    config: RegentsConfig = Field(default_factory=RegentsConfig)
    at_ms: int = 0


class PlayerJoined(Message):
    type: Literal["player_joined"] = "player_joined"
    player_id: str
    name: str


class PlayerLeft(Message):
    type: Literal["player_left"] = "player_left"
    player_id: str


class GameStarted(Message):
    """The set-up draws (L37-L43, L240): clans, domains, the discarded card, the first player."""

    type: Literal["game_started"] = "game_started"
    order: tuple[str, ...]  # clockwise from the first player
    colours: dict[str, Colour]
    clans: dict[str, Clan]
    domains: dict[str, Domain]
    hands: dict[str, tuple[Card, ...]]
    discards: dict[str, Card]
    neutral_clan: Clan | None = None
    neutral_colour: Colour | None = None
    box_clans: tuple[Clan, ...] = ()
    box_domains: tuple[Domain, ...] = ()


class AgentPlaced(Message):
    """A set-up placement (L43), or action G (L124)."""

    type: Literal["agent_placed"] = "agent_placed"
    player: str
    space: Space
    setup: bool


class TurnStarted(Message):
    type: Literal["turn_started"] = "turn_started"
    player: str
    round: int


class Step(Message):
    from_space: Space
    to_space: Space


class AgentsMoved(Message):
    """Action A: one step, or two different agents with PRIVILÈGE (RG-73)."""

    type: Literal["agents_moved"] = "agents_moved"
    player: str
    steps: tuple[Step, ...]
    privilege: bool = False


class KingMoved(Message):
    type: Literal["king_moved"] = "king_moved"
    player: str
    from_space: Space
    to_space: Space


class CounsellorRecruited(Message):
    type: Literal["counsellor_recruited"] = "counsellor_recruited"
    player: str


class CounsellorPlaced(Message):
    type: Literal["counsellor_placed"] = "counsellor_placed"
    player: str
    space: Space


class Spied(Message):
    type: Literal["spied"] = "spied"
    player: str
    target: str
    card: Card  # secret: the spy and the target only


class AccusationSucceeded(Message):
    type: Literal["accusation_succeeded"] = "accusation_succeeded"
    player: str
    target: str
    clan: Clan
    lost_hand: tuple[Card, ...]
    counsellor: bool  # false when the reserve was empty (RG-18)


class AccusationFailed(Message):
    type: Literal["accusation_failed"] = "accusation_failed"
    player: str
    target: str
    named: Clan  # secret: the accuser and the accused
    clan: Clan  # the accused's clan, shown to the accuser only
    tiles: tuple[Clan, ...]  # the tiles the accuser lost (1 or 2, RG-15, RG-71)


class AgentRef(Message):
    owner: str  # a seat id, or "neutral"
    space: Space


class CardPlayed(Message):
    type: Literal["card_played"] = "card_played"
    player: str
    card: Card
    sent_off: AgentRef | None = None  # SUSPICION
    swapped: tuple[AgentRef, ...] = ()  # TRAHISON


class ClanRevealed(Message):
    """The 5th card shows the whole blason (L180, RG-33)."""

    type: Literal["clan_revealed"] = "clan_revealed"
    player: str
    clan: Clan


class DomainRevealed(Message):
    type: Literal["domain_revealed"] = "domain_revealed"
    player: str
    domain: Domain
    counsellors: int  # min(2, reserve) put in the domain's room (RG-45)


class TokenPlayed(Message):
    type: Literal["token_played"] = "token_played"
    player: str


class Advanced(Message):
    """Markers moved forward: the cases reached, the tokens taken, what the gates blocked."""

    type: Literal["advanced"] = "advanced"
    player: str
    reason: Literal["influence", "fifth_card", "accusation"]
    before: tuple[int, ...]
    after: tuple[int, ...]
    tokens: tuple[TokenTaken, ...] = ()
    lost: tuple[int, ...] = (0, 0, 0, 0, 0)


class Retreated(Message):
    type: Literal["retreated"] = "retreated"
    player: str
    reason: Literal["accusation", "rempart"]
    by: str  # who chose (the accused) or who hit (the rempart's winner)
    before: tuple[int, ...]
    after: tuple[int, ...]


class PromptOpened(Message):
    type: Literal["prompt_opened"] = "prompt_opened"
    id: str
    kind: Literal["gain", "loss", "diplomatie", "tower", "rempart"]
    player: str
    subject: str
    reason: str
    deadline_ms: int | None


class PromptClosed(Message):
    type: Literal["prompt_closed"] = "prompt_closed"
    id: str
    how: Literal["answer", "timeout", "moderator"]


class ActionsEnded(Message):
    type: Literal["actions_ended"] = "actions_ended"
    player: str
    unused: int
    by_moderator: bool = False


class NeutralMoved(Message):
    type: Literal["neutral_moved"] = "neutral_moved"
    player: str
    from_space: Space
    to_space: Space


class NeutralSkipped(Message):
    type: Literal["neutral_skipped"] = "neutral_skipped"
    player: str


class DiplomatieChosen(Message):
    type: Literal["diplomatie_chosen"] = "diplomatie_chosen"
    player: str
    space: Space | None  # None: no tie to win


class TowerChosen(Message):
    type: Literal["tower_chosen"] = "tower_chosen"
    player: str
    domain: Domain


class MajoritiesCounted(Message):
    """The count of the active player (L136-L156): who won what, the groups, the cases moved."""

    type: Literal["majorities_counted"] = "majorities_counted"
    player: str
    mine: tuple[int, ...]
    best_other: tuple[int, ...]
    wins: tuple[Space, ...]
    groups: tuple[tuple[Space, ...], ...]
    gains: tuple[int, ...]
    before: tuple[int, ...]
    after: tuple[int, ...]
    tokens: tuple[TokenTaken, ...] = ()
    lost: tuple[int, ...] = (0, 0, 0, 0, 0)


class RempartResolved(Message):
    type: Literal["rempart_resolved"] = "rempart_resolved"
    player: str
    target: str | None  # None: no marker at case 2 or more, the effect is lost (RG-28)
    domain: Domain | None


class TurnEnded(Message):
    type: Literal["turn_ended"] = "turn_ended"
    player: str
    returned: int  # conseillers back to the reserve (L102)


class FourthTurnBonus(Message):
    type: Literal["fourth_turn_bonus"] = "fourth_turn_bonus"
    leaders: dict[Domain, str]  # the domains with a player alone at the top
    given: dict[str, int]


class BonusMove(Message):
    domain: Domain
    before: int
    after: int
    tokens: tuple[TokenTaken, ...] = ()


class Standing(Message):
    player: str
    tracks: int
    lead_bonus: int
    tokens: int
    counsellors: int
    total: int


class GameEnded(Message):
    """The domain +2 bonuses (no gates, L222), the final points and the winners (L224-L234)."""

    type: Literal["game_ended"] = "game_ended"
    bonus: dict[str, BonusMove]  # only the players whose domain card was still secret
    standings: tuple[Standing, ...]
    winners: tuple[str, ...]
    decided_by: Literal["points", "tokens", "shared"]


class Paused(Message):
    type: Literal["paused"] = "paused"


class Resumed(Message):
    type: Literal["resumed"] = "resumed"
    deadline_ms: int | None  # the open prompt's new deadline


Event = Annotated[
    GameCreated | PlayerJoined | PlayerLeft | GameStarted | AgentPlaced | TurnStarted | AgentsMoved | KingMoved
    | CounsellorRecruited | CounsellorPlaced | Spied | AccusationSucceeded | AccusationFailed | CardPlayed
    | ClanRevealed | DomainRevealed | TokenPlayed | Advanced | Retreated | PromptOpened | PromptClosed
    | ActionsEnded | NeutralMoved | NeutralSkipped | DiplomatieChosen | TowerChosen | MajoritiesCounted
    | RempartResolved | TurnEnded | FourthTurnBonus | GameEnded | Paused | Resumed
    | SeatRemoved | LobbyLocked,  # the lobby's door (app/kernel/seats.py)
    Field(discriminator="type"),
]
EVENTS = event_codec(Event)
