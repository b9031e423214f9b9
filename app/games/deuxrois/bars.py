"""What bars an action: one check per rule, the same code and message whoever acts (rulings S21).

Every path that could break a rule asks here, and only here: a player's command
(reveals.py, election.py, designation.py), a power's cost (the powers seam reads
the reveal each power costs from the card data, powers/registry.py), a
usurpation, a moderator fix where the rules bind him (moderator.py), a timer and
an event's obligation (the building blocks of reveals.py and crossing.move_player
ask themselves, so a path that forgets to ask is refused all the same).

Each check returns the refusal (an `EngineError`, not raised) or None:

* `reveal(state, a, b, kind)` -> "reveal_blocked": the rules' reveal guards (an event's ban,
  a zone, the viking, a player outside, a neutralised Armurier), both orientations;
* `own_reveal(state, actor, kind)` -> "reveal_blocked": what a player may not *choose* to show
  (the Berserker's weakness, C81, S6). Asked of the actor only: never of his partner (the
  asker sees an ordinary refusal), never of an event's obligation (C81: events override);
* `force(state, forcer, target)` -> "immune" (an Émissaire card, the Citadelle...) or a reveal bar;
* `cost(state, pid, cost)` -> the bar on the reveal a power costs its holder (cards.Cost);
* `office(state, pid)` -> "office_barred": who may not become général, however (vote, run-off,
  draw, re-vote, usurpation, relic, moderator): the Citadelle (25), a player outside (4);
* `list_open(state, room)` -> "locked": the envoy list is final;
* `moves(state)` -> "moves_banned": no power or event may change a room now (the storm, 2).
"""

from __future__ import annotations

from app.games.deuxrois import memo
from app.games.deuxrois.cards import CARDS, Cost, Effect
from app.games.deuxrois.deal import Room
from app.games.deuxrois.state import GameState
from app.kernel.text import EngineError, Text

IMMUNE = Text("Ce joueur est immunisé.", "This player is immune.")
LOCKED = Text("La liste est déjà verrouillée.", "The list is already locked.")
# The reveal kinds the guards are asked about (rulings §0.2): "complete", "couleur", "privee",
# "publique", "couleur_publique"; a forcée is asked as a complète.


def immune(state: GameState, pid: str, effect: Effect) -> bool:
    """By the card, or by a seam of the rules (Mode Historique: the Citadelle, event 25)."""
    extra = state.rules.extra_immunities
    return effect in CARDS[state.cards[pid]].immune_to or any(f(state, pid, effect) for f in extra)


def reveal(state: GameState, a: str, b: str | None, kind: str) -> EngineError | None:
    """A reveal of `kind` between a and b (None: to the room): the first guard that refuses, either way."""
    for guard in state.rules.reveal_guards:
        for shower, partner in ((a, b), (b, a)) if b is not None else ((a, None),):
            assert shower is not None
            reason = guard(state, shower, partner, kind)
            if reason is not None:
                return EngineError("reveal_blocked", reason)
    return None


def reveal_partners(state: GameState, a: str, partners: list[str], kind: str) -> list[str]:
    """The partners with whom `a` may make a reveal of `kind`: those `reveal` does not refuse, in order.

    A phone asks this of every room-mate for every kind (25 x 3 per view). When every guard reads the
    shower alone (`reads_partner=False`), a pair is barred exactly when one of the two is barred as a
    shower, so the guards are asked once per player, kind and state (`_showers`), not once per pair.
    """
    rules = state.rules
    if not memo.enabled() or not all(g in rules.shower_guards for g in rules.reveal_guards):
        return [p for p in partners if reveal(state, a, p, kind) is None]
    barred = _showers(state, kind)
    guards = rules.reveal_guards

    def bars_it(pid: str) -> bool:
        known = barred.get(pid)
        if known is None:
            known = barred[pid] = any(g(state, pid, None, kind) is not None for g in guards)
        return known

    if bars_it(a):
        return []
    return [p for p in partners if not bars_it(p)]


@memo.per_state
def _showers(state: GameState, kind: str) -> dict[str, bool]:
    """Who some guard refuses as the shower of a reveal of `kind` in this state, filled as players are asked."""
    return {}


def own_reveal(state: GameState, actor: str, kind: str) -> EngineError | None:
    """What `actor` may not choose to show (the Berserker: complètes only); told to him alone."""
    for guard in state.rules.own_reveal_guards:
        reason = guard(state, actor, kind)
        if reason is not None:
            return EngineError("reveal_blocked", reason)
    return None


def chosen_reveal(state: GameState, actor: str, partner: str | None, kind: str) -> EngineError | None:
    """A reveal the actor chooses to make (a request, an answer, a reveal of his own, a power's cost)."""
    return own_reveal(state, actor, kind) or reveal(state, actor, partner, kind)


def force(state: GameState, forcer: str, target: str) -> EngineError | None:
    """A forcée `forcer` makes `target` undergo (Autorité, Confession, conseil, Interprète, events 9/15/27)."""
    if immune(state, target, Effect.FORCEE):
        return EngineError("immune", IMMUNE)
    return reveal(state, forcer, target, "complete")


def cost(state: GameState, pid: str, price: Cost) -> EngineError | None:
    """The bar on the reveal a power costs its holder now (whatever the target), from the card data."""
    if price is Cost.PUBLIQUE:
        return chosen_reveal(state, pid, None, "publique")
    if price is Cost.FORCEE:  # the forcer shows first: his own side of the complète
        return chosen_reveal(state, pid, None, "complete")
    if price is Cost.PRIVEE_OR_PUBLIQUE:  # one of the two is enough (the Geôlier checks the général himself)
        public = chosen_reveal(state, pid, None, "publique")
        return public if public is not None and chosen_reveal(state, pid, None, "privee") is not None else None
    return None


def office(state: GameState, pid: str) -> EngineError | None:
    """Why `pid` may not become général now, whoever would make him one (S21)."""
    for bar in state.rules.office_bars:
        reason = bar(state, pid)
        if reason is not None:
            return EngineError("office_barred", reason)
    return None


def list_open(state: GameState, room: Room) -> EngineError | None:
    """The envoy list of `room` can still change (window D, before the lock)."""
    des = state.designations.get(room)
    if des is not None and des.locked:
        return EngineError("locked", LOCKED)
    return None


def moves(state: GameState) -> EngineError | None:
    """Why no power or event may change anyone's room now (a seam: Mode Historique's storm, event 2, E7)."""
    for ban in state.rules.move_bans:
        reason = ban(state)
        if reason is not None:
            return EngineError("moves_banned", reason)
    return None
