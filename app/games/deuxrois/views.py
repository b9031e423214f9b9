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
from app.games.deuxrois import memo
from app.games.deuxrois.actions import MATE_KEYS, MATE_PAGE, WITH_A_MATE, legal_actions, parts
from app.games.deuxrois.alerts import player_alerts
from app.games.deuxrois.card_state import CardState
from app.games.deuxrois.cards import CARDS, Colour
from app.games.deuxrois.deal import ROOM_NAMES, Room
from app.games.deuxrois.event_text import closed_id, closed_ids, describe, feed_sentence, opened_id, openings
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
from app.games.deuxrois.state import FeedItem, GameState, History, Player, Snapshot
from app.games.deuxrois.view_parts import card as _card
from app.games.deuxrois.view_parts import who as _who

View = dict[str, Any]
LOG_LINES = 80  # the dashboard's log shows the latest events; the export holds them all


@memo.per_state
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


_ROOMS = memo.Keep(512)  # the sizes hold about 100 live games of 50 (memo.Keep)


def _room(state: GameState, room: Room) -> View:
    """Who stands in a room and its général: the same for its 25 phones, the screen and the dashboard."""
    general = state.generals.get(room)
    return _ROOMS.get((state.players, state.rooms, room, general), lambda: _room_now(state, room, general))


def _room_now(state: GameState, room: Room, general: str | None) -> View:
    return {"id": room.value, "name": ROOM_NAMES[room].as_dict(),
            "roster": [_who(state, p) for p in state.present(room)],
            "general": _who(state, general)}


@memo.per_state
def _my_card(state: GameState, pid: str) -> View:
    number = state.cards[pid]
    cs = state.card_state(number)
    view = dict(_card(number))
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
    view["status"] = _status(state, number)  # the card's own state is the holder's to know (it travels with the card, §0.3)
    if number in (9, 22) and CARDS[number].colour is Colour.BICOLOUR:
        view["shows_colour"] = cs.infidel_colour if number == 22 else "choice"
    return view


_STATUS = memo.Keep(8192)  # one per card state in play


_UNTOUCHED = CardState()  # a card no event changed yet


def _status(state: GameState, number: int) -> View:
    cs = state.card_states.get(number)
    return _STATUS.of(cs if cs is not None else _UNTOUCHED, _status_now)


def _status_now(cs: CardState) -> View:
    return {"subject": cs.subject, "blessed": cs.blessed, "pope_faithful": cs.pope_faithful,
            "armed": cs.armed, "infidel_colour": cs.infidel_colour, "banked": cs.banked,
            "pledge": cs.pledge, "treaty": cs.treaty,
            "visits": {"normandie": cs.visits_normandie, "angleterre": cs.visits_angleterre}}


_KNOWLEDGE = memo.Keep(8192)
_FEED_ITEMS = memo.Keep(16384)  # a game says a few hundred happenings
_FEEDS = memo.Keep(8192)


def _knowledge(state: GameState, pid: str) -> list[View]:
    """What others showed him; kept while his snapshots (and the names) are the same objects."""
    snaps = state.knowledge.get(pid, ())
    return _KNOWLEDGE.get((snaps, state.players), lambda: [_snapshot(state, s) for s in snaps])


def _feed(state: GameState, pid: str) -> list[View]:
    """His room's happenings in words; each item is said once, whoever witnessed it."""
    items = state.feeds.get(pid, ())
    return _FEEDS.get((items, state.players), lambda: [_said(state, item) for item in items])


def _said(state: GameState, item: FeedItem) -> View:
    return _FEED_ITEMS.get((item, state.players), lambda: _feed_item(state, item))


def _snapshot(state: GameState, snap: Snapshot) -> View:
    return {"player": _who(state, snap.subject), "card": _card(snap.card) if snap.card is not None else None,
            "colour": snap.colour, "kind": snap.kind, "round": snap.round, "phase": snap.phase, "seq": snap.seq}


@memo.per_state
def _candidates(state: GameState, room: Room) -> list[View | None]:
    return [_who(state, p) for p in election_rules.eligible_candidates(state, room)]


def _election(state: GameState, pid: str) -> View | None:
    room = state.rooms[pid]
    el = state.elections.get(room)
    if el is None:
        return None
    return {"open": el.open, "runoff": el.candidates is not None,
            "candidates": _candidates(state, room),
            "my_ballot": el.ballots.get(pid, "none") if pid in el.ballots else None, "voted": pid in el.ballots,
            "deadline_ms": el.deadline_ms}


@memo.per_state
def _designation(state: GameState, room: Room) -> View | None:
    des = state.designations.get(room)
    if des is None:
        return None
    return {"named": [_who(state, p) for p in des.named], "locked": des.locked,
            "required": designation_rules.required(state, room)}


@memo.per_state
def _lobby(state: GameState) -> list[View | None]:
    return [_who(state, p.id) for p in state.players]


@memo.per_state
def _requests(state: GameState) -> dict[str, View]:
    """Each player's requests, incoming and outgoing, in the order they were made (one pass for all)."""
    out: dict[str, View] = {}
    for r in state.requests.values():
        out.setdefault(r.to_id, {"incoming": [], "outgoing": []})["incoming"].append(
            {"id": r.id, "from": _who(state, r.from_id), "kind": r.kind})
        out.setdefault(r.from_id, {"incoming": [], "outgoing": []})["outgoing"].append(
            {"id": r.id, "to": _who(state, r.to_id), "kind": r.kind})
    return out


def _my_requests(state: GameState, pid: str) -> View:
    if not memo.enabled():
        return {"incoming": [{"id": r.id, "from": _who(state, r.from_id), "kind": r.kind}
                             for r in state.requests.values() if r.to_id == pid],
                "outgoing": [{"id": r.id, "to": _who(state, r.to_id), "kind": r.kind}
                             for r in state.requests.values() if r.from_id == pid]}
    return _requests(state).get(pid) or {"incoming": [], "outgoing": []}


def _prompts(state: GameState, pid: str) -> list[View]:
    return [{"id": p.id, "kind": p.kind, "options": list(p.options),
             "about": _who(state, str(p.data["target"])) if "target" in p.data else None}
            for p in state.prompts.values() if p.player_id == pid]


def _mates(pid: str, actions: list[View], room: View, requests: View) -> dict[str, View | None]:
    """My legal actions by room-mate, for the phone's boxes (one per mate) in pages of MATE_PAGE (MATE_KEYS).

    A page is {"actions": the reveals I may make with a mate (each legal action without its `targets`),
    "mates": [{id, name, "can": the indexes of those I may make with him, "waiting": my request waiting
    for his answer, "cancel": the action that cancels it}]}; a page with nobody, and every page when I
    may do nothing with anyone (paused, over), is None.
    """
    outgoing = {r["to"]["id"]: r for r in requests["outgoing"]}
    cancels = {a.get("request_id"): a for a in actions if a["type"] == "cancel_reveal"}
    with_a_mate = [a for a in actions if a["type"] in WITH_A_MATE]
    bases = [{k: v for k, v in a.items() if k != "targets"} for a in with_a_mate]
    targets = [set(a.get("targets") or ()) for a in with_a_mate]
    mates = []
    anything = False
    for mate in room["roster"]:
        mid = mate["id"]
        if mid == pid:
            continue
        waiting = outgoing.get(mid)
        can = [i for i, them in enumerate(targets) if mid in them]
        anything = anything or bool(can) or bool(waiting)
        mates.append({"id": mid, "name": mate["name"], "can": can, "waiting": waiting,
                      "cancel": cancels.get(waiting["id"]) if waiting else None})
    return {key: ({"actions": bases, "mates": page} if anything and (page := mates[i * MATE_PAGE:(i + 1) * MATE_PAGE])
                  else None) for i, key in enumerate(MATE_KEYS)}


@memo.per_state
def names(state: GameState) -> dict[str, str]:
    """Every seat's name, by id: what the phone's action regions name players with (action_forms.build),
    so that they need not read the rosters, requests and prompts, which change with every request."""
    return {p.id: p.name for p in state.players}


def player_view(state: GameState, pid: str) -> View:
    view: View = {"viewer": {"kind": "player", **(_who(state, pid) or {})}, "game": _game(state)}
    if pid not in state.cards:  # lobby: only the seats
        view["lobby"] = _lobby(state)
        view["actions"] = legal_actions(state, pid)
        view.update(parts(view["actions"]), names=names(state))
        return view
    room = state.rooms[pid]
    actions = legal_actions(state, pid)
    feed = _feed(state, pid)
    here, requests = _room(state, room), _my_requests(state, pid)
    view.update({
        "me": _my_card(state, pid),
        "room": here,
        "is_general": state.generals.get(room) == pid,
        "election": _election(state, pid),
        "designation": _designation(state, room),
        "requests": requests,
        "prompts": _prompts(state, pid) if state.prompts else [],
        "actions": actions,
        "knowledge": _knowledge(state, pid),
        "feed": feed,
        "alerts": player_alerts(state, pid),
        "moments": player_moments(state, pid, actions, feed, view["game"]["deadline_ms"]),
    })
    view.update(_mates(pid, actions, here, requests))
    view.update(parts(actions), names=names(state))
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


@memo.per_state
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
        r = dict(_room(state, room))  # shared with the phones: the screen adds its own keys to a copy
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
    if memo.enabled():  # each feed's set is kept while that feed is (a new happening makes new feeds)
        common = set.intersection(*(_FEED_SETS.of(state.feeds.get(p.id, ()), _seen) for p in state.players))
    else:
        common = {(i.seq, i.kind) for i in first}
        for p in state.players[1:]:
            common &= {(i.seq, i.kind) for i in state.feeds.get(p.id, ())}
    item = next((i for i in reversed(first) if (i.seq, i.kind) in common), None)
    return None if item is None else {"seq": item.seq, "kind": item.kind, "say": feed_sentence(state, item)}


_FEED_SETS = memo.Keep(8192)


def _seen(feed: tuple[FeedItem, ...]) -> set[tuple[int, str]]:
    return {(i.seq, i.kind) for i in feed}


def moderator_view(state: GameState) -> View:
    """Everything, for the game master (never sent to a player's socket)."""
    view: View = {"viewer": {"kind": "moderator"}, "game": _game(state), "version": state.version, "seed": state.seed,
                  "config": _CONFIGS.of(state.config, lambda c: c.model_dump(mode="json")),
                  "notes": _PAIRS.of(state.notes, _lists), "reverts": _PAIRS.of(state.reverts, _lists)}
    view["players"] = _DASHBOARD.get((state.players, state.cards, state.rooms, state.card_states),
                                     lambda: [_seat(state, p) for p in state.players])
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


_SEATS = memo.Keep(8192)
_DASHBOARD = memo.Keep(512)
_CONFIGS = memo.Keep(512)
_PAIRS = memo.Keep(1024)


def _lists(pairs: tuple[tuple[int, Any], ...]) -> list[list[Any]]:
    return [list(p) for p in pairs]


def _seat(state: GameState, p: Player) -> View:
    """One seat on the dashboard: who, which card, where, the card's state."""
    number = state.cards.get(p.id)
    cs = state.card_states.get(number) if number is not None else None
    return _SEATS.get((state.players, p, number, state.rooms.get(p.id), cs), lambda: {
        **(_who(state, p.id) or {}), "card": _card(state.cards[p.id]) if p.id in state.cards else None,
        "room": state.rooms[p.id].value if p.id in state.rooms else None,
        "state": _status(state, state.cards[p.id]) if p.id in state.cards else None})


def _log(state: GameState) -> list[View]:
    """The dashboard's log: the latest events, newest first, one line each (the undo form takes their versions).

    Read back from the head of the history, so a long game costs no more than a short one. The dashboard
    asks for it after every event: the log of the state before, with one new line on top (`_LOGS`).
    """
    head = state.history
    if not memo.enabled() or head is None:
        return _log_now(state)
    return _LOGS.get((head, state.players), lambda: _log_after(state, head))[0]


def _log_now(state: GameState) -> list[View]:
    latest: list[tuple[int, History]] = []
    node, version = state.history, state.version  # every event, undone ones included, counts one version
    while node is not None and len(latest) < LOG_LINES:
        latest.append((version, node))
        node, version = node.prev, version - 1
    opened = openings(state, closed_ids(n.event for _, n in latest))
    return [_line(state, v, n.event, opened) for v, n in latest]


# The log of a history head, with what each line closes (a request, a question): a later head's log is its
# new events' lines on top of the log of the newest head kept under it, unless one of those events opens what
# a line below it closes (ids are unique, so none does; if one did, that line would name another opening: the
# log is then read again).
_LOGS = memo.Keep(512)


def _log_after(state: GameState, head: History) -> tuple[list[View], tuple[str | None, ...]]:
    # A tap often adds two or three events, and only the head of each state was kept: the nodes between
    # were never a head, so looking one node down found nothing and the whole log was read again.
    new: list[History] = []
    node: History | None = head
    before = None
    while node is not None and len(new) < LOG_LINES:
        new.append(node)
        node = node.prev
        before = _LOGS.peek((node, state.players)) if node is not None else None
        if before is not None:
            break
    closers = [*(closed_id(n.event) for n in new), *(before[1] if before is not None else ())]
    if before is None or any((opens := opened_id(n.event)) is not None and opens in closers[i + 1:]
                             for i, n in enumerate(new)):
        lines = _log_now(state)
        node = head
        closers = []
        for _ in lines:
            assert node is not None
            closers.append(closed_id(node.event))
            node = node.prev
        return lines, tuple(closers)
    opened = openings(state, {c for c in closers[:len(new)] if c is not None})
    mine = [_line(state, state.version - i, n.event, opened) for i, n in enumerate(new)]
    return [*mine, *before[0]][:LOG_LINES], tuple(closers[:LOG_LINES])


# A line of the journal reads the event, the names, and, for a closing event, the event that opened what it
# closes (`describe`): kept by the event, for the same names and the same opening.
_LINES = memo.Keep(8192)


def _line(state: GameState, version: int, event: EventBase, opened: dict[str, EventBase]) -> View:
    if not memo.enabled():
        return {"version": version, "at_ms": event.at_ms, "text": describe(state, event, opened)}
    closes = closed_id(event)
    opener = opened.get(closes) if closes is not None else None
    line: View = _LINES.get((event, state.players, opener), lambda: {
        "version": version, "at_ms": event.at_ms, "text": describe(state, event, opened)})
    # The same event object sits at one place in one history: the same version (checked all the same).
    return line if line["version"] == version else {**line, "version": version}
