"""The audience scan: a viewer a change leaves out must be sent nothing a full rebuild would send.

The hub rebuilds only the views of `GameDefinition.audience(before, events, after)`. That is safe
when, for every viewer outside it, the page built from `after` is the page built from `before`.
A game's tests call `Scan.step` after every decision of random playouts; `same_page` compares two
views as the viewer's page shows them (the web's presenter renders them; views may differ in keys
no region shows, such as a version number).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from app.kernel.game import GameDefinition
from app.kernel.testing.playout import viewers_of
from app.kernel.viewer import Viewer

SamePage = Callable[[Viewer, dict[str, Any], dict[str, Any]], bool]


@dataclass(slots=True)
class Scan:
    game: GameDefinition
    same_page: SamePage
    seats: Callable[[Any], Sequence[str]]
    left_out: int = 0  # viewers the audiences spared, over the whole scan: a scan that spares none proves nothing
    concerned: int = 0
    _views: dict[tuple[int, Viewer], dict[str, Any]] = field(default_factory=dict)
    _kept: Any = None  # the state whose views are kept: alive, so that no other state takes its id

    def _view(self, state: Any, viewer: Viewer) -> dict[str, Any]:
        key = (id(state), viewer)
        view = self._views.get(key)
        if view is None:
            view = self._views[key] = self.game.view_for(state, viewer, ())
        return view

    def step(self, before: Any, events: Sequence[Any], after: Any) -> list[str]:
        """The viewers left out whose page would have changed (each a short description): must be none."""
        audience = self.game.audience(before, events, after)
        missed: list[str] = []
        for viewer in viewers_of("TEST", self.seats(after)):
            if audience.concerns(viewer):
                self.concerned += 1
                continue
            self.left_out += 1
            if viewer.kind == "player" and viewer.player_id not in self.seats(before):
                missed.append(f"new seat {viewer.player_id}")  # a seat that was not there has no page yet
            elif not self.same_page(viewer, self._view(before, viewer), self._view(after, viewer)):
                missed.append(f"{viewer.kind} {viewer.player_id or ''} after {[type(e).__name__ for e in events]}")
        # Only the newest state's views are asked again (as the next step's `before`).
        self._views = {k: v for k, v in self._views.items() if k[0] == id(after)}
        self._kept = after
        return missed
