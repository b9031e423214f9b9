"""« Je donne la parole à… » (L59-69, 2.3): after each action the actor hands the tuile to a player who
has not yet done it; never to himself (RS-16); once all have, to anyone else (RS-17); after the last
2nd bet the tuile stays and its holder opens the next round (RS-18), unless the host chose the
alternative reading, where he designates the opener.
"""

from __future__ import annotations

from dataclasses import replace

from app.games.royal_secrets.commands import GiveParole
from app.games.royal_secrets.events import ParoleGiven
from app.games.royal_secrets.state import State, with_feed
from app.kernel.actor import Actor, me
from app.kernel.rules import Rules, Tx, refuse
from app.kernel.text import Text

ACTION_PHASES = ("choose", "bet1", "bet2")
ACTION_NAMES: dict[str, Text] = {
    "choose": Text("choisir une Audience", "choose an Audience"),
    "bet1": Text("miser sa 1re carte", "bet a 1st card"),
    "bet2": Text("miser sa 2e carte", "bet a 2nd card"),
}


def everyone_done(state: State) -> bool:
    return set(state.done) >= set(state.ring)


def designees(state: State) -> tuple[str, ...]:
    """Who the tuile holder may give the Parole to now."""
    if not state.designating or state.tuile is None:
        return ()
    if everyone_done(state):
        return tuple(p for p in state.ring if p != state.tuile)
    return tuple(p for p in state.ring if p not in state.done)


def install(rules: Rules[State]) -> None:
    @rules.handles(GiveParole, actors=("player",), phases=ACTION_PHASES)
    def _give(tx: Tx[State], cmd: GiveParole, actor: Actor) -> None:
        s, pid = tx.state, me(actor)
        if pid != s.tuile:
            holder = s.name(s.tuile)
            raise refuse("not_your_turn", f"C'est {holder} qui a la parole.", f"{holder} has the Parole.")
        if not s.designating:
            what = ACTION_NAMES[s.phase]
            raise refuse("act_first", f"D'abord, {what.fr} ; ensuite vous donnerez la parole.",
                         f"First {what.en}; then you give the Parole.")
        if cmd.to == pid:
            raise refuse("designate_self", "Vous ne pouvez pas vous redonner la parole : choisissez un autre joueur.",
                         "You cannot give the Parole to yourself: choose another player.")
        if cmd.to not in s.ring:
            raise refuse("unknown_player", "Ce joueur n'est pas à la table.", "That player is not at the table.")
        if cmd.to not in designees(s):
            n = s.name(cmd.to)
            raise refuse("already_acted", f"{n} a déjà joué pour cette action : choisissez un joueur qui ne l'a pas fait.",
                         f"{n} already did this action: choose a player who has not.")
        tx.emit(ParoleGiven(by=pid, to=cmd.to))

    @rules.applies(ParoleGiven)
    def _applied(s: State, e: ParoleGiven) -> State:
        line = Text(f"{s.name(e.by)} donne la parole à {s.name(e.to)}.", f"{s.name(e.by)} gives the Parole to {s.name(e.to)}.")
        s = replace(s, tuile=e.to, designating=False, parole_by=e.by, feed=with_feed(s.feed, line))
        if not everyone_done(s):
            return s
        if s.phase == "choose":
            return replace(s, phase="opening")
        if s.phase == "bet1":
            return replace(s, phase="bet2", done=frozenset())
        return replace(s, phase="w2")  # bet2, when the host chose "the last bettor designates the opener"
