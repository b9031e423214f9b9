"""`deuxrois export CODE`: a stored game's log as the file its game writes (a scenario where it has them)."""

from __future__ import annotations

from typing import Any

from app.games import game_of
from app.kernel.text import EngineError, Text
from app.settings import Settings
from app.store.database import make_engine
from app.store.repository import Repository
from app.store.tokens import normalise_code


def export_game(code: str, database_url: str | None = None) -> dict[str, Any]:
    engine = make_engine(database_url or Settings().database_url)
    try:
        repo = Repository(engine)
        normal = normalise_code(code)
        game = repo.find_game(normal) if normal else None
        if game is None:
            raise EngineError("no_game", Text(f"Aucune partie « {code} ».", f"No game “{code}”."))
        return game_of(game.game).export(game.code, game.seed, game.config, repo.load_events(game.id))
    finally:
        engine.dispose()
