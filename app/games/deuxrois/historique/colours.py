"""Colours an event pushes to a whole room (couleur publique: events 5, 6, 25, 28; A16).

The Infidèle shows his current colour. The Espion chooses: he gets a prompt (red/blue) and his
colour is shown when he answers; after 20 s, or when the phase ends, a seeded coin decides.
"""

from __future__ import annotations

from app.games.deuxrois import rounds
from app.games.deuxrois.cards import ESPION
from app.games.deuxrois.events import CardShown, PromptClosed
from app.games.deuxrois.fold import Tx
from app.games.deuxrois.historique.events import HistoriqueTimerSet
from app.games.deuxrois.knowledge import displayed_colour
from app.games.deuxrois.prompts import open_prompt, prompt_kind
from app.games.deuxrois.state import Prompt

ESPION_PROMPT = "espion_public_colour"
ESPION_MS = 20_000


def _show(tx: Tx, pid: str, colour: str, source: str) -> None:
    room = tx.state.rooms[pid]
    viewers = [p for p in tx.state.present(room) if p != pid]
    tx.emit(CardShown(kind="couleur_publique", shower=pid, viewers=viewers, colour=colour, room=room,
                      source=source))


def public_colour(tx: Tx, pid: str, source: str) -> None:
    """`pid`'s displayed colour to everyone in his room (and the moderator); the Espion is asked first."""
    if tx.state.cards[pid] != ESPION:
        _show(tx, pid, displayed_colour(tx.state, pid), source)
        return
    prompt_id = open_prompt(tx, pid, ESPION_PROMPT, ["red", "blue"],
                            {"source": source, "phase": tx.state.phase, "round": tx.state.round}, until="round")
    deadline = tx.state.deadline_ms or tx.now
    tx.emit(HistoriqueTimerSet(name=f"espion:{prompt_id}", ms_before_phase_end=max(0, deadline - tx.now - ESPION_MS)))


@prompt_kind(ESPION_PROMPT)
def _answered(tx: Tx, prompt: Prompt, choice: str) -> None:
    tx.emit(HistoriqueTimerSet(name=f"espion:{prompt.id}", ms_before_phase_end=None))
    if prompt.player_id in tx.state.rooms:
        _show(tx, prompt.player_id, choice, str(prompt.data["source"]))


def expire(tx: Tx, prompt_id: str) -> None:
    """No answer in time: a seeded coin decides (the colour is shown all the same)."""
    prompt = tx.state.prompts.get(prompt_id)
    if prompt is None:
        tx.emit(HistoriqueTimerSet(name=f"espion:{prompt_id}", ms_before_phase_end=None))
        return
    choice = tx.rng(f"espion-colour:{prompt_id}").choice(list(prompt.options))
    tx.emit(PromptClosed(prompt_id=prompt_id, choice=choice))
    _answered(tx, prompt, choice)


def _react(tx: Tx) -> None:
    """A question left open when its phase ended is settled at once."""
    for prompt in list(tx.state.prompts.values()):
        if prompt.kind == ESPION_PROMPT and (prompt.data.get("phase"), prompt.data.get("round")) != (
                tx.state.phase, tx.state.round):
            expire(tx, prompt.id)


rounds.REACTORS.append(_react)
