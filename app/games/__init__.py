"""The registry: every game this server hosts, by the id stored in the games table.

`live`, `store` and `web` reach a game only through this mapping and the
`GameDefinition` protocol (app/kernel/game.py). Adding a game is a folder and
one line here (docs/adding-a-game.md).
"""

from __future__ import annotations

from app.games.debarquement.definition import GAME as DEBARQUEMENT
from app.games.deuxrois.definition import GAME as DEUXROIS
from app.games.inde import GAME as INDE
from app.games.regents import GAME as REGENTS
from app.games.royal_secrets import GAME as ROYAL_SECRETS
from app.kernel.game import GameDefinition

GAMES: dict[str, GameDefinition] = {
    game.id: game for game in (DEUXROIS, DEBARQUEMENT, ROYAL_SECRETS, REGENTS, INDE)}
DEFAULT = DEUXROIS.id
# Ids the games table held before a game was a folder ("variant"): Mode Historique rides in the config.
_OLD_IDS = {"classic": "deuxrois", "historique": "deuxrois"}


def resolve(game_id: str) -> str | None:
    """The registry id for an id a form or a record gives (old ids included), or None."""
    game_id = _OLD_IDS.get(game_id, game_id)
    return game_id if game_id in GAMES else None


def game_of(game_id: str) -> GameDefinition:
    """The game a stored record runs; an unknown id is a programming error, not a user's."""
    return GAMES[_OLD_IDS.get(game_id, game_id)]
