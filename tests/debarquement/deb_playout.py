"""Seeded random whole games through the public gate, for invariant tests."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from deb_helpers import NAMES, pid

from app.games.debarquement import Event, Phase, State, decide, evolve, new_game, replay
from app.games.debarquement.rules import prompt_id
from app.kernel.actor import Actor

Step = tuple[State, list[Event]]


def random_command(state: State, rng: random.Random, tick_rate: float) -> tuple[Actor, dict[str, Any]]:
    """A legal move by a random awaited player, or now and then the timer."""
    if rng.random() < tick_rate:
        return Actor.system(), {"type": "tick", "prompt": prompt_id(state)}
    if state.phase is Phase.CHOOSING:
        player = rng.choice([p for p in state.player_ids if p not in state.chosen])
        return Actor.player(player), {"type": "play_card", "card": rng.choice(state.hands[player])}
    if state.awaiting_boat is not None:
        return Actor.player(state.awaiting_boat[1]), {"type": "choose_boat",
                                                      "boat": rng.choice(["normand", "anglais"])}
    assert state.phase is Phase.MANCHE_OVER, state.phase
    return Actor.player(state.host or ""), {"type": "next_manche"}


def playout(n: int, seed: int, *, threshold: int = 66, max_manches: int = 10, tick_rate: float = 0.05,
            max_steps: int = 5000) -> Iterator[Step]:
    """Yield (state, log so far) after every accepted command, from the empty lobby to the end."""
    rng = random.Random(f"playout:{n}:{seed}")
    log: list[Event] = list(new_game(seed=seed, threshold=threshold, max_manches=max_manches))
    state = replay(log)

    def apply(actor: Actor, command: dict[str, Any]) -> None:
        nonlocal state
        events = decide(state, command, actor)
        for event in events:
            state = evolve(state, event)
        log.extend(events)

    for i in range(n):
        apply(Actor.player(pid(i)), {"type": "join", "name": NAMES[i], "age": rng.randint(8, 90)})
        yield state, log
    apply(Actor.player("p0"), {"type": "start"})
    yield state, log
    for _ in range(max_steps):
        if state.phase is Phase.GAME_OVER:
            return
        apply(*random_command(state, rng, tick_rate))
        yield state, log
    raise AssertionError(f"game {n}/{seed} did not end in {max_steps} steps")


def last(steps: Iterator[Step], each: Callable[[State], None] | None = None) -> Step:
    final: Step | None = None
    for final in steps:
        if each is not None:
            each(final[0])
    assert final is not None
    return final
