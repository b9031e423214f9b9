"""Choices the game waits for: who answers, the legal answers, the default when time runs out.

Kinds: `gain` (+2 or +1/+1 after a successful accusation or the 5th card,
RG-67), `loss` (the accused splits his wrong accuser's −2, RG-17, RG-74),
and the count's `diplomatie`, `tower` and `rempart` choices (RG-77). A
choice with a single legal answer is never asked. Defaults: RG-77's first
legal option for the count's choices, RG-17's worst split for the accuser on
a loss, and on a gain the split worth the most points to the player.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Literal

from app.games.regents.board import DOMAINS, Domain, Space
from app.games.regents.commands import (
    ChooseDiplomatie,
    ChooseGain,
    ChooseLoss,
    ChooseRempart,
    ChooseTower,
    Tick,
)
from app.games.regents.count import diplomatie_options, rempart_targets
from app.games.regents.events import (
    DiplomatieChosen,
    PromptClosed,
    PromptOpened,
    RempartResolved,
    TowerChosen,
)
from app.games.regents.feed import domain, t, the
from app.games.regents.markers import gained, lost
from app.games.regents.model import CountProgress, Prompt, PromptKind, State, noted
from app.games.regents.track import advance, gain_choices, lose, loss_choices, loss_of, split, total
from app.kernel.actor import Actor
from app.kernel.rules import Rules, Tx, refuse
from app.kernel.text import EngineError

Choice = tuple[str, ...]


def open_prompt(tx: Tx[State], kind: PromptKind, player: str, subject: str, reason: str) -> None:
    seconds = tx.state.config.prompt_seconds
    deadline = tx.now + seconds * 1000 if seconds > 0 else None
    tx.emit(PromptOpened(id=tx.new_id("q"), kind=kind, player=player, subject=subject, reason=reason,
                         deadline_ms=deadline))


def options(s: State, prompt: Prompt) -> list[Choice]:
    """Every legal answer, in the order the default rule reads them."""
    if prompt.kind == "gain":
        return [tuple(str(d) for d in c) for c in gain_choices()]
    if prompt.kind == "loss":
        return [tuple(str(d) for d in c) for c in loss_choices(s.player(prompt.subject).score)]
    if prompt.kind == "diplomatie":
        return [(str(sp),) for sp in diplomatie_options(s)]
    if prompt.kind == "tower":
        return [(str(d),) for d in DOMAINS]
    return [(pid, str(d)) for pid, d in rempart_targets(s)]


def default(s: State, prompt: Prompt) -> Choice:
    """What the game answers for a silent phone (RG-17, RG-77; the gain's default is ours, see the docs)."""
    opts = options(s, prompt)
    score = s.player(prompt.subject).score
    if prompt.kind == "gain":
        return max(opts, key=lambda c: (total(advance(score, split(_domains(c)), s.board_tokens).after),
                                        -opts.index(c)))
    if prompt.kind == "loss":
        return min(opts, key=lambda c: (total(lose(score, loss_of(score, _domains(c)))), opts.index(c)))
    return opts[0]


def _domains(choice: Choice) -> tuple[Domain, ...]:
    return tuple(Domain(x) for x in choice)


def normal(domains: Sequence[Domain]) -> Choice:
    """A split in DOMAINS order, so that (B, A) is the same answer as (A, B)."""
    return tuple(str(d) for d in sorted(domains, key=DOMAINS.index))


def resolve(tx: Tx[State], prompt: Prompt, choice: Choice, how: Literal["answer", "timeout", "moderator"]) -> None:
    """Close the prompt and apply the answer."""
    tx.emit(PromptClosed(id=prompt.id, how=how))
    s = tx.state
    if prompt.kind == "gain":
        reason = prompt.reason
        assert reason in ("influence", "fifth_card", "accusation")
        tx.emit(gained(s, prompt.subject, split(_domains(choice)), reason))  # type: ignore[arg-type]
    elif prompt.kind == "loss":
        score = s.player(prompt.subject).score
        tx.emit(lost(s, prompt.subject, loss_of(score, _domains(choice)), "accusation", by=prompt.player))
    elif prompt.kind == "diplomatie":
        tx.emit(DiplomatieChosen(player=prompt.player, space=Space(choice[0])))
    elif prompt.kind == "tower":
        tx.emit(TowerChosen(player=prompt.player, domain=Domain(choice[0])))
    else:
        target, d = choice[0], Domain(choice[1])
        tx.emit(RempartResolved(player=prompt.player, target=target, domain=d))
        tx.emit(lost(tx.state, target, {d: 1}, "rempart", by=prompt.player))


def _asked(s: State, actor: Actor, kind: PromptKind) -> Prompt:
    prompt = s.prompt
    if prompt is None or prompt.kind != kind:
        raise refuse("no_prompt", "Il n'y a rien à choisir pour vous maintenant.", "There is nothing for you to choose now.")
    if actor.player_id != prompt.player:
        who = s.seat_name(prompt.player)
        raise refuse("not_your_choice", f"Ce choix revient à {who}.", f"This choice is {who}'s.")
    return prompt


def _answer(tx: Tx[State], prompt: Prompt, choice: Choice) -> None:
    if choice not in options(tx.state, prompt):
        raise bad_choice()
    resolve(tx, prompt, choice, "answer")


def bad_choice() -> EngineError:
    return refuse("bad_choice", "Ce choix n'est pas possible : prenez une des options proposées.",
                  "That choice is not possible: pick one of the options offered.")


def install(rules: Rules[State]) -> None:
    @rules.handles(ChooseGain, actors=("player",))
    def _gain(tx: Tx[State], cmd: ChooseGain, actor: Actor) -> None:
        prompt = _asked(tx.state, actor, "gain")
        if len(set(cmd.domains)) != len(cmd.domains):
            raise bad_choice()
        _answer(tx, prompt, normal(cmd.domains))

    @rules.handles(ChooseLoss, actors=("player",))
    def _loss(tx: Tx[State], cmd: ChooseLoss, actor: Actor) -> None:
        _answer(tx, _asked(tx.state, actor, "loss"), normal(cmd.domains))

    @rules.handles(ChooseDiplomatie, actors=("player",))
    def _diplomatie(tx: Tx[State], cmd: ChooseDiplomatie, actor: Actor) -> None:
        _answer(tx, _asked(tx.state, actor, "diplomatie"), (str(cmd.space),))

    @rules.handles(ChooseTower, actors=("player",))
    def _tower(tx: Tx[State], cmd: ChooseTower, actor: Actor) -> None:
        _answer(tx, _asked(tx.state, actor, "tower"), (str(cmd.domain),))

    @rules.handles(ChooseRempart, actors=("player",))
    def _rempart(tx: Tx[State], cmd: ChooseRempart, actor: Actor) -> None:
        _answer(tx, _asked(tx.state, actor, "rempart"), (cmd.target, str(cmd.domain)))

    @rules.handles(Tick, actors=("system",))
    def _tick(tx: Tx[State], cmd: Tick, actor: Actor) -> None:
        prompt = tx.state.prompt
        if prompt is None or (cmd.prompt is not None and cmd.prompt != prompt.id):
            raise refuse("no_timer", "Aucun minuteur n'est en cours.", "No timer is running.")
        if prompt.deadline_ms is None or tx.now < prompt.deadline_ms:
            raise refuse("too_early", "Le temps n'est pas encore écoulé.", "Time is not up yet.")
        resolve(tx, prompt, default(tx.state, prompt), "timeout")

    @rules.applies(PromptOpened)
    def _opened(s: State, e: PromptOpened) -> State:
        return replace(s, prompt=Prompt(e.id, e.kind, e.player, e.subject, e.reason, e.deadline_ms))

    @rules.applies(PromptClosed)
    def _closed(s: State, e: PromptClosed) -> State:
        prompt = s.prompt
        s = replace(s, prompt=None)
        if prompt is None or e.how == "answer":
            return s
        who = s.seat_name(prompt.player)
        if e.how == "timeout":
            return noted(s, "timeout", t(f"Temps écoulé : choix par défaut pour {who}.",
                                         f"Time is up: the default choice for {who}."))
        return noted(s, "skip", t(f"Le meneur de jeu choisit pour {who} (choix par défaut).",
                                  f"The game master chose for {who} (the default)."))

    @rules.applies(DiplomatieChosen)
    def _dip(s: State, e: DiplomatieChosen) -> State:
        s = replace(s, count=replace(s.count or CountProgress(), diplomatie_done=True, diplomatie=e.space))
        who = s.seat_name(e.player)
        if e.space is None:
            return noted(s, "diplomatie", t(f"Diplomatie : aucune égalité à faire valoir pour {who}.",
                                            f"Diplomacy: no tie for {who} to claim."))
        return noted(s, "diplomatie", t(f"Diplomatie : {who} l'emporte à égalité dans {the(e.space).fr}.",
                                        f"Diplomacy: {who} wins the tie in {the(e.space).en}."))

    @rules.applies(TowerChosen)
    def _tower_chosen(s: State, e: TowerChosen) -> State:
        s = replace(s, count=replace(s.count or CountProgress(), tower_done=True, tower=e.domain))
        who = s.seat_name(e.player)
        return noted(s, "tower", t(f"Chemin de la tour : {who} prend +1 en {domain(e.domain).fr}.",
                                   f"Tower walk: {who} takes +1 on the {domain(e.domain).en} track."))

    @rules.applies(RempartResolved)
    def _rempart_done(s: State, e: RempartResolved) -> State:
        s = replace(s, count=replace(s.count or CountProgress(), rempart_done=True))
        if s.last_count is not None:
            hit = (e.target, e.domain) if e.target is not None and e.domain is not None else None
            s = replace(s, last_count=replace(s.last_count, rempart=hit, rempart_wasted=hit is None))
        if e.target is None:
            who = s.seat_name(e.player)
            return noted(s, "rempart", t(f"Chemin du rempart : aucun marqueur adverse à faire reculer, {who} perd l'effet.",
                                         f"Rampart walk: no opposing marker to push back, {who} loses the effect."))
        return s

