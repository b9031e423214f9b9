"""Who saw what: per-player knowledge snapshots and per-player public feeds.

A snapshot records the card (or colour) a player showed, and when. It is never
rewritten: a later swap does not reveal anything retroactively. A public reveal
is known to the players present in that room at that moment only.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from app.games.deuxrois.cards import CARDS, ESPION, INFIDELE
from app.games.deuxrois.model.events import CardsExchanged, CardShown
from app.games.deuxrois.ruleset import GameRules
from app.games.deuxrois.state import FeedItem, GameState, Snapshot


def displayed_colour(state: GameState, pid: str, chosen: str | None = None) -> str:
    """The colour a colour reveal shows (A16): the Espion picks, the Infidèle shows his current colour."""
    card = state.cards[pid]
    if card == ESPION:
        return chosen or "red"
    if card == INFIDELE:
        return state.card_state(INFIDELE).infidel_colour or "red"
    return str(CARDS[card].colour)


def last_colour(state: GameState, pid: str) -> str | None:
    """The colour `pid` showed last in a colour reveal, to anyone (S15: the Espion's default), or None."""
    shown = [s for snaps in state.knowledge.values() for s in snaps
             if s.subject == pid and s.card is None and s.colour is not None]
    return max(shown, key=lambda s: s.seq).colour if shown else None


def learn(state: GameState, viewer: str, snap: Snapshot) -> GameState:
    known = state.knowledge.get(viewer, ())
    return replace(state, knowledge={**state.knowledge, viewer: (*known, snap)})


def add_feed(state: GameState, witnesses: Iterable[str], kind: str, data: Mapping[str, Any]) -> GameState:
    """A public happening, appended to the feed of each witness (and only theirs)."""
    item = FeedItem(state.version, state.round, state.phase, kind, dict(data))
    feeds = dict(state.feeds)
    for pid in witnesses:
        feeds[pid] = (*feeds.get(pid, ()), item)
    return replace(state, feeds=feeds)


def _snap(state: GameState, subject: str, card: int | None, colour: str | None, kind: str) -> Snapshot:
    return Snapshot(subject, card, colour, kind, state.round, state.phase, state.version)


def _exchanged(state: GameState, ev: CardsExchanged) -> GameState:
    kind = "forcee" if ev.forced else ev.kind
    state = learn(state, ev.a, _snap(state, ev.b, ev.b_card, ev.b_colour, kind))
    state = learn(state, ev.b, _snap(state, ev.a, ev.a_card, ev.a_colour, kind))
    if ev.kind == "complete":
        partners = dict(state.complete_partners)
        partners[ev.a] = partners.get(ev.a, frozenset()) | {ev.b}
        partners[ev.b] = partners.get(ev.b, frozenset()) | {ev.a}
        state = replace(state, complete_partners=partners)
    if ev.request_id is not None:
        state = replace(state, requests={k: r for k, r in state.requests.items() if k != ev.request_id})
    return state


def _shown(state: GameState, ev: CardShown) -> GameState:
    for viewer in ev.viewers:
        state = learn(state, viewer, _snap(state, ev.shower, ev.card, ev.colour, ev.kind))
    if ev.kind in ("publique", "couleur_publique", "annonce"):  # annonce: the Troubadour's song, both rooms
        state = add_feed(state, [ev.shower, *ev.viewers], ev.kind,
                         {"player": ev.shower, "card": ev.card, "colour": ev.colour, "source": ev.source})
    return state


def install(rules: GameRules) -> None:
    rules.applies(CardsExchanged)(_exchanged)
    rules.applies(CardShown)(_shown)
