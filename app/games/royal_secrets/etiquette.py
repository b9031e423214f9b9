"""W0 (2.4.1): Étiquette holders answer secretly; the copy on the dearer Audience card rules and every
copy played is spent (L177-178, RS-58); its user places everyone, both sides non-empty; then Dîner
Royal holders answer secretly (L179, RS-59). Phase 1 is skipped: no Parole turns (RS-20).
"""

from __future__ import annotations

from dataclasses import replace

from app.games.royal_secrets.cards import AUDIENCE_CARDS, Side
from app.games.royal_secrets.commands import AnswerDiner, AnswerEtiquette, AssignSides
from app.games.royal_secrets.events import (
    DinerAnswered,
    DinerResolved,
    EtiquetteAnswered,
    EtiquetteResolved,
    SidesAssigned,
)
from app.games.royal_secrets.faveurs import holders, usable_copy
from app.games.royal_secrets.state import Held, Position, State, with_feed
from app.kernel.actor import Actor, me
from app.kernel.rules import Rules, Tx, refuse
from app.kernel.text import Text


def spend(state: State, spent: dict[str, str]) -> dict[str, tuple[Held, ...]]:
    """Each player's Faveur area with the named cards turned to "used" (RS-66)."""
    return {p: tuple(replace(h, used=True) if spent.get(p) == h.audience else h for h in held)
            for p, held in state.faveurs.items()}


def resolve_etiquette(state: State) -> EtiquetteResolved | None:
    rnd = state.rnd
    if set(rnd.etiquette_answers) != set(rnd.etiquette_asked):
        return None
    users = [p for p in state.ring if rnd.etiquette_answers.get(p)]
    spent = {p: str(usable_copy(state, p, "etiquette")) for p in users}
    chief = None
    if users:
        order = state.ring_from(state.tuile or state.ring[0])
        chief = max(users, key=lambda p: (AUDIENCE_CARDS[spent[p]].influence, -order.index(p)))
    return EtiquetteResolved(spent=spent, chief=chief)


def resolve_diner(state: State) -> DinerResolved | None:
    rnd = state.rnd
    if set(rnd.diner_answers) != set(rnd.diner_asked):
        return None
    users = [p for p in state.ring if rnd.diner_answers.get(p)]
    return DinerResolved(spent={p: str(usable_copy(state, p, "diner_royal")) for p in users})


def install(rules: Rules[State]) -> None:
    @rules.handles(AnswerEtiquette, actors=("player",), phases=("etiquette",))
    def _answer(tx: Tx[State], cmd: AnswerEtiquette, actor: Actor) -> None:
        s, pid = tx.state, me(actor)
        if pid not in s.rnd.etiquette_asked:
            raise refuse("not_asked", "Vous n'avez pas d'Étiquette à jouer.", "You have no Étiquette to play.")
        if pid in s.rnd.etiquette_answers:
            raise refuse("already_answered", "Vous avez déjà répondu.", "You already answered.")
        tx.emit(EtiquetteAnswered(player_id=pid, use=cmd.use))

    @rules.handles(AssignSides, actors=("player",), phases=("assign",))
    def _assign(tx: Tx[State], cmd: AssignSides, actor: Actor) -> None:
        s, pid = tx.state, me(actor)
        if pid != s.rnd.etiquette_chief:
            chief = s.name(s.rnd.etiquette_chief)
            raise refuse("not_your_turn", f"C'est {chief} qui place les joueurs.", f"{chief} places the players.")
        roi = set(cmd.roi)
        if not roi <= set(s.ring) or len(roi) != len(cmd.roi):
            raise refuse("unknown_player", "Désignez chaque joueur une fois, parmi ceux de la table.",
                         "Name each player once, among those at the table.")
        if not roi or roi == set(s.ring):
            raise refuse("empty_side", "Placez au moins un joueur auprès du Roi et un auprès de la Reine.",
                         "Place at least one player with the Roi and one with the Reine.")
        positions: dict[str, Side] = {p: "roi" if p in roi else "reine" for p in s.ring}
        tx.emit(SidesAssigned(by=pid, positions=positions, diner=list(holders(s, "diner_royal"))))

    @rules.handles(AnswerDiner, actors=("player",), phases=("diner",))
    def _diner(tx: Tx[State], cmd: AnswerDiner, actor: Actor) -> None:
        s, pid = tx.state, me(actor)
        if pid not in s.rnd.diner_asked:
            raise refuse("not_asked", "Vous n'avez pas de Dîner Royal à jouer.", "You have no Dîner Royal to play.")
        if pid in s.rnd.diner_answers:
            raise refuse("already_answered", "Vous avez déjà répondu.", "You already answered.")
        tx.emit(DinerAnswered(player_id=pid, use=cmd.use))

    @rules.applies(EtiquetteAnswered)
    def _answered(s: State, e: EtiquetteAnswered) -> State:
        return replace(s, rnd=replace(s.rnd, etiquette_answers={**s.rnd.etiquette_answers, e.player_id: e.use}))

    @rules.applies(EtiquetteResolved)
    def _resolved(s: State, e: EtiquetteResolved) -> State:
        lines = [Text(f"{s.name(p)} joue Étiquette.", f"{s.name(p)} plays Étiquette.") for p in e.spent]
        if e.chief is not None:
            n = s.name(e.chief)
            lines.append(Text(f"{n} place les joueurs auprès du Roi et de la Reine.",
                              f"{n} places the players with the Roi and the Reine."))
        return replace(s, phase="assign" if e.chief is not None else "choose", faveurs=spend(s, e.spent),
                       feed=with_feed(s.feed, *lines),
                       rnd=replace(s.rnd, etiquette_users=tuple(e.spent), etiquette_chief=e.chief))

    @rules.applies(SidesAssigned)
    def _assigned(s: State, e: SidesAssigned) -> State:
        roi = ", ".join(s.name(p) for p in s.ring if e.positions[p] == "roi")
        reine = ", ".join(s.name(p) for p in s.ring if e.positions[p] == "reine")
        line = Text(f"Étiquette : auprès du Roi {roi} ; auprès de la Reine {reine}.",
                    f"Étiquette: with the Roi {roi}; with the Reine {reine}.")
        return replace(s, phase="diner" if e.diner else "opening", feed=with_feed(s.feed, line),
                       rnd=replace(s.rnd, positions=dict(e.positions), diner_asked=tuple(e.diner)))

    @rules.applies(DinerAnswered)
    def _diner_answered(s: State, e: DinerAnswered) -> State:
        return replace(s, rnd=replace(s.rnd, diner_answers={**s.rnd.diner_answers, e.player_id: e.use}))

    @rules.applies(DinerResolved)
    def _diner_resolved(s: State, e: DinerResolved) -> State:
        lines = [Text(f"{s.name(p)} joue Dîner Royal : participe aux deux Audiences.",
                      f"{s.name(p)} plays Dîner Royal: takes part in both Audiences.") for p in e.spent]
        positions: dict[str, Position] = dict(s.rnd.positions)
        for p in e.spent:
            positions[p] = "both"
        return replace(s, phase="opening", faveurs=spend(s, e.spent), feed=with_feed(s.feed, *lines),
                       rnd=replace(s.rnd, positions=positions))
