"""Exchange-time events (rulings §5.2, E4): what the draw does to this crossing, and at arrival.

At the announcement (window X): 28 every colour to the room (E32); 8 colour reveals among
the envoys leaving the same room (E12, no Faussaire swap; the Espion chooses, S15); 22 every
envoy's card to his room (E26); 2 the storm: the envoys' cards are shuffled among them from
the seed, states travel, no refresh, and nobody crosses (E7). Event 23 gets at least 20 s of
window X; event 12's delegations close 20 s after the list's lock (S16, historique/powers.py).
The reveals are the event's obligations: a bar of the rules skips them (bars, S21).
At the crossing: the storm cancels it; event 20's decliners stay (E24).
At arrival (window A): 23's sworn players show their new card where they stand (E27);
15 grants each envoy who really crossed one forced reveal for the next round (E19).
"""

from __future__ import annotations

from app.games.deuxrois.deal import Room
from app.games.deuxrois.historique.colours import group_colours, public_colour
from app.games.deuxrois.historique.effects import (
    arrivals,
    envoys_leaving,
    fresh,
    in_force,
    mark,
    step_done,
)
from app.games.deuxrois.historique.events import HistoriqueRoleSet
from app.games.deuxrois.historique.model import historique_of
from app.games.deuxrois.model.events import CardsSwapped, PromptClosed, TimerChanged
from app.games.deuxrois.reveals import show_public
from app.games.deuxrois.ruleset import GameRules, Tx
from app.games.deuxrois.state import GameState
from app.kernel.text import Text

WINDOW_MS = 20_000  # event 23's oaths get at least this much of window X (12's 20 s run from the lock, S16)


def _envoys(tx: Tx, room: Room) -> list[str]:
    return envoys_leaving(tx.state, room)


def on_drawn(tx: Tx) -> None:
    """The announcement: the parts that apply at once."""
    number = fresh(tx.state)
    if number == 28:  # E32: every player's colour to his own room
        for player in list(tx.state.players):
            public_colour(tx, player.id, "comete_halley")
    if tx.state.phase != "X" or number is None:
        return
    if number == 8:  # E12: mutual colour reveals among the envoys of each room; no Faussaire swap (C36)
        for room in tx.state.iter_rooms():  # the Espion's pairs wait for his choice (S15)
            group_colours(tx, _envoys(tx, room), "traversee")
    elif number == 22:  # E26: each envoy's full card to his room of origin, before departure (an obligation)
        for room in tx.state.iter_rooms():
            for p in _envoys(tx, room):
                show_public(tx, p, source="proces_stigand", must=True)
    elif number == 2 and not step_done(tx.state, f"storm:{tx.state.round}"):
        _storm(tx)
    elif number == 23 and tx.state.deadline_ms is not None and tx.state.deadline_ms < tx.now + WINDOW_MS:
        tx.emit(TimerChanged(deadline_ms=tx.now + WINDOW_MS))


def _storm(tx: Tx) -> None:
    """E7: the envoys' cards (both rooms) dealt back among them from the seed; states travel, no refresh."""
    envoys = [p for room in tx.state.iter_rooms() for p in _envoys(tx, room)]
    target = tx.rng("tempete").sample([tx.state.cards[p] for p in envoys], len(envoys))
    for i, p in enumerate(envoys):  # selection by swaps: after step i, envoy i holds his drawn card
        if tx.state.cards[p] == target[i]:
            continue
        other = next(q for q in envoys[i + 1:] if tx.state.cards[q] == target[i])
        tx.emit(CardsSwapped(a=p, b=other, reason="tempete", refresh=False))
    mark(tx, f"storm:{tx.state.round}")


def moves_blocked(state: GameState) -> bool:
    """E7: after the storm no other room change happens until the next round (for departure powers)."""
    return fresh(state) == 2 and step_done(state, f"storm:{state.round}")


def _storm_ban(state: GameState) -> Text | None:
    if moves_blocked(state):
        return Text("Tempête en Manche : aucun changement de salle avant le prochain tour.",
                    "Storm in the Channel: no room change until the next round.")
    return None



def _cancel_or_decline(tx: Tx, moves: dict[str, Room]) -> dict[str, Room]:
    if moves_blocked(tx.state):
        return {}
    if in_force(tx.state, 20):
        declined = historique_of(tx.state).roles.get("declined", frozenset())
        return {p: r for p, r in moves.items() if p not in declined}
    return moves


def _arrival(tx: Tx) -> None:
    state = tx.state
    if state.phase != "A" or not state.config.historique:
        return
    if fresh(state) == 15:  # E19: an envoy sent back in window A (Navigateur) did not travel after all
        for p in sorted(historique_of(state).roles.get("tostig", frozenset()) - set(arrivals(state))):
            tx.emit(HistoriqueRoleSet(role="tostig", player=p, on=False))
    if step_done(tx.state, f"arrival:{state.round}"):
        return
    mark(tx, f"arrival:{state.round}")
    for prompt in list(tx.state.prompts.values()):  # event 20's questions end with the crossing
        if prompt.kind == "revolt_mission":
            tx.emit(PromptClosed(prompt_id=prompt.id, choice=None))
    number = fresh(tx.state)
    if number == 23:  # the oath's price, paid where each now stands (an obligation: a bar skips it)
        for p in sorted(historique_of(tx.state).roles.get("sworn", frozenset())):
            show_public(tx, p, source="serment_sang", must=True)
    elif number == 15:
        for p in sorted(arrivals(tx.state)):
            tx.emit(HistoriqueRoleSet(role="tostig", player=p))



def install(rules: GameRules) -> None:
    rules.departure_step(order=0)(_cancel_or_decline)
    rules.move_bans.append(_storm_ban)
    rules.reactors.append(_arrival)
