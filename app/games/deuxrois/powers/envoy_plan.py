"""This round's envoy plan (`state.EnvoyPlan`): escort extras, the rally, window X declarations, arrivals.

The plan belongs to one round: `plan(state)` gives a fresh one once the round
is past, so nothing has to reset it when a round starts. The appliers of the
envoy-power events live here, with the feed items their witnesses get.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from app.games.deuxrois import bars
from app.games.deuxrois.cards import ESPION, Cost
from app.games.deuxrois.deal import Room
from app.games.deuxrois.knowledge import add_feed, displayed_colour
from app.games.deuxrois.model.events import (
    DepartureChanged,
    DepartureDeclared,
    DepartureResolved,
    EnvoyQuotaRaised,
    EnvoysSurveyed,
    RallyJoined,
    RallyRaised,
)
from app.games.deuxrois.ruleset import Condition, GameRules
from app.games.deuxrois.state import Declaration, EnvoyPlan, GameState
from app.kernel.text import EngineError, Text

SURVEY_SECONDS = 5  # Cartographe: 5 s per card (L155)
RALLY_SECONDS = 20  # Porte-Étendard: the opt-in window (C59)
MAX_ESCORT = 2  # Commandant: "jusqu'à 2 émissaires supplémentaires" (L167)


def moves_banned(state: GameState, pid: str) -> Text | None:
    """Why no power may change a room now (bars.moves: Mode Historique's storm, event 2, E7), or None."""
    refusal = bars.moves(state)
    return refusal.message if refusal is not None else None


def public_cost(state: GameState, pid: str) -> Text | None:
    """Why the holder cannot pay a publique now (bars.cost, e.g. event 11), or None."""
    refusal = bars.cost(state, pid, Cost.PUBLIQUE)
    return refusal.message if refusal is not None else None


def first_of(*conditions: Condition) -> Condition:
    """A power condition: the first reason among several, or None."""

    def condition(state: GameState, pid: str) -> Text | EngineError | None:
        return next((reason for c in conditions if (reason := c(state, pid)) is not None), None)

    return condition


def plan(state: GameState) -> EnvoyPlan:
    """The current round's plan (an empty one if the stored plan is from an earlier round)."""
    stored = state.envoy_plan
    return stored if stored.round == state.round else EnvoyPlan(round=state.round)


def _set(state: GameState, **changes: Any) -> GameState:
    return replace(state, envoy_plan=replace(plan(state), **changes))


def leaving(state: GameState, room: Room) -> list[str]:
    """The locked envoys of `room` still standing in it (window X)."""
    des = state.designations.get(room)
    if des is None or not des.locked:
        return []
    return [p for p in des.named if state.rooms.get(p) is room]


def passes_colour(state: GameState, pid: str, colour: str) -> bool:
    """A colour gate (A17): the displayed colour; the Espion passes a red or a blue gate (L329)."""
    if state.cards[pid] == ESPION:
        return colour in ("red", "blue")
    return displayed_colour(state, pid) == colour


def declarations(state: GameState, power: str) -> list[Declaration]:
    """This round's declarations of `power`, in the order they were made (one per declarer: the latest)."""
    return [d for d in plan(state).declared if d.power == power]


def declared_by(state: GameState, power: str, pid: str) -> Declaration | None:
    return next((d for d in declarations(state, power) if d.player_id == pid), None)


def extra_envoys(state: GameState, room: Room) -> int:
    """The quota modifier of the Commandant's escort (added to the rules by powers.escort)."""
    return plan(state).extra.get(room, 0)


# ------------------------------------------------------------------ appliers
def _quota_raised(state: GameState, ev: EnvoyQuotaRaised) -> GameState:
    extra = dict(plan(state).extra)
    extra[ev.room] = min(MAX_ESCORT, extra.get(ev.room, 0) + ev.extra)
    state = _set(state, extra=extra)
    return add_feed(state, state.present(ev.room), "quota_raised", {"extra": ev.extra, "by": ev.by})


def _rally_raised(state: GameState, ev: RallyRaised) -> GameState:
    current = plan(state)
    state = _set(state, rally_deadlines={**current.rally_deadlines, ev.bearer: ev.deadline_ms},
                 rallied={**current.rallied, ev.bearer: ev.colour})
    room = state.rooms[ev.bearer]
    return add_feed(state, state.present(room), "rally",
                    {"player": ev.bearer, "colour": ev.colour, "deadline_ms": ev.deadline_ms})


def _rally_joined(state: GameState, ev: RallyJoined) -> GameState:
    state = _set(state, rallied={**plan(state).rallied, ev.player_id: ev.colour})
    # The opt-in is secret (the général may still name him, L199): only he hears of it.
    return add_feed(state, [ev.player_id], "rally_joined", {"colour": ev.colour})


def _declared(state: GameState, ev: DepartureDeclared) -> GameState:
    current = plan(state)
    again = any(d.power == ev.power and d.player_id == ev.player_id for d in current.declared)
    new = Declaration(ev.power, ev.player_id, ev.target, ev.choice)
    kept = tuple(d for d in current.declared if not (d.power == ev.power and d.player_id == ev.player_id))
    state = _set(state, declared=(*kept, new))
    if again:  # an update (the Espion companion's colour): already announced
        return state
    room = state.rooms[ev.player_id]
    general = state.generals.get(room)
    if ev.power == "block" and ev.choice == "general" and general is not None:
        witnesses = [ev.player_id, general]  # a privée to the général (C56)
    else:
        witnesses = state.present(room)
    data = {"player": ev.player_id, "power": ev.power, "players": [ev.target] if ev.target else []}
    return add_feed(state, witnesses, "departure_declared", data)


def _changed(state: GameState, ev: DepartureChanged) -> GameState:
    witnesses = dict.fromkeys([*state.present(ev.room), ev.player_id])
    return add_feed(state, list(witnesses), "departure_changed",
                    {"player": ev.player_id, "change": ev.change, "by": ev.by})


def _resolved(state: GameState, ev: DepartureResolved) -> GameState:
    return _set(state, arrivals=dict(ev.arrivals))


def _surveyed(state: GameState, ev: EnvoysSurveyed) -> GameState:
    """One timed item per card in the Cartographe's own feed: the phone shows it from `from_ms` to `until_ms`."""
    for i, (envoy, card) in enumerate(zip(ev.envoys, ev.cards, strict=True)):
        start = ev.start_ms + i * ev.seconds * 1000
        state = add_feed(state, [ev.viewer], "survey",
                         {"player": envoy, "card": card, "from_ms": start, "until_ms": start + ev.seconds * 1000})
    return state


def as_json(state: GameState) -> dict[str, Any]:
    """The round's plan for the moderator's view (it holds secrets: never for a player)."""
    current = plan(state)
    return {
        "extra": {room.value: n for room, n in current.extra.items()},
        "rallied": dict(current.rallied),
        "declared": [{"power": d.power, "player": d.player_id, "target": d.target, "choice": d.choice}
                     for d in current.declared],
        "arrivals": {pid: room.value for pid, room in current.arrivals.items()},
    }


def install(rules: GameRules) -> None:
    rules.applies(EnvoyQuotaRaised)(_quota_raised)
    rules.applies(RallyRaised)(_rally_raised)
    rules.applies(RallyJoined)(_rally_joined)
    rules.applies(DepartureDeclared)(_declared)
    rules.applies(DepartureChanged)(_changed)
    rules.applies(DepartureResolved)(_resolved)
    rules.applies(EnvoysSurveyed)(_surveyed)
