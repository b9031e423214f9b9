"""Placing and moving pieces: set-up placement (L43), A move an agent, B move the King, G place an agent."""

from __future__ import annotations

from dataclasses import replace

from app.games.regents.board import MOVE_ADJ, ROOM_ADJ, ROOMS, Space
from app.games.regents.commands import MoveAgent, MoveKing, PlaceAgent
from app.games.regents.events import AgentPlaced, AgentsMoved, KingMoved, Step
from app.games.regents.feed import space, t, the
from app.games.regents.guards import action_refusal, first, my_turn, name, need_action
from app.games.regents.model import Player, State, noted, with_player
from app.kernel.actor import Actor
from app.kernel.rules import Rules, Tx, refuse
from app.kernel.text import EngineError, Text


def moved(agents: tuple[Space | None, ...], src: Space | None, dst: Space | None) -> tuple[Space | None, ...]:
    """One agent standing on `src` (None: out of the castle) now stands on `dst`."""
    out = list(agents)
    out[out.index(src)] = dst
    return tuple(out)


def placer_refusal(s: State, actor: Actor) -> EngineError | None:
    who = s.placer
    if actor.player_id != who.pid:
        return refuse("not_your_turn", f"C'est à {who.name} de placer un agent.", f"It is {who.name}'s turn to place.")
    return None


def g_refusal(s: State, p: Player) -> EngineError | None:
    if p.off == 0:
        return refuse("no_agent_off", "Aucun de vos agents n'est hors du château.",
                      "None of your agents is out of the castle.")
    return action_refusal(s)


def move_refusal(s: State, p: Player, cmd: MoveAgent) -> EngineError | None:
    if p.at(cmd.from_space) == 0:
        return refuse("no_agent_there", f"Vous n'avez pas d'agent dans {the(cmd.from_space).fr}.",
                      f"You have no agent in {the(cmd.from_space).en}.")
    if cmd.to_space not in MOVE_ADJ[cmd.from_space]:
        return refuse("not_adjacent", "Un agent ne va que dans un lieu voisin.", "An agent only moves to a neighbouring space.")
    if (cmd.also_from is None) != (cmd.also_to is None):
        return refuse("bad_second_move", "Le second déplacement demande un départ et une arrivée.",
                      "The second move needs a start and an end.")
    if cmd.also_from is not None and cmd.also_to is not None:
        if not s.turn.privilege:
            return refuse("no_privilege", "Deux agents en une action : il faut avoir joué Privilège ce tour-ci.",
                          "Two agents in one action: you must have played Privilege this turn.")
        spare = p.at(cmd.also_from) - (1 if cmd.also_from == cmd.from_space else 0)
        if spare < 1:
            return refuse("no_second_agent", "Le second déplacement doit prendre un autre de vos agents.",
                          "The second move must take another of your agents.")
        if cmd.also_to not in MOVE_ADJ[cmd.also_from]:
            return refuse("not_adjacent", "Un agent ne va que dans un lieu voisin.",
                          "An agent only moves to a neighbouring space.")
    return None


def king_refusal(s: State, to: Space) -> EngineError | None:
    if to not in ROOMS:
        return refuse("king_no_path", "Edouard Ier ne va jamais sur les chemins de garde.",
                      "Edward I never goes onto the guard paths.")
    if to not in ROOM_ADJ[s.king]:
        return refuse("not_adjacent", "Edouard Ier ne va que dans une salle voisine de la sienne.",
                      "Edward I only moves to a room next to his.")
    return None


def install(rules: Rules[State]) -> None:
    @rules.handles(PlaceAgent, actors=("player",), phases=("placement", "actions"))
    def _place(tx: Tx[State], cmd: PlaceAgent, actor: Actor) -> None:
        s = tx.state
        if s.phase == "placement":
            if (refusal := placer_refusal(s, actor)) is not None:
                raise refusal
            tx.emit(AgentPlaced(player=s.placer.pid, space=cmd.space, setup=True))
            return
        p = my_turn(s, actor)
        if (refusal := g_refusal(s, p)) is not None:
            raise refusal
        tx.emit(AgentPlaced(player=p.pid, space=cmd.space, setup=False))

    @rules.handles(MoveAgent, actors=("player",), phases=("actions",))
    def _move(tx: Tx[State], cmd: MoveAgent, actor: Actor) -> None:
        s = tx.state
        p = my_turn(s, actor)
        need_action(s)
        if (refusal := move_refusal(s, p, cmd)) is not None:
            raise refusal
        steps = [Step(from_space=cmd.from_space, to_space=cmd.to_space)]
        if cmd.also_from is not None and cmd.also_to is not None:
            steps.append(Step(from_space=cmd.also_from, to_space=cmd.also_to))
        tx.emit(AgentsMoved(player=p.pid, steps=tuple(steps), privilege=s.turn.privilege))

    @rules.handles(MoveKing, actors=("player",), phases=("actions",))
    def _king(tx: Tx[State], cmd: MoveKing, actor: Actor) -> None:
        s = tx.state
        p = my_turn(s, actor)
        if (refusal := first(action_refusal(s), king_refusal(s, cmd.to_space))) is not None:
            raise refusal
        tx.emit(KingMoved(player=p.pid, from_space=s.king, to_space=cmd.to_space))

    @rules.applies(AgentPlaced)
    def _placed(s: State, e: AgentPlaced) -> State:
        p = s.player(e.player)
        s = with_player(s, p.pid, agents=moved(p.agents, None, e.space))
        if e.setup:
            s = replace(s, placed=s.placed + 1)
            return noted(s, "setup", t(f"{p.name} place un agent : {space(e.space).fr}.",
                                       f"{p.name} places an agent: {space(e.space).en}."))
        s = replace(s, turn=replace(s.turn, actions_left=s.turn.actions_left - 1))
        return noted(s, "place", t(f"{p.name} ramène un agent au château : {space(e.space).fr}.",
                                   f"{p.name} brings an agent back into the castle: {space(e.space).en}."))

    @rules.applies(AgentsMoved)
    def _moved(s: State, e: AgentsMoved) -> State:
        p = s.player(e.player)
        agents = p.agents
        # Both agents leave from where they stood before the action (RG-73); agents of one
        # colour are interchangeable, so lifting then landing keeps the count out of the castle.
        for step in e.steps:
            agents = moved(agents, step.from_space, None)
        for step in e.steps:
            agents = moved(agents, None, step.to_space)
        s = with_player(s, p.pid, agents=agents)
        s = replace(s, turn=replace(s.turn, actions_left=s.turn.actions_left - 1, privilege=False))
        parts = [Text(f"{space(st.from_space).fr} → {space(st.to_space).fr}",
                      f"{space(st.from_space).en} → {space(st.to_space).en}") for st in e.steps]
        how = t(" (Privilège : deux agents pour une action)", " (Privilege: two agents for one action)") \
            if len(e.steps) == 2 else t("", "")
        return noted(s, "move", t(f"{p.name} déplace un agent : {' ; '.join(x.fr for x in parts)}{how.fr}.",
                                  f"{p.name} moves an agent: {'; '.join(x.en for x in parts)}{how.en}."))

    @rules.applies(KingMoved)
    def _king_moved(s: State, e: KingMoved) -> State:
        s = replace(s, king=e.to_space, turn=replace(s.turn, actions_left=s.turn.actions_left - 1))
        who = name(s, e.player)
        return noted(s, "king", t(f"{who} déplace Edouard Ier : {space(e.from_space).fr} → {space(e.to_space).fr}.",
                                  f"{who} moves Edward I: {space(e.from_space).en} → {space(e.to_space).en}."))

