"""Porte-Étendard (39/40): Ralliement (L199/L303, C59).

Once per game, in window N, the bearer shows his card to the room. Every
player of his displayed colour present then may opt in within 20 s (the Espion
passes either colour, L329); the bearer himself is rallied by raising the
banner. Opting in is secret, so the général may still name a rallied player;
at the crossing that envoy shows his colour to the room and stays, and nobody
replaces him (C59, D10). The server checks the colour again at departure: an
Infidèle whose colour changed since no longer passes.

Every other player present gets the same prompt, whatever his colour, so no
phone buzzes differently (style: the same traffic for every seat); a "yes"
from a player of the wrong colour, or after the 20 s, changes nothing. A timer
closes the prompts when the 20 s are over (even if the negotiation ended).
"""

from __future__ import annotations

from app.games.deuxrois import bars
from app.games.deuxrois.deal import Room
from app.games.deuxrois.knowledge import displayed_colour
from app.games.deuxrois.model.commands import UsePower
from app.games.deuxrois.model.events import (
    DepartureChanged,
    PromptClosed,
    RallyJoined,
    RallyRaised,
)
from app.games.deuxrois.powers.envoy_plan import RALLY_SECONDS, passes_colour, plan
from app.games.deuxrois.prompts import open_prompt
from app.games.deuxrois.reveals import show_colour_public, show_public
from app.games.deuxrois.ruleset import GameRules, Tx
from app.games.deuxrois.state import GameState, Prompt
from app.kernel.text import EngineError


def rally(tx: Tx, pid: str, cmd: UsePower) -> None:
    colour = displayed_colour(tx.state, pid)
    show_public(tx, pid, source="rally")
    deadline = tx.now + RALLY_SECONDS * 1000
    tx.emit(RallyRaised(bearer=pid, colour=colour, deadline_ms=deadline))
    for other in tx.state.present(tx.state.rooms[pid]):
        if other != pid:
            open_prompt(tx, other, "rally_join", ["yes", "no"],
                        {"bearer": pid, "target": pid, "colour": colour, "deadline_ms": deadline}, until="round")


def _join(tx: Tx, prompt: Prompt, choice: str) -> None:
    state = tx.state
    pid, bearer, colour = prompt.player_id, str(prompt.data["bearer"]), str(prompt.data["colour"])
    in_time = tx.now <= int(prompt.data["deadline_ms"]) and plan(state).rally_deadlines.get(bearer) is not None
    if choice == "yes" and in_time and state.rooms[pid] is state.rooms[bearer] and passes_colour(state, pid, colour):
        tx.emit(RallyJoined(player_id=pid, colour=colour))


def _join_bar(state: GameState, prompt: Prompt, choice: str) -> EngineError | None:
    """Opting in is choosing a colour reveal at departure: barred to the Berserker alone (S6)."""
    return bars.own_reveal(state, prompt.player_id, "couleur_publique") if choice == "yes" else None


def _first_expiry(state: GameState) -> int | None:
    return min((int(p.data["deadline_ms"]) for p in state.prompts.values() if p.kind == "rally_join"), default=None)


def _expire(tx: Tx) -> None:
    for prompt in list(tx.state.prompts.values()):
        if prompt.kind == "rally_join" and int(prompt.data["deadline_ms"]) <= tx.now:
            tx.emit(PromptClosed(prompt_id=prompt.id, choice=None))


def rallied_stay(tx: Tx, moves: dict[str, Room]) -> dict[str, Room]:
    """Departure step 1 (§4.2): each rallied envoy still of the rally's colour shows it to his room and stays."""
    out = dict(moves)
    for pid, colour in plan(tx.state).rallied.items():
        if pid not in out or not passes_colour(tx.state, pid, colour):
            continue
        if not show_colour_public(tx, pid, colour, source="rally", must=True):
            continue  # a claim that cannot be shown is no claim: he goes
        room = tx.state.rooms[pid]
        tx.emit(DepartureChanged(room=room, player_id=pid, change="stays", by="rally"))
        del out[pid]
    return out


def install(rules: GameRules) -> None:
    rules.active_power("rally")(rally)  # its public reveal (Cost.PUBLIQUE): the seam's check (bars.cost)
    rules.prompt_kind("rally_join", bar=_join_bar)(_join)
    rules.timers.append((_first_expiry, _expire))
