"""Prompts: questions the engine asks one player (an optional power, the Infidèle's colour).

A prompt kind (`rules.prompt_kind`, ruleset.py) says how an answer resolves and what happens when nobody
answers in time (`on_expire`, used only for prompts that must be answered, such
as the Infidèle's colour at the deal). Other prompts simply lapse at the end of
their phase or round.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Literal

from app.games.deuxrois.cards import INFIDELE
from app.games.deuxrois.model.commands import AnswerPrompt
from app.games.deuxrois.model.events import CardStateChanged, PromptClosed, PromptOpened
from app.games.deuxrois.model.phases import RUNNING
from app.games.deuxrois.ruleset import GameRules, Tx
from app.games.deuxrois.state import GameState, Prompt
from app.kernel.actor import Actor, me
from app.kernel.rules import refuse


def open_prompt(tx: Tx, player: str, kind: str, options: list[str], data: dict[str, object] | None = None,
                until: Literal["phase", "round", "game"] = "round") -> str:
    pid = tx.new_id("k")
    tx.emit(PromptOpened(prompt_id=pid, player_id=player, kind=kind, options=options, data=dict(data or {}),
                         until=until))
    return pid


def expire_all(tx: Tx) -> None:
    """Answers every must-answer prompt with a seeded choice (set-up timer ran out)."""
    for prompt in list(tx.state.prompts.values()):
        kind = tx.state.rules.prompt_kinds[prompt.kind]
        if kind.on_expire is not None:
            choice = tx.rng(f"prompt:{prompt.id}").choice(prompt.options)
            tx.emit(PromptClosed(prompt_id=prompt.id, choice=choice))
            kind.on_expire(tx, prompt, choice)


def _answer(tx: Tx, cmd: AnswerPrompt, actor: Actor) -> None:
    prompt = tx.state.prompts.get(cmd.prompt_id)
    if prompt is None or prompt.player_id != me(actor):
        raise refuse("no_prompt", "Cette question n'est plus ouverte.", "This question is no longer open.")
    if cmd.choice not in prompt.options:
        raise refuse("bad_choice", f"Réponses possibles : {', '.join(prompt.options)}.",
                     f"Possible answers: {', '.join(prompt.options)}.")
    kind = tx.state.rules.prompt_kinds[prompt.kind]
    barred = kind.bar(tx.state, prompt, cmd.choice) if kind.bar is not None else None
    if barred is not None:
        raise barred
    tx.emit(PromptClosed(prompt_id=prompt.id, choice=cmd.choice))
    kind.resolve(tx, prompt, cmd.choice)


def options_for(state: GameState, prompt: Prompt) -> list[str]:
    """The answers this player may give (the views offer these; `_answer` refuses the others)."""
    kind = state.rules.prompt_kinds.get(prompt.kind)
    if kind is None or kind.bar is None:
        return list(prompt.options)
    return [o for o in prompt.options if kind.bar(state, prompt, o) is None]


def _infidel_colour(tx: Tx, prompt: Prompt, choice: str) -> None:
    tx.emit(CardStateChanged(card=INFIDELE, changes={"infidel_colour": choice}, reason="infidel_choice"))


# ------------------------------------------------------------------ appliers
def _opened(state: GameState, ev: PromptOpened) -> GameState:
    prompt = Prompt(ev.prompt_id, ev.player_id, ev.kind, tuple(ev.options), dict(ev.data), ev.until)
    return replace(state, prompts={**state.prompts, ev.prompt_id: prompt})


def _closed(state: GameState, ev: PromptClosed) -> GameState:
    return replace(state, prompts={k: p for k, p in state.prompts.items() if k != ev.prompt_id})


def install(rules: GameRules) -> None:
    rules.handles(AnswerPrompt, actors=("player",), phases=RUNNING)(_answer)
    rules.applies(PromptOpened)(_opened)
    rules.applies(PromptClosed)(_closed)
    rules.prompt_kind("infidel_colour", on_expire=True)(_infidel_colour)
