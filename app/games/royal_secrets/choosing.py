"""Phase 1, CHOISIR UNE AUDIENCE (L70-73): the tuile holder puts his pawn with the Roi or the Reine
(no cap, RS-10), or plays Dîner Royal as his choice (RS-59). At the end of phase 1 who is alone with a
Souverain is fixed (RS-52).
"""

from __future__ import annotations

from dataclasses import replace

from app.games.royal_secrets.cards import SIDES, Side, side_name, side_with
from app.games.royal_secrets.commands import Choose
from app.games.royal_secrets.events import BettingOpened, PositionChosen
from app.games.royal_secrets.faveurs import usable_copy
from app.games.royal_secrets.state import State, with_feed
from app.kernel.actor import Actor, me
from app.kernel.rules import Rules, Tx, refuse
from app.kernel.text import Text


def solos(state: State) -> dict[Side, str | None]:
    out: dict[Side, str | None] = {}
    for side in SIDES:
        members = state.rnd.participants(side)
        out[side] = members[0] if len(members) == 1 else None
    return out


def opening(state: State) -> BettingOpened:
    return BettingOpened(solo=solos(state))


def install(rules: Rules[State]) -> None:
    @rules.handles(Choose, actors=("player",), phases=("choose",))
    def _choose(tx: Tx[State], cmd: Choose, actor: Actor) -> None:
        s, pid = tx.state, me(actor)
        if pid != s.tuile:
            holder = s.name(s.tuile)
            raise refuse("not_your_turn", f"C'est {holder} qui a la parole.", f"{holder} has the Parole.")
        if pid in s.done:
            raise refuse("already_chosen", "Vous avez déjà choisi : donnez la parole à un autre joueur.",
                         "You already chose: give the Parole to another player.")
        spent = None
        if cmd.side == "both":
            spent = usable_copy(s, pid, "diner_royal")
            if spent is None:
                raise refuse("no_faveur", "Il faut une Faveur Dîner Royal gagnée à un tour précédent.",
                             "You need a Dîner Royal Faveur won in an earlier round.")
        tx.emit(PositionChosen(player_id=pid, position=cmd.side, audience=spent))

    @rules.applies(PositionChosen)
    def _chosen(s: State, e: PositionChosen) -> State:
        n = s.name(e.player_id)
        faveurs = s.faveurs
        if e.position == "both":
            line = Text(f"{n} joue Dîner Royal : participe aux deux Audiences.",
                        f"{n} plays Dîner Royal: takes part in both Audiences.")
            faveurs = {**faveurs, e.player_id: tuple(replace(h, used=True) if h.audience == e.audience else h
                                                     for h in faveurs[e.player_id])}
        else:
            side = side_name(e.position)
            line = Text(f"{n} choisit l'Audience avec {side.fr}.", f"{n} chooses the Audience with {side.en}.")
        return replace(s, faveurs=faveurs, done=s.done | {e.player_id}, designating=True,
                       feed=with_feed(s.feed, line),
                       rnd=replace(s.rnd, positions={**s.rnd.positions, e.player_id: e.position}))

    @rules.applies(BettingOpened)
    def _opened(s: State, e: BettingOpened) -> State:
        lines = []
        for side in SIDES:
            solo = e.solo.get(side)
            if solo is not None:
                lines.append(Text(f"{s.name(solo)}, seul joueur {side_with(side).fr} : le Cardinal veille au grain.",
                                  f"{s.name(solo)} is alone {side_with(side).en}: the Cardinal keeps watch."))
        return replace(s, phase="bet1", done=frozenset(), designating=False, feed=with_feed(s.feed, *lines),
                       rnd=replace(s.rnd, solo=dict(e.solo)))
