"""The one `Rules` value of Deux Rois – Inde, built explicitly from each module's `install`."""

from __future__ import annotations

from app.games.inde import lobby, setup, turns
from app.games.inde.model import PHASE_NAMES, State
from app.kernel.rules import Gatekeeping, Rules
from app.kernel.text import Text


def build_rules() -> Rules[State]:
    rules: Rules[State] = Rules(Gatekeeping(
        phase=lambda s: s.phase,
        over=lambda s: s.phase == "over",
        seated=lambda s, pid: s.seat(pid) is not None,
        phase_name=lambda p: PHASE_NAMES.get(p, Text(p, p)),
    ))
    lobby.install(rules)
    setup.install(rules)
    turns.install(rules)
    return rules


RULES = build_rules()
