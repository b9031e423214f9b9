"""Legal actions for one player: what the phone offers, with the reason when it cannot.

Each entry is {"type", "available", "reason": {"fr","en"} | None, ...} plus what
the command needs (targets, candidates, options). Templates render this list and
never re-derive a rule; the random-playout test plays only from it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.games.deuxrois import designation as des_rules
from app.games.deuxrois import election as election_rules
from app.games.deuxrois.cards import CARDS, ESPION, Effect
from app.games.deuxrois.powers.registry import ACTIVE, powers_of, reveal_blocked, unavailable_reason
from app.games.deuxrois.state import GameState
from app.kernel.text import Text

Action = dict[str, Any]
# Mode Historique seam: fn(state, pid) -> extra actions (the number of the draw, the zone...).
EXTRA_ACTIONS: list[Callable[[GameState, str], list[Action]]] = []
_ROUND = ("N", "E", "D", "X", "A")


def _action(action_type: str, reason: Text | None = None, **extra: Any) -> Action:
    return {"type": action_type, "available": reason is None, "reason": reason.as_dict() if reason else None, **extra}


def _reveal_actions(state: GameState, pid: str) -> list[Action]:
    room = state.rooms[pid]
    pending = {r.to_id if r.from_id == pid else r.from_id for r in state.requests.values() if pid in (r.from_id, r.to_id)}
    others = [p for p in state.present(room) if p != pid]
    colours = ["red", "blue"] if state.cards[pid] == ESPION else None
    complete_to = [p for p in others if p not in pending and reveal_blocked(state, pid, p, "complete") is None]
    colour_to = [p for p in others if p not in pending and reveal_blocked(state, pid, p, "couleur") is None]
    private_to = [p for p in others if reveal_blocked(state, pid, p, "privee") is None]
    alone = Text("Personne d'autre dans votre salle.", "Nobody else in your room.")
    out = [
        _action("request_reveal", None if complete_to else alone, kind="complete", targets=complete_to),
        _action("request_reveal", None if colour_to else alone, kind="couleur", targets=colour_to, colours=colours),
        _action("reveal_private", None if private_to else alone, targets=private_to),
    ]
    public = reveal_blocked(state, pid, None, "publique")
    out.append(_action("reveal_public", public))
    for r in state.requests.values():
        if r.to_id == pid:
            blocked = reveal_blocked(state, pid, r.from_id, r.kind)
            out.append(_action("answer_reveal", blocked, request_id=r.id, kind=r.kind,
                               from_player=r.from_id, colours=colours))
        elif r.from_id == pid:
            out.append(_action("cancel_reveal", None, request_id=r.id))
    return out


def _vote_action(state: GameState, pid: str) -> list[Action]:
    room = election_rules.open_room_of(state, pid)
    if room is None or not election_rules.may_vote(state, pid):
        return []
    candidates = [p for p in election_rules.eligible_candidates(state, room) if p != pid]
    voted = pid in state.elections[room].ballots
    return [_action("vote", None, candidates=candidates, abstain=True, voted=voted)]


def _designation_actions(state: GameState, pid: str) -> list[Action]:
    if state.phase != "D":
        return []
    out: list[Action] = []
    for room in state.iter_rooms():  # the général's own room, unless a seam hands it to someone else
        des = state.designations.get(room)
        if des is None or des.locked or des_rules.designator(state, room) != pid:
            continue
        need = des_rules.required(state, room)
        quota_text = Text(f"Il faut exactement {need} envoyé(s).", f"Exactly {need} envoy(s) are needed.")
        out.append(_action("designate", None, targets=des_rules.eligible(state, room), quota=need,
                           named=list(des.named)))
        out.append(_action("lock_envoys", None if len(des.named) == need else quota_text))
    des = state.designations.get(state.rooms[pid])
    if des is not None and not des.locked and Effect.DESIGNATION in _immunities(state, pid) \
            and pid not in des.volunteers:
        out.append(_action("volunteer", None))
    return out


def _immunities(state: GameState, pid: str) -> frozenset[Effect]:
    return CARDS[state.cards[pid]].immune_to


def _power_actions(state: GameState, pid: str) -> list[Action]:
    out = []
    for power in powers_of(state, pid):
        active = ACTIVE.get(power.key)
        if active is None:
            continue
        reason = unavailable_reason(state, pid, power.key)
        targets = active.targets(state, pid) if active.targets is not None else None
        if reason is None and targets is not None and not targets:
            reason = Text("Aucune cible possible.", "No possible target.")
        more = active.extra(state, pid) if active.extra is not None else {}  # e.g. pick=2, choices=[...]
        out.append(_action("use_power", reason, power=power.key, name=power.name.as_dict(), targets=targets, **more))
    return out


def legal_actions(state: GameState, pid: str) -> list[Action]:
    if state.phase == "lobby":
        return [_action("leave", None)]
    if state.over or pid not in state.cards:
        return []
    prompts = [_action("answer_prompt", None, prompt_id=p.id, kind=p.kind, options=list(p.options),
                       **({"about": str(p.data["target"])} if "target" in p.data else {}))
               for p in state.prompts.values() if p.player_id == pid]
    if state.paused_at_ms is not None:
        paused = Text("La partie est en pause.", "The game is paused.")
        return [{**a, "available": False, "reason": paused.as_dict()} for a in prompts]
    if state.phase not in _ROUND:
        return prompts
    return [*prompts, *_vote_action(state, pid), *_designation_actions(state, pid), *_reveal_actions(state, pid),
            *_power_actions(state, pid), *(a for extra in EXTRA_ACTIONS for a in extra(state, pid))]
