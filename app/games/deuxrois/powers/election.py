"""Powers around the général's office: Sang Royal usurpation (7/8) and the Trésorier's corruption (11).

Usurpation (L134/L235, C75): once per game, from the room's election result
until the envoy list is locked, the holder shows his card to the room and
becomes général; he cannot be displaced by another usurper this round.
Corruption (L139, C74): once per round, after a complète with a non-Norman
(effective allegiance, §0.4), the Trésorier may bind that player's ballot in
this round's election to his own; the binding is void if either changes room.
"""

from __future__ import annotations

from app.games.deuxrois import bars, designation
from app.games.deuxrois.allegiance import eff_team
from app.games.deuxrois.cards import Effect, Team
from app.games.deuxrois.model.commands import UsePower
from app.games.deuxrois.model.events import GeneralChosen, VoteBound
from app.games.deuxrois.powers.registry import (
    find_power,
    offer,
    record_use,
    uses_left,
)
from app.games.deuxrois.powers.reveal_triggers import immune
from app.games.deuxrois.reveals import show_public
from app.games.deuxrois.ruleset import GameRules, Tx
from app.games.deuxrois.state import GameState, Prompt
from app.kernel.text import EngineError, Text


def _can_usurp(state: GameState, pid: str) -> Text | EngineError | None:
    """The window (result -> lock), then the office itself: the same bars as a vote or a moderator (S21)."""
    room = state.rooms[pid]
    el = state.elections.get(room)
    if state.phase == "D" and (locked := bars.list_open(state, room)) is not None:
        return locked
    if not ((state.phase == "E" and el is not None and not el.open) or state.phase == "D"):
        return Text("Après le résultat de l'élection et avant le verrouillage de la liste.",
                    "After the election result and before the envoy list is locked.")
    if state.generals.get(room) == pid:
        return Text("Vous êtes déjà général.", "You are already général.")
    if room in state.protected_general:
        return Text("Le général a usurpé sa place ce tour : il ne peut pas être déplacé.",
                    "The général usurped the office this round and cannot be displaced.")
    return bars.office(state, pid)


def usurp(tx: Tx, pid: str, cmd: UsePower) -> None:
    room = tx.state.rooms[pid]
    show_public(tx, pid, source="usurp")
    tx.emit(GeneralChosen(room=room, general=pid, how="usurped"))
    designation.withdraw_general(tx, room)


def _non_norman(state: GameState, pid: str) -> bool:
    card = state.cards[pid]
    return eff_team(card, state.card_state(card)) is not Team.RED


def offer_corruption(tx: Tx, holder: str, partner: str, kind: str) -> None:
    state = tx.state
    power = find_power(state, holder, "corruption")
    if power is None or state.phase != "N" or uses_left(state, holder, power) == 0:
        return
    if immune(state, partner, Effect.CORRUPTION) or not _non_norman(state, partner) or partner in state.bindings:
        return
    offer(tx, holder, "corruption", ["yes", "no"], {"target": partner})


def _corruption_answer(tx: Tx, prompt: Prompt, choice: str) -> None:
    state = tx.state
    holder, target = prompt.player_id, str(prompt.data["target"])
    power = find_power(state, holder, "corruption")
    still_valid = (power is not None and state.phase == "N" and uses_left(state, holder, power) != 0
                   and state.rooms[holder] is state.rooms[target] and target not in state.bindings)
    if choice == "yes" and still_valid:
        record_use(tx, holder, "corruption")
        tx.emit(VoteBound(voter=target, tresorier=holder))


def install(rules: GameRules) -> None:
    # The public reveal it costs (Cost.PUBLIQUE) is checked by the seam, as for every power (bars.cost, S21).
    rules.active_power("usurp", condition=_can_usurp)(usurp)
    rules.on_reveal("corruption", order=70)(offer_corruption)
    rules.prompt_kind("corruption")(_corruption_answer)
