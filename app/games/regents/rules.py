"""One `Rules` value for Régents, built explicitly from each module's `install` (no import side effects)."""

from __future__ import annotations

from app.games.regents import (
    accusation,
    cards,
    counsellors,
    flow,
    free,
    lobby,
    markers,
    moderator,
    movement,
    neutral,
    prompts,
    spying,
)
from app.games.regents.model import State
from app.kernel.rules import Gatekeeping, Rules
from app.kernel.text import Text

PHASE_NAMES: dict[str, Text] = {
    "lobby": Text("la salle d'attente", "the lobby"),
    "placement": Text("la mise en place des agents", "the agents' set-up"),
    "actions": Text("la phase d'actions", "the action phase"),
    "neutral": Text("le déplacement du neutre", "the neutral move"),
    "count": Text("le décompte", "the count"),
    "between": Text("le changement de tour", "the change of turn"),
    "over": Text("la fin de partie", "the end of the game"),
}


def _seated(s: State, pid: str) -> bool:
    return any(seat.player_id == pid for seat in s.seats)


def build_rules() -> Rules[State]:
    rules: Rules[State] = Rules(Gatekeeping(
        phase=lambda s: s.phase,
        over=lambda s: s.phase == "over",
        seated=_seated,
        paused=lambda s: s.paused,
        phase_name=lambda p: PHASE_NAMES.get(p, Text(p, p)),
    ))
    for module in (lobby, movement, counsellors, spying, accusation, cards, free, neutral, markers, prompts, flow,
                   moderator):
        module.install(rules)
    return rules
