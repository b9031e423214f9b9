"""The game master's commands: pause, resume, and skip (act for a silent phone with the default).

Skip answers an open prompt with its default (as the timer would), ends the
active player's action phase, passes the neutral move, or places a set-up
agent in the throne room for an absent player.
"""

from __future__ import annotations

from dataclasses import replace

from app.games.regents.board import Space
from app.games.regents.commands import ModPause, ModResume, ModSkip
from app.games.regents.events import ActionsEnded, AgentPlaced, NeutralSkipped, Paused, Resumed
from app.games.regents.feed import t
from app.games.regents.model import State, noted
from app.games.regents.prompts import default, resolve
from app.kernel.actor import Actor
from app.kernel.rules import Rules, Tx, refuse

PLAYING = ("placement", "actions", "neutral", "count")
SKIP_PLACEMENT = Space.TRONE


def install(rules: Rules[State]) -> None:
    @rules.handles(ModPause, actors=("moderator",), phases=PLAYING, when_paused=True)
    def _pause(tx: Tx[State], cmd: ModPause, actor: Actor) -> None:
        if tx.state.paused:
            raise refuse("already_paused", "La partie est déjà en pause.", "The game is already paused.")
        tx.emit(Paused())

    @rules.handles(ModResume, actors=("moderator",), phases=PLAYING, when_paused=True)
    def _resume(tx: Tx[State], cmd: ModResume, actor: Actor) -> None:
        s = tx.state
        if not s.paused:
            raise refuse("not_paused", "La partie n'est pas en pause.", "The game is not paused.")
        seconds = s.config.prompt_seconds
        deadline = tx.now + seconds * 1000 if s.prompt is not None and seconds > 0 else None
        tx.emit(Resumed(deadline_ms=deadline))

    @rules.handles(ModSkip, actors=("moderator",), phases=PLAYING, when_paused=True)
    def _skip(tx: Tx[State], cmd: ModSkip, actor: Actor) -> None:
        s = tx.state
        if s.prompt is not None:
            resolve(tx, s.prompt, default(s, s.prompt), "moderator")
        elif s.phase == "placement":
            tx.emit(AgentPlaced(player=s.placer.pid, space=SKIP_PLACEMENT, setup=True))
        elif s.phase == "actions":
            tx.emit(ActionsEnded(player=s.current.pid, unused=s.turn.actions_left, by_moderator=True))
        elif s.phase == "neutral":
            tx.emit(NeutralSkipped(player=s.current.pid))
        else:
            raise refuse("nothing_to_skip", "Personne n'est attendu.", "Nobody is being waited for.")

    @rules.applies(Paused)
    def _paused(s: State, e: Paused) -> State:
        return noted(replace(s, paused=True), "pause", t("Le meneur de jeu met la partie en pause.",
                                                         "The game master pauses the game."))

    @rules.applies(Resumed)
    def _resumed(s: State, e: Resumed) -> State:
        prompt = replace(s.prompt, deadline_ms=e.deadline_ms) if s.prompt is not None else None
        return noted(replace(s, paused=False, prompt=prompt), "resume",
                     t("La partie reprend.", "The game resumes."))
