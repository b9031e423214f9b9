"""The phone's moments: whatever needs this player now, one at a time, in full screen.

A moment names the other player ("Chloé vous demande une révélation complète"),
carries the buttons that answer it (the player's own legal actions, nothing
more) and its deadline, and leaves when it is answered or outdated:

* asked of me now (from my legal actions): a reveal request, a question, my
  vote, the envoys to name as général, being named envoy (with the powers a
  named envoy may use), a power whose window just opened (one that cannot be
  used during the negotiation: Sang royal, Geôlier, Cartographe...);
* what just happened to me (this round, or this phase for reveals): a card
  shown to me (held to be seen), a refusal of my request, "vous êtes envoyé",
  "Partez", a swap, a subjugation, the Cartographe's timed survey, the
  Troubadour's song (heard by everyone, as the rule says).

Moments restate what the player's own view already holds (his actions, his
knowledge, his feed, his room), so they carry no secret of their own; a move
never says why. Each has a stable `id`: the phone shows it once, and a moment
put off ("plus tard") stays in the calm screen's lists.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import islice
from typing import Any

from app.games.deuxrois import memo
from app.games.deuxrois.cards import Window
from app.games.deuxrois.deal import ROOM_NAMES, Room
from app.games.deuxrois.event_text import card_label, colour_word, power_name
from app.games.deuxrois.model.events import (
    CardsExchanged,
    CardsSwapped,
    CardStateChanged,
    EnvoysCrossed,
    EnvoysLocked,
    EventBase,
    PhaseStarted,
    PlayerMoved,
    RevealRequestClosed,
    RevealRequested,
    Reverted,
)
from app.games.deuxrois.powers.registry import find_power
from app.games.deuxrois.powers.timeline import live_events
from app.games.deuxrois.state import GameState
from app.games.deuxrois.view_parts import who as _who

View = dict[str, Any]
STEPS_BACK = 8  # how far back to look for a kept round (`_kept_back`): a command makes a few events
ROUND_SCAN = 4000  # events read back at most to find the round's start (a long round at 50 players is ~1,000)
URGENT = ("answer_reveal", "answer_prompt")
# A named envoy's own answers to being named (royal refusal, the Chevalier's oath...): shown with that moment.
NAMED_POWERS_TRIGGER = "named_envoy"


class Round:
    """This round's live events, newest first, as a chain: the next state's round is this one with its
    event on top, sharing every older link. (A copy of the whole round per event, hundreds of pairs at 50
    players, cost every tap a walk of the round and gave the young collections its references to visit.)"""

    __slots__ = ("oldest", "rest", "size", "top")
    oldest: int
    size: int

    def __init__(self, top: tuple[int, EventBase] | None = None, rest: Round | None = None) -> None:
        self.top = top
        self.rest = rest
        self.size = 0 if top is None else 1 + (rest.size if rest is not None else 0)
        self.oldest = rest.oldest if rest is not None and rest.size else (top[0] if top is not None else 0)

    def __iter__(self) -> Iterator[tuple[int, EventBase]]:
        node: Round | None = self
        while node is not None and node.top is not None:
            yield node.top
            node = node.rest

    def __len__(self) -> int:
        return self.size

    @classmethod
    def of(cls, newest_first: Sequence[tuple[int, EventBase]]) -> Round:
        chain = cls()
        for pair in reversed(newest_first):
            chain = cls(pair, chain)
        return chain


@dataclass(frozen=True, slots=True)
class Recent:
    """This round's live events (newest first) and where the current phase began, read once per state."""

    events: Round
    phase_since: int  # version of the current phase's PhaseStarted (events after it are this phase's)
    round_since: int
    # This phase's events by version, for `_shown`. Shared along one line of states and only ever added to:
    # `phase_count` says how many of its first entries are this state's (`_recent_after` copies when a
    # sibling state already went on), so a later state's entries never answer for an earlier version.
    phase_events: dict[int, EventBase]
    phase_count: int


_RECENT = memo.Keep(256)  # one per live game (sizes: about 100 games of 50 at once)


def recent(state: GameState) -> Recent:
    """The round so far: every phone's moments read it, so it is read back once per history, and most often
    not even that: it is the previous head's, with the new event on top."""
    return _RECENT.of(state.history, lambda _: _recent_after(state))


def _recent_after(state: GameState) -> Recent:
    found = _kept_back(state)
    # A new phase starts a new span; an undo changes which events are live; the scan's window may drop one.
    if found is None or any(isinstance(ev, PhaseStarted | Reverted) for _, ev in found[1]):
        return _recent(state)
    before, since = found
    if before.events and before.events.oldest <= state.version - ROUND_SCAN:
        return _recent(state)
    events, phase = before.events, before.phase_events
    if len(phase) != before.phase_count:  # another state went on from `before`: this line gets its own
        phase = dict(islice(phase.items(), before.phase_count))
    for version, ev in reversed(since):
        events = Round((version, ev), events)
        phase[version] = ev
    return Recent(events, before.phase_since, before.round_since, phase, before.phase_count + len(since))


def _kept_back(state: GameState) -> tuple[Recent, list[tuple[int, EventBase]]] | None:
    """The round kept for a state a few events back (the views read a command's last state only, and a
    complète accepted makes up to four events), with the events since, newest first."""
    node, version = state.history, state.version
    since: list[tuple[int, EventBase]] = []
    while node is not None and node.prev is not None and len(since) < STEPS_BACK:
        since.append((version, node.event))
        node, version = node.prev, version - 1
        kept: Recent | None = _RECENT.peek((node,))
        if kept is not None:
            return kept, since
    return None


def _recent(state: GameState) -> Recent:
    events: list[tuple[int, EventBase]] = []
    phase_since = round_since = 0
    for version, ev in live_events(state, since=max(0, state.version - ROUND_SCAN)):
        events.append((version, ev))
        if isinstance(ev, PhaseStarted):
            phase_since = phase_since or version
            if ev.phase in ("N", "setup"):
                round_since = version
                break
    phase = {v: ev for v, ev in reversed(events) if v > phase_since}
    return Recent(Round.of(events), phase_since, round_since, phase, len(phase))


def crossed(state: GameState) -> dict[str, Room]:
    """This round's crossing, once it happened: who went, and to which room (a blocked envoy stayed)."""
    for _, ev in recent(state).events:
        if isinstance(ev, EnvoysCrossed):
            return dict(ev.moves)
    return {}


def _room(room: Room) -> View:
    return {"id": room.value, "name": ROOM_NAMES[room].as_dict()}


def _power_text(state: GameState, pid: str, key: object) -> dict[str, str] | None:
    power = find_power(state, pid, str(key))
    return power.text.as_dict() if power is not None else None


def _short_window(state: GameState, pid: str, key: str) -> bool:
    """A power that cannot wait for the negotiation: its window is another phase only."""
    power = find_power(state, pid, key)
    return power is not None and Window.N not in power.windows and str(power.trigger) != "passive"


def _named_power(state: GameState, pid: str, key: str) -> bool:
    power = find_power(state, pid, key)
    return power is not None and str(power.trigger) == NAMED_POWERS_TRIGGER


def _asked(state: GameState, pid: str, actions: Sequence[Mapping[str, Any]], deadline: int | None) -> list[View]:
    """Moments that wait for my answer, from my own legal actions."""
    out: list[View] = []
    usable = [a for a in actions if a.get("available")]
    for a in usable:
        if a["type"] == "answer_reveal":
            out.append({"id": f"ask:{a['request_id']}", "kind": "ask", "what": a.get("kind"),
                        "from": _who(state, a.get("from_player")), "actions": [dict(a)]})
        elif a["type"] == "answer_prompt":
            about = a.get("about")
            out.append({"id": f"prompt:{a['prompt_id']}", "kind": "prompt", "question": a.get("kind"),
                        "about": _who(state, about if isinstance(about, str) else None),
                        "deadline_ms": deadline if state.phase == "setup" else None, "actions": [dict(a)]})
    room = state.rooms.get(pid)
    des = state.designations.get(room) if room is not None else None
    named = state.phase == "D" and des is not None and not des.locked and pid in des.named
    powers = [a for a in usable if a["type"] == "use_power" and _short_window(state, pid, str(a.get("power")))]
    if named and room is not None:
        answers = [dict(a) for a in powers if _named_power(state, pid, str(a.get("power")))]
        out.append({"id": f"named:{state.round}", "kind": "named", "by": _who(state, state.generals.get(room)),
                    "to": _room(room.other), "deadline_ms": deadline, "actions": answers,
                    "texts": [_power_text(state, pid, a.get("power")) for a in answers]})
        powers = [a for a in powers if not _named_power(state, pid, str(a.get("power")))]
    for a in powers:
        out.append({"id": f"power:{a.get('power')}:{state.round}:{state.phase}", "kind": "power",
                    "power": power_name(a.get("power")), "deadline_ms": deadline, "actions": [dict(a)],
                    "texts": [_power_text(state, pid, a.get("power"))]})
    vote = next((a for a in usable if a["type"] == "vote" and not a.get("voted")), None)
    if vote is not None and room is not None:
        el = state.elections.get(room)
        runoff = el is not None and el.candidates is not None
        out.append({"id": f"vote:{state.round}:{'runoff' if runoff else 'first'}", "kind": "vote",
                    "runoff": runoff, "deadline_ms": (el.deadline_ms if el and el.deadline_ms else deadline),
                    "actions": [dict(vote)]})
    designate = [dict(a) for a in actions if a["type"] in ("designate", "lock_envoys")]
    if designate and any(a["type"] == "designate" for a in designate):
        need = next((a.get("quota") for a in designate if a["type"] == "designate"), 0)
        out.append({"id": f"designate:{state.round}", "kind": "designate", "n": need, "deadline_ms": deadline,
                    "actions": designate})
    return out


@dataclass(frozen=True, slots=True)
class _EventsTo:
    """What this round's events did to each player (`_events_to`), with what it was read with."""

    phase: str
    out: dict[str, list[View]]


_EVENTS_TO = memo.Keep(256)  # by (Recent, cards, rooms, players): one a live game, as _RECENT


@memo.per_state
def _events_to(state: GameState) -> dict[str, list[View]]:
    """What this round's events did to each player (one pass for every phone), in `rec.events` order.

    A tap adds one event on top of the round: its items go on top of the last state's lists, which are
    kept, instead of reading the whole round again (hundreds of events at 50 players)."""
    rec = recent(state)  # one per history head: the state's own version, so its phase too
    kept: _EventsTo = _EVENTS_TO.get((rec, state.cards, state.rooms, state.players),
                                     lambda: _events_to_after(state, rec))
    return kept.out


def _before(state: GameState, rec: Recent) -> tuple[Recent, list[tuple[int, EventBase]]] | None:
    """The round kept a few events back when this one is it with those events on top, in the same phase
    (as _recent_after makes it), with the events since (newest first); else None."""
    found = _kept_back(state)
    if found is None or not found[0].events or found[0].phase_since != rec.phase_since:
        return None
    below: Round | None = rec.events
    for _ in found[1]:
        below = below.rest if below is not None else None
    return found if below is found[0].events else None


_PHASE_AT = memo.Keep(256)  # Recent -> (when its phase began,): one a live game


def phase_start_ms(state: GameState) -> int | None:
    """When the current phase began (epoch ms): its PhaseStarted, found once a phase, not after every event."""
    rec = recent(state)
    kept: tuple[int | None] = _PHASE_AT.of(rec, lambda _: _phase_at(state, rec))
    return kept[0]


def _phase_at(state: GameState, rec: Recent) -> tuple[int | None]:
    found = _before(state, rec)
    if found is not None:
        last: tuple[int | None] | None = _PHASE_AT.peek((found[0],))
        if last is not None:
            return last
    started = next((ev for v, ev in rec.events if v == rec.phase_since and isinstance(ev, PhaseStarted)), None)
    return (started.at_ms if started is not None else None,)


def _events_to_after(state: GameState, rec: Recent) -> _EventsTo:
    found = _before(state, rec)
    if found is not None:
        # This round is the last state's with the command's events on top.
        before, since = found
        last: _EventsTo | None = _EVENTS_TO.peek((before, state.cards, state.rooms, state.players))
        if last is not None and last.phase == state.phase:
            added: dict[str, list[View]] = {}
            for version, ev in since:
                for pid, items in _items_of(state, rec, version, ev).items():
                    added.setdefault(pid, []).extend(items)
            out = dict(last.out)
            for pid, items in added.items():
                out[pid] = [*items, *last.out.get(pid, ())]
            return _EventsTo(state.phase, out)
    return _events_to_all(state, rec)


def _events_to_all(state: GameState, rec: Recent) -> _EventsTo:
    out: dict[str, list[View]] = {}
    for version, ev in rec.events:
        for pid, items in _items_of(state, rec, version, ev).items():
            out.setdefault(pid, []).extend(items)
    return _EventsTo(state.phase, out)


def _items_of(state: GameState, rec: Recent, version: int, ev: EventBase) -> dict[str, list[View]]:
    """What one of this round's events did to each player."""
    out: dict[str, list[View]] = {}
    if isinstance(ev, EnvoysCrossed):
        for pid, room in ev.moves.items():
            out.setdefault(pid, []).append({"id": f"go:{version}", "kind": "go", "to": _room(room)})
    elif isinstance(ev, PlayerMoved):
        out.setdefault(ev.player_id, []).append({"id": f"go:{version}", "kind": "go", "to": _room(ev.to_room)})
    elif isinstance(ev, EnvoysLocked):
        if state.phase == "X":
            for pid in dict.fromkeys(ev.envoys):
                if pid in state.rooms:
                    out.setdefault(pid, []).append({"id": f"envoy:{version}", "kind": "envoy",
                                                    "to": _room(state.rooms[pid].other)})
    elif isinstance(ev, CardsSwapped):
        for pid in dict.fromkeys((ev.a, ev.b)):
            out.setdefault(pid, []).append({"id": f"swap:{version}", "kind": "swap"})
    elif isinstance(ev, CardStateChanged):
        if ev.changes.get("subject") is True:
            for pid in (p for p, number in state.cards.items() if number == ev.card):
                out.setdefault(pid, []).append({"id": f"subject:{version}", "kind": "subject"})
    elif isinstance(ev, RevealRequestClosed) and ev.outcome == "refused" and version > rec.phase_since:
        # The request as the round asked it (the oldest of that id, as a dict made from the round keeps).
        asked: RevealRequested | None = None
        for _, e in rec.events:
            if isinstance(e, RevealRequested) and e.request_id == ev.request_id:
                asked = e
        if asked is not None:
            out.setdefault(asked.from_id, []).append({"id": f"refused:{version}", "kind": "refused",
                                                      "by": _who(state, asked.to_id), "what": asked.kind})
    return out


def _happened(state: GameState, pid: str, feed: Sequence[Mapping[str, Any]]) -> list[View]:
    """What just happened to me this round (reveals: this phase), newest first."""
    rec = recent(state)
    out: list[View] = list(_events_to(state).get(pid, ())) if memo.enabled() else _events_to_me(state, pid, rec)
    out += _shown(state, pid, rec)
    room = state.rooms.get(pid)
    general = room is not None and state.generals.get(room) == pid
    for item in feed:
        if item.get("round") != state.round:
            continue
        kind, seq, mine = item.get("kind"), item["seq"], (item.get("player") or {}).get("id") == pid
        if kind in ("departure_changed",) and mine and item.get("change") in ("stays", "sent_back"):
            out.append({"id": f"stays:{seq}", "kind": "stays", "say": item.get("say")})  # held back: I stay
        if seq <= rec.phase_since:
            continue
        if kind == "annonce":  # the song draws everyone's attention (its rule says so)
            out.append({"id": f"song:{seq}", "kind": "song", "say": item.get("say")})
        elif kind == "general" and item.get("how") == "usurped":  # the room (the deposed général too) is told
            out.append({"id": f"usurped:{seq}", "kind": "usurped", "say": item.get("say")})
        elif kind == "envoy_withdrawn" and general:  # the général learns his envoy refused to go
            out.append({"id": f"withdrawn:{seq}", "kind": "withdrawn", "say": item.get("say")})
    survey = [i for i in feed if i.get("kind") == "survey" and i.get("round") == state.round]
    if survey:
        out.append({"id": f"survey:{survey[0]['seq']}", "kind": "survey",
                    "cards": [{"player": i.get("player"), "card": i.get("card"), "from_ms": i.get("from_ms"),
                               "until_ms": i.get("until_ms")} for i in survey]})
    out.sort(key=lambda m: -int(str(m["id"]).rsplit(":", 1)[-1]))  # every id here ends with its version
    return out


def _events_to_me(state: GameState, pid: str, rec: Recent) -> list[View]:
    """What this round's events did to me, the straightforward way (what `_events_to` must give me)."""
    my_card = state.cards.get(pid)
    out: list[View] = []
    requests = {ev.request_id: ev for _, ev in rec.events if isinstance(ev, RevealRequested)}
    for version, ev in rec.events:
        this_phase = version > rec.phase_since
        if isinstance(ev, EnvoysCrossed) and pid in ev.moves:
            out.append({"id": f"go:{version}", "kind": "go", "to": _room(ev.moves[pid])})
        elif isinstance(ev, PlayerMoved) and ev.player_id == pid:
            out.append({"id": f"go:{version}", "kind": "go", "to": _room(ev.to_room)})
        elif isinstance(ev, EnvoysLocked) and pid in ev.envoys and state.phase == "X" and pid in state.rooms:
            out.append({"id": f"envoy:{version}", "kind": "envoy", "to": _room(state.rooms[pid].other)})
        elif isinstance(ev, CardsSwapped) and pid in (ev.a, ev.b):
            out.append({"id": f"swap:{version}", "kind": "swap"})
        elif isinstance(ev, CardStateChanged) and ev.card == my_card and ev.changes.get("subject") is True:
            out.append({"id": f"subject:{version}", "kind": "subject"})
        elif isinstance(ev, RevealRequestClosed) and ev.outcome == "refused" and this_phase:
            asked = requests.get(ev.request_id)
            if asked is not None and asked.from_id == pid:
                out.append({"id": f"refused:{version}", "kind": "refused", "by": _who(state, asked.to_id),
                            "what": asked.kind})
    return out


def _shown(state: GameState, pid: str, rec: Recent) -> list[View]:
    """Cards and colours shown to me this phase, one moment per reveal (a group complète is one)."""
    by_version = rec.phase_events if memo.enabled() else {v: ev for v, ev in rec.events if v > rec.phase_since}
    grouped: dict[int, list[View]] = {}
    for snap in state.knowledge.get(pid, ()):
        if snap.seq <= rec.phase_since or snap.kind not in ("complete", "couleur", "forcee", "privee"):
            continue
        shown: View = {"player": _who(state, snap.subject), "kind": snap.kind}
        if snap.card is not None:
            shown["card"] = {"number": snap.card, "label": card_label(snap.card)}
        else:
            shown["colour"] = colour_word(snap.colour)
        grouped.setdefault(snap.seq, []).append(shown)
    out = []
    for seq, cards in grouped.items():
        ev = by_version.get(seq)
        forced_by = ev.a if isinstance(ev, CardsExchanged) and ev.forced and ev.b == pid else None
        i_forced = isinstance(ev, CardsExchanged) and ev.forced and ev.a == pid
        mutual = isinstance(ev, CardsExchanged)
        out.append({"id": f"seen:{seq}", "kind": "forced" if forced_by else "seen", "shown": cards,
                    "mutual": mutual, "by": _who(state, forced_by), "i_forced": i_forced})
    return out


def player_moments(state: GameState, pid: str, actions: Sequence[Mapping[str, Any]],
                   feed: Sequence[Mapping[str, Any]], deadline: int | None) -> list[View]:
    """Urgent first (what waits for my answer), then what just happened to me, newest first."""
    if state.phase in ("lobby", "over") or pid not in state.cards:
        return []
    return [*_asked(state, pid, actions, deadline), *_happened(state, pid, feed)]
