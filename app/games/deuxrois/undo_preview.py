"""What a moderator undo would change, before it is done (issue #4).

`undo_preview(state, to_version)` folds the very `Reverted` event the undo
would emit and compares the two states with `diff`: round and phase, rooms,
généraux, cards that change hands, card-state fields, ballots, envoys,
prompts and requests that disappear or come back, and the events whose effect
is undone (newest first, capped) or restored (an undo of an undo).
Pure and JSON-able, like the views: the moderator sees everything.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import fields
from typing import Any

from app.games.deuxrois.card_state import CardState
from app.games.deuxrois.cards import CARDS
from app.games.deuxrois.event_text import closed_ids, describe, openings, state_words
from app.games.deuxrois.model.events import EventBase, NoteRecorded, Reverted
from app.games.deuxrois.powers.timeline import last_time, live_events
from app.games.deuxrois.state import GameState
from app.kernel.text import EngineError, Text

View = dict[str, Any]
EVENTS_SHOWN = 30  # the newest undone events listed; the rest are counted


def check_version(state: GameState, to_version: int) -> None:
    """The same bounds as the mod_undo command (moderator.py)."""
    if not 1 <= to_version < state.version:
        raise EngineError("bad_version", Text(f"Version entre 1 et {state.version - 1}.",
                                              f"Version between 1 and {state.version - 1}."))


def undo_preview(state: GameState, to_version: int) -> View:
    """The diff between `state` and the state `mod_undo(to_version)` would leave. Raises EngineError if out of range."""
    check_version(state, to_version)
    after = state.rules.evolve(state, Reverted(to_version=to_version, at_ms=last_time(state)))
    return {"to_version": to_version, "from_version": state.version, **diff(state, after)}


def diff(before: GameState, after: GameState) -> View:
    """What differs between two states of the same game, for a person to read."""
    return {
        "game": _game(before, after),
        "rooms": _rooms(before, after),
        "generals": _generals(before, after),
        "cards": _cards(before, after),
        "card_states": _card_states(before, after),
        "ballots": _gone_back(_ballots(before), _ballots(after)),
        "envoys": _gone_back(_envoys(before), _envoys(after)),
        "prompts": _gone_back(_prompts(before), _prompts(after)),
        "requests": _gone_back(_requests(before), _requests(after)),
        "knowledge": _gone_back(_knowledge(before), _knowledge(after)),
        **_events(before, after),
    }


def _who(state: GameState, pid: str | None) -> View | None:
    return None if pid is None else {"id": pid, "name": state.name(pid)}


def _card(number: int | None) -> View | None:
    if number is None:
        return None
    return {"number": number, "name": CARDS[number].name.as_dict()}


def _game(before: GameState, after: GameState) -> View:
    return {"phase": [before.phase, after.phase], "round": [before.round, after.round],
            "changed": (before.phase, before.round) != (after.phase, after.round)}


def _players(before: GameState, after: GameState) -> list[str]:
    seen = [p.id for p in before.players]
    return seen + [p.id for p in after.players if p.id not in seen]


def _rooms(before: GameState, after: GameState) -> list[View]:
    out = []
    for pid in _players(before, after):
        a, b = before.rooms.get(pid), after.rooms.get(pid)
        if a is not b:
            out.append({"player": _who(before if before.player(pid) else after, pid),
                        "from": a.value if a else None, "to": b.value if b else None})
    return out


def _generals(before: GameState, after: GameState) -> list[View]:
    out = []
    for room in before.iter_rooms():
        a, b = before.generals.get(room), after.generals.get(room)
        if a != b:
            out.append({"room": room.value, "from": _who(before, a), "to": _who(after, b)})
    return out


def _cards(before: GameState, after: GameState) -> list[View]:
    out = []
    for pid in _players(before, after):
        a, b = before.cards.get(pid), after.cards.get(pid)
        if a != b:
            out.append({"player": _who(before if before.player(pid) else after, pid),
                        "from": _card(a), "to": _card(b)})
    return out


def _card_states(before: GameState, after: GameState) -> list[View]:
    out = []
    for card in sorted(set(before.card_states) | set(after.card_states)):
        a, b = before.card_state(card), after.card_state(card)
        if a == b:
            continue
        changes = [{"field": f.name, "from": state_words(before, f.name, getattr(a, f.name)),
                    "to": state_words(after, f.name, getattr(b, f.name))}
                   for f in fields(CardState) if getattr(a, f.name) != getattr(b, f.name)]
        out.append({"card": _card(card), "holder": _who(before, before.holder(card)), "changes": changes})
    return out


def _gone_back(before: Mapping[str, View], after: Mapping[str, View]) -> View:
    """Entries keyed by identity: those only before disappear, those only after come back."""
    return {"gone": [v for k, v in before.items() if after.get(k) != v],
            "back": [v for k, v in after.items() if before.get(k) != v]}


def _ballots(state: GameState) -> dict[str, View]:
    return {f"{room.value}:{voter}": {"room": room.value, "voter": _who(state, voter),
                                      "candidate": _who(state, cand)}
            for room, el in state.elections.items() for voter, cand in el.ballots.items()}


def _envoys(state: GameState) -> dict[str, View]:
    return {f"{room.value}:{p}": {"room": room.value, "player": _who(state, p), "locked": des.locked}
            for room, des in state.designations.items() for p in des.named}


def _prompts(state: GameState) -> dict[str, View]:
    return {p.id: {"id": p.id, "player": _who(state, p.player_id), "kind": p.kind, "options": list(p.options)}
            for p in state.prompts.values()}


def _requests(state: GameState) -> dict[str, View]:
    return {r.id: {"id": r.id, "from": _who(state, r.from_id), "to": _who(state, r.to_id), "kind": r.kind}
            for r in state.requests.values()}


def _knowledge(state: GameState) -> dict[str, View]:
    """What each player's phone says they were shown (an undo wipes it there; people still remember)."""
    return {f"{viewer}:{snap.seq}:{snap.subject}": {"viewer": _who(state, viewer), "subject": _who(state, snap.subject),
                                                    "kind": snap.kind, "card": _card(snap.card), "colour": snap.colour}
            for viewer, snaps in state.knowledge.items() for snap in snaps}


def _live(state: GameState) -> dict[int, EventBase]:
    """Version -> event for the events whose effect is in `state` (notes are never undone)."""
    return {v: e for v, e in live_events(state) if not isinstance(e, NoteRecorded)}


def _listed(state: GameState, events: Iterable[tuple[int, EventBase]]) -> list[View]:
    events = list(events)
    opened = openings(state, closed_ids(e for _, e in events))
    return [{"version": v, "type": e.type, "text": describe(state, e, opened)} for v, e in events]


def _events(before: GameState, after: GameState) -> View:
    now, then = _live(before), _live(after)
    then.pop(after.version, None)  # the undo itself
    undone = sorted(((v, e) for v, e in now.items() if v not in then), key=lambda ve: -ve[0])
    restored = sorted(((v, e) for v, e in then.items() if v not in now), key=lambda ve: -ve[0])
    return {"undone": _listed(before, undone[:EVENTS_SHOWN]), "undone_more": max(0, len(undone) - EVENTS_SHOWN),
            "undone_count": len(undone),
            "restored": _listed(after, restored[:EVENTS_SHOWN]), "restored_more": max(0, len(restored) - EVENTS_SHOWN)}
