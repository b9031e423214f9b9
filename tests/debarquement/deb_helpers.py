"""Builders for débarquement tests: craft a log, act, fold."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from app.games.debarquement import State, decide, evolve, replay
from app.games.debarquement.boats import DECK, boat_cards
from app.games.debarquement.events import Event, GameCreated, MancheScored, MancheStarted, PlayerJoined
from app.kernel.actor import Actor

NAMES = ("Ana", "Bob", "Céline", "Dara", "Émile", "Fatou", "Gaspard", "Hélène")


def pid(i: int) -> str:
    return f"p{i}"


def seated(n: int, threshold: int = 66, max_manches: int = 10, seed: int = 1) -> list[Event]:
    """A created game with n players seated, p0 (Ana) the host."""
    return [GameCreated(threshold=threshold, max_manches=max_manches, seed=seed),
            *(PlayerJoined(player_id=pid(i), name=NAMES[i]) for i in range(n))]


def dealt(hands: Sequence[Sequence[int]], pile: Sequence[int] = (), *, manche: int = 1, start: str = "p0",
          threshold: int = 66, max_manches: int = 10, prior: Sequence[Mapping[str, int]] = ()) -> State:
    """A game in the CHOOSING phase with crafted hands (p0, p1, ...) and pile.

    `prior` are manche scores already booked, each as an empty earlier manche.
    """
    n = len(hands)
    log = seated(n, threshold, max_manches)
    for i, points in enumerate(prior, 1):
        log += [MancheStarted(manche=i, start_player=start, hands={pid(j): () for j in range(n)}, pile=()),
                MancheScored(manche=i, points=dict(points))]
    log.append(MancheStarted(manche=manche + len(prior), start_player=start,
                             hands={pid(i): tuple(h) for i, h in enumerate(hands)}, pile=tuple(pile)))
    return replay(log)


def act(state: State, player: str | None, command: dict[str, Any]) -> tuple[State, list[Event]]:
    """Decide and fold; `player=None` is the system (timers)."""
    actor = Actor.system() if player is None else Actor.player(player)
    events = decide(state, command, actor)
    for event in events:
        state = evolve(state, event)
    return state, events


def play_all(state: State, cards: Sequence[int]) -> tuple[State, list[Event]]:
    """Every player p_i secretly chooses cards[i]; returns the events of the whole tour de jeu."""
    out: list[Event] = []
    for i, card in enumerate(cards):
        state, events = act(state, pid(i), {"type": "play_card", "card": card})
        out += events
    return state, out


def stacks(state: State, boat: str) -> list[list[int]]:
    return [list(s) for s in state.boats[boat]]  # type: ignore[index]


def types(events: Sequence[Event]) -> list[str]:
    return [e.type for e in events]


def all_cards(state: State) -> Counter[int]:
    """Every card somewhere in the manche: hands, hidden choices, revealed-unplaced, pile, boats, captures, set aside."""
    cards: Counter[int] = Counter()
    for hand in state.hands.values():
        cards.update(hand)
    cards.update(state.chosen.values())
    cards.update(c for c, _ in state.to_place)
    cards.update(state.pile)
    cards.update(state.set_aside)
    for boat in state.boats.values():
        cards.update(boat_cards(boat))
    for caps in state.captures.values():
        for cap in caps:
            cards.update(cap.cards)
    return cards


FULL_DECK: Counter[int] = Counter(DECK)
