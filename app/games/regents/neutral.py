"""3 players: after his action phase, the active player may move one neutral agent one step (L242, RG-50)."""

from __future__ import annotations

from dataclasses import replace

from app.games.regents.board import MOVE_ADJ
from app.games.regents.commands import MoveNeutral, SkipNeutral
from app.games.regents.events import NeutralMoved, NeutralSkipped
from app.games.regents.feed import space, t
from app.games.regents.guards import my_turn
from app.games.regents.model import CountProgress, State, noted
from app.kernel.actor import Actor
from app.kernel.rules import Rules, Tx, refuse


def install(rules: Rules[State]) -> None:
    @rules.handles(MoveNeutral, actors=("player",), phases=("neutral",))
    def _move(tx: Tx[State], cmd: MoveNeutral, actor: Actor) -> None:
        s = tx.state
        p = my_turn(s, actor)
        assert s.neutral is not None
        if s.neutral.at(cmd.from_space) == 0:
            raise refuse("no_agent_there", "Aucun agent neutre à cet endroit.", "No neutral agent there.")
        if cmd.to_space not in MOVE_ADJ[cmd.from_space]:
            raise refuse("not_adjacent", "Un agent ne va que dans un lieu voisin.",
                         "An agent only moves to a neighbouring space.")
        tx.emit(NeutralMoved(player=p.pid, from_space=cmd.from_space, to_space=cmd.to_space))

    @rules.handles(SkipNeutral, actors=("player",), phases=("neutral",))
    def _skip(tx: Tx[State], cmd: SkipNeutral, actor: Actor) -> None:
        p = my_turn(tx.state, actor)
        tx.emit(NeutralSkipped(player=p.pid))

    @rules.applies(NeutralMoved)
    def _moved(s: State, e: NeutralMoved) -> State:
        assert s.neutral is not None
        agents = list(s.neutral.agents)
        agents[agents.index(e.from_space)] = e.to_space
        s = replace(s, neutral=replace(s.neutral, agents=tuple(agents)), phase="count", count=CountProgress())
        who = s.seat_name(e.player)
        return noted(s, "neutral", t(f"{who} déplace un agent neutre : {space(e.from_space).fr} → {space(e.to_space).fr}.",
                                     f"{who} moves a neutral agent: {space(e.from_space).en} → {space(e.to_space).en}."))

    @rules.applies(NeutralSkipped)
    def _skipped(s: State, e: NeutralSkipped) -> State:
        return replace(s, phase="count", count=CountProgress())
