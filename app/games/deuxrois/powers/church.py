"""The Church and the Crown's seal: the Pope's blessing (26), the Chancelier's confirmation (36), the Moine's copy (25).

Bénédiction (L106-109, C24-C27, C85): after any complète with X, the Pope may
offer his blessing (a prompt to him); X then answers refuse / bless / adopt (a
prompt to X). Both stay open until the end of the round (C25). A blessing frees
a subject unless the Chancelier locked him (L107, L357); adopting is
irrevocable (C27). A refused or lapsed offer can be renewed after a new complète.
Confirmation (L357, C77): once per round, after a complète with a player who is
already a subject, the Chancelier may lock the subjection.
Copie (L352, C76, C78): after a complète, the Moine may copy one active,
copyable power of his partner's card until the next arrival (window A of this
round); one copy at a time, a new copy replaces the old. The copy is a power
source: copied triggers (the RdF's subjugation, the Pope's blessing) and
active powers then work for him by their key, counted on his card.
"""

from __future__ import annotations

from app.games.deuxrois.cards import CARDS, Power
from app.games.deuxrois.model.events import CardStateChanged
from app.games.deuxrois.powers.registry import (
    find_power,
    holds_power,
    offer,
    record_use,
    uses_left,
)
from app.games.deuxrois.powers.timeline import offer_in_n
from app.games.deuxrois.prompts import open_prompt
from app.games.deuxrois.ruleset import GameRules, Tx
from app.games.deuxrois.state import GameState, Prompt

# Copyable by the card data but meaningless on the Moine's card: they act on the holder's own objective
# (the Diplomates Secrets' treaty, the Capitaine's pledge), so they are never offered (choice beyond C76).
NOT_COPIED = frozenset({"treaty", "contract"})


# ------------------------------------------------------------------ Pape: Bénédiction
def _blessable(state: GameState, pid: str) -> bool:
    """A locked subject cannot be blessed (L357); a faithful non-subject has nothing left to gain (C24)."""
    cs = state.state_of(pid)
    if cs.subject_locked and cs.subject:
        return False
    return not (cs.pope_faithful and not cs.subject)


def _offer_pending(state: GameState, pope: str, target: str) -> bool:
    return any((p.kind == "blessing" and p.player_id == pope and p.data.get("target") == target)
               or (p.kind == "blessing_answer" and p.player_id == target and p.data.get("target") == pope)
               for p in state.prompts.values())


def offer_blessing(tx: Tx, holder: str, partner: str, kind: str) -> None:
    """After every complète (C85: unlimited, one offer per complète)."""
    state = tx.state
    if _blessable(state, partner) and not _offer_pending(state, holder, partner):
        offer(tx, holder, "blessing", ["yes", "no"], {"target": partner})


def _pope_decides(tx: Tx, prompt: Prompt, choice: str) -> None:
    pope, target = prompt.player_id, str(prompt.data["target"])
    if choice != "yes" or not holds_power(tx.state, pope, "blessing") or not _blessable(tx.state, target):
        return
    record_use(tx, pope, "blessing")
    open_prompt(tx, target, "blessing_answer", ["refuse", "bless", "adopt"], {"target": pope}, until="round")


def _blessed_answers(tx: Tx, prompt: Prompt, choice: str) -> None:
    """C26: one offer, three answers; a Chancelier lock set meanwhile voids the offer (L357)."""
    target = prompt.player_id
    if choice == "refuse" or not _blessable(tx.state, target):
        return
    cs = tx.state.state_of(target)
    changes: dict[str, object] = {"blessed": True}
    if cs.subject and not cs.subject_locked:
        changes["subject"] = False
    if choice == "adopt":
        changes["pope_faithful"] = True  # irrevocable (C27): nothing ever sets it back
    tx.emit(CardStateChanged(card=tx.state.cards[target], changes=changes, reason=f"blessing_{choice}"))


# ------------------------------------------------------------------ Chancelier: Confirmation
def _confirmable(state: GameState, chancelier: str, target: str) -> bool:
    power = find_power(state, chancelier, "confirm")
    cs = state.state_of(target)
    return (power is not None and state.phase == "N" and uses_left(state, chancelier, power) != 0
            and cs.subject and not cs.subject_locked)


def offer_confirmation(tx: Tx, holder: str, partner: str, kind: str) -> None:
    """C77: the partner must already be a subject (after this complète's own subjugation, order 10)."""
    if _confirmable(tx.state, holder, partner):
        offer_in_n(tx, holder, "confirm", ["yes", "no"], {"target": partner})


def _confirm(tx: Tx, prompt: Prompt, choice: str) -> None:
    chancelier, target = prompt.player_id, str(prompt.data["target"])
    if choice == "yes" and _confirmable(tx.state, chancelier, target):
        record_use(tx, chancelier, "confirm")
        tx.emit(CardStateChanged(card=tx.state.cards[target], changes={"subject_locked": True}, reason="confirm"))


# ------------------------------------------------------------------ Moine: Copie
def copyable_powers(card: int) -> list[Power]:
    """C76: the active powers of a card that a Moine may copy (no passive, END, weakness, Faussaire)."""
    return [p for p in CARDS[card].powers if p.copyable and p.key not in NOT_COPIED]


def offer_copy(tx: Tx, holder: str, partner: str, kind: str) -> None:
    state = tx.state
    card = state.cards[partner]
    keys = [p.key for p in copyable_powers(card)]
    if state.phase == "N" and keys:
        offer_in_n(tx, holder, "copy", [*keys, "no"], {"target": partner, "card": card})


def _copy(tx: Tx, prompt: Prompt, choice: str) -> None:
    moine = prompt.player_id
    if choice == "no" or tx.state.phase != "N" or not holds_power(tx.state, moine, "copy"):
        return
    record_use(tx, moine, "copy")
    tx.emit(CardStateChanged(card=tx.state.cards[moine], reason="copy", changes={
        "copied_power": choice, "copied_from": int(prompt.data["card"]), "copied_round": tx.state.round}))


def copied_power(state: GameState, pid: str) -> list[Power]:
    """The Moine's copy, until the arrival of this round (L352: "jusqu'à l'arrivée de nouveaux émissaires")."""
    if pid not in state.cards:
        return []
    cs = state.state_of(pid)
    if cs.copied_power is None or cs.copied_from is None or cs.copied_round != state.round:
        return []
    if state.phase not in ("N", "E", "D", "X"):
        return []
    return [p for p in CARDS[cs.copied_from].powers if p.key == cs.copied_power]



def _copiers(state: GameState) -> list[str]:
    """Who holds a card that copied a power (copied_power grants nothing to anyone else)."""
    copying = {number for number, cs in state.card_states.items() if cs.copied_power is not None}
    return [pid for pid, number in state.cards.items() if number in copying] if copying else []


def install(rules: GameRules) -> None:
    rules.on_reveal("blessing", order=80)(offer_blessing)
    rules.prompt_kind("blessing")(_pope_decides)
    rules.prompt_kind("blessing_answer")(_blessed_answers)
    rules.on_reveal("confirm", order=85)(offer_confirmation)
    rules.prompt_kind("confirm")(_confirm)
    rules.on_reveal("copy", order=90)(offer_copy)
    rules.prompt_kind("copy")(_copy)
    rules.power_source(copied_power, grants=frozenset(p.key for card in CARDS for p in copyable_powers(card)),
                       who=_copiers)
