"""E spy: once a turn, one random card of a player holding two or more is shown to the spy (L104-L110).

The target learns which card was seen (RG-20); the table only that it happened.
"""

from __future__ import annotations

from dataclasses import replace

from app.games.regents.clans import CARDS
from app.games.regents.commands import Spy
from app.games.regents.events import Spied
from app.games.regents.feed import t
from app.games.regents.guards import action_refusal, my_turn
from app.games.regents.model import Seen, SpiedMe, State, noted, with_player
from app.kernel.actor import Actor
from app.kernel.rules import Rules, Tx, refuse
from app.kernel.text import EngineError


def spy_refusal(s: State, spy: str, target: str | None) -> EngineError | None:
    """Why `spy` may not spy on `target` now (None: on anyone), or None."""
    if s.turn.spied:
        return refuse("already_spied", "Un seul espionnage par tour.", "Only one spying per turn.")
    if (refusal := action_refusal(s)) is not None:
        return refusal
    if target is None:
        return None
    if target == spy:
        return refuse("spy_self", "Vous ne pouvez pas vous espionner vous-même.", "You cannot spy on yourself.")
    if not s.has(target):
        return refuse("no_such_player", "On n'espionne qu'un autre joueur (pas le neutre).",
                      "You can only spy on another player (not the neutral).")
    q = s.player(target)
    if len(q.hand) < 2:
        return refuse("too_few_cards", f"{q.name} n'a plus qu'une carte ou aucune : impossible de l'espionner.",
                      f"{q.name} holds one card or none: they cannot be spied on.")
    return None


def install(rules: Rules[State]) -> None:
    @rules.handles(Spy, actors=("player",), phases=("actions",))
    def _spy(tx: Tx[State], cmd: Spy, actor: Actor) -> None:
        s = tx.state
        p = my_turn(s, actor)
        if (refusal := spy_refusal(s, p.pid, cmd.target)) is not None:
            raise refusal
        hand = sorted(s.player(cmd.target).hand, key=CARDS.index)
        tx.emit(Spied(player=p.pid, target=cmd.target, card=tx.rng("spy").choice(hand)))

    @rules.applies(Spied)
    def _spied(s: State, e: Spied) -> State:
        spy, target = s.player(e.player), s.player(e.target)
        s = with_player(s, spy.pid, seen=(*spy.seen, Seen(s.round, target.pid, e.card)))
        s = with_player(s, target.pid, spied_me=(*target.spied_me, SpiedMe(s.round, spy.pid, e.card)))
        s = replace(s, turn=replace(s.turn, spied=True, actions_left=s.turn.actions_left - 1))
        return noted(s, "spy", t(f"{spy.name} espionne {target.name}.", f"{spy.name} spies on {target.name}."))
