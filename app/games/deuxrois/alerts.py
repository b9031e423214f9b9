"""What just happened *to* a player, for a notice on his phone (and a vibration).

The phone shows the newest alert it has not shown yet (by `seq`) in full
screen: "Partez en Angleterre", a forced reveal, a card swap, subjugation, a
move, a question waiting. Alerts only restate what the player's own view
already holds (his card, his room, his knowledge, his prompts), so they carry
no secret of their own; moves never say why (the reason could reveal cards).
"""

from __future__ import annotations

from typing import Any

from app.games.deuxrois.deal import ROOM_NAMES, Room
from app.games.deuxrois.events import (
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
