"""Checks shared by the turn's commands: whose turn, is a prompt open, is an action left."""

from __future__ import annotations

from app.games.regents.model import Player, State
from app.kernel.actor import Actor
from app.kernel.rules import refuse
from app.kernel.text import EngineError, Text


def name(s: State, pid: str) -> str:
    return s.seat_name(pid)


def waiting_prompt(s: State) -> EngineError | None:
    if s.prompt is None:
        return None
    who = name(s, s.prompt.player)
    return refuse("awaiting_choice", f"Un instant : {who} doit d'abord faire son choix.",
                  f"One moment: {who} must make a choice first.")


def turn_refusal(s: State, actor: Actor) -> EngineError | None:
    """Why `actor` may not act in the action phase now, or None."""
    if (waiting := waiting_prompt(s)) is not None:
        return waiting
    if not s.players or actor.player_id != s.current.pid:
        who = name(s, s.current.pid) if s.players else "?"
        return refuse("not_your_turn", f"Ce n'est pas votre tour : c'est à {who} de jouer.",
                      f"It is not your turn: {who} is playing.")
    return None


def my_turn(s: State, actor: Actor) -> Player:
    if (refusal := turn_refusal(s, actor)) is not None:
        raise refusal
    return s.current


def action_refusal(s: State) -> EngineError | None:
    if s.turn.actions_left <= 0:
        return refuse("no_actions_left", "Vous n'avez plus d'action payante : jouez un jeton ou terminez.",
                      "No paid action left: play a token or end your actions.")
    return None


def need_action(s: State) -> None:
    if (refusal := action_refusal(s)) is not None:
        raise refusal


def first(*refusals: EngineError | None) -> EngineError | None:
    for r in refusals:
        if r is not None:
            return r
    return None


def reason(refusal: EngineError | None) -> Text | None:
    return None if refusal is None else refusal.message
