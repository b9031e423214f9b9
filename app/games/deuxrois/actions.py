"""Legal actions for one player: what the phone offers, with the reason when it cannot.

Each entry is {"type", "available", "reason": {"fr","en"} | None, ...} plus what
the command needs (targets, candidates, options). Templates render this list and
never re-derive a rule; the random-playout test plays only from it.
"""

from __future__ import annotations

from typing import Any

from app.games.deuxrois import bars
from app.games.deuxrois import designation as des_rules
from app.games.deuxrois import election as election_rules
from app.games.deuxrois.cards import CARDS, ESPION, Effect
from app.games.deuxrois.model.phases import ROUND
from app.games.deuxrois.powers.registry import powers_of, unavailable_reason
from app.games.deuxrois.prompts import options_for
from app.games.deuxrois.state import GameState
from app.kernel.text import Text

Action = dict[str, Any]
# The actions made with one room-mate: the phone shows them in that mate's box (views.py `mates_<n>`).
WITH_A_MATE = ("request_reveal", "reveal_private")
# After the mates' boxes: showing my card to the room, leaving, my powers (views.py `actions_more`); every
# other action but a cancel (in its mate's box) waits for me now (`actions_now`). Each part is its own key,
# so that a request, which changes my boxes, does not make the powers' region render again.
MORE = ("reveal_public", "use_power", "leave")
# The boxes come in pages of MATE_PAGE, in seat order, each page its own key and region, so that a request
# re-renders the page of the one box it changes (a room can hold 49 of them: MATE_PAGES pages). Four a
# page: a tap renders ~1.3 ms of boxes on each of two phones, not 2 ms (pages of six), and the first page
# of a phone costs no more (docs/performance.md); each page is its own grid, and a phone shows two
# columns, so an odd page would leave a hole in every page's last row.
MATE_PAGE = 4
MATE_PAGES = 13
MATE_KEYS = tuple(f"mates_{n}" for n in range(1, MATE_PAGES + 1))


def parts(actions: list[Action]) -> dict[str, list[Action]]:
    """The view's `actions_now` and `actions_more` (see MORE)."""
    aside = (*WITH_A_MATE, "cancel_reveal", *MORE)
    return {"actions_now": [a for a in actions if a["type"] not in aside],
            "actions_more": [a for a in actions if a["type"] in MORE]}


def _action(action_type: str, reason: Text | None = None, **extra: Any) -> Action:
    return {"type": action_type, "available": reason is None, "reason": reason.as_dict() if reason else None, **extra}


def _reveal_actions(state: GameState, pid: str) -> list[Action]:
    """The reveals he may choose, each asked of bars exactly as the command will be (S21)."""
    room = state.rooms[pid]
    pending = {r.to_id if r.from_id == pid else r.from_id for r in state.requests.values() if pid in (r.from_id, r.to_id)}
    others = [p for p in state.present(room) if p != pid]
    colours = ["red", "blue"] if state.cards[pid] == ESPION else None
    alone = Text("Personne d'autre dans votre salle.", "Nobody else in your room.")

    def reveal(kind: str, to_pending: bool) -> Action:
        own = bars.own_reveal(state, pid, kind)  # his own bar (the Berserker's) before "nobody to ask"
        asked = others if to_pending or not pending else [p for p in others if p not in pending]
        targets = [] if own is not None else bars.reveal_partners(state, pid, asked, kind)
        reason = own.message if own is not None else None if targets else alone
        if kind == "privee":
            return _action("reveal_private", reason, targets=targets)
        return _action("request_reveal", reason, kind=kind, targets=targets,
                       **({"colours": colours} if kind == "couleur" else {}))

    out = [reveal("complete", False), reveal("couleur", False), reveal("privee", True)]
    public = bars.chosen_reveal(state, pid, None, "publique")
    out.append(_action("reveal_public", public.message if public is not None else None))
    for r in state.requests.values():
        if r.to_id == pid:
            # He may always refuse (the asker then sees an ordinary refusal, S6); accepting may be barred.
            own = bars.own_reveal(state, pid, r.kind)
            blocked = bars.reveal(state, pid, r.from_id, r.kind)
            extra = {"accept_reason": own.message.as_dict()} if own is not None else {}
            out.append(_action("answer_reveal", blocked.message if blocked is not None else None, request_id=r.id,
                               kind=r.kind, from_player=r.from_id, colours=colours, **extra))
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
        active = state.rules.active.get(power.key)
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
    prompts = [_action("answer_prompt", None, prompt_id=p.id, kind=p.kind, options=options_for(state, p),
                       **({"about": str(p.data["target"])} if "target" in p.data else {}))
               for p in state.prompts.values() if p.player_id == pid]
    if state.paused_at_ms is not None:
        paused = Text("La partie est en pause.", "The game is paused.")
        return [{**a, "available": False, "reason": paused.as_dict()} for a in prompts]
    if state.phase not in ROUND:
        return prompts
    return [*prompts, *_vote_action(state, pid), *_designation_actions(state, pid), *_reveal_actions(state, pid),
            *_power_actions(state, pid), *(a for extra in state.rules.extra_actions for a in extra(state, pid))]
