"""Room changes: the crossing of envoys (X -> A) and every single move (powers, moderator).

A move updates the location, counts a Pèlerin visit (C46), voids the mover's
pending requests and any corruption binding (C74), and vacates the office of a
général who leaves his room (D7: an immediate re-vote in E/D, else vacant).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from app.games.deuxrois import bars, election
from app.games.deuxrois.cards import PELERIN
from app.games.deuxrois.deal import Room
from app.games.deuxrois.knowledge import add_feed
from app.games.deuxrois.model.events import EnvoysCrossed, EnvoyWithdrawn, GeneralChosen, PlayerMoved
from app.games.deuxrois.ruleset import GameRules, Tx
from app.games.deuxrois.state import GameState


def cross(tx: Tx) -> None:
    """End of window X: every locked envoy still in his room of origin walks to the other room,
    as changed by the departure steps of the rules, by order (holds, extra envoys...)."""
    moves: dict[str, Room] = {}
    for room, des in tx.state.designations.items():
        for pid in des.named:
            if tx.state.rooms.get(pid) is room:
                moves[pid] = room.other
    for _order, step in list(tx.state.rules.departure_steps):
        moves = step(tx, moves)
    tx.emit(EnvoysCrossed(moves=moves))


def move_player(tx: Tx, pid: str, to_room: Room, reason: str) -> bool:
    """One player changes room now (PD weakness, Émissaire passage, moderator...), unless a room-change
    ban holds (bars.moves: the storm, C84, E7; every path asks here). The moderator's fix is never barred."""
    origin = tx.state.rooms[pid]
    if origin is to_room or (reason != "moderator" and bars.moves(tx.state) is not None):
        return False
    tx.emit(PlayerMoved(player_id=pid, to_room=to_room, reason=reason))
    state = tx.state
    des = state.designations.get(origin)
    if des is not None and not des.locked and pid in des.named:
        tx.emit(EnvoyWithdrawn(room=origin, player_id=pid, reason="left_room"))
    if state.generals.get(origin) == pid:
        tx.emit(GeneralChosen(room=origin, general=None, how="vacated"))
        el = tx.state.elections.get(origin)
        in_e_after_result = tx.state.phase == "E" and el is not None and not el.open
        in_d_unlocked = tx.state.phase == "D" and des is not None and not des.locked
        if in_e_after_result or in_d_unlocked:
            election.start_revote(tx, origin)
    return True


def _relocate(state: GameState, moves: Mapping[str, Room]) -> GameState:
    if not moves:
        return state
    rooms = {**state.rooms, **moves}
    card_states = state.card_states
    pelerin = next((p for p in moves if state.cards.get(p) == PELERIN), None)
    if pelerin is not None:
        card_states = {**card_states, PELERIN: state.card_state(PELERIN).with_visit(moves[pelerin])}
    movers = set(moves)
    requests = {k: r for k, r in state.requests.items() if r.from_id not in movers and r.to_id not in movers}
    bindings = {v: t for v, t in state.bindings.items() if v not in movers and t not in movers}
    moved_at = {**state.moved_at, **dict.fromkeys(movers, state.version)}  # ends a neutralisation (C73)
    return replace(state, rooms=rooms, card_states=card_states, requests=requests, bindings=bindings,
                   moved_at=moved_at)


def _crossed(state: GameState, ev: EnvoysCrossed) -> GameState:
    state = _relocate(state, ev.moves)
    return add_feed(state, [p.id for p in state.players], "crossing", {"players": list(ev.moves)})


def _moved(state: GameState, ev: PlayerMoved) -> GameState:
    witnesses = [p.id for p in state.players]  # both rooms see him leave or arrive; the reason stays private
    state = _relocate(state, {ev.player_id: ev.to_room})
    return add_feed(state, witnesses, "moved", {"player": ev.player_id, "to_room": ev.to_room.value})


def install(rules: GameRules) -> None:
    rules.applies(EnvoysCrossed)(_crossed)
    rules.applies(PlayerMoved)(_moved)
