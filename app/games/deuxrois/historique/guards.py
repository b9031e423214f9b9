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

from app.games.deuxrois.cards import Effect
from app.games.deuxrois.deal import Room
from app.games.deuxrois.historique.commands import ModMarkOutside, ReportSilence
from app.games.deuxrois.historique.effects import ongoing, zone
from app.games.deuxrois.historique.events import HistoriqueRoleSet
from app.games.deuxrois.historique.model import historique_of
from app.games.deuxrois.ruleset import GameRules, Tx
from app.games.deuxrois.state import GameState
from app.kernel.actor import Actor
from app.kernel.rules import refuse
from app.kernel.text import Text


def outside(state: GameState, pid: str) -> bool:
    """Event 4: marked by the moderator, outside until his room's election result."""
    if ongoing(state) != 4 or not historique_of(state).has("outside", pid):
        return False
    el = state.elections.get(state.rooms[pid])
    return state.phase == "N" or (state.phase == "E" and el is not None and el.open)


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
        return OUTSIDE
    if number == 9 and kind == "complete" and historique_of(state).has("viking", shower):
        return Text("Le viking ne fait pas de révélation complète.", "The viking makes no full reveal.")
    if number == 26 and kind not in ("couleur", "couleur_publique") and zone(state, shower) == "camp":
        return Text("Dans le Camp, seulement des révélations de couleur.", "In the Camp, colour reveals only.")
    return None


def _may_vote(state: GameState, pid: str) -> bool:
    if outside(state, pid):
        return False
    return not (ongoing(state) == 25 and zone(state, pid) == "citadelle")


OUTSIDE = Text("Ce joueur est dehors jusqu'à l'élection.", "This player is outside until the election.")
CITADEL_OFFICE = Text("Port et Citadelle : un joueur de la Citadelle ne peut pas devenir général.",
                      "Harbour and Citadel: a player in the Citadel cannot become général.")


def _office_bar(state: GameState, pid: str) -> Text | None:
    """E29, E8: the Citadelle bars every way of becoming général (S21), as does being outside."""
    if outside(state, pid):
        return OUTSIDE
    if ongoing(state) == 25 and zone(state, pid) == "citadelle":
        return CITADEL_OFFICE
    return None


def council_immune(state: GameState, room: Room) -> str | None:
    """14: the name both elders of the room gave, while both stand in it."""
    if ongoing(state) != 14:
        return None
    members = [p for p in historique_of(state).roles.get("council", frozenset()) if state.rooms.get(p) is room]
    names = {historique_of(state).choices.get(f"council:{p}") for p in members}
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
    if number == 24 and historique_of(state).has("legate", pid):
        return False
    if number == 19 and historique_of(state).has("raider", pid):
        return False
    return not (number == 14 and council_immune(state, state.rooms[pid]) == pid)


def lieutenant_of(state: GameState, room: Room) -> str | None:
    """7, S19: the lieutenant the room's *sitting* général named (however he came to the office)."""
    hs = historique_of(state)
    general = state.generals.get(room)
    return next((p for p in sorted(hs.roles.get("lieutenant", frozenset()))
                 if hs.choices.get(f"lieutenant:{p}") == room.value and p != general
                 and hs.choices.get(f"lieutenant_by:{p}", general) == general), None)


def _designator(state: GameState, room: Room) -> str | None:
    number = ongoing(state)
    if number == 18:
        return state.generals.get(room.other) or ""
    if number == 7 and state.generals.get(room) is not None:
        return lieutenant_of(state, room) or ""
    return None


def _quota(state: GameState, room: Room) -> int:
    return 3 if ongoing(state) == 20 else 0


def _immunity(state: GameState, pid: str, effect: Effect) -> bool:
    return effect is Effect.FORCEE and ongoing(state) == 25 and zone(state, pid) == "citadelle"


def _mark_outside(tx: Tx, cmd: ModMarkOutside, actor: Actor) -> None:
    """4, E8: the moderator confirms a player broke the silence (or takes the mark back)."""
    if ongoing(tx.state) != 4:
        raise refuse("no_silence", "L'Extinction de voix n'est pas en cours.", "The Silence is not in force.")
    if cmd.player not in tx.state.rooms:
        raise refuse("unknown_player", "Joueur inconnu.", "Unknown player.")
    tx.emit(HistoriqueRoleSet(role="outside", player=cmd.player, on=cmd.outside))


def _report(tx: Tx, cmd: ReportSilence, actor: Actor) -> None:
    """4, E8: a report from a player of the same room, shown on the dashboard for confirmation."""
    pid = actor.player_id
    assert pid is not None
    if ongoing(tx.state) != 4:
        raise refuse("no_silence", "L'Extinction de voix n'est pas en cours.", "The Silence is not in force.")
    if cmd.player == pid or tx.state.rooms.get(cmd.player) is not tx.state.rooms[pid]:
        raise refuse("bad_report", "Signalez un autre joueur de votre salle.", "Report another player of your room.")
    if outside(tx.state, cmd.player) or historique_of(tx.state).choices.get(f"report:{pid}") == cmd.player:
        raise refuse("reported", "Déjà signalé.", "Already reported.")
    tx.emit(HistoriqueRoleSet(role="report", player=pid, choice=cmd.player))


def install(rules: GameRules) -> None:
    rules.handles(ModMarkOutside, actors=("moderator",), phases=("N", "E"))(_mark_outside)
    rules.handles(ReportSilence, actors=("player",), phases=("N", "E"))(_report)
    rules.reveal_guard(_guard, reads_partner=False)
    rules.voter_filters.append(_may_vote)
    rules.office_bars.append(_office_bar)
    rules.eligibility_filters.append(_may_be_named)
    rules.designators.append(_designator)
    rules.quota_modifiers.append(_quota)
    rules.extra_immunities.append(_immunity)
