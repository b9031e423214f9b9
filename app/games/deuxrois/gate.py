"""How the kernel's one gate reads a Deux Rois state (app/kernel/rules.py: the fixed order of checks).

1. known command?  2. game over?  3. actor kind allowed?  4. seated player (a
join excepted)?  5. paused?  6. phase allows it?  Then the command's own
handler checks its targets and emits events. A refusal in the wrong phase
names the phase in both languages (phases.py).
"""

from __future__ import annotations

from app.games.deuxrois.fold import step
from app.games.deuxrois.model.phases import phase_name
from app.games.deuxrois.state import GameState
from app.kernel.rules import Gatekeeping

GATE: Gatekeeping[GameState] = Gatekeeping(
    phase=lambda state: state.phase,
    over=lambda state: state.over,
    seated=lambda state, pid: state.player(pid) is not None,
    paused=lambda state: state.paused_at_ms is not None,
    phase_name=phase_name,
    step=step,
)
