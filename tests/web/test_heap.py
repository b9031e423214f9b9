"""The collector's pauses: a loaded game's state is frozen out of the cycle collector's walks."""

from __future__ import annotations

import gc

from starlette.testclient import TestClient
from web_helpers import create_game, join, make_settings

from app.web.app import create_app


def test_a_game_loaded_from_the_log_is_frozen_out_of_the_collectors_walks(sqlite_url: str) -> None:
    with TestClient(create_app(make_settings(sqlite_url, freeze_heap=True))) as client:
        code, _ = create_game(client)
        for i in range(6):
            join(client, code, f"J{i}")
        games = client.app.state.games  # type: ignore[attr-defined]
        client.portal.call(games.sweep, 0.0)  # type: ignore[union-attr]  # idle: the game leaves memory
        assert code not in games.loaded()
        gc.unfreeze()
        assert gc.get_freeze_count() == 0
        hub = client.portal.call(games.get, code)  # type: ignore[union-attr]
        assert hub is not None and len(hub.state.players) == 6
        # Everything alive at the load, the game's state among it, is out of the collector's sight.
        assert gc.get_freeze_count() > 0
    gc.unfreeze()  # the rest of this test process collects as usual
