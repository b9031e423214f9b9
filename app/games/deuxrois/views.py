"""Views: the only door for secrets. Plain JSON-able dicts, one per viewer.

A player's view holds his own current card, what others showed him (his
knowledge snapshots), the public happenings of his room while he was there,
his room's roster and timers, and his legal actions with the reason each is
or is not available. The screen view holds nothing secret. Only the moderator
view reads everything.
"""

from __future__ import annotations

from typing import Any

from app.games.deuxrois import designation as designation_rules
from app.games.deuxrois import election as election_rules
from app.games.deuxrois.actions import legal_actions
from app.games.deuxrois.alerts import player_alerts
from app.games.deuxrois.cards import CARDS, COLOUR_NAMES, Colour
from app.games.deuxrois.deal import ROOM_NAMES, Room
from app.games.deuxrois.event_text import closed_ids, describe, feed_sentence, openings
from app.games.deuxrois.grimoire import grimoire, pending
from app.games.deuxrois.model.events import EventBase
from app.games.deuxrois.moments import crossed, player_moments
from app.games.deuxrois.powers import envoy_plan
from app.games.deuxrois.powers.registry import (
    offered_reason,
    powers_of,
    unavailable_reason,
    uses_left,
)
from app.games.deuxrois.rounds import next_deadline
from app.games.deuxrois.state import FeedItem, GameState, Snapshot

View = dict[str, Any]
LOG_LINES = 80  # the dashboard's log shows the latest events; the export holds them all


def _card(number: int) -> View:
    c = CARDS[number]
    return {"number": number, "key": c.key, "name": c.name.as_dict(), "label": {"fr": c.label("fr"), "en": c.label("en")},
            "colour": str(c.colour), "colour_name": COLOUR_NAMES[c.colour].as_dict()}


def _who(state: GameState, pid: str | None) -> View | None:
    return None if pid is None else {"id": pid, "name": state.name(pid)}


def _game(state: GameState) -> View:
    deadline = next_deadline(state)
    paused = state.paused_at_ms
    game: View = {
        "phase": state.phase, "round": state.round, "rounds": state.config.rounds,
        "deadline_ms": deadline, "paused": paused is not None,
    }  # no version here: every page shows this, and a version changes with every tap
    if paused is not None and state.deadline_ms is not None:  # timers stand still: what is left on resume
        game["left_ms"] = max(0, state.deadline_ms - paused)
    return game


def _room(state: GameState, room: Room) -> View:
    return {"id": room.value, "name": ROOM_NAMES[room].as_dict(),
            "roster": [_who(state, p) for p in state.present(room)],
            "general": _who(state, state.generals.get(room))}


def _my_card(state: GameState, pid: str) -> View:
    number = state.cards[pid]
    cs = state.card_state(number)
    view = _card(number)
    view["objective"] = CARDS[number].objective.as_dict()
    powers = []
    for power in powers_of(state, pid):
        reason = unavailable_reason(state, pid, power.key) if power.key in state.rules.active else offered_reason(state, pid, power)
        powers.append({
            "key": power.key, "name": power.name.as_dict(), "text": power.text.as_dict(),
            "frequency": str(power.frequency), "automatic": power.automatic,
            "uses_left": uses_left(state, pid, power),
            "usable": power.key in state.rules.active and reason is None,
            "reason": reason.as_dict() if reason is not None else None,
        })
    view["powers"] = powers
    # The card's own state is the holder's to know (it travels with the card, §0.3).
    view["status"] = {"subject": cs.subject, "blessed": cs.blessed, "pope_faithful": cs.pope_faithful,
                      "armed": cs.armed, "infidel_colour": cs.infidel_colour, "banked": cs.banked,
                      "pledge": cs.pledge, "treaty": cs.treaty,
                      "visits": {"normandie": cs.visits_normandie, "angleterre": cs.visits_angleterre}}
    if number in (9, 22) and CARDS[number].colour is Colour.BICOLOUR:
        view["shows_colour"] = cs.infidel_colour if number == 22 else "choice"
    return view


def _snapshot(state: GameState, snap: Snapshot) -> View:
    return {"player": _who(state, snap.subject), "card": _card(snap.card) if snap.card is not None else None,
            "colour": snap.colour, "kind": snap.kind, "round": snap.round, "phase": snap.phase, "seq": snap.seq}


def _election(state: GameState, pid: str) -> View | None:
    room = state.rooms[pid]
    el = state.elections.get(room)
    if el is None:
        return None
    return {"open": el.open, "runoff": el.candidates is not None,
            "candidates": [_who(state, p) for p in election_rules.eligible_candidates(state, room)],
            "my_ballot": el.ballots.get(pid, "none") if pid in el.ballots else None, "voted": pid in el.ballots,
            "deadline_ms": el.deadline_ms}


def _designation(state: GameState, room: Room) -> View | None:
    des = state.designations.get(room)
    if des is None:
        return None
    return {"named": [_who(state, p) for p in des.named], "locked": des.locked,
            "required": designation_rules.required(state, room)}


def player_view(state: GameState, pid: str) -> View:
    view: View = {"viewer": {"kind": "player", **(_who(state, pid) or {})}, "game": _game(state)}
    if pid not in state.cards:  # lobby: only the seats
        view["lobby"] = [_who(state, p.id) for p in state.players]
        view["actions"] = legal_actions(state, pid)
        return view
    room = state.rooms[pid]
    actions = legal_actions(state, pid)
    feed = [_feed_item(state, item) for item in state.feeds.get(pid, ())]
    view.update({
        "me": _my_card(state, pid),
        "room": _room(state, room),
        "is_general": state.generals.get(room) == pid,
        "election": _election(state, pid),
        "designation": _designation(state, room),
        "requests": {
            "incoming": [{"id": r.id, "from": _who(state, r.from_id), "kind": r.kind}
                         for r in state.requests.values() if r.to_id == pid],
            "outgoing": [{"id": r.id, "to": _who(state, r.to_id), "kind": r.kind}
                         for r in state.requests.values() if r.from_id == pid],
        },
        "prompts": [{"id": p.id, "kind": p.kind, "options": list(p.options),
                     "about": _who(state, str(p.data["target"])) if "target" in p.data else None}
                    for p in state.prompts.values() if p.player_id == pid],
        "actions": actions,
        "knowledge": [_snapshot(state, s) for s in state.knowledge.get(pid, ())],
        "feed": feed,
        "alerts": player_alerts(state, pid),
        "moments": player_moments(state, pid, actions, feed, view["game"]["deadline_ms"]),
    })
    for extra in state.rules.view_extras:  # Mode Historique: the event in force, the draw...
        view.update(extra(state, "player", pid))
    if state.result is not None:
        view["result"] = _result(state)
        view["my_result"] = _mine(view["result"], pid)
    return view


def _mine(result: View, pid: str) -> View | None:
    """The end, said to me first: my points, my place, and why."""
    me = next((p for p in result["players"] if p["id"] == pid), None)
    if me is None:
        return None
    lines = (result.get("explain") or {}).get(pid) or []
    return {"points": me.get("points"), "rank": me.get("rank"), "of": len(result["players"]), "explain": lines,
            "card": me.get("card")}


def _feed_item(state: GameState, item: FeedItem) -> View:
    out: View = {"kind": item.kind, "seq": item.seq, "round": item.round, "phase": item.phase,
                 "say": feed_sentence(state, item)}
    for key, value in item.data.items():
        if key == "player" or key == "general":
            out[key] = _who(state, value)
        elif key == "card":
            out[key] = _card(value) if value is not None else None
        elif key == "players":
            out[key] = [_who(state, p) for p in value]
        else:
            out[key] = value
    return out


def _result(state: GameState) -> View:
    """At the end every card is revealed (D11): the result names each player's card."""
    assert state.result is not None
    res = dict(state.result)
    points = state.result["points"]
    res["players"] = [{**(_who(state, p.id) or {}), "card": _card(state.cards[p.id]),
                       "room": state.rooms[p.id].value, "points": points.get(p.id),
                       # Places by points, ties sharing one ("1, 2, 2, 4").
                       "rank": 1 + sum(1 for q in points.values() if q > (points.get(p.id) or 0))}
                      for p in state.players]
    res["ranking"] = sorted(res["players"], key=lambda p: (-(p["points"] or 0), p["name"]))
    return res


def screen_view(state: GameState) -> View:
    """The big screen: round, phase, timer, rosters, généraux, envoys on the move, the result. No secret."""
    view: View = {"viewer": {"kind": "screen"}, "game": _game(state)}
    if state.phase == "lobby":
        view["lobby"] = [_who(state, p.id) for p in state.players]
        return view
    went = crossed(state) if state.phase == "A" else {}
    rooms = []
    for room in (Room.NORMANDIE, Room.ANGLETERRE):
        r = _room(state, room)
        des = state.designations.get(room)
        if state.phase == "A":  # after the crossing: who really came (a blocked envoy stayed, a companion went)
            r["envoys"] = [_who(state, p) for p, to in went.items() if to is room]
            r["crossed"] = True
        elif state.phase in ("D", "X"):
            r["envoys"] = [_who(state, p) for p in des.named] if des is not None and des.locked else []
        else:
            r["envoys"] = []  # out of the designation and the crossing, nobody is on the move
        rooms.append(r)
    view["rooms"] = rooms
    view["banner"] = _banner(state)
    for extra in state.rules.view_extras:
        view.update(extra(state, "screen", None))
    if state.result is not None:
        view["result"] = _result(state)
    return view


def _banner(state: GameState) -> View | None:
    """The newest happening every player witnessed (a crossing, the song, a historical event): public by
    construction, so the big screen may tell it as a banner. Room-only happenings never reach it."""
    if not state.players:
        return None
    first = state.feeds.get(state.players[0].id, ())
    common = {(i.seq, i.kind) for i in first}
    for p in state.players[1:]:
        common &= {(i.seq, i.kind) for i in state.feeds.get(p.id, ())}
    item = next((i for i in reversed(first) if (i.seq, i.kind) in common), None)
    return None if item is None else {"seq": item.seq, "kind": item.kind, "say": feed_sentence(state, item)}


def moderator_view(state: GameState) -> View:
    """Everything, for the game master (never sent to a player's socket)."""
    view: View = {"viewer": {"kind": "moderator"}, "game": _game(state), "version": state.version, "seed": state.seed,
                  "config": state.config.model_dump(mode="json"), "notes": [list(n) for n in state.notes],
                  "reverts": [list(r) for r in state.reverts]}
    view["players"] = [
        {**(_who(state, p.id) or {}), "card": _card(state.cards[p.id]) if p.id in state.cards else None,
         "room": state.rooms[p.id].value if p.id in state.rooms else None,
         "state": _my_card(state, p.id)["status"] if p.id in state.cards else None}
        for p in state.players
    ]
    if state.phase != "lobby":
        view["rooms"] = [_room(state, r) for r in (Room.NORMANDIE, Room.ANGLETERRE)]
        view["elections"] = {
            room.value: {"open": el.open, "candidates": list(el.candidates) if el.candidates else None,
                         "ballots": dict(el.ballots), "deadline_ms": el.deadline_ms}
            for room, el in state.elections.items()}
        view["designations"] = {room.value: {"named": list(d.named), "locked": d.locked, "refused": sorted(d.refused)}
                                for room, d in state.designations.items()}
        view["bindings"] = dict(state.bindings)
        view["envoy_plan"] = envoy_plan.as_json(state)  # rallied players, X declarations (powers/envoy_plan.py)
        view["requests"] = [{"id": r.id, "from": r.from_id, "to": r.to_id, "kind": r.kind}
                            for r in state.requests.values()]
        view["prompts"] = [{"id": p.id, "player": p.player_id, "kind": p.kind, "options": list(p.options)}
                           for p in state.prompts.values()]
        view["grimoire"] = grimoire(state)  # the same seats by room, with reminder tokens (grimoire.py)
        view["pending"] = pending(state)
        for extra in state.rules.view_extras:
            view.update(extra(state, "moderator", None))
    if state.result is not None:
        view["result"] = _result(state)
    view["log"] = _log(state)
    return view


def _log(state: GameState) -> list[View]:
    """The dashboard's log: the latest events, newest first, one line each (the undo form takes their versions).

    Read back from the head of the history, so a long game costs no more than a short one.
    """
    latest: list[tuple[int, EventBase]] = []
    node, version = state.history, state.version  # every event, undone ones included, counts one version
    while node is not None and len(latest) < LOG_LINES:
        latest.append((version, node.event))
        node, version = node.prev, version - 1
    opened = openings(state, closed_ids(e for _, e in latest))
    return [{"version": v, "at_ms": e.at_ms, "text": describe(state, e, opened)} for v, e in latest]
