"""Intrigue in the negotiation: the Maître d'Armes (15), the Contrebandiers (27/28), the Devin (44),
the Troubadour's song (10) and the Capitaine's contract (50).

Expertise martiale (L150, C73): after a complète with the Armurier, the Maître
d'Armes may neutralise him: no complète at all (forcées included) while both
stay in one room; it ends for good once they are separated (a reveal guard).
Contrebande (L172/L276, C65, C66): once per round, after a complète with X
(not immune), X changes room at once; a général who leaves vacates the office (D7).
Lecture de pensées (L368, C52, C35): once per round, a public reveal of the
Devin, a target of his room who never had a complète or forcée with him
(person-based); he names a card, the target shows his card to him privately
(a Faussaire swaps first and no point is scored); +2 banked if right.
Chanson de renommée (L335, C33, C34): once per game, after a complète with a
principal (1, 2, 26, 35), the Troubadour announces that player's identity to
every player of both rooms (an announcement; his own card stays hidden).
Contrat de service (L378, C50, C51): once per game, after a complète with the
holder of 1, 2 or 35 (never the Pope), the Capitaine pledges to that character.
"""

from __future__ import annotations

from typing import Any

from app.games.deuxrois.cards import (
    ARMURIER,
    CAPITAINE,
    CARDS,
    FAUSSAIRE,
    PLEDGE_LORDS,
    PRINCIPALS,
    Effect,
)
from app.games.deuxrois.crossing import move_player
from app.games.deuxrois.model.commands import UsePower
from app.games.deuxrois.model.events import CardShown, CardStateChanged
from app.games.deuxrois.powers.envoy_plan import moves_banned
from app.games.deuxrois.powers.registry import (
    find_power,
    record_use,
    reveal_blocked,
    target_in_room,
    uses_left,
)
from app.games.deuxrois.powers.reveal_triggers import immune
from app.games.deuxrois.powers.timeline import offer_in_n, together
from app.games.deuxrois.reveals import show_private, show_public
from app.games.deuxrois.ruleset import GameRules, Tx
from app.games.deuxrois.state import GameState, Prompt
from app.kernel.rules import refuse
from app.kernel.text import Text


def _can(state: GameState, pid: str, key: str) -> bool:
    """Holds the power, window N, a use left."""
    power = find_power(state, pid, key)
    return power is not None and state.phase == "N" and uses_left(state, pid, power) != 0


# ------------------------------------------------------------------ Maître d'Armes: Expertise martiale
def neutralised(state: GameState) -> bool:
    """C73: the holder of card 6 is neutralised while he and his neutraliser (the Maître d'Armes, or a
    Moine who copied him) share a room and neither has changed room since the neutralisation.

    All three are folded facts: the version of the neutralisation (on the Armurier's card), who last
    used "neutralise" (its PowerUsed comes just before, `_neutralise`), and each player's latest move.
    """
    since = state.card_state(ARMURIER).neutralised_since
    armurier = state.holder(ARMURIER)
    master = state.last_used_by.get("neutralise")
    if since is None or armurier is None or master is None:
        return False
    return together(state, armurier, master) and all(state.moved_at.get(p, 0) < since for p in (armurier, master))


def armurier_neutralised(state: GameState, shower: str, partner: str | None, kind: str) -> Text | None:
    """C73: no complète (nor forcée) for the neutralised Armurier; colour and one-way reveals stay possible."""
    if kind != "complete" or state.cards.get(shower) != ARMURIER or not neutralised(state):
        return None
    return Text("L'Armurier est neutralisé par le Maître d'Armes : aucune révélation complète.",
                "The Armurier is neutralised by the Maître d'Armes: no complète.")


def offer_neutralisation(tx: Tx, holder: str, partner: str, kind: str) -> None:
    if tx.state.cards[partner] == ARMURIER and tx.state.phase == "N" and not neutralised(tx.state):
        offer_in_n(tx, holder, "neutralise", ["yes", "no"], {"target": partner})


def _neutralise(tx: Tx, prompt: Prompt, choice: str) -> None:
    master, target = prompt.player_id, str(prompt.data["target"])
    state = tx.state
    if (choice == "yes" and _can(state, master, "neutralise") and state.cards[target] == ARMURIER
            and together(state, master, target) and not neutralised(state)):
        record_use(tx, master, "neutralise")  # names the neutraliser (state.last_used_by), read by `neutralised`
        # The version this very event gets: later moves of either end the neutralisation (C73).
        tx.emit(CardStateChanged(card=ARMURIER, changes={"neutralised_since": tx.state.version + 1},
                                 reason="neutralise"))


# ------------------------------------------------------------------ Contrebandier
def offer_smuggle(tx: Tx, holder: str, partner: str, kind: str) -> None:
    """C65: once per round, another player, not immune (the Émissaire cards)."""
    if (_can(tx.state, holder, "smuggle") and not immune(tx.state, partner, Effect.CONTREBANDIER)
            and moves_banned(tx.state, partner) is None):  # e.g. a Mode Historique storm
        offer_in_n(tx, holder, "smuggle", ["yes", "no"], {"target": partner})


def _smuggle(tx: Tx, prompt: Prompt, choice: str) -> None:
    holder, target = prompt.player_id, str(prompt.data["target"])
    if (choice == "yes" and _can(tx.state, holder, "smuggle") and together(tx.state, holder, target)
            and moves_banned(tx.state, target) is None):
        record_use(tx, holder, "smuggle")
        move_player(tx, target, tx.state.rooms[target].other, "smuggle")  # a général vacates (C66, D7)


# ------------------------------------------------------------------ Devin: Lecture de pensées
def _readable(state: GameState, devin: str, target: str) -> bool:
    met = state.complete_partners.get(devin, frozenset())
    return (target != devin and together(state, devin, target) and target not in met
            and not immune(state, target, Effect.OTHER_POWERS)
            and reveal_blocked(state, target, devin, "privee") is None)


def _devin_targets(state: GameState, pid: str) -> list[str]:
    return [p for p in state.present(state.rooms[pid]) if _readable(state, pid, p)]


def _guesses(state: GameState, pid: str) -> list[str]:
    """The cards in play (the deck is public), his own excepted: the guess names a card (C52)."""
    return [str(c) for c in sorted(set(state.cards.values())) if c != state.cards[pid]]


def _valid_guess(choice: str | None) -> bool:
    return choice is not None and choice.isdigit() and int(choice) in CARDS


def _devin_check(state: GameState, pid: str, cmd: UsePower) -> None:
    target = target_in_room(state, pid, cmd.target)
    if not _readable(state, pid, target):
        raise refuse("already_met", "Ce joueur a déjà fait une révélation complète avec vous, ou est immunisé.",
                     "This player already had a complète with you, or is immune.")
    if cmd.choice is not None and not _valid_guess(cmd.choice):
        raise refuse("no_guess", "Nommez une carte (numéro).", "Name a card (its number).")


def _devin_extra(state: GameState, pid: str) -> dict[str, Any]:
    return {"choices": _guesses(state, pid)}


def mind_reading(tx: Tx, pid: str, cmd: UsePower) -> None:
    """The guess comes with the command, or (a phone without a picker) from a prompt that follows the publique."""
    assert cmd.target is not None
    show_public(tx, pid, source="mind_reading")
    if cmd.choice is None:
        offer_in_n(tx, pid, "mind_reading", _guesses(tx.state, pid), {"target": cmd.target})
    else:
        _read(tx, pid, cmd.target, int(cmd.choice))


def _guessed(tx: Tx, prompt: Prompt, choice: str) -> None:
    devin, target = prompt.player_id, str(prompt.data["target"])
    if _valid_guess(choice) and tx.state.phase == "N" and _readable(tx.state, devin, target):
        _read(tx, devin, target, int(choice))


def _read(tx: Tx, devin: str, target: str, guess: int) -> None:
    shown = tx.state.cards[target]
    show_private(tx, target, devin, source="mind_reading")  # the Faussaire swaps here (C35)
    if shown != FAUSSAIRE and guess == shown:
        card = tx.state.cards[devin]
        tx.emit(CardStateChanged(card=card, changes={"banked": tx.state.card_state(card).banked + 2},
                                 reason="mind_reading"))


# ------------------------------------------------------------------ Troubadour: Chanson de renommée
def offer_song(tx: Tx, holder: str, partner: str, kind: str) -> None:
    card = tx.state.cards[partner]
    if card in PRINCIPALS and _can(tx.state, holder, "song"):
        offer_in_n(tx, holder, "song", ["yes", "no"], {"target": partner, "card": card})


def _sing(tx: Tx, prompt: Prompt, choice: str) -> None:
    """C33/C34: an announcement to every player of both rooms; the principal must still hold that card."""
    holder, target, card = prompt.player_id, str(prompt.data["target"]), int(prompt.data["card"])
    state = tx.state
    if choice != "yes" or not _can(state, holder, "song") or state.cards.get(target) != card:
        return
    record_use(tx, holder, "song")
    tx.emit(CardShown(kind="annonce", shower=target, viewers=[p.id for p in state.players if p.id != target],
                      card=card, source="song"))


# ------------------------------------------------------------------ Capitaine Mercenaire: Contrat de service
def _may_pledge(state: GameState, pid: str) -> bool:
    return state.cards[pid] == CAPITAINE and state.state_of(pid).pledge is None and _can(state, pid, "contract")


def offer_contract(tx: Tx, holder: str, partner: str, kind: str) -> None:
    lord = tx.state.cards[partner]
    if lord in PLEDGE_LORDS and _may_pledge(tx.state, holder):  # never the Pope (C51)
        offer_in_n(tx, holder, "contract", ["yes", "no"], {"target": partner, "card": lord})


def _pledge(tx: Tx, prompt: Prompt, choice: str) -> None:
    holder = prompt.player_id
    if choice == "yes" and _may_pledge(tx.state, holder):
        record_use(tx, holder, "contract")
        tx.emit(CardStateChanged(card=CAPITAINE, changes={"pledge": int(prompt.data["card"])}, reason="contract"))


def install(rules: GameRules) -> None:
    rules.reveal_guard(armurier_neutralised, reads_partner=False)
    rules.on_reveal("neutralise", order=66)(offer_neutralisation)
    rules.prompt_kind("neutralise")(_neutralise)
    rules.on_reveal("smuggle", order=72)(offer_smuggle)
    rules.prompt_kind("smuggle")(_smuggle)
    rules.active_power("mind_reading", check=_devin_check, targets=_devin_targets,  # cost: bars, Cost.PUBLIQUE
                       extra=_devin_extra)(mind_reading)
    rules.prompt_kind("mind_reading")(_guessed)
    rules.on_reveal("song", order=62)(offer_song)
    rules.prompt_kind("song")(_sing)
    rules.on_reveal("contract", order=64)(offer_contract)
    rules.prompt_kind("contract")(_pledge)
