"""What is in force now (rulings §5.2, E4, E5), shared helpers, and the appliers of the Mode Historique events.

A draw made in window X of round r applies its exchange parts to that crossing (X and A
of round r), its announcement part at once, and its round parts to round r + 1 only.
Round 1 has no event in force; after the last round only the exchange parts matter.
"""

from __future__ import annotations

from dataclasses import replace

from app.games.deuxrois.deal import Room
from app.games.deuxrois.historique.catalogue import EVENTS, When
from app.games.deuxrois.historique.events import (
    EnvoyDelegated,
    HistoricalEventCancelled,
    HistoricalEventDrawn,
    HistoriqueNumberGiven,
    HistoriquePowerSpent,
    HistoriqueRoleSet,
    HistoriqueRoundSetUp,
    HistoriqueStepDone,
    HistoriqueTimerSet,
    ZoneSet,
)
from app.games.deuxrois.historique.model import Draw, historique_of, with_historique
from app.games.deuxrois.knowledge import add_feed
from app.games.deuxrois.model.phases import ROUND
from app.games.deuxrois.ruleset import GameRules, Tx
from app.games.deuxrois.state import GameState


def draw_of(state: GameState, round_no: int) -> Draw | None:
    d = historique_of(state).draws.get(round_no)
    return d if d is not None and not d.cancelled else None


def ongoing(state: GameState) -> int | None:
    """The round event in force this round: drawn in window X of the previous round (E4)."""
    if state.phase not in ROUND:
        return None
    d = draw_of(state, state.round - 1)
    return d.number if d is not None and EVENTS[d.number].when in (When.NEXT, When.ARRIVAL) else None


def fresh(state: GameState) -> int | None:
    """The event drawn in this round's window X (its exchange parts apply to this crossing)."""
    if state.phase not in ("X", "A"):
        return None
    d = draw_of(state, state.round)
    return d.number if d is not None else None


def in_force(state: GameState, number: int) -> bool:
    return ongoing(state) == number or fresh(state) == number


def step_done(state: GameState, step: str) -> bool:
    return step in historique_of(state).steps


def mark(tx: Tx, step: str) -> None:
    tx.emit(HistoriqueStepDone(step=step))


def zone(state: GameState, pid: str) -> str | None:
    return historique_of(state).zones.get(pid)


def envoys_leaving(state: GameState, room: Room) -> list[str]:
    """This round's envoys of `room` still standing in it (before the crossing)."""
    des = state.designations.get(room)
    return [p for p in des.named if state.rooms.get(p) is room] if des is not None else []


def arrivals(state: GameState) -> dict[str, Room]:
    """Envoys of this round who now stand in the other room: player -> origin room."""
    return {p: room for room, des in state.designations.items() for p in des.named
            if state.rooms.get(p) is room.other}


# ------------------------------------------------------------------ appliers
def _number(state: GameState, ev: HistoriqueNumberGiven) -> GameState:
    hs = historique_of(state)
    return with_historique(state, replace(hs, numbers={**hs.numbers, ev.room: ev.number}))


def _drawn(state: GameState, ev: HistoricalEventDrawn) -> GameState:
    hs = historique_of(state)
    state = with_historique(state, replace(hs, draws={**hs.draws, ev.round: Draw(ev.round, ev.number, ev.a, ev.b, ev.source)}))
    return add_feed(state, [p.id for p in state.players], "historical_event",
                    {"number": ev.number, "name": EVENTS[ev.number].name.as_dict(), "source": ev.source})


def _cancelled(state: GameState, ev: HistoricalEventCancelled) -> GameState:
    hs = historique_of(state)
    d = hs.draws[ev.round]
    state = with_historique(state, replace(hs, draws={**hs.draws, ev.round: replace(d, cancelled=True)}))
    return add_feed(state, [p.id for p in state.players], "historical_event_cancelled", {"number": d.number})


def _set_up(state: GameState, ev: HistoriqueRoundSetUp) -> GameState:
    hs = historique_of(state)
    return with_historique(state, replace(hs, numbers={}, roles={r: frozenset(ps) for r, ps in ev.roles.items()},
                              zones=dict(ev.zones), choices={}, spent={}, timers={},
                              steps=hs.steps | {f"setup:{ev.round}"}))


def _role(state: GameState, ev: HistoriqueRoleSet) -> GameState:
    hs = historique_of(state)
    members = hs.roles.get(ev.role, frozenset())
    members = members | {ev.player} if ev.on else members - {ev.player}
    choices = dict(hs.choices)
    if ev.choice is not None:
        choices[f"{ev.role}:{ev.player}"] = ev.choice
    return with_historique(state, replace(hs, roles={**hs.roles, ev.role: members}, choices=choices))


def _zone(state: GameState, ev: ZoneSet) -> GameState:
    hs = historique_of(state)
    return with_historique(state, replace(hs, zones={**hs.zones, ev.player: ev.zone}))


def _spent(state: GameState, ev: HistoriquePowerSpent) -> GameState:
    hs = historique_of(state)
    key = f"{ev.power}:{ev.player}"
    return with_historique(state, replace(hs, spent={**hs.spent, key: hs.spent.get(key, 0) + 1}))


def _timer(state: GameState, ev: HistoriqueTimerSet) -> GameState:
    hs = historique_of(state)
    timers = {k: v for k, v in hs.timers.items() if k != ev.name}
    if ev.ms_before_phase_end is not None:
        timers[ev.name] = ev.ms_before_phase_end
    return with_historique(state, replace(hs, timers=timers))


def _step(state: GameState, ev: HistoriqueStepDone) -> GameState:
    hs = historique_of(state)
    return with_historique(state, replace(hs, steps=hs.steps | {ev.step}))


def _delegated(state: GameState, ev: EnvoyDelegated) -> GameState:
    des = state.designations[ev.room]
    named = tuple(ev.replacement if p == ev.envoy else p for p in des.named)
    state = replace(state, designations={**state.designations, ev.room: replace(des, named=named)})
    hs = historique_of(state)
    done = hs.roles.get("delegated", frozenset()) | {ev.envoy, ev.replacement}
    state = with_historique(state, replace(hs, roles={**hs.roles, "delegated": done}))
    return add_feed(state, state.present(ev.room), "envoy_delegated",
                    {"player": ev.envoy, "players": [ev.replacement]})


def install(rules: GameRules) -> None:
    rules.applies(HistoriqueNumberGiven)(_number)
    rules.applies(HistoricalEventDrawn)(_drawn)
    rules.applies(HistoricalEventCancelled)(_cancelled)
    rules.applies(HistoriqueRoundSetUp)(_set_up)
    rules.applies(HistoriqueRoleSet)(_role)
    rules.applies(ZoneSet)(_zone)
    rules.applies(HistoriquePowerSpent)(_spent)
    rules.applies(HistoriqueTimerSet)(_timer)
    rules.applies(HistoriqueStepDone)(_step)
    rules.applies(EnvoyDelegated)(_delegated)
