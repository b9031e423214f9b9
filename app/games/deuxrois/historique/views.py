"""What the phones, the dashboard and the screen show of Mode Historique, and the extra legal actions.

`active_event`: {number, name, summary, instruction, until, what_it_changes_for_me}; `historique`:
the draw (open, deadline, whether I give a number), my zone and roles; the moderator sees all.
"""

from __future__ import annotations

from typing import Any

from app.games.deuxrois import actions, views
from app.games.deuxrois.historique import draw, zones
from app.games.deuxrois.historique.catalogue import EVENTS, When
from app.games.deuxrois.historique.effects import draw_of, fresh, ongoing
from app.games.deuxrois.historique.guards import council_immune, outside
from app.games.deuxrois.state import GameState
from app.kernel.text import Text

View = dict[str, Any]


def _current(state: GameState) -> tuple[int, int] | None:
    """(number, round drawn) of the event to show: this crossing's, else the one in force this round."""
    number = fresh(state)
    if number is not None:
        return number, state.round
    number = ongoing(state)
    return (number, state.round - 1) if number is not None else None


def _until(state: GameState, number: int, drawn: int) -> View:
    when = EVENTS[number].when
    if when in (When.NEXT, When.ARRIVAL) and drawn < state.config.rounds:
        return {"round": drawn + 1, "end": "round", "text": Text(f"Jusqu'à la fin du tour {drawn + 1}",
                                                                  f"Until the end of round {drawn + 1}").as_dict()}
    if when in (When.NEXT, When.ARRIVAL):  # E5: drawn after the last round, its round part is void
        return {"round": drawn, "end": "void", "text": Text("Sans effet : c'était le dernier tour",
                                                             "No effect: this was the last round").as_dict()}
    return {"round": drawn, "end": "crossing", "text": Text("Pendant cette traversée",
                                                             "During this crossing").as_dict()}


def _for_me(state: GameState, pid: str, number: int) -> list[Text]:
    hs = state.historique
    out: list[Text] = []
    z = hs.zones.get(pid)
    if z is not None and number in zones.ZONES:
        fr, en = zones.ZONE_NAMES[z]
        out.append(Text(f"Vous êtes dans la zone : {fr}.", f"You are in the zone: {en}."))
    if outside(state, pid):
        out.append(Text("Vous êtes dehors jusqu'à l'élection du général.", "You are outside until the election."))
    roles = {
        "viking": ("Vous êtes le viking : deux vues forcées, aucune révélation complète.",
                   "You are the viking: two forced views, no full reveal."),
        "lieutenant": ("Vous êtes le lieutenant : vous désignez les envoyés.", "You are the lieutenant: you name the envoys."),
        "legate": ("Vous êtes légat : changez de salle librement pendant la négociation.",
                   "You are a legate: change rooms freely during negotiation."),
        "raider": ("Vous êtes en raid : revenez quand votre téléphone vous le dit.",
                   "You are raiding: come back when your phone tells you."),
        "council": ("Vous siégez au Parlement des sages.", "You sit on the Council of elders."),
        "tostig": ("Vous avez une révélation forcée à faire ce tour.", "You have one forced reveal this round."),
        "sworn": ("Serment prêté : vous montrerez votre nouvelle carte à l'arrivée.",
                  "Oath sworn: you will show your new card at arrival."),
        "declined": ("Vous restez dans votre salle.", "You stay in your room."),
    }
    out += [Text(*text) for role, text in roles.items() if hs.has(role, pid)]
    if any(hs.has(f"relic:{r.value}", pid) for r in state.iter_rooms()):
        out.append(Text("Vous portez la relique : une révélation complète demandée est forcée.",
                        "You hold the relic: a full reveal asked of you is forced."))
    if council_immune(state, state.rooms[pid]) == pid:
        out.append(Text("Le Parlement vous protège des missions ce tour.", "The council protects you from missions."))
    if number == 18 and state.generals.get(state.rooms[pid]) == pid:
        out.append(Text("Allez dans l'autre salle pour désigner ses envoyés, puis revenez.",
                        "Go to the other room to name its envoys, then come back."))
    return out


def _active(state: GameState, pid: str | None) -> View | None:
    current = _current(state)
    if current is None:
        return None
    number, drawn = current
    ev = EVENTS[number]
    view: View = {"number": number, "id": ev.key, "name": ev.name.as_dict(), "summary": ev.summary.as_dict(),
                  "instruction": ev.instruction.as_dict() if ev.instruction else None,
                  "until": _until(state, number, drawn), "what_it_changes_for_me": None}
    if pid is not None and pid in state.rooms:
        mine = _for_me(state, pid, number)
        view["what_it_changes_for_me"] = [t.as_dict() for t in mine]
    return view


def _draw(state: GameState) -> View:
    return {"open": draw.draw_open(state), "deadline_ms": draw.draw_deadline(state)}


def _extras(state: GameState, kind: str, pid: str | None) -> View:
    if not state.config.historique:
        return {}
    hs = state.historique
    last = draw_of(state, state.round)
    drawn = {"number": last.number, "a": last.a, "b": last.b, "source": last.source} if last else None
    in_force = [n for n in (ongoing(state), fresh(state)) if n is not None]
    base: View = {"active_event": _active(state, pid),
                  "historique": {"draw": _draw(state), "drawn": drawn, "in_force": in_force,
                                 "zone_names": {z: Text(*names).as_dict() for z, names in zones.ZONE_NAMES.items()}}}
    if kind == "player" and pid is not None and pid in state.rooms:
        room = draw.number_giver(state, pid)
        base["historique"].update({
            "i_give_number": room is not None and draw.draw_open(state),
            "my_number": hs.numbers.get(room) if room is not None else None,
            "zone": hs.zones.get(pid) if ongoing(state) in zones.ZONES else None,
            "zones": list(zones.ZONES.get(ongoing(state) or 0, ())),
        })
    elif kind == "moderator":
        base["historique"].update({
            "numbers": {r.value: n for r, n in hs.numbers.items()},
            "draws": [{"round": d.round, "number": d.number, "a": d.a, "b": d.b, "source": d.source,
                       "cancelled": d.cancelled} for d in sorted(hs.draws.values(), key=lambda d: d.round)],
            "roles": {r: sorted(ps) for r, ps in hs.roles.items() if ps},
            "choices": dict(hs.choices), "zones": dict(hs.zones),
            "birth_years": {p.id: p.birth_year for p in state.players},
            "controls": _controls(state),
        })
    return base


def _controls(state: GameState) -> list[View]:
    """The dashboard's Mode Historique buttons, each with whether it applies now."""
    round_phase = state.phase in ("N", "E", "D", "X", "A")
    number = ongoing(state)
    return [
        {"type": "mod_historique_pick", "available": state.phase in ("X", "A"), "min": 1, "max": 28,
         "events": [{"number": n, "name": e.name.as_dict()} for n, e in EVENTS.items()]},
        {"type": "mod_historique_cancel", "available": round_phase and _current(state) is not None},
        {"type": "mod_mark_outside", "available": number == 4 and state.phase in ("N", "E"),
         "players": [p.id for p in state.players], "outside": sorted(state.historique.roles.get("outside", ())),
         "reports": [{"by": p, "player": state.historique.choices.get(f"report:{p}")}
                     for p in sorted(state.historique.roles.get("report", ()))]},
        {"type": "set_zone", "available": number in zones.ZONES, "zones": list(zones.ZONES.get(number or 0, ())),
         "capacity": {"tente": zones.TENT_CAPACITY}},
    ]


def _actions(state: GameState, pid: str) -> list[actions.Action]:
    if not state.config.historique:
        return []
    out: list[actions.Action] = []
    if state.phase == "X" and draw.draw_open(state) and draw.number_giver(state, pid) is not None:
        room = draw.number_giver(state, pid)
        given = room in state.historique.numbers
        out.append({"type": "historique_number", "available": not given,
                    "reason": Text("Nombre déjà donné.", "Number already given.").as_dict() if given else None,
                    "min": 1, "max": 14, "random": True, "deadline_ms": draw.draw_deadline(state)})
    if ongoing(state) == 4 and state.phase in ("N", "E") and not outside(state, pid):
        mates = [p for p in state.present(state.rooms[pid]) if p != pid and not outside(state, p)]
        out.append({"type": "report_silence", "available": bool(mates), "reason": None, "targets": mates})
    options = zones.zone_options(state, pid)
    if options:
        out.append({"type": "set_zone", "available": True, "reason": None, "options": options,
                    "zone": state.historique.zones.get(pid)})
    return out


views.VIEW_EXTRAS.append(_extras)
actions.EXTRA_ACTIONS.append(_actions)
