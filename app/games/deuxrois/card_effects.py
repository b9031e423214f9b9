"""Appliers for effects on cards: swaps (state travels with the card, §0.3) and status changes."""

from __future__ import annotations

from dataclasses import fields, replace
from typing import Any

from app.games.deuxrois.card_state import CardState
from app.games.deuxrois.events import CardsSwapped, CardStateChanged
from app.games.deuxrois.fold import applies
from app.games.deuxrois.state import GameState

_SET_FIELDS = {f.name for f in fields(CardState) if f.name in ("partners", "met_principals", "used_game")}


def _coerce(name: str, value: Any) -> Any:
    """JSON lists back to the frozensets the card state holds."""
    return frozenset(value) if name in _SET_FIELDS else value


@applies(CardsSwapped)
def _swapped(state: GameState, ev: CardsSwapped) -> GameState:
    card_a, card_b = state.cards[ev.a], state.cards[ev.b]
    card_states = dict(state.card_states)
    if ev.refresh:  # L341 / L182: the new holders may use the powers again
        card_states[card_a] = state.card_state(card_a).refreshed()
        card_states[card_b] = state.card_state(card_b).refreshed()
    # A pending request was consented for the card held then: it lapses with the swap.
    requests = {k: r for k, r in state.requests.items() if not {r.from_id, r.to_id} & {ev.a, ev.b}}
    return replace(state, cards={**state.cards, ev.a: card_b, ev.b: card_a}, card_states=card_states,
                   requests=requests)


@applies(CardStateChanged)
def _changed(state: GameState, ev: CardStateChanged) -> GameState:
    cs = replace(state.card_state(ev.card), **{k: _coerce(k, v) for k, v in ev.changes.items()})
    return replace(state, card_states={**state.card_states, ev.card: cs})
