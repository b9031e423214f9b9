"""Round events (rulings §5.3 "Next"): what the event drawn last round does in this one.

At the start of each round (window N) the roles and zones of the event in force are set
and recorded with their random outcomes: the vikings (9), the council of the two oldest
(14, E18), Tostig's grants carried over (15), the raid leaders (19), the relic holders
(21, E25), the legate choosers (24), every player's starting zone (25-27).
Timers: 3 and 10 shorten the negotiation. Follow-ups after each decision: the royal
oath's colour (6, E10), the relic's forced reveals and its général (21), the end of the
negotiation (25 Citadelle colours, raiders home), event 20's go/stay questions.
"""

from __future__ import annotations

from app.games.deuxrois import bars
from app.games.deuxrois.crossing import move_player
from app.games.deuxrois.deal import Room
from app.games.deuxrois.historique import colours
from app.games.deuxrois.historique.colours import public_colour
from app.games.deuxrois.historique.effects import draw_of, mark, ongoing, step_done
from app.games.deuxrois.historique.events import HistoriqueRoleSet, HistoriqueRoundSetUp, HistoriqueTimerSet
from app.games.deuxrois.historique.model import historique_of
from app.games.deuxrois.model.events import GeneralChosen
from app.games.deuxrois.model.phases import ROUND
from app.games.deuxrois.prompts import open_prompt
from app.games.deuxrois.reveals import complete
from app.games.deuxrois.ruleset import GameRules, Tx
from app.games.deuxrois.state import GameState

NEGOTIATION_CAP_S = {3: 60, 10: 120}
STARTING_ZONE = {25: "port", 26: "camp", 27: "champ"}
RAID_MS = 60_000


def _seconds(state: GameState, phase: str, round_no: int, seconds: int) -> int:
    d = draw_of(state, round_no - 1) if phase == "N" else None
    return min(seconds, NEGOTIATION_CAP_S[d.number]) if d is not None and d.number in NEGOTIATION_CAP_S else seconds


def _oldest_two(tx: Tx, room: Room) -> list[str]:
    """E18: the two oldest present; ties (and unknown ages, last) in a seeded order."""
    present = tx.state.present(room)
    order = tx.rng(f"council:{room.value}").sample(present, len(present))
    years = {p.id: p.birth_year for p in tx.state.players}
    order.sort(key=lambda p: years[p] or 10_000)
    return order[:2]


def _set_up(tx: Tx) -> None:
    state = tx.state
    number = ongoing(state)
    sitting = [g for room, g in state.generals.items() if g is not None and state.rooms.get(g) is room]
    roles: dict[str, list[str]] = {}
    if number == 9:
        roles["viking"] = sitting
    elif number == 19:
        roles["raid_leader"] = sitting
    elif number == 24:
        roles["legate_chooser"] = sitting
    elif number == 15:
        roles["tostig"] = sorted(historique_of(state).roles.get("tostig", frozenset()))
    elif number == 14:
        roles["council"] = [p for room in state.iter_rooms() for p in _oldest_two(tx, room)]
    elif number == 21:
        for room in state.iter_rooms():
            general = state.generals.get(room)
            present = state.present(room)
            if general is not None and general in present:
                roles[f"relic:{room.value}"] = [general]
            elif present:
                roles[f"relic:{room.value}"] = [tx.rng(f"relic:{room.value}").choice(present)]  # E25
    zones = {p.id: STARTING_ZONE[number] for p in state.players} if number in STARTING_ZONE else {}
    tx.emit(HistoriqueRoundSetUp(round=state.round, roles=roles, zones=zones))


def relic_holder(state: GameState, room: Room) -> str | None:
    holders = historique_of(state).roles.get(f"relic:{room.value}", frozenset())
    return next(iter(holders), None)


def _relic(tx: Tx) -> None:
    """21: a complète asked of the holder is a forcée (the asker shows first); the relic passes to the asker.
    In every window of the round where reveals are allowed (S20), not only the negotiation."""
    for req in list(tx.state.requests.values()):
        if req.kind != "complete" or req.id not in tx.state.requests:
            continue
        for room in tx.state.iter_rooms():
            if relic_holder(tx.state, room) == req.to_id and tx.state.rooms.get(req.to_id) is room:
                if complete(tx, req.from_id, req.to_id, forced=True, source="relique", request_id=req.id,
                            must=True):
                    tx.emit(HistoriqueRoleSet(role=f"relic:{room.value}", player=req.to_id, on=False))
                    tx.emit(HistoriqueRoleSet(role=f"relic:{room.value}", player=req.from_id))
                break


def _end_of_negotiation(tx: Tx) -> None:
    number = ongoing(tx.state)
    for raider in sorted(historique_of(tx.state).roles.get("raider", frozenset())):
        raid_return(tx, raider)
    if number == 25:  # the Citadelle at the end of N shows its colours
        for p in [p.id for p in tx.state.players if historique_of(tx.state).zones.get(p.id) == "citadelle"]:
            public_colour(tx, p, "citadelle")
    elif number == 21:  # E25: the relic's holder becomes général instead of the vote
        for room in tx.state.iter_rooms():
            holder = relic_holder(tx.state, room)
            el = tx.state.elections.get(room)
            if (holder is not None and tx.state.rooms.get(holder) is room and el is not None and el.open
                    and bars.office(tx.state, holder) is None):  # the office's bars, as for any way (S21)
                tx.emit(GeneralChosen(room=room, general=holder, how="relic"))


def raid_return(tx: Tx, raider: str) -> None:
    origin = historique_of(tx.state).choices.get(f"raider:{raider}")
    tx.emit(HistoriqueRoleSet(role="raider", player=raider, on=False))
    tx.emit(HistoriqueTimerSet(name=f"raid:{raider}", ms_before_phase_end=None))
    if origin is not None and tx.state.rooms.get(raider) is not Room(origin):
        move_player(tx, raider, Room(origin), "raid_return")


def start_raid(tx: Tx, raider: str) -> None:
    origin = tx.state.rooms[raider]
    tx.emit(HistoriqueRoleSet(role="raider", player=raider, choice=origin.value))
    deadline = tx.state.deadline_ms or tx.now
    tx.emit(HistoriqueTimerSet(name=f"raid:{raider}", ms_before_phase_end=max(0, deadline - tx.now - RAID_MS)))
    move_player(tx, raider, origin.other, "raid")


def _royal_oath(tx: Tx) -> None:
    """6, E10: whoever takes office this round (vote, Sang Royal, moderator) shows his colour to the room."""
    for room in tx.state.iter_rooms():
        general = tx.state.generals.get(room)
        el = tx.state.elections.get(room)
        if (general is not None and el is not None and not el.open and tx.state.rooms.get(general) is room
                and not historique_of(tx.state).has("oath_shown", general)):
            tx.emit(HistoriqueRoleSet(role="oath_shown", player=general))
            public_colour(tx, general, "serment_royal")


def _revolt(tx: Tx) -> None:
    """20, E24: each locked envoy is asked whether he goes; a refusal is not replaced."""
    for room, des in tx.state.designations.items():
        if not des.locked:
            continue
        for p in des.named:
            if not historique_of(tx.state).has("asked", p) and tx.state.rooms.get(p) is room:
                tx.emit(HistoriqueRoleSet(role="asked", player=p))
                open_prompt(tx, p, "revolt_mission", ["go", "stay"], {}, until="round")


def _react(tx: Tx) -> None:
    state = tx.state
    if not state.config.historique or state.phase not in ROUND:
        return
    if not step_done(state, f"setup:{state.round}"):
        _set_up(tx)
    number = ongoing(tx.state)
    if number == 21:  # S20: the relic binds its holder in every window of the round
        _relic(tx)
    if tx.state.phase != "N" and not step_done(tx.state, f"end_n:{tx.state.round}"):
        mark(tx, f"end_n:{tx.state.round}")
        _end_of_negotiation(tx)
    if number == 6 and tx.state.phase in ("E", "D", "X", "A"):
        _royal_oath(tx)
    if number == 20 and tx.state.phase in ("D", "X"):
        _revolt(tx)


def _timers_due(state: GameState) -> int | None:
    timers = historique_of(state).timers
    if not timers or state.deadline_ms is None or state.paused_at_ms is not None:
        return None
    return state.deadline_ms - max(timers.values())


def _timers_fire(tx: Tx) -> None:
    deadline = tx.state.deadline_ms or tx.now
    for name, before in sorted(historique_of(tx.state).timers.items()):
        if deadline - before > tx.now:
            continue
        if name.startswith("raid:"):
            raid_return(tx, name.removeprefix("raid:"))
        elif name.startswith("espion:"):
            colours.expire(tx, name.removeprefix("espion:"))


def install(rules: GameRules) -> None:
    rules.phase_seconds.append(_seconds)
    rules.reactors.insert(0, _react)  # the round's set-up comes before every other follow-up
    rules.timers.append((_timers_due, _timers_fire))
