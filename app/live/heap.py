"""Short collector pauses: what is loaded to stay is moved out of the cycle collector's sight.

A full (oldest-generation) collection walks every tracked object: with dozens of games loaded it
paused the server 44-95 ms several times a minute (the whole latency tail of a quiet game). Game
states, their logs, templates and imported code live as long as the process or their game, so
after start-up and after each game is loaded they are frozen (`gc.freeze`): later collections walk
only what came since. Frozen objects are still freed by reference counting when their game
unloads; only cyclic garbage frozen with them stays, and loads are rare enough that this is small.
"""

from __future__ import annotations

import gc


def settle() -> None:
    """Freeze what is alive now (call once the process or a game has finished loading)."""
    gc.freeze()
