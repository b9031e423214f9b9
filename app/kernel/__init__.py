"""What every game shares, and nothing game-specific (docs/architecture.md).

Pure like the games: no web, no database, no asyncio, no clock, no unseeded
randomness. A game builds its rules from these pieces; `live` and `web` only
speak to a game through its `GameDefinition` (`app.kernel.game`).
"""
