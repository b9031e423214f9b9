"""Zones inside a room (events 25-27): chosen on the phone during the negotiation, corrected by the moderator.

25 (E29) Port / Citadelle, free moves. 26 (E30) Camp / Tente royale: at most 3 in a room's
Tent; entering it makes automatic forced complètes with every occupant (all triggers fire).
27 (E31) Champ de bataille / Village: everyone starts on the Battlefield and leaves it only
by a challenge (a power, powers.py); only the moderator moves someone back.
"""

from __future__ import annotations

from app.games.deuxrois.historique.commands import SetZone
from app.games.deuxrois.historique.effects import ongoing, zone
from app.games.deuxrois.historique.events import ZoneSet
from app.games.deuxrois.model.phases import RUNNING
from app.games.deuxrois.reveals import complete
from app.games.deuxrois.ruleset import GameRules, Tx
from app.games.deuxrois.state import GameState
from app.kernel.actor import Actor
from app.kernel.rules import refuse

ZONES = {25: ("port", "citadelle"), 26: ("camp", "tente"), 27: ("champ", "village")}
ZONE_NAMES = {
    "port": ("Port", "Harbour"), "citadelle": ("Citadelle", "Citadel"), "camp": ("Camp", "Camp"),
    "tente": ("Tente royale", "Royal Tent"), "champ": ("Champ de bataille", "Battlefield"),
    "village": ("Village", "Village"),
}
TENT_CAPACITY = 3


def tent_occupants(state: GameState, pid: str) -> list[str]:
    room = state.rooms[pid]
    return [p for p in state.present(room) if p != pid and zone(state, p) == "tente"]


def zone_options(state: GameState, pid: str) -> list[str]:
    """The zones a player may move to now by himself (empty: none)."""
    number = ongoing(state)
    if state.phase != "N" or number not in (25, 26):
        return []
    options = [z for z in ZONES[number] if z != zone(state, pid)]
    if "tente" in options and len(tent_occupants(state, pid)) >= TENT_CAPACITY:
        options.remove("tente")
    return options


def _set_zone(tx: Tx, cmd: SetZone, actor: Actor) -> None:
    state = tx.state
    number = ongoing(state)
    if number not in ZONES:
        raise refuse("no_zones", "Aucune zone ce tour.", "No zones this round.")
    if cmd.zone not in ZONES[number]:
        raise refuse("bad_zone", f"Zones : {', '.join(ZONES[number])}.", f"Zones: {', '.join(ZONES[number])}.")
    if actor.kind == "player":
        pid = actor.player_id
        assert pid is not None
        if cmd.player not in (None, pid):
            raise refuse("not_allowed", "Seulement votre propre zone.", "Only your own zone.")
        if cmd.zone not in zone_options(state, pid):
            raise refuse("zone_closed", "Vous ne pouvez pas aller dans cette zone maintenant.",
                         "You cannot go to this zone now.")
        by = "player"
    else:
        if cmd.player is None or cmd.player not in state.rooms:
            raise refuse("unknown_player", "Joueur inconnu.", "Unknown player.")
        pid, by = cmd.player, "moderator"
    occupants = tent_occupants(state, pid) if cmd.zone == "tente" else []
    if cmd.zone == "tente" and len(occupants) >= TENT_CAPACITY:
        raise refuse("tent_full", "La Tente royale est pleine (3).", "The Royal Tent is full (3).")
    tx.emit(ZoneSet(player=pid, zone=cmd.zone, by=by))
    for other in occupants:  # E30: obligatory complètes with every occupant, as pairwise forcées (A4)
        if other in tx.state.rooms and tx.state.rooms.get(other) is tx.state.rooms.get(pid):
            # An event's obligation (S17: no immunity shields from it); a reveal bar skips the pair.
            complete(tx, pid, other, forced=True, source="tente_royale", must=True)


def install(rules: GameRules) -> None:
    rules.handles(SetZone, actors=("player", "moderator"), phases=RUNNING)(_set_zone)
