"""The running games: one hub per game (lock, connections, timers) and the pub/sub seam."""
