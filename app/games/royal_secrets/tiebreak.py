"""ÉGALITÉ (L90-96): tied majoritaires show a 3rd card from their hand at the same time; the most
influent wins the Faveur; then each card passes to the next tied player on the right (RS-29, RS-30),
except a Courtisan 0, which stays (L96). A new tie: nobody wins (RS-33). Roi first, then Reine (RS-40).
"""

from __future__ import annotations

from dataclasses import replace

from app.games.royal_secrets.cards import SIDES, Side, side_with, signed
from app.games.royal_secrets.commands import PickTiebreak
from app.games.royal_secrets.counting import majority
from app.games.royal_secrets.events import TiebreakOpened, TiebreakPicked, TiebreakResolved
from app.games.royal_secrets.state import State, TieResult, with_feed
from app.kernel.actor import Actor, me
from app.kernel.rules import Rules, Tx, refuse
from app.kernel.text import Text


def candidates(state: State, pid: str) -> tuple[str, ...]:
    """The cards `pid` may show: a Courtisan or a Valet, never the Excuse (RS-31)."""
    return tuple(c for c in state.hands.get(pid, ()) if state.card(c).has_influence)


def resolve(state: State, side: Side, picks: dict[str, str | None]) -> TiebreakResolved:
    tied = tuple(p for p in state.ring if p in picks)
    shown = {p: state.card(c).value for p, c in picks.items() if c is not None}
    winner = None
    if shown:  # RS-32: showing nothing ranks below any card
        best = max(shown.values())
        top = [p for p in tied if shown.get(p) == best]
        winner = top[0] if len(top) == 1 else None
    passes: list[tuple[str, str, str]] = []
    for p in tied:
        c = picks[p]
        if c is not None and not state.card(c).is_zero_courtisan:
            passes.append((p, state.right_of(p, tied), c))
    return TiebreakResolved(side=side, picks=picks, winner=winner, passes=passes)


def next_tie_step(state: State) -> TiebreakOpened | TiebreakResolved | None:
    """The next side (Roi, then Reine) whose majority is tied and not yet broken, or None."""
    rnd = state.rnd
    done = {t.side for t in rnd.ties}
    for side in SIDES:
        if side in done:
            continue
        _winner, tied = majority(state, side)
        if not tied:
            continue
        if all(not candidates(state, p) for p in tied):  # nothing to decide (RS-76)
            return resolve(state, side, dict.fromkeys(tied))
        return TiebreakOpened(side=side, players=list(tied))
    return None


def all_picked(state: State) -> TiebreakResolved | None:
    rnd = state.rnd
    if rnd.tie_side is None or set(rnd.tie_picks) != set(rnd.tie_players):
        return None
    return resolve(state, rnd.tie_side, dict(rnd.tie_picks))


def install(rules: Rules[State]) -> None:
    @rules.handles(PickTiebreak, actors=("player",), phases=("tiebreak",))
    def _pick(tx: Tx[State], cmd: PickTiebreak, actor: Actor) -> None:
        s, pid = tx.state, me(actor)
        if pid not in s.rnd.tie_players:
            raise refuse("not_tied", "Vous n'êtes pas à égalité pour la majorité.", "You are not tied for the majority.")
        if pid in s.rnd.tie_picks:
            raise refuse("already_picked", "Vous avez déjà choisi votre 3e carte.", "You already picked your 3rd card.")
        options = candidates(s, pid)
        if cmd.card is None:
            if options:
                raise refuse("pick_a_card", "Choisissez une carte Courtisan ou Valet de votre main.",
                             "Pick a Courtisan or Valet card from your hand.")
        elif cmd.card not in s.hands.get(pid, ()):
            raise refuse("not_in_hand", "Cette carte n'est pas dans votre main.", "That card is not in your hand.")
        elif cmd.card not in options:
            raise refuse("excuse_no_influence", "L'Excuse n'a pas d'Influence : montrez un Courtisan ou un Valet.",
                         "The Excuse has no Influence: show a Courtisan or a Valet.")
        tx.emit(TiebreakPicked(player_id=pid, card=cmd.card))

    @rules.applies(TiebreakOpened)
    def _opened(s: State, e: TiebreakOpened) -> State:
        names = ", ".join(s.name(p) for p in e.players)
        line = Text(f"Égalité pour la majorité {side_with(e.side).fr} ({names}) : chacun choisit une 3e carte.",
                    f"Tie for the majority {side_with(e.side).en} ({names}): each picks a 3rd card.")
        nothing = {p: None for p in e.players if not candidates(s, p)}  # nothing to decide: not asked (RS-76)
        return replace(s, phase="tiebreak", feed=with_feed(s.feed, line),
                       rnd=replace(s.rnd, tie_side=e.side, tie_players=tuple(e.players), tie_picks=nothing))

    @rules.applies(TiebreakPicked)
    def _picked(s: State, e: TiebreakPicked) -> State:
        return replace(s, rnd=replace(s.rnd, tie_picks={**s.rnd.tie_picks, e.player_id: e.card}))

    @rules.applies(TiebreakResolved)
    def _resolved(s: State, e: TiebreakResolved) -> State:
        hands = {p: list(h) for p, h in s.hands.items()}
        for giver, _to, card in e.passes:
            hands[giver].remove(card)
        for _giver, to, card in e.passes:
            hands[to].append(card)
        shown = ", ".join(
            f"{s.name(p)} {signed(s.card(c).value)}" if c is not None else f"{s.name(p)} —" for p, c in e.picks.items())
        if e.winner is not None:
            n = s.name(e.winner)
            line = Text(f"3e cartes : {shown}. {n} l'emporte ; les cartes passent à droite.",
                        f"3rd cards: {shown}. {n} wins; the cards pass to the right.")
        else:
            line = Text(f"3e cartes : {shown}. Nouvelle égalité : personne ne remporte la Faveur ; les cartes passent à droite.",
                        f"3rd cards: {shown}. Tied again: nobody wins the Faveur; the cards pass to the right.")
        tie = TieResult(e.side, dict(e.picks), e.winner, tuple(e.passes))
        return replace(s, phase="majority", hands={p: tuple(h) for p, h in hands.items()}, feed=with_feed(s.feed, line),
                       rnd=replace(s.rnd, tie_side=None, tie_players=(), tie_picks={}, ties=(*s.rnd.ties, tie)))
