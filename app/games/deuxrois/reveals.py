"""Reveals (rulings §0.2, A1-A4, A9, A16): requests with consent, privée, publique, forcée.

complète and couleur are mutual and need the partner's consent; a forcée is a
complète the target cannot refuse (the initiator shows first). Every complète,
forced or not, fires the after-complete triggers (powers.registry). A request
lapses at the end of the phase or when either player changes room.
"""

from __future__ import annotations

from dataclasses import replace

from app.games.deuxrois.cards import ESPION
from app.games.deuxrois.commands import AnswerReveal, CancelReveal, RequestReveal, RevealPrivate, RevealPublic
from app.games.deuxrois.events import (
    CardsExchanged,
    CardShown,
    CardsSwapped,
    RevealRequestClosed,
    RevealRequested,
)
from app.games.deuxrois.fold import Tx, applies
from app.games.deuxrois.gate import ROUND, handles, me, refuse
from app.games.deuxrois.knowledge import displayed_colour
from app.games.deuxrois.powers import registry
from app.games.deuxrois.state import GameState, RevealRequest
from app.kernel.actor import Actor
from app.kernel.text import EngineError


def _same_room(tx: Tx, a: str, b: str) -> None:
    if b not in tx.state.rooms:
        raise refuse("unknown_player", "Joueur inconnu.", "Unknown player.")
    if a == b:
        raise refuse("self_reveal", "Pas avec vous-même.", "Not with yourself.")
    if tx.state.rooms[a] is not tx.state.rooms[b]:
        raise refuse("other_room", "Ce joueur n'est pas dans votre salle.", "This player is not in your room.")


def _guard(tx: Tx, a: str, b: str | None, kind: str) -> None:
    reason = registry.reveal_blocked(tx.state, a, b, kind)
    if reason is not None:
        raise EngineError("reveal_blocked", reason)


def _colour_of(tx: Tx, pid: str, chosen: str | None) -> str:
    if tx.state.cards[pid] == ESPION and chosen is None:
        raise refuse("choose_colour", "Espion : choisissez la couleur montrée.", "Spy: choose the colour you show.")
    return displayed_colour(tx.state, pid, chosen)


@handles(RequestReveal, actors=("player",), phases=ROUND)
def _request(tx: Tx, cmd: RequestReveal, actor: Actor) -> None:
    a = me(actor)
    _same_room(tx, a, cmd.target)
    _guard(tx, a, cmd.target, cmd.kind)
    if any({r.from_id, r.to_id} == {a, cmd.target} for r in tx.state.requests.values()):
        raise refuse("pending", "Une demande est déjà en cours avec ce joueur.", "A request with this player is pending.")
    if cmd.kind == "couleur":
        _colour_of(tx, a, cmd.colour)
    tx.emit(RevealRequested(request_id=tx.new_id("q"), from_id=a, to_id=cmd.target, kind=cmd.kind,
                            colour=cmd.colour))


@handles(AnswerReveal, actors=("player",), phases=ROUND)
def _answer(tx: Tx, cmd: AnswerReveal, actor: Actor) -> None:
    req = tx.state.requests.get(cmd.request_id)
    b = me(actor)
    if req is None or req.to_id != b:
        raise refuse("no_request", "Cette demande n'est plus ouverte.", "This request is no longer open.")
    if not cmd.accept:
        tx.emit(RevealRequestClosed(request_id=req.id, outcome="refused"))
        return
    _same_room(tx, b, req.from_id)
    _guard(tx, b, req.from_id, req.kind)
    if req.kind == "complete":
        complete(tx, req.from_id, b, forced=False, source="request", request_id=req.id)
    else:
        colour_exchange(tx, req.from_id, b, _colour_of(tx, req.from_id, req.colour), _colour_of(tx, b, cmd.colour),
                        request_id=req.id)


@handles(CancelReveal, actors=("player",), phases=ROUND)
def _cancel(tx: Tx, cmd: CancelReveal, actor: Actor) -> None:
    req = tx.state.requests.get(cmd.request_id)
    if req is None or req.from_id != me(actor):
        raise refuse("no_request", "Cette demande n'est plus ouverte.", "This request is no longer open.")
    tx.emit(RevealRequestClosed(request_id=req.id, outcome="cancelled"))


@handles(RevealPrivate, actors=("player",), phases=ROUND)
def _private(tx: Tx, cmd: RevealPrivate, actor: Actor) -> None:
    a = me(actor)
    _same_room(tx, a, cmd.target)
    _guard(tx, a, cmd.target, "privee")
    show_private(tx, a, cmd.target, source="player")


@handles(RevealPublic, actors=("player",), phases=ROUND)
def _public(tx: Tx, cmd: RevealPublic, actor: Actor) -> None:
    a = me(actor)
    _guard(tx, a, None, "publique")
    show_public(tx, a, source="player")


# ------------------------------------------------------------------ building blocks for powers
def complete(tx: Tx, a: str, b: str, forced: bool, source: str, request_id: str | None = None,
             skip: frozenset[str] = frozenset()) -> None:
    """A complète between a and b (a shows first when forced), then every trigger in order (C37).

    `skip` names trigger keys that must not fire for this pair (e.g. "forgery" between two
    participants of a group reveal, C36).
    """
    cards = tx.state.cards
    tx.emit(CardsExchanged(kind="complete", a=a, b=b, a_card=cards[a], b_card=cards[b], forced=forced,
                           request_id=request_id, source=source))
    registry.fire_after_reveal(tx, a, b, "complete", skip)


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
                    source: str = "request") -> None:
    tx.emit(CardsExchanged(kind="couleur", a=a, b=b, a_colour=a_colour, b_colour=b_colour,
                           request_id=request_id, source=source))
    registry.fire_after_reveal(tx, a, b, "couleur")


def show_private(tx: Tx, shower: str, viewer: str, source: str) -> None:
    tx.emit(CardShown(kind="privee", shower=shower, viewers=[viewer], card=tx.state.cards[shower], source=source))
    registry.fire_after_show(tx, shower, viewer, "privee")


def show_public(tx: Tx, shower: str, source: str) -> None:
    """The full card to everyone in the shower's room (and the moderator); it triggers nothing (A3)."""
    room = tx.state.rooms[shower]
    viewers = [p for p in tx.state.present(room) if p != shower]
    tx.emit(CardShown(kind="publique", shower=shower, viewers=viewers, card=tx.state.cards[shower], room=room,
                      source=source))


# ------------------------------------------------------------------ appliers
@applies(RevealRequested)
def _requested(state: GameState, ev: RevealRequested) -> GameState:
    req = RevealRequest(ev.request_id, ev.from_id, ev.to_id, ev.kind, ev.colour)
    return replace(state, requests={**state.requests, ev.request_id: req})


@applies(RevealRequestClosed)
def _closed(state: GameState, ev: RevealRequestClosed) -> GameState:
    return replace(state, requests={k: r for k, r in state.requests.items() if k != ev.request_id})
