"""Phase 2, MISER 2 CARTES (L74-82): each player in Parole order bets a 1st card face up or down, then a
2nd card with the other face (RS-22), from his hand (RS-21). A player alone with a Souverain brings the
Cardinal: one card face up after his 1st bet, one face down after his 2nd (L141-143, RS-25).
"""

from __future__ import annotations

from dataclasses import replace

from app.games.royal_secrets.cards import SIDES, side_with
from app.games.royal_secrets.commands import PlaceBet
from app.games.royal_secrets.events import BetPlaced, CardinalDrawn, CardinalReshuffled
from app.games.royal_secrets.parole import everyone_done
from app.games.royal_secrets.state import Bet, Face, State, with_feed
from app.kernel.actor import Actor, me
from app.kernel.rules import Rules, Tx, refuse
from app.kernel.text import Text

FACE_NAMES: dict[str, Text] = {"up": Text("face visible", "face up"), "down": Text("face cachée", "face down")}


def bet_number(state: State) -> int:
    return 1 if state.phase == "bet1" else 2


def forced_face(state: State, pid: str) -> Face | None:
    """The face the 2nd bet must take (the other one, L79), or None for the 1st bet."""
    if bet_number(state) == 1:
        return None
    first = next((b for b in state.rnd.bets_of(pid) if b.k == 1), None)
    if first is None:
        return None
    return "down" if first.face == "up" else "up"


def new_bet_id(state: State) -> str:
    return f"r{state.rnd.number}b{len(state.rnd.bets) + 1}"


def install(rules: Rules[State]) -> None:
    @rules.handles(PlaceBet, actors=("player",), phases=("bet1", "bet2"))
    def _bet(tx: Tx[State], cmd: PlaceBet, actor: Actor) -> None:
        s, pid = tx.state, me(actor)
        if pid != s.tuile:
            holder = s.name(s.tuile)
            raise refuse("not_your_turn", f"C'est {holder} qui a la parole.", f"{holder} has the Parole.")
        if s.designating:
            raise refuse("give_parole_first", "Vous avez misé : donnez maintenant la parole à un autre joueur.",
                         "You have bet: now give the Parole to another player.")
        if cmd.card not in s.hands[pid]:
            raise refuse("not_in_hand", "Cette carte n'est pas dans votre main.", "That card is not in your hand.")
        face = forced_face(s, pid)
        if face is not None and cmd.face != face:
            want = FACE_NAMES[face]
            raise refuse("wrong_face", f"Votre 2e carte se mise {want.fr}, à l'inverse de la 1re.",
                         f"Your 2nd card is bet {want.en}, the other way from your 1st.")
        k = bet_number(s)
        position = s.rnd.positions[pid]
        tx.emit(BetPlaced(player_id=pid, bet=new_bet_id(s), card=cmd.card,
                          side="middle" if position == "both" else position, face=cmd.face, k=k))
        for side in SIDES:
            if tx.state.rnd.solo.get(side) == pid:
                if not tx.state.cardinal_pile:  # RS-15's fallback; never needed at 3-5 players
                    pile = [c for c, _shown in tx.state.cardinal_used]
                    tx.rng("cardinal").shuffle(pile)
                    tx.emit(CardinalReshuffled(pile=pile))
                tx.emit(CardinalDrawn(bet=new_bet_id(tx.state), card=tx.state.cardinal_pile[0], side=side,
                                      face="up" if k == 1 else "down", k=k))

    @rules.applies(BetPlaced)
    def _placed(s: State, e: BetPlaced) -> State:
        hand = list(s.hands[e.player_id])
        hand.remove(e.card)
        bet = Bet(e.bet, e.card, e.player_id, e.side, e.face, e.k)
        n, where = s.name(e.player_id), side_with(e.side)
        if e.face == "up":
            label = s.card(e.card).label()
            line = Text(f"{n} mise {label.fr} face visible {where.fr}.", f"{n} bets {label.en} face up {where.en}.")
        else:
            line = Text(f"{n} mise une carte face cachée {where.fr}.", f"{n} bets a card face down {where.en}.")
        s = replace(s, hands={**s.hands, e.player_id: tuple(hand)}, done=s.done | {e.player_id},
                    designating=True, feed=with_feed(s.feed, line), rnd=replace(s.rnd, bets=(*s.rnd.bets, bet)))
        if e.k == 2 and everyone_done(s) and s.config.round_opener == "keeps":
            return replace(s, phase="w2", designating=False)  # the tuile stays (RS-18)
        return s

    @rules.applies(CardinalDrawn)
    def _cardinal(s: State, e: CardinalDrawn) -> State:
        where = side_with(e.side)
        if e.face == "up":
            v = s.card(e.card).label()
            line = Text(f"Le Cardinal révèle {v.fr} {where.fr}.", f"The Cardinal reveals {v.en} {where.en}.")
        else:
            line = Text(f"Le Cardinal place une carte face cachée {where.fr}.",
                        f"The Cardinal places a card face down {where.en}.")
        bet = Bet(e.bet, e.card, None, e.side, e.face, e.k)
        return replace(s, cardinal_pile=s.cardinal_pile[1:], feed=with_feed(s.feed, line),
                       rnd=replace(s.rnd, bets=(*s.rnd.bets, bet)))

    @rules.applies(CardinalReshuffled)
    def _reshuffled(s: State, e: CardinalReshuffled) -> State:
        line = Text("La pioche Cardinal est vide : les cartes Cardinal jouées sont mélangées.",
                    "The Cardinal pile is empty: the used Cardinal cards are shuffled.")
        return replace(s, cardinal_pile=tuple(e.pile), cardinal_used=(), feed=with_feed(s.feed, line))
