"""C recruit a conseiller (once a turn, from the reserve) and D place one on any space (L94-L102, RG-10)."""

from __future__ import annotations

from dataclasses import replace

from app.games.regents.commands import PlaceCounsellor, Recruit
from app.games.regents.events import CounsellorPlaced, CounsellorRecruited
from app.games.regents.feed import space, t
from app.games.regents.guards import action_refusal, first, my_turn
from app.games.regents.model import Player, State, noted, with_player
from app.kernel.actor import Actor
from app.kernel.rules import Rules, Tx, refuse
from app.kernel.text import EngineError


def recruit_refusal(s: State) -> EngineError | None:
    if s.turn.recruited:
        return refuse("already_recruited", "Un seul recrutement de conseiller par tour.", "Only one recruit per turn.")
    if s.reserve <= 0:
        return refuse("reserve_empty", "La réserve de conseillers est vide.", "The conseiller reserve is empty.")
    return action_refusal(s)


def place_refusal(s: State, p: Player) -> EngineError | None:
    if p.counsellors <= 0:
        return refuse("no_counsellor", "Vous n'avez pas de conseiller devant vous : recrutez-en un d'abord.",
                      "You hold no conseiller: recruit one first.")
    return action_refusal(s)


def install(rules: Rules[State]) -> None:
    @rules.handles(Recruit, actors=("player",), phases=("actions",))
    def _recruit(tx: Tx[State], cmd: Recruit, actor: Actor) -> None:
        p = my_turn(tx.state, actor)
        if (refusal := recruit_refusal(tx.state)) is not None:
            raise refusal
        tx.emit(CounsellorRecruited(player=p.pid))

    @rules.handles(PlaceCounsellor, actors=("player",), phases=("actions",))
    def _place(tx: Tx[State], cmd: PlaceCounsellor, actor: Actor) -> None:
        p = my_turn(tx.state, actor)
        if (refusal := first(place_refusal(tx.state, p))) is not None:
            raise refusal
        tx.emit(CounsellorPlaced(player=p.pid, space=cmd.space))

    @rules.applies(CounsellorRecruited)
    def _recruited(s: State, e: CounsellorRecruited) -> State:
        p = s.player(e.player)
        s = with_player(s, p.pid, counsellors=p.counsellors + 1)
        s = replace(s, reserve=s.reserve - 1,
                    turn=replace(s.turn, recruited=True, actions_left=s.turn.actions_left - 1))
        return noted(s, "recruit", t(f"{p.name} recrute un conseiller.", f"{p.name} recruits a conseiller."))

    @rules.applies(CounsellorPlaced)
    def _placed(s: State, e: CounsellorPlaced) -> State:
        p = s.player(e.player)
        s = with_player(s, p.pid, counsellors=p.counsellors - 1)
        s = replace(s, turn=replace(s.turn, counsellors=(*s.turn.counsellors, e.space),
                                    actions_left=s.turn.actions_left - 1))
        return noted(s, "counsellor", t(f"{p.name} place un conseiller : {space(e.space).fr}.",
                                        f"{p.name} places a conseiller: {space(e.space).en}."))
