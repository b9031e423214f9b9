"""What a phone, the game master or the system may send: one frozen model per command type."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from app.kernel.messages import Message, command_codec
from app.kernel.seats import LockLobby, RemoveSeat

FaveurKey = Literal[
    "valet_devoue", "etiquette", "diner_royal", "espionnage", "coup_de_poignard", "medaille",
    "recrutement", "grace_royale", "coup_de_maitre",
]
# The Faveurs sent with `use_faveur` (the others have their own prompt or action).
ActiveFaveur = Literal["valet_devoue", "espionnage", "coup_de_poignard", "medaille", "recrutement"]


class Join(Message):
    """Sit at the table (lobby); the name is checked by the handler, to refuse it politely."""

    type: Literal["join"] = "join"
    name: str = Field(max_length=200)


class Leave(Message):
    """Leave the lobby; the game master names whom to remove."""

    type: Literal["leave"] = "leave"
    player_id: str | None = None


class MoveSeat(Message):
    """The game master moves a seat one place earlier round the table, before the start (RS-11)."""

    type: Literal["move_seat"] = "move_seat"
    player_id: str


class Start(Message):
    """The game master starts: the ring of seats (RS-11) and, optionally, each seat's colour (RS-9)."""

    type: Literal["start"] = "start"
    ring: list[str] | None = None  # every seat once; default: join order
    colours: dict[str, str] | None = None  # seat -> colour key; default: the palette in ring order


class Choose(Message):
    """Phase 1 (L70-73): go to the Roi or the Reine, or play Dîner Royal ("both", RS-59)."""

    type: Literal["choose"] = "choose"
    side: Literal["roi", "reine", "both"]


class GiveParole(Message):
    """« Je donne la parole à… » (L59-66)."""

    type: Literal["give_parole"] = "give_parole"
    to: str


class PlaceBet(Message):
    """Phase 2 (L77-79): one card from the hand, face up or down (the 2nd bet takes the other face)."""

    type: Literal["bet"] = "bet"
    card: str
    face: Literal["up", "down"]


class UseFaveur(Message):
    """Valet dévoué / Espionnage on one's betting turn; Espionnage, Coup de poignard, Médaille,
    Recrutement in the loop after the last bet (W2). `target` is a bet id for the last three."""

    type: Literal["use_faveur"] = "use_faveur"
    faveur: ActiveFaveur
    target: str | None = None


class PassFaveurs(Message):
    """Pass one's turn in the W2 loop."""

    type: Literal["w2_pass"] = "w2_pass"


class AnswerEtiquette(Message):
    type: Literal["etiquette_answer"] = "etiquette_answer"
    use: bool


class AssignSides(Message):
    """The ruling Étiquette user places everyone: these on the Roi, the others on the Reine."""

    type: Literal["etiquette_assign"] = "etiquette_assign"
    roi: list[str]


class AnswerDiner(Message):
    type: Literal["diner_answer"] = "diner_answer"
    use: bool


class PickTiebreak(Message):
    """The 3rd card of a tie for the majority (L91); None only with no Courtisan or Valet in hand."""

    type: Literal["tiebreak_pick"] = "tiebreak_pick"
    card: str | None = None


class AnswerW3(Message):
    type: Literal["w3_answer"] = "w3_answer"
    grace: bool = False
    maitre: bool = False


class ModPlayFor(Message):
    """The game master plays the least telling legal move for an absent player (RS-71)."""

    type: Literal["mod_play_for"] = "mod_play_for"
    player_id: str


class ModPause(Message):
    type: Literal["mod_pause"] = "mod_pause"


class ModResume(Message):
    type: Literal["mod_resume"] = "mod_resume"


class ModUndo(Message):
    """The game master goes back to step `to_version` (the last step where the table waited, at or before it);
    `seen_version`: the version his preview showed (refused as stale if the game moved since)."""

    type: Literal["mod_undo"] = "mod_undo"
    to_version: int
    seen_version: int | None = None


Command = Annotated[
    Join | Leave | MoveSeat | Start | Choose | GiveParole | PlaceBet | UseFaveur | PassFaveurs | AnswerEtiquette
    | AssignSides | AnswerDiner | PickTiebreak | AnswerW3 | ModPlayFor | ModPause | ModResume | ModUndo
    | RemoveSeat | LockLobby,  # the lobby's door (app/kernel/seats.py)
    Field(discriminator="type"),
]
COMMANDS = command_codec(Command)
