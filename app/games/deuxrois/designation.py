"""Designation (window D): the général names the round's quota of envoys, then locks the list.

Rulings D2 (quota), D6 (never himself), D10/C58 (replacement while in D), C80
(an Émissaire card named against his will proves his immunity to the général
and is withdrawn; he may volunteer). At the deadline the server completes any
list at random from the seed among eligible players, then locks it.
"""

from __future__ import annotations

from dataclasses import replace

from app.games.deuxrois import bars, reveals
from app.games.deuxrois.cards import CARDS, Effect
from app.games.deuxrois.config import envoy_quota
from app.games.deuxrois.deal import Room
from app.games.deuxrois.knowledge import add_feed
from app.games.deuxrois.model.commands import Designate, LockEnvoys, Volunteer
from app.games.deuxrois.model.events import EnvoysLocked, EnvoysNamed, EnvoyWithdrawn, Volunteered
from app.games.deuxrois.ruleset import GameRules, Tx
from app.games.deuxrois.state import Designation, GameState
from app.kernel.actor import Actor, me
from app.kernel.rules import refuse


def quota(state: GameState, room: Room) -> int:
    """This round's envoys for `room`: the D2 table plus every modifier (Commandant L167, event 20)."""
    base = envoy_quota(len(state.players), state.config.rounds, state.round)
    return base + sum(modifier(state, room) for modifier in state.rules.quota_modifiers)


def designator(state: GameState, room: Room) -> str | None:
    """Who names `room`'s envoys: its général, unless a designator of the rules says otherwise (Mode Historique 7, 18)."""
    for fn in state.rules.designators:
        who = fn(state, room)
        if who is not None:
            return who or None
    return state.generals.get(room)


def immune_to_designation(state: GameState, pid: str) -> bool:
    return Effect.DESIGNATION in CARDS[state.cards[pid]].immune_to


def eligible(state: GameState, room: Room) -> list[str]:
    """Players the général may still name: present, not himself, not withdrawn this round."""
    des = state.designations.get(room, Designation())
    general = state.generals.get(room)
    return [p for p in state.present(room) if p != general and p not in des.refused
            and all(ok(state, p) for ok in state.rules.eligibility_filters)]


def drawable(state: GameState, room: Room) -> list[str]:
    """Eligible players the server may add at the deadline (never an unwilling immune card)."""
    des = state.designations.get(room, Designation())
    return [p for p in eligible(state, room)
            if p not in des.named and (not immune_to_designation(state, p) or p in des.volunteers)]


def required(state: GameState, room: Room) -> int:
    """The quota for this round, capped by the players who can actually go."""
    des = state.designations.get(room, Designation())
    can_go = [p for p in eligible(state, room)
              if not immune_to_designation(state, p) or p in des.volunteers]
    return min(quota(state, room), len(can_go))


def _my_room_as_general(state: GameState, pid: str) -> Room:
    room = next((r for r in state.iter_rooms() if designator(state, r) == pid), None)
    if room is None:
        raise refuse("not_general", "Seul le général de la salle désigne.", "Only the room's général designates.")
    locked = bars.list_open(state, room)
    if locked is not None:
        raise locked
    return room


def _designate(tx: Tx, cmd: Designate, actor: Actor) -> None:
    general = me(actor)
    room = _my_room_as_general(tx.state, general)
    targets = list(dict.fromkeys(cmd.targets))
    if general in targets:
        raise refuse("self_envoy", "Le général ne peut pas se désigner.", "The général cannot name himself.")
    allowed = set(eligible(tx.state, room))
    bad = [t for t in targets if t not in allowed]
    if bad:
        raise refuse("bad_envoy", f"{tx.state.name(bad[0])} ne peut pas être désigné.",
                     f"{tx.state.name(bad[0])} cannot be named.")
    most = quota(tx.state, room)
    if len(targets) > most:
        raise refuse("too_many", f"Au plus {most} envoyé(s) ce tour.", f"At most {most} envoy(s) this round.")
    tx.emit(EnvoysNamed(room=room, envoys=targets))
    volunteers = tx.state.designations[room].volunteers
    for pid in targets:
        if immune_to_designation(tx.state, pid) and pid not in volunteers:
            # C80: the card is shown to the général alone as proof (silently skipped where privées are
            # barred, E15), and the name is withdrawn.
            reveals.show_proof(tx, pid, general, source="emissaire_immunity")
            tx.emit(EnvoyWithdrawn(room=room, player_id=pid, reason="emissaire_immunity"))


def _lock(tx: Tx, cmd: LockEnvoys, actor: Actor) -> None:
    room = _my_room_as_general(tx.state, me(actor))
    need = required(tx.state, room)
    named = tx.state.designations[room].named
    if len(named) != need:
        raise refuse("quota", f"Il faut exactement {need} envoyé(s) (désignés : {len(named)}).",
                     f"Exactly {need} envoy(s) are needed (named: {len(named)}).")
    tx.emit(EnvoysLocked(room=room, envoys=list(named)))


def _volunteer(tx: Tx, cmd: Volunteer, actor: Actor) -> None:
    pid = me(actor)
    if not immune_to_designation(tx.state, pid):
        raise refuse("not_immune", "Seule une carte immunisée se porte volontaire.",
                     "Only an immune card volunteers.")
    locked = bars.list_open(tx.state, tx.state.rooms[pid])
    if locked is not None:
        raise locked
    tx.emit(Volunteered(player_id=pid))


def complete_all(tx: Tx) -> None:
    """Deadline: each unlocked list is completed by a seeded draw among eligible players, then locked."""
    for room in (Room.NORMANDIE, Room.ANGLETERRE):
        des = tx.state.designations[room]
        if des.locked:
            continue
        missing = max(0, required(tx.state, room) - len(des.named))
        pool = drawable(tx.state, room)
        drawn = tx.rng(f"designate:{room}").sample(pool, min(missing, len(pool)))
        tx.emit(EnvoysLocked(room=room, envoys=[*des.named, *drawn], drawn=drawn))


# ------------------------------------------------------------------ appliers
def _with(state: GameState, room: Room, des: Designation) -> GameState:
    return replace(state, designations={**state.designations, room: des})


def _named(state: GameState, ev: EnvoysNamed) -> GameState:
    state = _with(state, ev.room, replace(state.designations[ev.room], named=tuple(ev.envoys)))
    return add_feed(state, state.present(ev.room), "envoys_named", {"players": ev.envoys})


def _withdrawn(state: GameState, ev: EnvoyWithdrawn) -> GameState:
    des = state.designations[ev.room]
    refused = des.refused | {ev.player_id} if ev.reason in ("royal_refusal", "emissaire_immunity") else des.refused
    state = _with(state, ev.room, replace(des, named=tuple(p for p in des.named if p != ev.player_id),
                                          refused=refused))
    # An immunity proof is private to the général: the room only hears that the name was withdrawn.
    public = "royal_refusal" if ev.reason == "royal_refusal" else "withdrawn"
    return add_feed(state, state.present(ev.room), "envoy_withdrawn", {"player": ev.player_id, "reason": public})


def _volunteered(state: GameState, ev: Volunteered) -> GameState:
    room = state.rooms[ev.player_id]
    des = state.designations[room]
    return _with(state, room, replace(des, volunteers=des.volunteers | {ev.player_id}))


def _locked(state: GameState, ev: EnvoysLocked) -> GameState:
    state = _with(state, ev.room, replace(state.designations[ev.room], named=tuple(ev.envoys), locked=True,
                                          locked_ms=ev.at_ms))
    return add_feed(state, state.present(ev.room), "envoys_locked", {"players": ev.envoys})


def withdraw_general(tx: Tx, room: Room) -> None:
    """A new général (usurper, re-vote, moderator) who was on the list comes off it (D6)."""
    des = tx.state.designations.get(room)
    general = tx.state.generals.get(room)
    if des is not None and not des.locked and general in des.named and general is not None:
        tx.emit(EnvoyWithdrawn(room=room, player_id=general, reason="became_general"))


def install(rules: GameRules) -> None:
    rules.handles(Designate, actors=("player",), phases=("D",))(_designate)
    rules.handles(LockEnvoys, actors=("player",), phases=("D",))(_lock)
    rules.handles(Volunteer, actors=("player",), phases=("D",))(_volunteer)
    rules.applies(EnvoysNamed)(_named)
    rules.applies(EnvoyWithdrawn)(_withdrawn)
    rules.applies(Volunteered)(_volunteered)
    rules.applies(EnvoysLocked)(_locked)
