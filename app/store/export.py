"""`deuxrois export CODE`: a game's log as JSON that `deuxrois simulate` can replay."""

from __future__ import annotations

from typing import Any

from app.engine.text import EngineError, Text
from app.settings import Settings
from app.store.database import make_engine
from app.store.repository import Repository
from app.store.tokens import normalise_code


def export_game(code: str, database_url: str | None = None) -> dict[str, Any]:
    """The game's seed, config and every event in order (secrets of the server itself excluded)."""
    engine = make_engine(database_url or Settings().database_url)
    try:
        repo = Repository(engine)
        normal = normalise_code(code)
        game = repo.find_game(normal) if normal else None
        if game is None:
            raise EngineError("no_game", Text(f"Aucune partie « {code} ».", f"No game “{code}”."))
        events = repo.load_events(game.id)
        return {
            "format": "deuxrois-log/1",
            "code": game.code,
            "variant": game.variant,
            "seed": game.seed,
            "config": game.config,
            "events": [e.payload for e in events],
        }
    finally:
        engine.dispose()
