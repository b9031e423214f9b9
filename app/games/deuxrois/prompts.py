"""Prompts: questions the engine asks one player (an optional power, the Infidèle's colour).

A prompt kind registers how an answer resolves and what happens when nobody
answers in time (`on_expire`, used only for prompts that must be answered, such
as the Infidèle's colour at the deal). Other prompts simply lapse at the end of
their phase or round.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Literal

from app.games.deuxrois.cards import INFIDELE
from app.games.deuxrois.commands import AnswerPrompt
from app.games.deuxrois.events import CardStateChanged, PromptClosed, PromptOpened
from app.games.deuxrois.fold import Tx, applies
from app.games.deuxrois.gate import handles, me, refuse
from app.games.deuxrois.state import GameState, Prompt
from app.kernel.actor import Actor

Resolver = Callable[[Tx, Prompt, str], None]


@dataclass(frozen=True, slots=True)
class PromptKind:
    resolve: Resolver
    on_expire: Resolver | None = None  # called with a seeded choice when the prompt must not lapse


PROMPT_KINDS: dict[str, PromptKind] = {}


def prompt_kind(kind: str, on_expire: bool = False) -> Callable[[Resolver], Resolver]:
    """Registers the resolver of a prompt kind (powers use it for their optional prompts)."""

    def register(fn: Resolver) -> Resolver:
        PROMPT_KINDS[kind] = PromptKind(fn, fn if on_expire else None)
        return fn

    return register


def open_prompt(tx: Tx, player: str, kind: str, options: list[str], data: dict[str, object] | None = None,
                until: Literal["phase", "round", "game"] = "round") -> str:
    pid = tx.new_id("k")
    tx.emit(PromptOpened(prompt_id=pid, player_id=player, kind=kind, options=options, data=dict(data or {}),
                         until=until))
    return pid


def expire_all(tx: Tx) -> None:
    """Answers every must-answer prompt with a seeded choice (set-up timer ran out)."""
    for prompt in list(tx.state.prompts.values()):
        kind = PROMPT_KINDS[prompt.kind]
        if kind.on_expire is not None:
            choice = tx.rng(f"prompt:{prompt.id}").choice(prompt.options)
            tx.emit(PromptClosed(prompt_id=prompt.id, choice=choice))
            kind.on_expire(tx, prompt, choice)


@handles(AnswerPrompt, actors=("player",), phases=("setup", "N", "E", "D", "X", "A"))
def _answer(tx: Tx, cmd: AnswerPrompt, actor: Actor) -> None:
    prompt = tx.state.prompts.get(cmd.prompt_id)
    if prompt is None or prompt.player_id != me(actor):
        raise refuse("no_prompt", "Cette question n'est plus ouverte.", "This question is no longer open.")
    if cmd.choice not in prompt.options:
        raise refuse("bad_choice", f"Réponses possibles : {', '.join(prompt.options)}.",
                     f"Possible answers: {', '.join(prompt.options)}.")
    tx.emit(PromptClosed(prompt_id=prompt.id, choice=cmd.choice))
    PROMPT_KINDS[prompt.kind].resolve(tx, prompt, cmd.choice)


@prompt_kind("infidel_colour", on_expire=True)
def _infidel_colour(tx: Tx, prompt: Prompt, choice: str) -> None:
    tx.emit(CardStateChanged(card=INFIDELE, changes={"infidel_colour": choice}, reason="infidel_choice"))


# ------------------------------------------------------------------ appliers
@applies(PromptOpened)
def _opened(state: GameState, ev: PromptOpened) -> GameState:
    prompt = Prompt(ev.prompt_id, ev.player_id, ev.kind, tuple(ev.options), dict(ev.data), ev.until)
    return replace(state, prompts={**state.prompts, ev.prompt_id: prompt})


@applies(PromptClosed)
def _closed(state: GameState, ev: PromptClosed) -> GameState:
    return replace(state, prompts={k: p for k, p in state.prompts.items() if k != ev.prompt_id})
