"""The game master's grimoire: every player by room with reminder tokens, and what is pending, in words.

For the dashboard only (the moderator view reads everything): each seat with its card, its room and
the tokens a storyteller keeps on the table (général, envoyé, armé, béni, sujet, fidèle, traité,
neutralisé, corrompu, pouvoirs déjà utilisés), and the pending things (requests, questions, votes)
naming who and since when (the epoch ms of the event that opened them; the page counts from it).
"""

from __future__ import annotations

from functools import partial
from typing import Any

from app.games.deuxrois import election as election_rules
from app.games.deuxrois import memo
from app.games.deuxrois.cards import ARMURIER
from app.games.deuxrois.deal import ROOM_NAMES, Room
from app.games.deuxrois.event_text import card_label, openings, power_name
from app.games.deuxrois.model.events import PhaseStarted
from app.games.deuxrois.moments import crossed, phase_start_ms
from app.games.deuxrois.powers.intrigue import neutralised
from app.games.deuxrois.powers.timeline import live_events
from app.games.deuxrois.state import GameState, Prompt, RevealRequest

View = dict[str, Any]


def tokens(state: GameState, pid: str) -> list[View]:
    """The reminder tokens on one seat, each {key, ...} said by the catalogue's `token.<key>`."""
    out: list[View] = []
    room = state.rooms.get(pid)
    if room is not None and state.generals.get(room) == pid:
        out.append({"key": "general"})
    if state.phase == "A":
        if pid in crossed(state):
            out.append({"key": "crossed"})
    elif state.phase in ("D", "X"):
        for des in state.designations.values():
            if pid in des.named:
                out.append({"key": "envoy_locked" if des.locked else "envoy"})
    if pid not in state.cards:
        return out
    cs = state.state_of(pid)
    for flag, key in ((cs.armed, "armed"), (cs.blessed, "blessed"), (cs.subject, "subject"),
                      (cs.pope_faithful, "faithful")):
        if flag:
            out.append({"key": key})
    if cs.treaty != "none":
        out.append({"key": "treaty"})
    if state.cards[pid] == ARMURIER and neutralised(state):
        out.append({"key": "neutralised"})
    if pid in state.bindings:
        out.append({"key": "corrupted", "by": state.name(state.bindings[pid])})
    if cs.banked:
        out.append({"key": "banked", "n": cs.banked})
    used = sorted(cs.used_game | {k for k, n in cs.used_round if n})
    for key in used:
        name = power_name(key)
        if name is not None:
            out.append({"key": "used", "power": name})
    return out


def _phase_start(state: GameState) -> int | None:
    """When the current phase began (epoch ms), read back from the newest event (kept once a phase)."""
    if memo.enabled():
        return phase_start_ms(state)
    for _, ev in live_events(state, since=max(0, state.version - 4000)):
        if isinstance(ev, PhaseStarted):
            return ev.at_ms
    return None


# When each waiting request or question was opened, kept by the request (or question) itself: the same
# object stays in the state until it is answered, and its opening event never moves. Read back from the
# newest event once, not after every event (an old request left unanswered was a walk of the whole phase).
_OPENED_AT = memo.Keep(4096)


def _opened_at(state: GameState, item_id: str, item: object) -> int | None:
    return _OPENED_AT.of(item, lambda _: getattr(openings(state, {item_id}).get(item_id), "at_ms", None))


# A line of what waits, kept while its request or question and the names are the same objects: forty
# questions left open were forty lines made again after every tap.
_WAITING = memo.Keep(4096)


def _request_line(state: GameState, r: RevealRequest) -> View:
    return {"from": state.name(r.from_id), "to": state.name(r.to_id), "kind": r.kind,
            "since_ms": _opened_at(state, r.id, r)}


def _prompt_line(state: GameState, p: Prompt) -> View:
    return {"player": state.name(p.player_id), "kind": p.kind,
            "about": state.name(str(p.data["target"])) if "target" in p.data else None,
            "since_ms": _opened_at(state, p.id, p)}


def pending(state: GameState) -> View:
    """Requests, questions and votes that wait, with who and since when."""
    players = state.players
    requests = [_WAITING.get((r, players), partial(_request_line, state, r)) for r in state.requests.values()]
    prompts = [_WAITING.get((p, players), partial(_prompt_line, state, p)) for p in state.prompts.values()]
    votes = []
    since = _phase_start(state)
    for room, el in state.elections.items():
        if not el.open:
            continue
        voters = [p for p in state.present(room) if election_rules.may_vote(state, p)]
        waiting = [state.name(p) for p in voters if p not in el.ballots]
        votes.append({"room": ROOM_NAMES[room].as_dict(), "cast": len(voters) - len(waiting), "of": len(voters),
                      "waiting": waiting, "since_ms": since})
    designations = []
    for room, des in state.designations.items():
        if state.phase == "D" and not des.locked:
            general = state.generals.get(room)
            designations.append({"room": ROOM_NAMES[room].as_dict(), "general": state.name(general) if general else None,
                                 "named": [state.name(p) for p in des.named], "since_ms": since})
    return {"requests": requests, "prompts": prompts, "votes": votes, "designations": designations}


# The dashboard asks after every event; most events (a request, a vote) change nothing it shows. Kept by
# every part of the state `tokens` and the seats read (names, rooms, généraux, phase, envoy lists, cards,
# card states, corruptions, who neutralised whom and who moved since; during the crossing, the history).
_GRIMOIRES = memo.Keep(512)


def grimoire(state: GameState) -> View:
    """Seats grouped by room (seat order within), each with name, card and tokens."""
    return _GRIMOIRES.get((state.players, state.rooms, state.generals, state.phase, state.designations, state.cards,
                           state.card_states, state.bindings, state.last_used_by, state.moved_at,
                           state.history if state.phase == "A" else None), lambda: _grimoire(state))


def _grimoire(state: GameState) -> View:
    rooms = []
    for room in (Room.NORMANDIE, Room.ANGLETERRE):
        seats = [{"id": p, "name": state.name(p),
                  "card": {"number": state.cards[p], "label": card_label(state.cards[p])} if p in state.cards else None,
                  "tokens": tokens(state, p)} for p in state.present(room)]
        general = state.generals.get(room)
        rooms.append({"id": room.value, "name": ROOM_NAMES[room].as_dict(), "seats": seats,
                      "general": state.name(general) if general else None})
    return {"rooms": rooms}
