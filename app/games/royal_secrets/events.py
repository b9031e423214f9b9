"""What happened: one frozen model per event type. Events may hold secrets; only views filter them.

Every random outcome (the shuffles, the first player) is written in an event,
so a replay never draws.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from app.games.royal_secrets.config import RoyalSecretsConfig
from app.kernel.messages import Message, event_codec
from app.kernel.seats import LobbyLocked, SeatRemoved

SideName = Literal["roi", "reine"]


class GameCreated(Message):
    type: Literal["game_created"] = "game_created"
    seed: int
    config: RoyalSecretsConfig = RoyalSecretsConfig()


class PlayerJoined(Message):
    type: Literal["player_joined"] = "player_joined"
    player_id: str
    name: str


class PlayerLeft(Message):
    type: Literal["player_left"] = "player_left"
    player_id: str


class SeatMoved(Message):
    """The table order before the start: every seat, the moved one a place earlier (RS-11)."""

    type: Literal["seat_moved"] = "seat_moved"
    player_id: str
    order: list[str]


class GameStarted(Message):
    """Set-up (2.2): the ring, colours, the dealt Valets, every pile's order and the first player."""

    type: Literal["game_started"] = "game_started"
    ring: list[str]
    colours: dict[str, str]
    valets_dealt: dict[str, str]  # seat -> its Valet (private)
    valet_pile: list[str]  # top first
    cardinal_pile: list[str]
    audience_piles: dict[SideName, list[str]]
    set_aside: list[str]
    first: str  # the tuile de Parole (L19)


class RoundStarted(Message):
    """The top Audience card of each pile is revealed (L49); `etiquette`: who is asked in W0."""

    type: Literal["round_started"] = "round_started"
    round: int
    roi: str
    reine: str
    etiquette: list[str] = Field(default_factory=list)


class EtiquetteAnswered(Message):
    type: Literal["etiquette_answered"] = "etiquette_answered"
    player_id: str
    use: bool


class EtiquetteResolved(Message):
    """All answers in: who used it, and whose copy rules (the higher Influence, L177-178)."""

    type: Literal["etiquette_resolved"] = "etiquette_resolved"
    spent: dict[str, str]  # user -> the Étiquette card spent (RS-58: every copy played is spent)
    chief: str | None


class SidesAssigned(Message):
    type: Literal["sides_assigned"] = "sides_assigned"
    by: str
    positions: dict[str, SideName]
    diner: list[str] = Field(default_factory=list)  # Dîner Royal holders then asked (RS-59)


class DinerAnswered(Message):
    type: Literal["diner_answered"] = "diner_answered"
    player_id: str
    use: bool


class DinerResolved(Message):
    type: Literal["diner_resolved"] = "diner_resolved"
    spent: dict[str, str]  # user -> the Dîner Royal card spent


class PositionChosen(Message):
    type: Literal["position_chosen"] = "position_chosen"
    player_id: str
    position: Literal["roi", "reine", "both"]  # both: Dîner Royal
    audience: str | None = None  # the Dîner Royal card spent


class ParoleGiven(Message):
    type: Literal["parole_given"] = "parole_given"
    by: str
    to: str


class BettingOpened(Message):
    """End of phase 1: who is alone with a Souverain is fixed now (RS-52)."""

    type: Literal["betting_opened"] = "betting_opened"
    solo: dict[SideName, str | None]


class BetPlaced(Message):
    type: Literal["bet_placed"] = "bet_placed"
    player_id: str
    bet: str
    card: str
    side: Literal["roi", "reine", "middle"]
    face: Literal["up", "down"]
    k: int


class CardinalDrawn(Message):
    """L142-143: 1st card face up, 2nd face down; nobody looks at the 2nd (RS-25)."""

    type: Literal["cardinal_drawn"] = "cardinal_drawn"
    bet: str
    card: str
    side: SideName
    face: Literal["up", "down"]
    k: int


class CardinalReshuffled(Message):
    """RS-15's fallback, never needed at 3-5 players: the used Cardinal cards become a new pile."""

    type: Literal["cardinal_reshuffled"] = "cardinal_reshuffled"
    pile: list[str]


class ValetDrawn(Message):
    """Valet dévoué (F1): a Valet into the user's hand (private)."""

    type: Literal["valet_drawn"] = "valet_drawn"
    player_id: str
    audience: str  # the Faveur card spent
    card: str


class EspionnageUsed(Message):
    type: Literal["espionnage_used"] = "espionnage_used"
    player_id: str
    audience: str
    bets: list[str]  # the face-down bets seen (private to the spy)


class PoignardUsed(Message):
    type: Literal["poignard_used"] = "poignard_used"
    player_id: str
    audience: str
    bet: str


class MedailleUsed(Message):
    type: Literal["medaille_used"] = "medaille_used"
    player_id: str
    audience: str
    bet: str


class RecrutementUsed(Message):
    type: Literal["recrutement_used"] = "recrutement_used"
    player_id: str
    audience: str
    bet: str


class FaveursPassed(Message):
    type: Literal["faveurs_passed"] = "faveurs_passed"
    player_id: str


class CardsRevealed(Message):
    """Phase 3 begins: every face-down card still counted, and those an Excuse discards, turn up (L84)."""

    type: Literal["cards_revealed"] = "cards_revealed"
    round: int


class ExcuseResolved(Message):
    """L117-119: the player withdraws, his other card stops counting, he draws a Valet (private)."""

    type: Literal["excuse_resolved"] = "excuse_resolved"
    player_id: str
    bet: str
    discarded: str | None  # the other bet
    valet: str | None  # None: the pile was empty


class AudiencesCounted(Message):
    type: Literal["audiences_counted"] = "audiences_counted"
    outcomes: dict[SideName, Literal["success", "fail", "empty", "all_withdrew"]]
    totals: dict[SideName, int]


class TiebreakOpened(Message):
    type: Literal["tiebreak_opened"] = "tiebreak_opened"
    side: SideName
    players: list[str]  # ring order


class TiebreakPicked(Message):
    type: Literal["tiebreak_picked"] = "tiebreak_picked"
    player_id: str
    card: str | None


class TiebreakResolved(Message):
    type: Literal["tiebreak_resolved"] = "tiebreak_resolved"
    side: SideName
    picks: dict[str, str | None]
    winner: str | None
    passes: list[tuple[str, str, str]]  # (from, to, card) to the next tied player on the right


class DeltaModel(Message):
    player_id: str
    amount: int
    source: Literal["audience", "valet"]
    side: SideName
    note: str = ""
    changed_by: str = ""


class MajoritiesDecided(Message):
    """Who is majoritaire on each side, the fleurs each player would win or lose, and who is asked in W3."""

    type: Literal["majorities_decided"] = "majorities_decided"
    winners: dict[SideName, str | None]
    deltas: list[DeltaModel]
    w3: list[str]


class W3Answered(Message):
    type: Literal["w3_answered"] = "w3_answered"
    player_id: str
    grace: bool
    maitre: bool


class RoundScored(Message):
    """The deltas after Grâce royale / Coup de maître, and every new total (hidden: RS-8)."""

    type: Literal["round_scored"] = "round_scored"
    uses: dict[str, list[str]]  # player -> the W3 Faveur cards spent
    deltas: list[DeltaModel]
    fleurs: dict[str, int]


class RoundEnded(Message):
    """L156-161: 0s back, recruited cards to their recruiter, the rest discarded, Audience cards placed."""

    type: Literal["round_ended"] = "round_ended"
    round: int


class FinalModel(Message):
    fleurs: int
    bonus: int
    total: int
    audiences_won: int
    influence_left: int


class GameEnded(Message):
    type: Literal["game_ended"] = "game_ended"
    finals: dict[str, FinalModel]
    ranking: list[list[str]]


class GamePaused(Message):
    type: Literal["game_paused"] = "game_paused"


class GameResumed(Message):
    type: Literal["game_resumed"] = "game_resumed"


class PlayedFor(Message):
    """The game master played for an absent player (RS-71); the move itself follows."""

    type: Literal["played_for"] = "played_for"
    player_id: str


class Reverted(Message):
    """The game master's undo: the table becomes the replay of the first `to_version` events, paused
    (the version keeps counting and the journal keeps every line)."""

    type: Literal["reverted"] = "reverted"
    to_version: int


Event = Annotated[
    GameCreated | PlayerJoined | PlayerLeft | SeatMoved | GameStarted | RoundStarted | EtiquetteAnswered
    | EtiquetteResolved | SidesAssigned | DinerAnswered | DinerResolved | PositionChosen | ParoleGiven
    | BettingOpened | BetPlaced | CardinalDrawn | CardinalReshuffled | ValetDrawn | EspionnageUsed
    | PoignardUsed | MedailleUsed | RecrutementUsed | FaveursPassed | CardsRevealed | ExcuseResolved
    | AudiencesCounted | TiebreakOpened | TiebreakPicked | TiebreakResolved | MajoritiesDecided
    | W3Answered | RoundScored | RoundEnded | GameEnded | GamePaused | GameResumed | PlayedFor | Reverted
    | SeatRemoved | LobbyLocked,  # the lobby's door (app/kernel/seats.py)
    Field(discriminator="type"),
]
EVENTS = event_codec(Event)
