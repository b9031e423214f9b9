"""One short bilingual line per event, for the moderator's undo preview (no secret is hidden: the
moderator sees everything). Unknown types fall back to their type name, so a new event never breaks it."""

from __future__ import annotations

from typing import Any

from app.games.deuxrois.events import Event
from app.games.deuxrois.state import GameState
from app.kernel.text import Text

# type -> (fr, en); {who} is the players the event names, {what} a detail (phase, room, power, kind...).
_LINES: dict[str, tuple[str, str]] = {
    "player_joined": ("{who} rejoint la partie", "{who} joins the game"),
    "player_left": ("{who} quitte la partie", "{who} leaves the game"),
    "game_started": ("Distribution des cartes", "Cards dealt"),
    "phase_started": ("Début de la phase {what}", "Phase {what} begins"),
    "game_ended": ("Fin de la partie", "Game over"),
    "prompt_opened": ("Question à {who} ({what})", "Question to {who} ({what})"),
    "prompt_closed": ("Réponse à une question ({what})", "Question answered ({what})"),
    "ballot_cast": ("Vote de {who}", "{who} votes"),
    "runoff_started": ("Second tour ({what})", "Run-off ({what})"),
    "general_chosen": ("Général en {what} : {who}", "Général of {what}: {who}"),
    "vote_bound": ("Vote de {who} acheté", "{who}'s vote bought"),
    "envoys_named": ("Envoyés désignés ({what}) : {who}", "Envoys named ({what}): {who}"),
    "envoy_withdrawn": ("{who} n'est plus envoyé", "{who} is no longer an envoy"),
    "volunteered": ("{who} se porte volontaire", "{who} volunteers"),
    "envoys_locked": ("Envoyés validés ({what})", "Envoys confirmed ({what})"),
    "envoys_crossed": ("Traversée : {who}", "Crossing: {who}"),
    "player_moved": ("{who} change de salle ({what})", "{who} changes room ({what})"),
    "reveal_requested": ("Demande de {who} ({what})", "Request from {who} ({what})"),
    "reveal_request_closed": ("Demande close ({what})", "Request closed ({what})"),
    "cards_exchanged": ("Échange {what} : {who}", "Exchange ({what}): {who}"),
    "card_shown": ("{who} montre sa carte ({what})", "{who} shows their card ({what})"),
    "cards_swapped": ("Cartes échangées : {who}", "Cards swapped: {who}"),
    "card_state_changed": ("État de la carte {what} modifié", "Card {what}'s state changed"),
    "power_used": ("{who} utilise un pouvoir ({what})", "{who} uses a power ({what})"),
    "timer_changed": ("Minuteur modifié", "Timer changed"),
    "game_paused": ("Pause", "Paused"),
    "game_resumed": ("Reprise", "Resumed"),
    "note_recorded": ("Note", "Note"),
    "reverted": ("Annulation jusqu'à l'étape {what}", "Undo to step {what}"),
}
# Detail words the log stores as codes, said in each language (others are shown as stored).
_WORDS: dict[str, tuple[str, str]] = {
    "complete": ("complète", "full reveal"), "couleur": ("de couleur", "colour reveal"), "privee": ("en privé", "privately"),
    "publique": ("à tous", "to all"), "couleur_publique": ("couleur à tous", "colour to all"),
    "N": ("négociation", "negotiation"), "E": ("élection", "election"), "D": ("désignation", "designation"),
    "X": ("départ", "departure"), "A": ("arrivée", "arrival"), "setup": ("mise en place", "set-up"),
    "normandie": ("Normandie", "Normandy"), "angleterre": ("Angleterre", "England"),
    "refused": ("refusée", "refused"), "cancelled": ("annulée", "cancelled"), "expired": ("expirée", "expired"),
}
_WHO_FIELDS = ("player_id", "voter", "general", "from_id", "shower", "a", "b", "bearer", "envoys", "moves")
_WHAT_FIELDS = ("phase", "kind", "power", "room", "to_room", "card", "to_version", "outcome", "reason", "choice")


def _names(state: GameState, value: Any) -> list[str]:
    if isinstance(value, str):
        return [state.name(value)]
    if isinstance(value, list | dict):
        return [state.name(str(v)) for v in value]
    return []


def describe(state: GameState, event: Event) -> Text:
    """A short line about `event`, naming players as `state` knows them."""
    data = event.model_dump(mode="json")
    who = [n for f in _WHO_FIELDS for n in _names(state, data.get(f))]
    what = next((str(data[f]) for f in _WHAT_FIELDS if data.get(f) is not None), "")
    fr, en = _LINES.get(event.type, (event.type.replace("_", " "), event.type.replace("_", " ")))
    what_fr, what_en = _WORDS.get(what, (what or "—", what or "—"))
    names = ", ".join(who) or "—"
    return Text(fr.format(who=names, what=what_fr), en.format(who=names, what=what_en))
