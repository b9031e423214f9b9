"""The game master's commands: pause, resume, and playing for an absent player (RS-71).

Playing for someone makes the least telling legal move: no Faveur, a Courtisan 0
face down first, the Audience with fewer pawns, the Parole to the next player on
the right who may take it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from app.games.royal_secrets.betting import forced_face
from app.games.royal_secrets.commands import (
    AnswerDiner,
    AnswerEtiquette,
    AnswerW3,
    AssignSides,
    Choose,
    GiveParole,
    ModPause,
    ModPlayFor,
    ModResume,
    PassFaveurs,
    PickTiebreak,
    PlaceBet,
)
from app.games.royal_secrets.events import GamePaused, GameResumed, PlayedFor
from app.games.royal_secrets.faveurs import w2_current
from app.games.royal_secrets.parole import designees
from app.games.royal_secrets.state import State, with_feed
from app.games.royal_secrets.tiebreak import candidates
from app.kernel.actor import Actor
from app.kernel.rules import Rules, Tx, refuse
from app.kernel.text import Text

RUNNING = ("etiquette", "assign", "diner", "choose", "bet1", "bet2", "w2", "tiebreak", "w3")


def _cheapest(state: State, cards: tuple[str, ...]) -> str:
    """A Courtisan 0 first, then the lowest value, never the Excuse if anything else is there."""
    def key(cid: str) -> tuple[int, int, int, str]:
        c = state.card(cid)
        return (0 if c.is_zero_courtisan else 1, 1 if c.kind == "excuse" else 0, c.value, cid)
    return min(cards, key=key)


def default_command(state: State, pid: str) -> Any:
    """The move the game master makes for `pid`, or None when the game does not wait for him."""
    rnd, phase = state.rnd, state.phase
    if phase == "etiquette" and pid in rnd.etiquette_asked and pid not in rnd.etiquette_answers:
        return AnswerEtiquette(use=False)
    if phase == "assign" and pid == rnd.etiquette_chief:
        order = state.ring_from(pid)
        return AssignSides(roi=list(order[::2]))
    if phase == "diner" and pid in rnd.diner_asked and pid not in rnd.diner_answers:
        return AnswerDiner(use=False)
    if phase in ("choose", "bet1", "bet2") and state.tuile == pid:
        if state.designating:
            allowed = designees(state)
            return GiveParole(to=next(p for p in state.ring_from(pid) if p in allowed))
        if phase == "choose":
            roi, reine = len(rnd.participants("roi")), len(rnd.participants("reine"))
            return Choose(side="reine" if reine < roi else "roi")
        face = forced_face(state, pid) or "down"
        return PlaceBet(card=_cheapest(state, state.hands[pid]), face=face)
    if phase == "w2" and w2_current(state) == pid:
        return PassFaveurs()
    if phase == "tiebreak" and pid in rnd.tie_players and pid not in rnd.tie_picks:
        options = candidates(state, pid)
        return PickTiebreak(card=_cheapest(state, options) if options else None)
    if phase == "w3" and pid in rnd.w3_asked and pid not in rnd.w3_answers:
        return AnswerW3(grace=False, maitre=False)
    return None


def install(rules: Rules[State]) -> None:
    @rules.handles(ModPlayFor, actors=("moderator",), phases=RUNNING)
    def _play_for(tx: Tx[State], cmd: ModPlayFor, actor: Actor) -> None:
        s = tx.state
        if cmd.player_id not in s.ring:
            raise refuse("unknown_player", "Ce joueur n'est pas à la table.", "That player is not at the table.")
        move = default_command(s, cmd.player_id)
        if move is None:
            n = s.name(cmd.player_id)
            raise refuse("not_awaited", f"La partie n'attend pas {n} en ce moment.", f"The game is not waiting for {n} now.")
        tx.emit(PlayedFor(player_id=cmd.player_id))
        tx.rules.commands[type(move)].handler(tx, move, Actor.player(cmd.player_id))

    @rules.handles(ModPause, actors=("moderator",), phases=RUNNING)
    def _pause(tx: Tx[State], cmd: ModPause, actor: Actor) -> None:
        tx.emit(GamePaused())

    @rules.handles(ModResume, actors=("moderator",), phases=RUNNING, when_paused=True)
    def _resume(tx: Tx[State], cmd: ModResume, actor: Actor) -> None:
        if not tx.state.paused:
            raise refuse("not_paused", "La partie n'est pas en pause.", "The game is not paused.")
        tx.emit(GameResumed())

    @rules.applies(PlayedFor)
    def _played_for(s: State, e: PlayedFor) -> State:
        n = s.name(e.player_id)
        return replace(s, feed=with_feed(s.feed, Text(f"Le meneur de jeu joue pour {n}.", f"The game master plays for {n}.")))

    @rules.applies(GamePaused)
    def _paused(s: State, e: GamePaused) -> State:
        return replace(s, paused=True, feed=with_feed(s.feed, Text("Partie en pause.", "Game paused.")))

    @rules.applies(GameResumed)
    def _resumed(s: State, e: GameResumed) -> State:
        return replace(s, paused=False, feed=with_feed(s.feed, Text("La partie reprend.", "The game resumes.")))
