"""What happened: the append-only log of a débarquement game. Every random outcome is in it."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from app.games.debarquement.boats import Boat
from app.kernel.seats import LobbyLocked, SeatRemoved


class _Event(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class GameCreated(_Event):
    type: Literal["game_created"] = "game_created"
    threshold: int
    max_manches: int
    seed: int


class PlayerJoined(_Event):
    type: Literal["player_joined"] = "player_joined"
    player_id: str
    name: str
    age: int | None = None


class PlayerLeft(_Event):
    type: Literal["player_left"] = "player_left"
    player_id: str


class MancheStarted(_Event):
    """The deal, recorded in full so that a replay needs no random generator."""

    type: Literal["manche_started"] = "manche_started"
    manche: int
    start_player: str
    hands: dict[str, tuple[int, ...]]
    pile: tuple[int, ...]  # top of the pile first


class CardChosen(_Event):
    type: Literal["card_chosen"] = "card_chosen"
    player_id: str
    card: int
    timeout: bool = False


class Play(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    player_id: str
    card: int


class CardsRevealed(_Event):
    type: Literal["cards_revealed"] = "cards_revealed"
    turn: int
    plays: tuple[Play, ...]  # ascending card order: the placement order (F5)


How = Literal["colour", "choice", "timeout"]  # forced by colour, chosen by the player, or drawn at random


class CardPlaced(_Event):
    type: Literal["card_placed"] = "card_placed"
    player_id: str
    card: int
    boat: Boat
    how: How


class BoatCaptured(_Event):
    type: Literal["boat_captured"] = "boat_captured"
    player_id: str
    boat: Boat
    cards: tuple[int, ...]


class TurnEnded(_Event):
    """The draw (L451): one card each, or nobody draws and the short pile is set aside (F10)."""

    type: Literal["turn_ended"] = "turn_ended"
    drawn: dict[str, int]
    set_aside: tuple[int, ...] = ()


class MancheScored(_Event):
    type: Literal["manche_scored"] = "manche_scored"
    manche: int
    points: dict[str, int]


class GameEnded(_Event):
    type: Literal["game_ended"] = "game_ended"
    reason: Literal["threshold", "max_manches"]
    losers: tuple[str, ...]
    winners: tuple[str, ...]


Event = Annotated[
    GameCreated
    | PlayerJoined
    | PlayerLeft
    | MancheStarted
    | CardChosen
    | CardsRevealed
    | CardPlaced
    | BoatCaptured
    | TurnEnded
    | MancheScored
    | GameEnded
    | SeatRemoved  # the lobby's door (app/kernel/seats.py)
    | LobbyLocked,
    Field(discriminator="type"),
]
_EVENT: TypeAdapter[Event] = TypeAdapter(Event)


def event_to_json(event: Event) -> dict[str, Any]:
    return event.model_dump(mode="json")


def event_from_json(data: object) -> Event:
    return _EVENT.validate_python(data)
