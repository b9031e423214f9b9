"""W3 (RS-64): once the outcome is computed and shown, holders of Grâce royale / Coup de maître whose
use would change their result (RS-77) answer secretly; then the fleurs move, netted per player and
clamped at 0 (RS-6).
"""

from __future__ import annotations

from dataclasses import replace

from app.games.royal_secrets.cards import faveur_name, signed
from app.games.royal_secrets.commands import AnswerW3
from app.games.royal_secrets.counting import apply_w3, from_model, to_model, w3_offer
from app.games.royal_secrets.events import RoundScored, W3Answered
from app.games.royal_secrets.faveurs import faveur_of, usable_copy
from app.games.royal_secrets.state import Held, State, with_feed
from app.kernel.actor import Actor, me
from app.kernel.rules import Rules, Tx, refuse
from app.kernel.text import Text


def score(state: State) -> RoundScored | None:
    """The fleurs move once every W3 answer is in (at once when nobody was asked)."""
    rnd = state.rnd
    if state.phase == "w3" and set(rnd.w3_answers) != set(rnd.w3_asked):
        return None
    final = list(rnd.deltas)
    uses: dict[str, list[str]] = {}
    for pid in rnd.w3_asked:
        grace, maitre = rnd.w3_answers[pid]
        final = apply_w3(tuple(final), pid, grace, maitre)
        spent = [usable_copy(state, pid, k) for k, on in (("coup_de_maitre", maitre), ("grace_royale", grace)) if on]
        if spent:
            uses[pid] = [a for a in spent if a is not None]
    fleurs = {p: max(0, state.fleurs[p] + sum(d.amount for d in final if d.player_id == p)) for p in state.ring}
    return RoundScored(uses=uses, deltas=[to_model(d) for d in final], fleurs=fleurs)


def net(state: State, pid: str) -> int:
    return sum(d.amount for d in state.rnd.final_deltas if d.player_id == pid)


def install(rules: Rules[State]) -> None:
    @rules.handles(AnswerW3, actors=("player",), phases=("w3",))
    def _answer(tx: Tx[State], cmd: AnswerW3, actor: Actor) -> None:
        s, pid = tx.state, me(actor)
        if pid not in s.rnd.w3_asked:
            raise refuse("not_asked", "Aucune Faveur du décompte ne changerait votre résultat.",
                         "No count Faveur would change your result.")
        if pid in s.rnd.w3_answers:
            raise refuse("already_answered", "Vous avez déjà répondu.", "You already answered.")
        grace, maitre = w3_offer(s, pid, s.rnd.deltas)
        if cmd.grace and not grace:
            raise refuse("no_faveur", "Vous ne pouvez pas utiliser Grâce royale maintenant.",
                         "You cannot use Grâce royale now.")
        if cmd.maitre and not maitre:
            raise refuse("no_faveur", "Vous ne pouvez pas utiliser Coup de maître maintenant.",
                         "You cannot use Coup de maître now.")
        tx.emit(W3Answered(player_id=pid, grace=cmd.grace, maitre=cmd.maitre))

    @rules.applies(W3Answered)
    def _answered(s: State, e: W3Answered) -> State:
        return replace(s, rnd=replace(s.rnd, w3_answers={**s.rnd.w3_answers, e.player_id: (e.grace, e.maitre)}))

    @rules.applies(RoundScored)
    def _scored(s: State, e: RoundScored) -> State:
        spent = {a for cards in e.uses.values() for a in cards}
        faveurs = {p: tuple(Held(h.audience, h.won_round, True) if h.audience in spent else h for h in held)
                   for p, held in s.faveurs.items()}
        lines: list[Text] = []
        for pid, cards in e.uses.items():
            for a in cards:
                fav = faveur_name(faveur_of(a))
                lines.append(Text(f"{s.name(pid)} utilise {fav.fr}.", f"{s.name(pid)} uses {fav.en}."))
        final = tuple(from_model(d) for d in e.deltas)
        parts = []
        for pid in s.ring:
            mine = [d.amount for d in final if d.player_id == pid]
            if mine:
                parts.append(f"{s.name(pid)} {'+' if sum(mine) > 0 else ''}{signed(sum(mine))}")
        if parts:
            lines.append(Text(f"Fleurs de lys du tour : {', '.join(parts)}.", f"Fleurs de lys this round: {', '.join(parts)}."))
        else:
            lines.append(Text("Aucune fleur de lys ne bouge ce tour.", "No fleur de lys moves this round."))
        return replace(s, phase="round_end", fleurs=dict(e.fleurs), faveurs=faveurs, feed=with_feed(s.feed, *lines),
                       rnd=replace(s.rnd, final_deltas=final, scored=True,
                                   w3_uses={p: tuple(faveur_of(a) for a in c) for p, c in e.uses.items()}))
