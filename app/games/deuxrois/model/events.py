"""The core's events: what happened, in the past tense. The log is the game; the state is their fold.

Each event records every random outcome it depends on (the deal, a draw), so a
replay never draws again. `at_ms` is the caller's clock when it was decided.
Mode Historique's events (historique/events.py) share the base; events.py at
the game level puts both in one union.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from app.games.deuxrois.config import GameConfig
from app.games.deuxrois.deal import Room
from app.kernel.messages import Message
from app.kernel.seats import LobbyLocked, SeatRemoved

Colour2 = Literal["red", "blue"]


class EventBase(Message):
    """Every event of the game, Mode Historique's included: a kernel Message stamped with the decision's clock."""

    at_ms: int = 0
    type: str  # each event narrows it to its own Literal: the discriminator of the union


# ------------------------------------------------------------------ lobby and set-up
class GameCreated(EventBase):
    type: Literal["game_created"] = "game_created"
    seed: int
    config: GameConfig


class PlayerJoined(EventBase):
    type: Literal["player_joined"] = "player_joined"
    player_id: str
    name: str
    birth_year: int | None = None  # private (Mode Historique event 14)


class PlayerLeft(EventBase):
    type: Literal["player_left"] = "player_left"
    player_id: str


class GameStarted(EventBase):
    type: Literal["game_started"] = "game_started"
    config: GameConfig
    cards: dict[str, int]  # the deal, drawn from the seed (or fixed by the moderator)
    rooms: dict[str, Room]
    warnings: list[str] = Field(default_factory=list)


class PhaseStarted(EventBase):
    """A new phase; phase "N" also starts a round and resets the round counters (§4.2)."""

    type: Literal["phase_started"] = "phase_started"
    round: int
    phase: Literal["setup", "N", "E", "D", "X", "A"]
    deadline_ms: int | None


class GameEnded(EventBase):
    type: Literal["game_ended"] = "game_ended"
    result: dict[str, Any]


# ------------------------------------------------------------------ prompts
class PromptOpened(EventBase):
    type: Literal["prompt_opened"] = "prompt_opened"
    prompt_id: str
    player_id: str
    kind: str
    options: list[str]
    data: dict[str, Any] = Field(default_factory=dict)
    until: Literal["phase", "round", "game"] = "round"


class PromptClosed(EventBase):
    type: Literal["prompt_closed"] = "prompt_closed"
    prompt_id: str
    choice: str | None  # None: expired or withdrawn


# ------------------------------------------------------------------ election
class BallotCast(EventBase):
    type: Literal["ballot_cast"] = "ballot_cast"
    room: Room
    voter: str
    candidate: str | None  # None = abstention


class RunoffStarted(EventBase):
    type: Literal["runoff_started"] = "runoff_started"
    room: Room
    candidates: list[str]
    deadline_ms: int
    revote: bool = False  # True: the D7 re-vote after the général left (all present are candidates)


class GeneralChosen(EventBase):
    type: Literal["general_chosen"] = "general_chosen"
    room: Room
    general: str | None
    how: Literal["plurality", "runoff", "incumbent", "draw", "usurped", "moderator", "vacated", "revote", "relic"]
    tally: dict[str, int] = Field(default_factory=dict)


class VoteBound(EventBase):
    type: Literal["vote_bound"] = "vote_bound"
    voter: str
    tresorier: str


# ------------------------------------------------------------------ designation and crossing
class EnvoysNamed(EventBase):
    type: Literal["envoys_named"] = "envoys_named"
    room: Room
    envoys: list[str]


class EnvoyWithdrawn(EventBase):
    type: Literal["envoy_withdrawn"] = "envoy_withdrawn"
    room: Room
    player_id: str
    reason: Literal["royal_refusal", "emissaire_immunity", "became_general", "left_room"]


class Volunteered(EventBase):
    type: Literal["volunteered"] = "volunteered"
    player_id: str


class EnvoysLocked(EventBase):
    type: Literal["envoys_locked"] = "envoys_locked"
    room: Room
    envoys: list[str]
    drawn: list[str] = Field(default_factory=list)  # completed by the server at the deadline, from the seed


class EnvoysCrossed(EventBase):
    type: Literal["envoys_crossed"] = "envoys_crossed"
    moves: dict[str, Room]


class PlayerMoved(EventBase):
    type: Literal["player_moved"] = "player_moved"
    player_id: str
    to_room: Room
    reason: str


# ------------------------------------------------------------------ envoy powers (powers/escort.py, departure.py)
class EnvoyQuotaRaised(EventBase):
    """More envoys this round for one room (Commandant's escort, L167)."""

    type: Literal["envoy_quota_raised"] = "envoy_quota_raised"
    room: Room
    extra: int
    by: str


class EnvoySubstituted(EventBase):
    """Window D: `substitute` goes instead of the named `replaced` (Chevalier Saxon L266, Servant L217)."""

    type: Literal["envoy_substituted"] = "envoy_substituted"
    room: Room
    replaced: str
    substitute: str
    by: str


class RallyRaised(EventBase):
    """Porte-Étendard (L199, C59): players of `colour` present may opt in until `deadline_ms`."""

    type: Literal["rally_raised"] = "rally_raised"
    bearer: str
    colour: str
    deadline_ms: int


class RallyJoined(EventBase):
    type: Literal["rally_joined"] = "rally_joined"
    player_id: str
    colour: str


class DepartureDeclared(EventBase):
    """A window X power, its cost paid now, resolved at the crossing (§4.2 order)."""

    type: Literal["departure_declared"] = "departure_declared"
    power: str
    player_id: str
    target: str | None = None
    choice: str | None = None


class DepartureChanged(EventBase):
    """At the crossing or after it: an envoy stays, a hold fails on an immune envoy, a player goes too..."""

    type: Literal["departure_changed"] = "departure_changed"
    room: Room
    player_id: str
    change: Literal["stays", "not_held", "joins", "sent_back", "not_sent_back"]
    by: str


class DepartureResolved(EventBase):
    """The envoys who cross this round, after the X powers: player -> origin room (for window A)."""

    type: Literal["departure_resolved"] = "departure_resolved"
    arrivals: dict[str, Room]


class EnvoysSurveyed(EventBase):
    """Cartographe (L155, C62): each envoy's card shown to `viewer` for `seconds` in turn from `start_ms`."""

    type: Literal["envoys_surveyed"] = "envoys_surveyed"
    viewer: str
    envoys: list[str]
    cards: list[int]
    start_ms: int
    seconds: int


# ------------------------------------------------------------------ reveals
class RevealRequested(EventBase):
    type: Literal["reveal_requested"] = "reveal_requested"
    request_id: str
    from_id: str
    to_id: str
    kind: Literal["complete", "couleur"]
    colour: Colour2 | None = None


class RevealRequestClosed(EventBase):
    type: Literal["reveal_request_closed"] = "reveal_request_closed"
    request_id: str
    outcome: Literal["refused", "cancelled", "expired"]


class CardsExchanged(EventBase):
    """A mutual reveal between two players: complète (forced or not) or couleur."""

    type: Literal["cards_exchanged"] = "cards_exchanged"
    kind: Literal["complete", "couleur"]
    a: str
    b: str
    a_card: int | None = None
    b_card: int | None = None
    a_colour: str | None = None
    b_colour: str | None = None
    forced: bool = False
    request_id: str | None = None
    source: str = "request"  # request, or the power key that caused it


class CardShown(EventBase):
    """A one-way reveal: privée, publique (the room and the moderator), couleur publique, proof, annonce."""

    type: Literal["card_shown"] = "card_shown"
    kind: Literal["privee", "publique", "couleur_publique", "proof", "annonce", "survey"]  # survey: C62
    shower: str
    viewers: list[str]
    card: int | None = None
    colour: str | None = None
    room: Room | None = None  # set for public reveals: the room that saw it
    source: str = "player"


# ------------------------------------------------------------------ card effects
class CardsSwapped(EventBase):
    type: Literal["cards_swapped"] = "cards_swapped"
    a: str
    b: str
    reason: str
    refresh: bool  # uses made usable again (Faussaire L341, Négociateur L182)


class CardStateChanged(EventBase):
    """A status set on a card by a power; it travels with the card (§0.3)."""

    type: Literal["card_state_changed"] = "card_state_changed"
    card: int
    changes: dict[str, Any]
    reason: str


class PowerUsed(EventBase):
    type: Literal["power_used"] = "power_used"
    player_id: str
    card: int
    power: str


# ------------------------------------------------------------------ moderator
class TimerChanged(EventBase):
    """The phase deadline moves; run-off / re-vote deadlines move with it (shifted, or set)."""

    type: Literal["timer_changed"] = "timer_changed"
    deadline_ms: int | None
    room_shift_ms: int = 0
    room_deadline_ms: int | None = None


class GamePaused(EventBase):
    """Timers stop at `at_ms`; player commands are refused until the resume."""

    type: Literal["game_paused"] = "game_paused"


class GameResumed(EventBase):
    """Every running deadline moves `shift_ms` later (the length of the pause)."""

    type: Literal["game_resumed"] = "game_resumed"
    shift_ms: int


class NoteRecorded(EventBase):
    type: Literal["note_recorded"] = "note_recorded"
    text: str


class Reverted(EventBase):
    """Moderator undo: the state becomes the replay of the first `to_version` events (never a deletion)."""

    type: Literal["reverted"] = "reverted"
    to_version: int


CoreEvent = (
    GameCreated | PlayerJoined | PlayerLeft | GameStarted | PhaseStarted | GameEnded | PromptOpened
    | PromptClosed | BallotCast | RunoffStarted | GeneralChosen | VoteBound | EnvoysNamed | EnvoyWithdrawn
    | Volunteered | EnvoysLocked | EnvoysCrossed | PlayerMoved | EnvoyQuotaRaised | EnvoySubstituted
    | RallyRaised | RallyJoined | DepartureDeclared | DepartureChanged | DepartureResolved | EnvoysSurveyed
    | RevealRequested | RevealRequestClosed | CardsExchanged | CardShown | CardsSwapped | CardStateChanged
    | PowerUsed | TimerChanged | GamePaused | GameResumed | NoteRecorded | Reverted
    # The lobby's door, the kernel's (app/kernel/seats.py): plain Messages with this base's two fields
    # (`type`, `at_ms`), so they log, fold and read like the events above.
    | SeatRemoved | LobbyLocked
)
