"""A round's start (L49), its end (L156-161) and the end of the game with its tie-breaks (L162-166, RS-68, RS-69)."""

from __future__ import annotations

from dataclasses import replace

from app.games.royal_secrets.cards import AUDIENCE_CARDS, SIDES, faveur_name, side_of
from app.games.royal_secrets.data import BONUS_CAP, ROUNDS
from app.games.royal_secrets.events import FinalModel, GameEnded, RoundEnded, RoundStarted
from app.games.royal_secrets.faveurs import holders
from app.games.royal_secrets.state import Final, Held, Result, Round, State, with_feed
from app.kernel.rules import Rules
from app.kernel.text import Text


def next_round(state: State) -> RoundStarted | GameEnded:
    if state.rnd.number >= ROUNDS:
        return game_end(state)
    r = state.rnd.number + 1
    return RoundStarted(round=r, roi=state.audience_piles["roi"][0], reine=state.audience_piles["reine"][0],
                        etiquette=list(holders(state, "etiquette", r)))


# -- the end (2.7) ------------------------------------------------------------------------------------


def influence_left(state: State, pid: str) -> int:
    """Unplayed Influence in hand, uncapped (RS-69's second tie-break): Courtisans and Valets."""
    return sum(state.card(c).value for c in state.hands[pid] if state.card(c).has_influence)


def bonus(state: State, pid: str) -> int:
    """L165: 1 fleur per 10 Influence left in hand, bounded to 0..6 per player (RS-68)."""
    tenths = sum(state.card(c).value // 10 for c in state.hands[pid] if state.card(c).has_influence)
    return max(0, min(BONUS_CAP, tenths))


def finals(state: State) -> dict[str, Final]:
    out = {}
    for pid in state.ring:
        b = bonus(state, pid)
        out[pid] = Final(state.fleurs[pid], b, state.fleurs[pid] + b, len(state.faveurs[pid]),
                         influence_left(state, pid))
    return out


def ranking(results: dict[str, Final], ring: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """Best first; ties: most Audience cards won, then most Influence left uncapped, else shared (RS-69)."""
    def key(pid: str) -> tuple[int, int, int]:
        f = results[pid]
        return (f.total, f.audiences_won, f.influence_left)

    groups: list[tuple[str, ...]] = []
    for k in sorted({key(p) for p in ring}, reverse=True):
        groups.append(tuple(p for p in ring if key(p) == k))
    return tuple(groups)


def game_end(state: State) -> GameEnded:
    results = finals(state)
    return GameEnded(
        finals={p: FinalModel(fleurs=f.fleurs, bonus=f.bonus, total=f.total, audiences_won=f.audiences_won,
                              influence_left=f.influence_left) for p, f in results.items()},
        ranking=[list(g) for g in ranking(results, state.ring)],
    )


# -- appliers --------------------------------------------------------------------------------------


def _audience_line(aid: str) -> tuple[str, str]:
    c = AUDIENCE_CARDS[aid]
    fav = faveur_name(c.faveur)
    return (f"{c.influence} d'Influence, +{c.gain}/−{c.loss} ⚜, {fav.fr}",
            f"{c.influence} Influence, +{c.gain}/−{c.loss} ⚜, {fav.en}")


def install(rules: Rules[State]) -> None:
    @rules.applies(RoundStarted)
    def _started(s: State, e: RoundStarted) -> State:
        piles = {side: s.audience_piles[side][1:] for side in SIDES}
        roi, reine = _audience_line(e.roi), _audience_line(e.reine)
        line = Text(f"Tour {e.round}/{ROUNDS} — le Roi : {roi[0]} ; la Reine : {reine[0]}.",
                    f"Round {e.round}/{ROUNDS} — the Roi: {roi[1]}; the Reine: {reine[1]}.")
        last = s.rnd if s.rnd.number > 0 else None
        return replace(s, phase="etiquette" if e.etiquette else "choose", audience_piles=piles, last=last,
                       rnd=Round(number=e.round, audience={"roi": e.roi, "reine": e.reine},
                                 etiquette_asked=tuple(e.etiquette)),
                       done=frozenset(), designating=False, parole_by=None, feed=with_feed(s.feed, line))

    @rules.applies(RoundEnded)
    def _ended(s: State, e: RoundEnded) -> State:
        rnd = s.rnd
        hands = {p: list(h) for p, h in s.hands.items()}
        discard = list(s.discard)
        cardinal_used = list(s.cardinal_used)
        lines: list[Text] = []
        for bet in rnd.bets:
            card = s.card(bet.card)
            if card.is_zero_courtisan and card.owner is not None:  # always back (L96, L159), even stabbed
                hands[card.owner].append(bet.card)
                if bet.recruited_by is not None:
                    n = s.name(bet.recruited_by)
                    lines.append(Text(f"Le Recrutement de {n} échoue : un Courtisan 0 revient toujours à son maître.",
                                      f"{n}'s Recrutement fails: a Courtisan 0 always goes back to its owner."))
            elif card.kind == "cardinal":  # face up next to the pile (L160); stabbed: face down (RS-72)
                cardinal_used.append((bet.card, bet.stabbed_by is None))
            elif bet.recruited_by is not None:  # wherever it is (RS-62)
                hands[bet.recruited_by].append(bet.card)
                n = s.name(bet.recruited_by)
                lines.append(Text(f"{n} reprend en main la carte recrutée.", f"{n} takes the recruited card into hand."))
            else:
                discard.append(bet.card)
        faveurs = dict(s.faveurs)
        audience_discard = list(s.audience_discard)
        for side in SIDES:
            aid = rnd.audience[side]
            winner = rnd.winners.get(side)
            if winner is not None:
                faveurs[winner] = (*faveurs[winner], Held(aid, rnd.number))
            else:
                audience_discard.append(aid)
                lines.append(Text(f"La carte Audience {side_of(side).fr} est défaussée.",
                                  f"The Audience card {side_of(side).en} is discarded."))
        return replace(s, phase="setup", hands={p: tuple(h) for p, h in hands.items()}, discard=tuple(discard),
                       cardinal_used=tuple(cardinal_used), faveurs=faveurs, audience_discard=tuple(audience_discard),
                       rnd=replace(rnd, ended=True), feed=with_feed(s.feed, *lines))

    @rules.applies(GameEnded)
    def _game_ended(s: State, e: GameEnded) -> State:
        results = {p: Final(f.fleurs, f.bonus, f.total, f.audiences_won, f.influence_left) for p, f in e.finals.items()}
        best = e.ranking[0]
        names = " et ".join(s.name(p) for p in best)
        names_en = " and ".join(s.name(p) for p in best)
        top = results[best[0]].total
        line = Text(f"Fin de partie : {names} l'emporte avec {top} fleurs de lys." if len(best) == 1 else
                    f"Fin de partie : victoire partagée entre {names} ({top} fleurs de lys).",
                    f"Game over: {names_en} wins with {top} fleurs de lys." if len(best) == 1 else
                    f"Game over: shared victory for {names_en} ({top} fleurs de lys).")
        return replace(s, phase="over", result=Result(results, tuple(tuple(g) for g in e.ranking)),
                       feed=with_feed(s.feed, line))
