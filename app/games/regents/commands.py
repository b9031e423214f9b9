"""What a phone, the game master or the timer may send (the table in docs/games/regents.md)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from app.games.regents.board import Domain, Space
from app.games.regents.clans import Card, Clan
from app.kernel.messages import Message, command_codec
from app.kernel.seats import LockLobby, RemoveSeat

# "p2@TRESOR": an agent of p2 in the treasury; "neutral@ARMES" one of the neutral's (3 players).
AgentCode = Annotated[str, Field(pattern=r"^(p[0-9]+|neutral)@[A-Z_]+$", max_length=40)]
Domains = Annotated[tuple[Domain, ...], Field(min_length=1, max_length=2)]


class Join(Message):
    type: Literal["join"] = "join"
    name: str = Field(max_length=200)


class Leave(Message):
    """Leave the lobby; the game master may send it for a seat (`player_id`)."""

    type: Literal["leave"] = "leave"
    player_id: str | None = None


class Start(Message):
    type: Literal["start"] = "start"


class PlaceAgent(Message):
    """At set-up: place the next agent (L43). In one's turn: action G, an agent back from out of the castle."""

    type: Literal["place_agent"] = "place_agent"
    space: Space


class MoveAgent(Message):
    """Action A. With PRIVILÈGE pending, `also_*` moves a second, different agent (RG-73)."""

    type: Literal["move_agent"] = "move_agent"
    from_space: Space
    to_space: Space
    also_from: Space | None = None
    also_to: Space | None = None


class MoveKing(Message):
    type: Literal["move_king"] = "move_king"
    to_space: Space


class Recruit(Message):
    type: Literal["recruit"] = "recruit"


class PlaceCounsellor(Message):
    type: Literal["place_counsellor"] = "place_counsellor"
    space: Space


class Spy(Message):
    type: Literal["spy"] = "spy"
    target: str


class Accuse(Message):
    type: Literal["accuse"] = "accuse"
    target: str
    clan: Clan


class PlayCard(Message):
    """A free action. SUSPICION takes one agent, TRAHISON two; INFLUENCE one or two domains (+2 / +1 +1)."""

    type: Literal["play_card"] = "play_card"
    card: Card
    agents: tuple[AgentCode, ...] = Field(default=(), max_length=2)
    domains: tuple[Domain, ...] = Field(default=(), max_length=2)


class RevealDomain(Message):
    type: Literal["reveal_domain"] = "reveal_domain"


class PlayToken(Message):
    type: Literal["play_token"] = "play_token"


class EndActions(Message):
    type: Literal["end_actions"] = "end_actions"


class MoveNeutral(Message):
    """3 players: the free point after the action phase moves one neutral agent one step (L242, RG-50)."""

    type: Literal["move_neutral"] = "move_neutral"
    from_space: Space
    to_space: Space


class SkipNeutral(Message):
    type: Literal["skip_neutral"] = "skip_neutral"


class ChooseGain(Message):
    """+2 on one domain, or +1 on two (RG-67): after an accusation's success or the 5th card."""

    type: Literal["choose_gain"] = "choose_gain"
    domains: Domains


class ChooseLoss(Message):
    """The accused picks how his wrong accuser loses 2 cases (L120, RG-17, RG-74)."""

    type: Literal["choose_loss"] = "choose_loss"
    domains: Domains


class ChooseDiplomatie(Message):
    type: Literal["choose_diplomatie"] = "choose_diplomatie"
    space: Space


class ChooseTower(Message):
    type: Literal["choose_tower"] = "choose_tower"
    domain: Domain


class ChooseRempart(Message):
    type: Literal["choose_rempart"] = "choose_rempart"
    target: str
    domain: Domain


class Tick(Message):
    """The prompt's timer ran out (system only): the default answer is applied (RG-17, RG-77)."""

    type: Literal["tick"] = "tick"
    prompt: str | None = None


class ModPause(Message):
    type: Literal["mod_pause"] = "mod_pause"


class ModResume(Message):
    type: Literal["mod_resume"] = "mod_resume"


class ModSkip(Message):
    """The game master acts for whoever the table waits for, with the default (docs: "Choices")."""

    type: Literal["mod_skip"] = "mod_skip"


Command = Annotated[
    Join | Leave | Start | PlaceAgent | MoveAgent | MoveKing | Recruit | PlaceCounsellor | Spy | Accuse
    | PlayCard | RevealDomain | PlayToken | EndActions | MoveNeutral | SkipNeutral | ChooseGain | ChooseLoss
    | ChooseDiplomatie | ChooseTower | ChooseRempart | Tick | ModPause | ModResume | ModSkip
    | RemoveSeat | LockLobby,  # the lobby's door (app/kernel/seats.py)
    Field(discriminator="type"),
]
COMMANDS = command_codec(Command)
