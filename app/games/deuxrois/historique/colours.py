"""Colours an event makes players show (couleur publique: events 5, 6, 25, 28; the group of 8; A16, S15).

The Infidèle shows his current colour. The Espion chooses (A16, S5, S15): he gets a prompt
(red/blue) whose deadline is the window's, i.e. the end of the phase he is asked in, and his
colour is shown when he answers; unanswered, the colour he showed last, or a seeded draw if he
never showed one. The prompt is settled at the phase's deadline (a timer, before the phase's
own end), when the phase ends early (a follow-up), and before the crossing in window X (so a
colour owed in X is shown where it was owed). These are the event's obligations: a bar on the
reveal (bars.reveal) skips it, the Berserker's weakness does not (C81).
"""

from __future__ import annotations

from app.games.deuxrois.cards import ESPION
from app.games.deuxrois.deal import Room
from app.games.deuxrois.historique.effects import envoys_leaving
from app.games.deuxrois.historique.events import HistoriqueTimerSet
from app.games.deuxrois.historique.model import historique_of
from app.games.deuxrois.knowledge import displayed_colour, last_colour
from app.games.deuxrois.model.events import PromptClosed
from app.games.deuxrois.prompts import open_prompt
from app.games.deuxrois.reveals import colour_exchange, show_colour_public
from app.games.deuxrois.ruleset import GameRules, Tx
from app.games.deuxrois.state import GameState, Prompt

ESPION_PROMPT = "espion_public_colour"  # his colour to the whole room (5, 6, 25, 28)
ESPION_GROUP_PROMPT = "espion_group_colour"  # his colour to the other envoys of his crossing (8)
KINDS = (ESPION_PROMPT, ESPION_GROUP_PROMPT)


def _owed(tx: Tx, source: str) -> dict[str, object]:
    """What the Espion's question remembers: the event, and the window (phase) whose deadline it has."""
    return {"source": source, "phase": tx.state.phase, "round": tx.state.round}


def public_colour(tx: Tx, pid: str, source: str) -> None:
    """`pid`'s displayed colour to everyone in his room (and the moderator); the Espion is asked first."""
    if tx.state.cards[pid] != ESPION:
        show_colour_public(tx, pid, displayed_colour(tx.state, pid), source, must=True)
        return
    open_prompt(tx, pid, ESPION_PROMPT, ["red", "blue"], _owed(tx, source), until="round")


def group_colours(tx: Tx, group: list[str], source: str) -> None:
    """8, E12: mutual colour reveals among the envoys leaving one room; no Faussaire swap (C36).
    The pairs of an Espion wait for his choice (S15); the others are made at once."""
    espions = [p for p in group if tx.state.cards[p] == ESPION]
    others = [p for p in group if p not in espions]
    for i, a in enumerate(others):
        for b in others[i + 1:]:
            _pair(tx, a, b, displayed_colour(tx.state, a), displayed_colour(tx.state, b), source)
    for espion in espions:
        if len(group) > 1:
            open_prompt(tx, espion, ESPION_GROUP_PROMPT, ["red", "blue"], _owed(tx, source), until="round")


def _pair(tx: Tx, a: str, b: str, a_colour: str, b_colour: str, source: str) -> None:
    colour_exchange(tx, a, b, a_colour, b_colour, source=source, skip=frozenset({"forgery"}), must=True)


def _group_of(state: GameState, pid: str) -> list[str]:
    room = state.rooms.get(pid)
    return [p for p in envoys_leaving(state, room) if p != pid] if room is not None else []


def _clear_old_timer(tx: Tx, prompt_id: str) -> None:
    """Games logged before S15 armed a 20-s timer per question: it goes with the question."""
    if f"espion:{prompt_id}" in historique_of(tx.state).timers:
        tx.emit(HistoriqueTimerSet(name=f"espion:{prompt_id}", ms_before_phase_end=None))


def _answered(tx: Tx, prompt: Prompt, choice: str) -> None:
    _clear_old_timer(tx, prompt.id)
    pid, source = prompt.player_id, str(prompt.data["source"])
    if pid not in tx.state.rooms or tx.state.cards[pid] != ESPION:
        return  # no longer the Espion (a swap): nothing of his is owed any more
    if prompt.kind == ESPION_PROMPT:
        show_colour_public(tx, pid, choice, source, must=True)
        return
    if tx.state.phase != "X":
        return  # the envoys have left
    for other in _group_of(tx.state, pid):
        other_colour = displayed_colour(tx.state, other) if tx.state.cards[other] != ESPION else choice
        _pair(tx, pid, other, choice, other_colour, source)


def expire(tx: Tx, prompt_id: str) -> None:
    """Unanswered by the window's deadline (S15): the colour he showed last, else a seeded draw."""
    prompt = tx.state.prompts.get(prompt_id)
    if prompt is None:
        _clear_old_timer(tx, prompt_id)
        return
    choice = last_colour(tx.state, prompt.player_id) or tx.rng(f"espion-colour:{prompt_id}").choice(
        list(prompt.options))
    tx.emit(PromptClosed(prompt_id=prompt_id, choice=choice))
    _answered(tx, prompt, choice)


def _owed_now(state: GameState) -> list[Prompt]:
    return [p for p in state.prompts.values() if p.kind in KINDS
            and (p.data.get("phase"), p.data.get("round")) == (state.phase, state.round)]


def _due(state: GameState) -> int | None:
    """The window's deadline: the phase's own, while an Espion's colour of this phase is owed."""
    if state.paused_at_ms is not None or not _owed_now(state):
        return None
    return state.deadline_ms


def _fire(tx: Tx) -> None:
    for prompt in _owed_now(tx.state):
        expire(tx, prompt.id)


def _react(tx: Tx) -> None:
    """A question left open when its phase ended (early, or skipped by the moderator) is settled at once."""
    for prompt in list(tx.state.prompts.values()):
        if prompt.kind in KINDS and (prompt.data.get("phase"), prompt.data.get("round")) != (
                tx.state.phase, tx.state.round):
            expire(tx, prompt.id)


def _before_crossing(tx: Tx, moves: dict[str, Room]) -> dict[str, Room]:
    """Window X's colours are owed before anyone leaves (8: "avant de changer de salle")."""
    _fire(tx)
    return moves


def install(rules: GameRules) -> None:
    rules.prompt_kind(ESPION_PROMPT)(_answered)
    rules.prompt_kind(ESPION_GROUP_PROMPT)(_answered)
    rules.reactors.append(_react)
    rules.timers.append((_due, _fire))
    rules.departure_step(order=-10)(_before_crossing)
