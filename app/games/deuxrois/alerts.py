"""What just happened *to* a player, for a notice on his phone (and a vibration).

The phone shows the newest alert it has not shown yet (by `seq`) in full
screen: "Partez en Angleterre", a forced reveal, a card swap, subjugation, a
move, a question waiting. Alerts only restate what the player's own view
already holds (his card, his room, his knowledge, his prompts), so they carry
no secret of their own; moves never say why (the reason could reveal cards).
"""

from __future__ import annotations

from typing import Any

from app.games.deuxrois import memo
from app.games.deuxrois.deal import ROOM_NAMES, Room
from app.games.deuxrois.model.events import (
    CardsExchanged,
    CardsSwapped,
    CardStateChanged,
    EnvoysCrossed,
    EnvoysLocked,
    PlayerMoved,
    PromptOpened,
)
from app.games.deuxrois.powers.timeline import live_events
from app.games.deuxrois.state import GameState

View = dict[str, Any]
LOOKBACK = 60  # events scanned back: alerts are about the last moments, not the whole game
MAX_ALERTS = 3


def _go(room: Room, seq: int, kind: str) -> View:
    return {"kind": kind, "seq": seq, "room": room.value, "room_name": ROOM_NAMES[room].as_dict()}


def player_alerts(state: GameState, pid: str) -> list[View]:
    """The newest things that happened to `pid`, newest first."""
    if memo.enabled():
        return _alerts(state).get(pid, [])
    return _alerts_of(state, pid)


@memo.per_state
def _alerts(state: GameState) -> dict[str, list[View]]:
    """Every player's alerts, read from the last events in one pass (each phone asks for its own)."""
    out: dict[str, list[View]] = {}
    holders: dict[int, list[str]] = {}
    for p, card in state.cards.items():
        holders.setdefault(card, []).append(p)

    def add(pid: str, alert: View) -> None:
        mine = out.setdefault(pid, [])
        if len(mine) < MAX_ALERTS:
            mine.append(alert)

    for seq, ev in live_events(state, since=max(0, state.version - LOOKBACK)):
        if isinstance(ev, EnvoysCrossed):
            for pid, room in ev.moves.items():
                add(pid, _go(room, seq, "go"))
        elif isinstance(ev, PlayerMoved):
            add(ev.player_id, _go(ev.to_room, seq, "go"))
        elif isinstance(ev, EnvoysLocked):
            if state.phase == "X":
                for pid in dict.fromkeys(ev.envoys):
                    if pid in state.rooms:
                        add(pid, _go(state.rooms[pid].other, seq, "envoy"))
        elif isinstance(ev, CardsSwapped):
            for pid in dict.fromkeys((ev.a, ev.b)):
                add(pid, {"kind": "swap", "seq": seq})
        elif isinstance(ev, CardsExchanged):
            if ev.forced:
                add(ev.b, {"kind": "forced", "seq": seq, "by": {"id": ev.a, "name": state.name(ev.a)}})
        elif isinstance(ev, CardStateChanged):
            if ev.changes.get("subject") is True:
                for pid in holders.get(ev.card, ()):
                    add(pid, {"kind": "subject", "seq": seq})
        elif isinstance(ev, PromptOpened) and ev.prompt_id in state.prompts:
            add(ev.player_id, {"kind": "prompt", "seq": seq})
    return out


def _alerts_of(state: GameState, pid: str) -> list[View]:
    """One player's alerts, the straightforward way (what `_alerts` must give him)."""
    out: list[View] = []
    my_card = state.cards.get(pid)
    for seq, ev in live_events(state, since=max(0, state.version - LOOKBACK)):
        alert: View | None = None
        if isinstance(ev, EnvoysCrossed) and pid in ev.moves:
            alert = _go(ev.moves[pid], seq, "go")
        elif isinstance(ev, PlayerMoved) and ev.player_id == pid:
            alert = _go(ev.to_room, seq, "go")
        elif isinstance(ev, EnvoysLocked) and pid in ev.envoys and state.phase == "X" and pid in state.rooms:
            alert = _go(state.rooms[pid].other, seq, "envoy")
        elif isinstance(ev, CardsSwapped) and pid in (ev.a, ev.b):
            alert = {"kind": "swap", "seq": seq}
        elif isinstance(ev, CardsExchanged) and ev.forced and ev.b == pid:
            alert = {"kind": "forced", "seq": seq, "by": {"id": ev.a, "name": state.name(ev.a)}}
        elif isinstance(ev, CardStateChanged) and ev.card == my_card and ev.changes.get("subject") is True:
            alert = {"kind": "subject", "seq": seq}
        elif isinstance(ev, PromptOpened) and ev.player_id == pid and ev.prompt_id in state.prompts:
            alert = {"kind": "prompt", "seq": seq}
        if alert is not None:
            out.append(alert)
            if len(out) == MAX_ALERTS:
                break
    return out
