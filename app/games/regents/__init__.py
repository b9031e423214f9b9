"""Régents: 3-5 hidden Scottish clans placing agents in Edinburgh castle over eight rounds.

`GAME` is what the shared layers use (`app.kernel.game.GameDefinition`).
The layout of this folder and the commands are in docs/games/regents.md.
"""

from app.games.regents.game import GAME, RegentsGame

__all__ = ["GAME", "RegentsGame"]
