"""Automatic effects of a reveal (§0.5: "devient / est obligé / il échange / change immédiatement").

Order (C37): the Faussaire swap first, and it cancels every other trigger of
that reveal; then subjugation, arming, conversion, the PD's weakness, and the
banked points of the Espion and the Troubadour.
"""

from __future__ import annotations

from app.games.deuxrois import bars
from app.games.deuxrois.cards import (
    ASSASSIN,
    CHAMAN,
    GUILLAUME,
    HAROLD,
    INFIDELE,
    PRINCIPALS,
    PROTECTION_DIVINE,
    Effect,
)
from app.games.deuxrois.crossing import move_player
from app.games.deuxrois.model.events import CardsSwapped, CardStateChanged
from app.games.deuxrois.ruleset import GameRules, Tx

immune = bars.immune  # by the card, or by a seam (Mode Historique: the Citadelle, event 25)


def faussaire_swap(tx: Tx, holder: str, partner: str, kind: str) -> bool:
    """L340, C35-C40: the two players swap cards; states travel; the new powers are usable again."""
    if immune(tx.state, partner, Effect.FAUSSAIRE_SWAP):  # Émissaire cards (C40)
        return False
    tx.emit(CardsSwapped(a=holder, b=partner, reason="faussaire", refresh=True))
    return True


def subjugation(tx: Tx, holder: str, partner: str, kind: str) -> None:
    """L115: every complète makes the partner a subject (Pape, Infidèle, Émissaire immune)."""
    if immune(tx.state, partner, Effect.SUBJUGATION) or tx.state.state_of(partner).subject:
        return
    tx.emit(CardStateChanged(card=tx.state.cards[partner], changes={"subject": True}, reason="subjugation"))


def arming(tx: Tx, holder: str, partner: str, kind: str) -> None:
    """L230, C14: a complète between the holders of 5 and 6 arms card 5 (the flag travels with it)."""
    if tx.state.cards[partner] == ASSASSIN and not tx.state.card_state(ASSASSIN).armed:
        tx.emit(CardStateChanged(card=ASSASSIN, changes={"armed": True}, reason="arming"))


_CONVERTS = {GUILLAUME: "red", PROTECTION_DIVINE: "red", HAROLD: "blue", CHAMAN: "blue"}


def conversion(tx: Tx, holder: str, partner: str, kind: str) -> None:
    """L346, C28: a complète with 1/3 makes the Infidèle red, with 2/12 blue; the latest wins."""
    colour = _CONVERTS.get(tx.state.cards[partner])
    if colour is not None and tx.state.card_state(INFIDELE).infidel_colour != colour:
        tx.emit(CardStateChanged(card=INFIDELE, changes={"infidel_colour": colour}, reason="conversion"))


def pd_weakness(tx: Tx, holder: str, partner: str, kind: str) -> None:
    """L124: a complète with the Chaman sends the Protection Divine to the other room at once
    (C84: not while a room-change ban holds, e.g. a storm; move_player asks bars.moves)."""
    if tx.state.cards[partner] == CHAMAN:
        move_player(tx, holder, tx.state.rooms[holder].other, "pd_weakness")


def espion_partner(tx: Tx, holder: str, partner: str, kind: str) -> None:
    """L328, C30: 0.5 point per distinct complète partner, banked on the card."""
    card = tx.state.cards[holder]
    partners = tx.state.card_state(card).partners
    if partner not in partners:
        new = sorted(partners | {partner})
        tx.emit(CardStateChanged(card=card, changes={"partners": new, "banked": 0.5 * len(new)},
                                 reason="espion"))


def troubadour_harvest(tx: Tx, holder: str, partner: str, kind: str) -> None:
    """L334, C32: +1 per principal character met in a complète, once each (max 4)."""
    card = tx.state.cards[holder]
    cs = tx.state.card_state(card)
    principal = tx.state.cards[partner]
    if principal in PRINCIPALS and principal not in cs.met_principals:
        tx.emit(CardStateChanged(card=card, changes={"met_principals": sorted(cs.met_principals | {principal}),
                                                     "banked": cs.banked + 1}, reason="troubadour"))


def install(rules: GameRules) -> None:
    rules.on_reveal("forgery", order=0, kinds=("complete", "couleur", "privee"))(faussaire_swap)
    rules.on_reveal("subjugation", order=10)(subjugation)
    rules.on_reveal("arm", order=20)(arming)
    rules.on_reveal("conversion", order=30)(conversion)
    rules.on_reveal("pd_weakness", order=40)(pd_weakness)
    rules.on_reveal("double_game", order=50)(espion_partner)
    rules.on_reveal("harvest", order=60)(troubadour_harvest)
