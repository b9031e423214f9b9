"""Whose phone is open, for the dashboard: this process's sockets, and what the others announce.

With several processes behind one port, a phone's socket may live in any of
them while the dashboard's lives in one. Each hub announces its own phones on
the game's pub/sub channel (on a change, when another hub asks, and every
REFRESH_S); the others merge those notes with their own sockets. A note not
refreshed for TTL_S is from a process that is gone: its phones count as lost
at that moment. Times are wall-clock seconds, the only clock processes share.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

ASLEEP_S = 120.0  # a phone gone this long is shown as gone rather than asleep (sleeping screens reconnect sooner)
WINDOW_S = 0.05  # presence changes within this window reach the dashboard in one push (a reconnect storm)
REFRESH_S = 30.0  # each hub re-announces its phones this often...
TTL_S = 3 * REFRESH_S  # ...and another hub's note older than this is from a process that is gone


@dataclass(slots=True)
class _Peer:
    live: frozenset[str]
    seen: dict[str, float]
    heard_at: float


@dataclass(slots=True)
class Presence:
    clock: Callable[[], float] = time.time
    _seen: dict[str, float] = field(default_factory=dict)  # player id -> when its last socket here closed
    _peers: dict[str, _Peer] = field(default_factory=dict)  # another hub's origin -> its last note

    def left(self, player_id: str) -> None:
        self._seen[player_id] = self.clock()

    def note(self, live: Iterable[str], leaving: bool = False) -> dict[str, Any]:
        """What this hub tells the others: its own phones only (never what it heard, so notes never echo).
        `leaving`: the hub unloads, so its open phones count as lost now."""
        seen = dict(self._seen)
        if leaving:
            now = self.clock()
            seen.update(dict.fromkeys(live, now))
            live = ()
        return {"live": sorted(live), "seen": seen}

    def heard(self, origin: str, note: dict[str, Any]) -> None:
        live = note.get("live")
        seen = note.get("seen")
        if not isinstance(live, list) or not isinstance(seen, dict):
            return
        self._peers[origin] = _Peer(frozenset(str(p) for p in live),
                                    {str(p): float(at) for p, at in seen.items()}, self.clock())

    def states(self, live: Iterable[str]) -> dict[str, str]:
        """Each seat's phone: connected (here or in another process), asleep (lost lately) or gone."""
        now, asleep_s = self.clock(), ASLEEP_S
        seen = dict(self._seen)
        connected = set(live)
        for origin, peer in list(self._peers.items()):
            if now - peer.heard_at > TTL_S + asleep_s:
                del self._peers[origin]  # nothing of it is news any more
                continue
            lost_at = dict.fromkeys(peer.live, peer.heard_at) if now - peer.heard_at > TTL_S else {}
            if not lost_at:
                connected |= peer.live
            for pid, at in (peer.seen | lost_at).items():
                seen[pid] = max(seen.get(pid, at), at)
        out = {pid: "asleep" if now - at < asleep_s else "gone" for pid, at in seen.items()}
        out.update(dict.fromkeys(connected, "connected"))
        return out
