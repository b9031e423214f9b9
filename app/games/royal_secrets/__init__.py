"""Royal Secrets (3-5 players, bidding at court): pure rules, views, and the game's definition.

`GAME` is what `app.games` registers; docs/games/royal_secrets.md describes the folder.
"""

from app.games.royal_secrets.game import RoyalSecretsGame

GAME = RoyalSecretsGame()

__all__ = ["GAME", "RoyalSecretsGame"]
