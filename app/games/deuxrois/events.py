"""Events: what happened, in the past tense. The log is the game; the state is their fold.

Each event records every random outcome it depends on (the deal, a draw), so a
replay never draws again. `at_ms` is the caller's clock when it was decided.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from app.games.deuxrois.config import GameConfig
from app.games.deuxrois.deal import Room
from app.games.deuxrois.historique.events import HistoriqueEvent
from app.kernel.text import EngineError, Text

Colour2 = Literal["red", "blue"]


class _Event(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    at_ms: int = 0


# ------------------------------------------------------------------ lobby and set-up
class GameCreated(_Event):
    type: Literal["game_created"] = "game_created"
    seed: int
    config: GameConfig


class PlayerJoined(_Event):
    type: Literal["player_joined"] = "player_joined"
    player_id: str
    name: str
    birth_year: int | None = None  # private (Mode Historique event 14)


class PlayerLeft(_Event):
    type: Literal["player_left"] = "player_left"
    player_id: str


class GameStarted(_Event):
    type: Literal["game_started"] = "game_started"
    config: GameConfig
    cards: dict[str, int]  # the deal, drawn from the seed (or fixed by the moderator)
    rooms: dict[str, Room]
    warnings: list[str] = []


class PhaseStarted(_Event):
    """A new phase; phase "N" also starts a round and resets the round counters (§4.2)."""

    type: Literal["phase_started"] = "phase_started"
    round: int
    phase: Literal["setup", "N", "E", "D", "X", "A"]
    deadline_ms: int | None


class GameEnded(_Event):
    type: Literal["game_ended"] = "game_ended"
    result: dict[str, Any]


# ------------------------------------------------------------------ prompts
class PromptOpened(_Event):
    type: Literal["prompt_opened"] = "prompt_opened"
    prompt_id: str
    player_id: str
    kind: str
    options: list[str]
    data: dict[str, Any] = {}
    until: Literal["phase", "round", "game"] = "round"


class PromptClosed(_Event):
    type: Literal["prompt_closed"] = "prompt_closed"
    prompt_id: str
    choice: str | None  # None: expired or withdrawn


# ------------------------------------------------------------------ election
class BallotCast(_Event):
    type: Literal["ballot_cast"] = "ballot_cast"
    room: Room
    voter: str
    candidate: str | None  # None = abstention


class RunoffStarted(_Event):
    type: Literal["runoff_started"] = "runoff_started"
    room: Room
    candidates: list[str]
    deadline_ms: int
    revote: bool = False  # True: the D7 re-vote after the général left (all present are candidates)


class GeneralChosen(_Event):
    type: Literal["general_chosen"] = "general_chosen"
    room: Room
    general: str | None
    how: Literal["plurality", "runoff", "incumbent", "draw", "usurped", "moderator", "vacated", "revote", "relic"]
    tally: dict[str, int] = {}


class VoteBound(_Event):
    type: Literal["vote_bound"] = "vote_bound"
    voter: str
    tresorier: str


# ------------------------------------------------------------------ designation and crossing
class EnvoysNamed(_Event):
    type: Literal["envoys_named"] = "envoys_named"
    room: Room
    envoys: list[str]


class EnvoyWithdrawn(_Event):
    type: Literal["envoy_withdrawn"] = "envoy_withdrawn"
    room: Room
    player_id: str
    reason: Literal["royal_refusal", "emissaire_immunity", "became_general", "left_room"]


class Volunteered(_Event):
    type: Literal["volunteered"] = "volunteered"
    player_id: str


class EnvoysLocked(_Event):
    type: Literal["envoys_locked"] = "envoys_locked"
    room: Room
    envoys: list[str]
    drawn: list[str] = []  # completed by the server at the deadline, from the seed


class EnvoysCrossed(_Event):
    type: Literal["envoys_crossed"] = "envoys_crossed"
    moves: dict[str, Room]


class PlayerMoved(_Event):
    type: Literal["player_moved"] = "player_moved"
    player_id: str
    to_room: Room
    reason: str


# ------------------------------------------------------------------ envoy powers (powers/escort.py, departure.py)
class EnvoyQuotaRaised(_Event):
    """More envoys this round for one room (Commandant's escort, L167)."""

    type: Literal["envoy_quota_raised"] = "envoy_quota_raised"
    room: Room
    extra: int
    by: str


class EnvoySubstituted(_Event):
    """Window D: `substitute` goes instead of the named `replaced` (Chevalier Saxon L266, Servant L217)."""

    type: Literal["envoy_substituted"] = "envoy_substituted"
    room: Room
    replaced: str
    substitute: str
    by: str


class RallyRaised(_Event):
    """Porte-Étendard (L199, C59): players of `colour` present may opt in until `deadline_ms`."""

    type: Literal["rally_raised"] = "rally_raised"
    bearer: str
    colour: str
    deadline_ms: int


class RallyJoined(_Event):
    type: Literal["rally_joined"] = "rally_joined"
    player_id: str
    colour: str


class DepartureDeclared(_Event):
    """A window X power, its cost paid now, resolved at the crossing (§4.2 order)."""

    type: Literal["departure_declared"] = "departure_declared"
    power: str
    player_id: str
    target: str | None = None
    choice: str | None = None


class DepartureChanged(_Event):
    """At the crossing or after it: an envoy stays, a hold fails on an immune envoy, a player goes too..."""

    type: Literal["departure_changed"] = "departure_changed"
    room: Room
    player_id: str
    change: Literal["stays", "not_held", "joins", "sent_back", "not_sent_back"]
    by: str


class DepartureResolved(_Event):
    """The envoys who cross this round, after the X powers: player -> origin room (for window A)."""

    type: Literal["departure_resolved"] = "departure_resolved"
    arrivals: dict[str, Room]


class EnvoysSurveyed(_Event):
    """Cartographe (L155, C62): each envoy's card shown to `viewer` for `seconds` in turn from `start_ms`."""

    type: Literal["envoys_surveyed"] = "envoys_surveyed"
    viewer: str
    envoys: list[str]
    cards: list[int]
    start_ms: int
    seconds: int


# ------------------------------------------------------------------ reveals
class RevealRequested(_Event):
    type: Literal["reveal_requested"] = "reveal_requested"
    request_id: str
    from_id: str
    to_id: str
    kind: Literal["complete", "couleur"]
    colour: Colour2 | None = None


class RevealRequestClosed(_Event):
    type: Literal["reveal_request_closed"] = "reveal_request_closed"
    request_id: str
    outcome: Literal["refused", "cancelled", "expired"]


class CardsExchanged(_Event):
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


class CardShown(_Event):
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
class CardsSwapped(_Event):
    type: Literal["cards_swapped"] = "cards_swapped"
    a: str
    b: str
    reason: str
    refresh: bool  # uses made usable again (Faussaire L341, Négociateur L182)


class CardStateChanged(_Event):
    """A status set on a card by a power; it travels with the card (§0.3)."""

    type: Literal["card_state_changed"] = "card_state_changed"
    card: int
    changes: dict[str, Any]
    reason: str


class PowerUsed(_Event):
    type: Literal["power_used"] = "power_used"
    player_id: str
    card: int
    power: str


# ------------------------------------------------------------------ moderator
class TimerChanged(_Event):
    """The phase deadline moves; run-off / re-vote deadlines move with it (shifted, or set)."""

    type: Literal["timer_changed"] = "timer_changed"
    deadline_ms: int | None
    room_shift_ms: int = 0
    room_deadline_ms: int | None = None


class GamePaused(_Event):
    """Timers stop at `at_ms`; player commands are refused until the resume."""

    type: Literal["game_paused"] = "game_paused"


class GameResumed(_Event):
    """Every running deadline moves `shift_ms` later (the length of the pause)."""

    type: Literal["game_resumed"] = "game_resumed"
    shift_ms: int


class NoteRecorded(_Event):
    type: Literal["note_recorded"] = "note_recorded"
    text: str


class Reverted(_Event):
    """Moderator undo: the state becomes the replay of the first `to_version` events (never a deletion)."""

    type: Literal["reverted"] = "reverted"
    to_version: int


Event = Annotated[
    GameCreated | PlayerJoined | PlayerLeft | GameStarted | PhaseStarted | GameEnded
    | PromptOpened | PromptClosed | BallotCast | RunoffStarted | GeneralChosen | VoteBound
    | EnvoysNamed | EnvoyWithdrawn | Volunteered | EnvoysLocked | EnvoysCrossed | PlayerMoved
    | EnvoyQuotaRaised | EnvoySubstituted | RallyRaised | RallyJoined | DepartureDeclared | DepartureChanged
    | DepartureResolved | EnvoysSurveyed
    | RevealRequested | RevealRequestClosed | CardsExchanged | CardShown
    | CardsSwapped | CardStateChanged | PowerUsed
    | TimerChanged | GamePaused | GameResumed | NoteRecorded | Reverted | HistoriqueEvent,
    Field(discriminator="type"),
]

_ADAPTER: TypeAdapter[Event] = TypeAdapter(Event)


def event_to_json(event: Event) -> dict[str, Any]:
    return event.model_dump(mode="json")


def event_from_json(data: dict[str, Any]) -> Event:
    try:
        return _ADAPTER.validate_python(data)
    except ValidationError as exc:
        raise EngineError("bad_event", Text(f"Événement invalide : {exc.errors()[0]['msg']}",
                                            f"Invalid event: {exc.errors()[0]['msg']}")) from exc
