"""Mode Historique rules plugged into the core seams: reveal guards, who votes, who may be elected or
named, who designates, the quota, immunities.

4 (E8): an outside player cannot vote, be elected or named, reveal or be a reveal's partner,
until his room's election result. 9 (E13): the viking makes no complète. 11 (E15): colour
reveals only. 26 (E30): colour reveals only in the Camp. 25 (E29): the Citadelle is immune
to forcées, cannot vote (zone at the end of N), be elected or be named. 14 (E18): the council's
agreed name is immune to designation. 24 (E28): legates cannot be named. 7 (E11): the
lieutenant designates. 18 (E22): each général designates the other room. 20 (E24): +3 envoys.
"""

from __future__ import annotations

from app.games.deuxrois import designation, election
from app.games.deuxrois.cards import Effect
from app.games.deuxrois.deal import Room
from app.games.deuxrois.fold import Tx
from app.games.deuxrois.gate import handles, refuse
from app.games.deuxrois.historique.commands import ModMarkOutside, ReportSilence
from app.games.deuxrois.historique.effects import ongoing, zone
from app.games.deuxrois.historique.events import HistoriqueRoleSet
from app.games.deuxrois.powers.registry import reveal_guard
from app.games.deuxrois.powers.reveal_triggers import EXTRA_IMMUNITIES
from app.games.deuxrois.state import GameState
from app.kernel.actor import Actor
from app.kernel.text import Text


def outside(state: GameState, pid: str) -> bool:
    """Event 4: marked by the moderator, outside until his room's election result."""
    if ongoing(state) != 4 or not state.historique.has("outside", pid):
        return False
    el = state.elections.get(state.rooms[pid])
    return state.phase == "N" or (state.phase == "E" and el is not None and el.open)


@reveal_guard
def _guard(state: GameState, shower: str, partner: str | None, kind: str) -> Text | None:
    if not state.config.historique:  # checked first: views ask this for every pair of players
        return None
    number = ongoing(state)
    if number is None:
        return None
    if number == 11 and kind not in ("couleur", "couleur_publique"):
        return Text("La Nuit de Hastings : seules les révélations de couleur.",
                    "The Night of Hastings: colour reveals only.")
    if number == 4 and outside(state, shower):
        return Text("Ce joueur est dehors jusqu'à l'élection.", "This player is outside until the election.")
    if number == 9 and kind == "complete" and state.historique.has("viking", shower):
        return Text("Le viking ne fait pas de révélation complète.", "The viking makes no full reveal.")
    if number == 26 and kind not in ("couleur", "couleur_publique") and zone(state, shower) == "camp":
        return Text("Dans le Camp, seulement des révélations de couleur.", "In the Camp, colour reveals only.")
    return None


def _may_vote(state: GameState, pid: str) -> bool:
    if outside(state, pid):
        return False
    return not (ongoing(state) == 25 and zone(state, pid) == "citadelle")


def _may_be_elected(state: GameState, pid: str) -> bool:
    return _may_vote(state, pid)


def council_immune(state: GameState, room: Room) -> str | None:
    """14: the name both elders of the room gave, while both stand in it."""
    if ongoing(state) != 14:
        return None
    members = [p for p in state.historique.roles.get("council", frozenset()) if state.rooms.get(p) is room]
    names = {state.historique.choices.get(f"council:{p}") for p in members}
    if len(members) == 2 and len(names) == 1:
        return names.pop()
    return None


def _may_be_named(state: GameState, pid: str) -> bool:
    number = ongoing(state)
    if number is None:
        return True
    if number == 4 and outside(state, pid):
        return False
    if number == 25 and zone(state, pid) == "citadelle":
        return False
    if number == 24 and state.historique.has("legate", pid):
        return False
    if number == 19 and state.historique.has("raider", pid):
        return False
    return not (number == 14 and council_immune(state, state.rooms[pid]) == pid)


def _designator(state: GameState, room: Room) -> str | None:
    number = ongoing(state)
    if number == 18:
        return state.generals.get(room.other) or ""
    if number == 7 and state.generals.get(room) is not None:
        lieutenant = next((p for p in sorted(state.historique.roles.get("lieutenant", frozenset()))
                           if state.historique.choices.get(f"lieutenant:{p}") == room.value), None)
        return lieutenant or ""
    return None


def _quota(state: GameState, room: Room) -> int:
    return 3 if ongoing(state) == 20 else 0


def _immunity(state: GameState, pid: str, effect: Effect) -> bool:
    return effect is Effect.FORCEE and ongoing(state) == 25 and zone(state, pid) == "citadelle"


election.VOTER_FILTERS.append(_may_vote)
election.CANDIDATE_FILTERS.append(_may_be_elected)
designation.ELIGIBILITY_FILTERS.append(_may_be_named)
designation.DESIGNATORS.append(_designator)
designation.QUOTA_MODIFIERS.append(_quota)
EXTRA_IMMUNITIES.append(_immunity)


@handles(ModMarkOutside, actors=("moderator",), phases=("N", "E"))
def _mark_outside(tx: Tx, cmd: ModMarkOutside, actor: Actor) -> None:
    """4, E8: the moderator confirms a player broke the silence (or takes the mark back)."""
    if ongoing(tx.state) != 4:
        raise refuse("no_silence", "L'Extinction de voix n'est pas en cours.", "The Silence is not in force.")
    if cmd.player not in tx.state.rooms:
        raise refuse("unknown_player", "Joueur inconnu.", "Unknown player.")
    tx.emit(HistoriqueRoleSet(role="outside", player=cmd.player, on=cmd.outside))


@handles(ReportSilence, actors=("player",), phases=("N", "E"))
def _report(tx: Tx, cmd: ReportSilence, actor: Actor) -> None:
    """4, E8: a report from a player of the same room, shown on the dashboard for confirmation."""
    pid = actor.player_id
    assert pid is not None
    if ongoing(tx.state) != 4:
        raise refuse("no_silence", "L'Extinction de voix n'est pas en cours.", "The Silence is not in force.")
    if cmd.player == pid or tx.state.rooms.get(cmd.player) is not tx.state.rooms[pid]:
        raise refuse("bad_report", "Signalez un autre joueur de votre salle.", "Report another player of your room.")
    if outside(tx.state, cmd.player) or tx.state.historique.choices.get(f"report:{pid}") == cmd.player:
        raise refuse("reported", "Déjà signalé.", "Already reported.")
    tx.emit(HistoriqueRoleSet(role="report", player=pid, choice=cmd.player))
