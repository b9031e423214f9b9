"""Reveals (rulings §0.2, A1-A4, A9, A16): requests with consent, privée, publique, forcée.

complète and couleur are mutual and need the partner's consent; a forcée is a
complète the target cannot refuse (the initiator shows first). Every complète,
forced or not, fires the after-complete triggers (powers.registry). A request
lapses at the end of the phase or when either player changes room.

Whatever bars a reveal is asked of `bars` (S21): by the commands below for the
reveal the player chooses (his own weakness included, S6), and by every building
block for every path (powers, events, timers).
"""

from __future__ import annotations

from dataclasses import replace

from app.games.deuxrois import bars
from app.games.deuxrois.cards import ESPION
from app.games.deuxrois.knowledge import displayed_colour
from app.games.deuxrois.model.commands import (
    AnswerReveal,
    CancelReveal,
    RequestReveal,
    RevealPrivate,
    RevealPublic,
)
from app.games.deuxrois.model.events import (
    CardsExchanged,
    CardShown,
    CardsSwapped,
    RevealRequestClosed,
    RevealRequested,
)
from app.games.deuxrois.model.phases import ROUND
from app.games.deuxrois.powers import registry
from app.games.deuxrois.ruleset import GameRules, Tx
from app.games.deuxrois.state import GameState, RevealRequest
from app.kernel.actor import Actor, me
from app.kernel.rules import refuse
from app.kernel.text import EngineError


def _same_room(tx: Tx, a: str, b: str) -> None:
    if b not in tx.state.rooms:
        raise refuse("unknown_player", "Joueur inconnu.", "Unknown player.")
    if a == b:
        raise refuse("self_reveal", "Pas avec vous-même.", "Not with yourself.")
    if tx.state.rooms[a] is not tx.state.rooms[b]:
        raise refuse("other_room", "Ce joueur n'est pas dans votre salle.", "This player is not in your room.")


def _bar(refusal: EngineError | None) -> None:
    if refusal is not None:
        raise refusal


def _colour_of(tx: Tx, pid: str, chosen: str | None) -> str:
    if tx.state.cards[pid] == ESPION and chosen is None:
        raise refuse("choose_colour", "Espion : choisissez la couleur montrée.", "Spy: choose the colour you show.")
    return displayed_colour(tx.state, pid, chosen)


def _request(tx: Tx, cmd: RequestReveal, actor: Actor) -> None:
    a = me(actor)
    _same_room(tx, a, cmd.target)
    _bar(bars.chosen_reveal(tx.state, a, cmd.target, cmd.kind))
    if any({r.from_id, r.to_id} == {a, cmd.target} for r in tx.state.requests.values()):
        raise refuse("pending", "Une demande est déjà en cours avec ce joueur.", "A request with this player is pending.")
    if cmd.kind == "couleur":
        _colour_of(tx, a, cmd.colour)
    tx.emit(RevealRequested(request_id=tx.new_id("q"), from_id=a, to_id=cmd.target, kind=cmd.kind,
                            colour=cmd.colour))


def _answer(tx: Tx, cmd: AnswerReveal, actor: Actor) -> None:
    req = tx.state.requests.get(cmd.request_id)
    b = me(actor)
    if req is None or req.to_id != b:
        raise refuse("no_request", "Cette demande n'est plus ouverte.", "This request is no longer open.")
    if not cmd.accept:  # refusing is always possible: the asker sees an ordinary refusal (S6)
        tx.emit(RevealRequestClosed(request_id=req.id, outcome="refused"))
        return
    _same_room(tx, b, req.from_id)
    _bar(bars.chosen_reveal(tx.state, b, req.from_id, req.kind))
    if req.kind == "complete":
        complete(tx, req.from_id, b, forced=False, source="request", request_id=req.id)
    else:
        colour_exchange(tx, req.from_id, b, _colour_of(tx, req.from_id, req.colour), _colour_of(tx, b, cmd.colour),
                        request_id=req.id)


def _cancel(tx: Tx, cmd: CancelReveal, actor: Actor) -> None:
    req = tx.state.requests.get(cmd.request_id)
    if req is None or req.from_id != me(actor):
        raise refuse("no_request", "Cette demande n'est plus ouverte.", "This request is no longer open.")
    tx.emit(RevealRequestClosed(request_id=req.id, outcome="cancelled"))


def _private(tx: Tx, cmd: RevealPrivate, actor: Actor) -> None:
    a = me(actor)
    _same_room(tx, a, cmd.target)
    _bar(bars.chosen_reveal(tx.state, a, cmd.target, "privee"))
    show_private(tx, a, cmd.target, source="player")


def _public(tx: Tx, cmd: RevealPublic, actor: Actor) -> None:
    a = me(actor)
    _bar(bars.chosen_reveal(tx.state, a, None, "publique"))
    show_public(tx, a, source="player")


# ------------------------------------------------------------------ building blocks for powers and events
# Each asks bars itself (S21): a power that forgot to check is refused with the rule's own code and
# message. `must=True` marks an event's obligation (22, 23, 26, 8...): a bar does not refuse the command
# or the timer that made it; the reveal simply does not happen (the block returns False).
def _allowed(refusal: EngineError | None, must: bool) -> bool:
    if refusal is None:
        return True
    if must:
        return False
    raise refusal


def complete(tx: Tx, a: str, b: str, forced: bool, source: str, request_id: str | None = None,
             skip: frozenset[str] = frozenset(), must: bool = False) -> bool:
    """A complète between a and b (a shows first when forced), then every trigger in order (C37).

    A forcée by a power asks bars.force (immunities, then the reveal guards); an event's obligatory
    complète (`must`: the Tent, the relic) only the reveal guards, since an event is a rule, not a
    power (S17). `skip` names trigger keys that must not fire for this pair (e.g. "forgery"
    between two participants of a group reveal, C36).
    """
    bar = bars.force(tx.state, a, b) if forced and not must else bars.reveal(tx.state, a, b, "complete")
    if not _allowed(bar, must):
        return False
    cards = tx.state.cards
    tx.emit(CardsExchanged(kind="complete", a=a, b=b, a_card=cards[a], b_card=cards[b], forced=forced,
                           request_id=request_id, source=source))
    registry.fire_after_reveal(tx, a, b, "complete", skip)
    return True


def complete_group(tx: Tx, initiator: str | None, others: list[str], source: str) -> None:
    """A multi-party reveal as all pairwise forced complètes, every trigger firing per pair (A4).

    The Faussaire swaps only with the power's initiator, once; with no initiator (an event's group
    reveal) he swaps with nobody (C36). Pairs are resolved in order (initiator first), each showing
    the cards held at its turn.
    """
    people = [initiator, *others] if initiator is not None else list(others)
    swapped = False
    for i, a in enumerate(people):
        for b in people[i + 1:]:
            skip = frozenset({"forgery"}) if swapped or a != initiator else frozenset()
            start = len(tx.events)
            complete(tx, a, b, forced=True, source=source, skip=skip)
            swapped = swapped or any(isinstance(e, CardsSwapped) for e in tx.events[start:])


def colour_exchange(tx: Tx, a: str, b: str, a_colour: str, b_colour: str, request_id: str | None = None,
                    source: str = "request", skip: frozenset[str] = frozenset(), must: bool = False) -> bool:
    if not _allowed(bars.reveal(tx.state, a, b, "couleur"), must):
        return False
    tx.emit(CardsExchanged(kind="couleur", a=a, b=b, a_colour=a_colour, b_colour=b_colour,
                           request_id=request_id, source=source))
    registry.fire_after_reveal(tx, a, b, "couleur", skip)
    return True


def show_private(tx: Tx, shower: str, viewer: str, source: str, fire: bool = True, must: bool = False) -> bool:
    """The shower's full card to one player; `fire=False` for a view that is no reveal between the two
    cards (the viking's, S18): no trigger, not even the Faussaire's."""
    if not _allowed(bars.reveal(tx.state, shower, viewer, "privee"), must):
        return False
    tx.emit(CardShown(kind="privee", shower=shower, viewers=[viewer], card=tx.state.cards[shower], source=source))
    if fire:
        registry.fire_after_show(tx, shower, viewer, "privee")
    return True


def show_proof(tx: Tx, shower: str, viewer: str, source: str) -> bool:
    """C80: an Émissaire proves his immunity to one player (no trigger). Where privées are barred
    (event 11) the server applies the immunity silently instead (E15): nothing is shown."""
    if bars.reveal(tx.state, shower, viewer, "privee") is not None:
        return False
    tx.emit(CardShown(kind="proof", shower=shower, viewers=[viewer], card=tx.state.cards[shower], room=None,
                      source=source))
    return True


def show_public(tx: Tx, shower: str, source: str, must: bool = False) -> bool:
    """The full card to everyone in the shower's room (and the moderator); it triggers nothing (A3)."""
    if not _allowed(bars.reveal(tx.state, shower, None, "publique"), must):
        return False
    room = tx.state.rooms[shower]
    viewers = [p for p in tx.state.present(room) if p != shower]
    tx.emit(CardShown(kind="publique", shower=shower, viewers=viewers, card=tx.state.cards[shower], room=room,
                      source=source))
    return True


def show_colour_public(tx: Tx, shower: str, colour: str, source: str, must: bool = False) -> bool:
    """A couleur publique: the colour to everyone in the shower's room (events 5, 6, 25, 28; a rally's
    claimants; the Duc's companion). The Espion's colour is chosen by the caller (A16, S15)."""
    if not _allowed(bars.reveal(tx.state, shower, None, "couleur_publique"), must):
        return False
    room = tx.state.rooms[shower]
    viewers = [p for p in tx.state.present(room) if p != shower]
    tx.emit(CardShown(kind="couleur_publique", shower=shower, viewers=viewers, colour=colour, room=room,
                      source=source))
    return True


# ------------------------------------------------------------------ appliers
def _requested(state: GameState, ev: RevealRequested) -> GameState:
    req = RevealRequest(ev.request_id, ev.from_id, ev.to_id, ev.kind, ev.colour)
    return replace(state, requests={**state.requests, ev.request_id: req})


def _closed(state: GameState, ev: RevealRequestClosed) -> GameState:
    return replace(state, requests={k: r for k, r in state.requests.items() if k != ev.request_id})


def install(rules: GameRules) -> None:
    rules.handles(RequestReveal, actors=("player",), phases=ROUND)(_request)
    rules.handles(AnswerReveal, actors=("player",), phases=ROUND)(_answer)
    rules.handles(CancelReveal, actors=("player",), phases=ROUND)(_cancel)
    rules.handles(RevealPrivate, actors=("player",), phases=ROUND)(_private)
    rules.handles(RevealPublic, actors=("player",), phases=ROUND)(_public)
    rules.applies(RevealRequested)(_requested)
    rules.applies(RevealRequestClosed)(_closed)
