"""What is in force now (rulings §5.2, E4, E5), shared helpers, and the appliers of the Mode Historique events.

A draw made in window X of round r applies its exchange parts to that crossing (X and A
of round r), its announcement part at once, and its round parts to round r + 1 only.
Round 1 has no event in force; after the last round only the exchange parts matter.
"""

from __future__ import annotations

from dataclasses import replace

from app.games.deuxrois.deal import Room
from app.games.deuxrois.fold import Tx, applies
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
from app.games.deuxrois.historique.model import Draw, HistoriqueState
from app.games.deuxrois.knowledge import add_feed, displayed_colour
from app.games.deuxrois.state import GameState

ROUND_PHASES = ("N", "E", "D", "X", "A")


def draw_of(state: GameState, round_no: int) -> Draw | None:
    d = state.historique.draws.get(round_no)
    return d if d is not None and not d.cancelled else None


def ongoing(state: GameState) -> int | None:
    """The round event in force this round: drawn in window X of the previous round (E4)."""
    if state.phase not in ROUND_PHASES:
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
    return step in state.historique.steps


def mark(tx: Tx, step: str) -> None:
    tx.emit(HistoriqueStepDone(step=step))


def zone(state: GameState, pid: str) -> str | None:
    return state.historique.zones.get(pid)


def colour_shown(tx: Tx, pid: str) -> str:
    """A colour shown in an event's group reveal (8): the Infidèle his current colour; the Espion a seeded pick."""
    from app.games.deuxrois.cards import ESPION

    chosen = tx.rng(f"espion-colour:{pid}").choice(["red", "blue"]) if tx.state.cards[pid] == ESPION else None
    return displayed_colour(tx.state, pid, chosen)


def arrivals(state: GameState) -> dict[str, Room]:
    """Envoys of this round who now stand in the other room: player -> origin room."""
    return {p: room for room, des in state.designations.items() for p in des.named
            if state.rooms.get(p) is room.other}


def holder_of_role(state: GameState, role: str) -> list[str]:
    return sorted(state.historique.roles.get(role, frozenset()))


# ------------------------------------------------------------------ appliers
def _hs(state: GameState, hs: HistoriqueState) -> GameState:
    return replace(state, historique=hs)


@applies(HistoriqueNumberGiven)
def _number(state: GameState, ev: HistoriqueNumberGiven) -> GameState:
    hs = state.historique
    return _hs(state, replace(hs, numbers={**hs.numbers, ev.room: ev.number}))


@applies(HistoricalEventDrawn)
def _drawn(state: GameState, ev: HistoricalEventDrawn) -> GameState:
    hs = state.historique
    state = _hs(state, replace(hs, draws={**hs.draws, ev.round: Draw(ev.round, ev.number, ev.a, ev.b, ev.source)}))
    return add_feed(state, [p.id for p in state.players], "historical_event",
                    {"number": ev.number, "name": EVENTS[ev.number].name.as_dict(), "source": ev.source})


@applies(HistoricalEventCancelled)
def _cancelled(state: GameState, ev: HistoricalEventCancelled) -> GameState:
    hs = state.historique
    d = hs.draws[ev.round]
    state = _hs(state, replace(hs, draws={**hs.draws, ev.round: replace(d, cancelled=True)}))
    return add_feed(state, [p.id for p in state.players], "historical_event_cancelled", {"number": d.number})


@applies(HistoriqueRoundSetUp)
def _set_up(state: GameState, ev: HistoriqueRoundSetUp) -> GameState:
    hs = state.historique
    return _hs(state, replace(hs, numbers={}, roles={r: frozenset(ps) for r, ps in ev.roles.items()},
                              zones=dict(ev.zones), choices={}, spent={}, timers={},
                              steps=hs.steps | {f"setup:{ev.round}"}))


@applies(HistoriqueRoleSet)
def _role(state: GameState, ev: HistoriqueRoleSet) -> GameState:
    hs = state.historique
    members = hs.roles.get(ev.role, frozenset())
    members = members | {ev.player} if ev.on else members - {ev.player}
    choices = dict(hs.choices)
    if ev.choice is not None:
        choices[f"{ev.role}:{ev.player}"] = ev.choice
    return _hs(state, replace(hs, roles={**hs.roles, ev.role: members}, choices=choices))


@applies(ZoneSet)
def _zone(state: GameState, ev: ZoneSet) -> GameState:
    hs = state.historique
    return _hs(state, replace(hs, zones={**hs.zones, ev.player: ev.zone}))


@applies(HistoriquePowerSpent)
def _spent(state: GameState, ev: HistoriquePowerSpent) -> GameState:
    hs = state.historique
    key = f"{ev.power}:{ev.player}"
    return _hs(state, replace(hs, spent={**hs.spent, key: hs.spent.get(key, 0) + 1}))


@applies(HistoriqueTimerSet)
def _timer(state: GameState, ev: HistoriqueTimerSet) -> GameState:
    hs = state.historique
    timers = {k: v for k, v in hs.timers.items() if k != ev.name}
    if ev.ms_before_phase_end is not None:
        timers[ev.name] = ev.ms_before_phase_end
    return _hs(state, replace(hs, timers=timers))


@applies(HistoriqueStepDone)
def _step(state: GameState, ev: HistoriqueStepDone) -> GameState:
    hs = state.historique
    return _hs(state, replace(hs, steps=hs.steps | {ev.step}))


@applies(EnvoyDelegated)
def _delegated(state: GameState, ev: EnvoyDelegated) -> GameState:
    des = state.designations[ev.room]
    named = tuple(ev.replacement if p == ev.envoy else p for p in des.named)
    state = replace(state, designations={**state.designations, ev.room: replace(des, named=named)})
    hs = state.historique
    done = hs.roles.get("delegated", frozenset()) | {ev.envoy, ev.replacement}
    state = _hs(state, replace(hs, roles={**hs.roles, "delegated": done}))
    return add_feed(state, state.present(ev.room), "envoy_delegated",
                    {"player": ev.envoy, "players": [ev.replacement]})
