"""Helpers shared by the negotiation families: the live log read backwards, and prompts bound to window N.

`live_events` walks the history from the newest event and skips what a
moderator undo (`Reverted`) took back, so a power can ask "what happened since
version v" (the Maître d'Armes' separation, C73) or "which complètes started in
the last 30 s" (the Interprète, C71) without a new field in the core state.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from app.games.deuxrois.events import Event, Reverted
from app.games.deuxrois.fold import Tx
from app.games.deuxrois.prompts import open_prompt
from app.games.deuxrois.state import GameState, History


def live_events(state: GameState, since: int = 0) -> Iterator[tuple[int, Event]]:
    """(version, event) from the newest back to version `since` (excluded), undone events skipped."""
    node: History | None = state.history
    version = state.version
    skip_to: int | None = None
    while node is not None and version > since:
        if skip_to is not None and version > skip_to:
            pass  # undone by a later Reverted
        else:
            skip_to = None
            yield version, node.event
            if isinstance(node.event, Reverted):
                skip_to = node.event.to_version
        node, version = node.prev, version - 1


def last_time(state: GameState) -> int:
    """The clock of the latest event: the views' "now" (they have no clock of their own)."""
    return state.history.event.at_ms if state.history is not None else 0


def offer_in_n(tx: Tx, holder: str, key: str, options: list[str], data: dict[str, Any]) -> str:
    """An optional power of window N, offered as a prompt that lapses at the end of the negotiation."""
    return open_prompt(tx, holder, key, options, data, until="phase")


def together(state: GameState, a: str, b: str) -> bool:
    return a in state.rooms and b in state.rooms and state.rooms[a] is state.rooms[b]
