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

from app.games.deuxrois import rounds
from app.games.deuxrois.commands import UsePower
from app.games.deuxrois.deal import Room
from app.games.deuxrois.events import CardShown, DepartureChanged, PromptClosed, RallyJoined, RallyRaised
from app.games.deuxrois.fold import Tx
from app.games.deuxrois.knowledge import displayed_colour
from app.games.deuxrois.powers.envoy_plan import RALLY_SECONDS, passes_colour, plan, public_cost
from app.games.deuxrois.powers.registry import active_power
from app.games.deuxrois.prompts import open_prompt, prompt_kind
from app.games.deuxrois.reveals import show_public
from app.games.deuxrois.state import GameState, Prompt


@active_power("rally", condition=public_cost)
def rally(tx: Tx, pid: str, cmd: UsePower) -> None:
    colour = displayed_colour(tx.state, pid)
    show_public(tx, pid, source="rally")
    deadline = tx.now + RALLY_SECONDS * 1000
    tx.emit(RallyRaised(bearer=pid, colour=colour, deadline_ms=deadline))
    for other in tx.state.present(tx.state.rooms[pid]):
        if other != pid:
            open_prompt(tx, other, "rally_join", ["yes", "no"],
                        {"bearer": pid, "target": pid, "colour": colour, "deadline_ms": deadline}, until="round")


@prompt_kind("rally_join")
def _join(tx: Tx, prompt: Prompt, choice: str) -> None:
    state = tx.state
    pid, bearer, colour = prompt.player_id, str(prompt.data["bearer"]), str(prompt.data["colour"])
    in_time = tx.now <= int(prompt.data["deadline_ms"]) and plan(state).rally_deadlines.get(bearer) is not None
    if choice == "yes" and in_time and state.rooms[pid] is state.rooms[bearer] and passes_colour(state, pid, colour):
        tx.emit(RallyJoined(player_id=pid, colour=colour))


def _first_expiry(state: GameState) -> int | None:
    return min((int(p.data["deadline_ms"]) for p in state.prompts.values() if p.kind == "rally_join"), default=None)


def _expire(tx: Tx) -> None:
    for prompt in list(tx.state.prompts.values()):
        if prompt.kind == "rally_join" and int(prompt.data["deadline_ms"]) <= tx.now:
            tx.emit(PromptClosed(prompt_id=prompt.id, choice=None))


rounds.TIMERS.append((_first_expiry, _expire))


def rallied_stay(tx: Tx, moves: dict[str, Room]) -> dict[str, Room]:
    """Departure step 1 (§4.2): each rallied envoy still of the rally's colour shows it to his room and stays."""
    out = dict(moves)
    for pid, colour in plan(tx.state).rallied.items():
        if pid not in out or not passes_colour(tx.state, pid, colour):
            continue
        room = tx.state.rooms[pid]
        viewers = [p for p in tx.state.present(room) if p != pid]
        tx.emit(CardShown(kind="couleur_publique", shower=pid, viewers=viewers, colour=colour, room=room,
                          source="rally"))
        tx.emit(DepartureChanged(room=room, player_id=pid, change="stays", by="rally"))
        del out[pid]
    return out
