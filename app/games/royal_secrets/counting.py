"""Phase 3, COMPTER LES POINTS (2.4.5): the reveal, the Excuses, both Audiences from one snapshot,
the majorities, and the fleurs each player would win or lose (before W3).

The pure functions read one state; the automatic steps (`next_*`) return the
next event of the count, and the appliers fold them.
"""

from __future__ import annotations

from dataclasses import replace

from app.games.royal_secrets.cards import SIDES, Side, faveur_name, side_name, side_with, signed
from app.games.royal_secrets.data import ROUNDS
from app.games.royal_secrets.events import (
    AudiencesCounted,
    CardsRevealed,
    DeltaModel,
    ExcuseResolved,
    MajoritiesDecided,
)
from app.games.royal_secrets.faveurs import usable_copy
from app.games.royal_secrets.state import Bet, Delta, Outcome, State, with_feed
from app.kernel.rules import Rules
from app.kernel.text import Text

# -- pure reading ---------------------------------------------------------------------------------


def bet_value(state: State, bet: Bet) -> int:
    """A bet's Influence: the card's value, doubled by a Médaille (negative too, RS-49); an Excuse has none."""
    card = state.card(bet.card)
    value = 0 if card.kind == "excuse" else card.value
    return value * 2 if bet.medal_by is not None else value


def own(state: State, pid: str, side: Side) -> int:
    """The Influence `pid` counts on `side`: his counted bets there or in the middle (RS-28, L181)."""
    return sum(bet_value(state, b) for b in state.rnd.bets
               if b.owner == pid and b.counted and b.side in (side, "middle"))


def cardinal_total(state: State, side: Side) -> int:
    return sum(bet_value(state, b) for b in state.rnd.bets if b.owner is None and b.side == side and b.counted)


def total(state: State, side: Side) -> int:
    return sum(own(state, p, side) for p in state.rnd.remaining(side)) + cardinal_total(state, side)


def outcome(state: State, side: Side) -> Outcome:
    rnd = state.rnd
    if not rnd.participants(side):
        return "empty"  # RS-26
    if not rnd.remaining(side) and rnd.solo.get(side) is None:
        return "all_withdrew"  # L125-126, RS-41
    return "success" if total(state, side) >= state.audience(side).influence else "fail"  # L76, L86, L98


def majority(state: State, side: Side) -> tuple[str | None, tuple[str, ...]]:
    """(winner, tied): a non-empty `tied` (ring order) needs the 3rd-card tie-break (L90-95)."""
    rnd = state.rnd
    if rnd.outcomes.get(side) != "success":
        return None, ()
    remaining = rnd.remaining(side)
    solo = rnd.solo.get(side)
    if solo is not None:  # "majoritaire ou à égalité avec le Cardinal" (L145, RS-53)
        wins = solo in remaining and own(state, solo, side) >= cardinal_total(state, side)
        return (solo if wins else None), ()
    best = max(own(state, p, side) for p in remaining)
    tied = tuple(p for p in state.ring if p in remaining and own(state, p, side) == best)
    return (tied[0], ()) if len(tied) == 1 else (None, tied)


def other(side: Side) -> Side:
    return "reine" if side == "roi" else "roi"


def deltas(state: State, winners: dict[Side, str | None]) -> list[Delta]:
    """Every fleur-de-lys change of the round, before Grâce royale / Coup de maître (2.4.5)."""
    rnd = state.rnd
    out: list[Delta] = []
    last_round = rnd.number >= ROUNDS
    for side in SIDES:
        card = state.audience(side)
        result = rnd.outcomes[side]
        if result == "all_withdrew":
            out += [Delta(p, -card.loss, "audience", side) for p in rnd.participants(side)]
        elif result == "fail":
            out += [Delta(p, -card.loss, "audience", side) for p in rnd.remaining(side)]
        elif result == "success":
            if not last_round:
                out += [Delta(p, card.gain, "audience", side) for p in rnd.remaining(side)]
            elif winners.get(side) is not None:  # round 7: only the majoritaire (L110, RS-35, RS-36)
                out.append(Delta(str(winners[side]), card.gain, "audience", side))
    for bet in rnd.bets:  # Valets (L127-132), counted ones only (RS-46)
        valet = state.card(bet.card)
        if valet.kind != "valet" or not bet.counted or bet.owner is None or bet.side == "middle":
            continue  # a Dîner Royal player's Valets give Influence only (L183)
        side = bet.side
        if rnd.outcomes[side] == "success":
            for q in rnd.remaining(other(side)):
                if rnd.positions[q] != "both":  # L182: immune
                    out.append(Delta(q, -valet.penalty, "valet", side, bet.id))
        elif rnd.outcomes[side] == "fail":
            out.append(Delta(bet.owner, -valet.penalty, "valet", side, bet.id))
    return out


def w3_offer(state: State, pid: str, pending: tuple[Delta, ...]) -> tuple[bool, bool]:
    """(Grâce royale, Coup de maître) worth offering: held, usable, and changing the result (RS-77)."""
    mine = [d for d in pending if d.player_id == pid]
    grace = usable_copy(state, pid, "grace_royale") is not None and any(d.amount < 0 for d in mine)
    maitre = usable_copy(state, pid, "coup_de_maitre") is not None and any(
        d.amount < 0 and d.source == "audience" for d in mine)
    return grace, maitre


def apply_w3(pending: tuple[Delta, ...], pid: str, grace: bool, maitre: bool) -> list[Delta]:
    """Coup de maître turns losses (not Valets) into gains first, then Grâce cancels what is left (RS-64)."""
    out: list[Delta] = []
    for d in pending:
        if d.player_id == pid and d.amount < 0:
            if maitre and d.source == "audience":
                d = replace(d, amount=-d.amount, changed_by="coup_de_maitre")
            elif grace:
                d = replace(d, amount=0, changed_by="grace_royale")
        out.append(d)
    return out


def to_model(d: Delta) -> DeltaModel:
    return DeltaModel(player_id=d.player_id, amount=d.amount, source=d.source, side=d.side, note=d.note,
                      changed_by=d.changed_by)


def from_model(d: DeltaModel) -> Delta:
    return Delta(d.player_id, d.amount, d.source, d.side, d.note, d.changed_by)


# -- the automatic steps ---------------------------------------------------------------------------


def next_count_step(state: State) -> ExcuseResolved | AudiencesCounted:
    """In bet order, each counted Excuse (RS-43), then both Audiences from one snapshot (RS-40)."""
    rnd = state.rnd
    for bet in rnd.bets:
        if bet.counted and bet.owner is not None and state.card(bet.card).kind == "excuse" \
                and bet.id not in rnd.excuses_done:
            others = [b for b in rnd.bets_of(bet.owner) if b.id != bet.id]
            discarded = next((b.id for b in others if b.counted), None)
            valet = state.valet_pile[0] if state.valet_pile else None
            return ExcuseResolved(player_id=bet.owner, bet=bet.id, discarded=discarded, valet=valet)
    return AudiencesCounted(outcomes={s: outcome(state, s) for s in SIDES},
                            totals={s: total(state, s) for s in SIDES})


def decide_majorities(state: State) -> MajoritiesDecided:
    rnd = state.rnd
    winners: dict[Side, str | None] = {}
    for side in SIDES:
        tie = next((t for t in rnd.ties if t.side == side), None)
        winners[side] = tie.winner if tie is not None else majority(state, side)[0]
    pending = tuple(deltas(state, winners))
    asked = [p for p in state.ring if any(w3_offer(state, p, pending))]
    return MajoritiesDecided(winners=winners, deltas=[to_model(d) for d in pending], w3=asked)


# -- appliers ----------------------------------------------------------------------------------------

OUTCOME_NAMES: dict[str, Text] = {
    "success": Text("réussie", "succeeded"),
    "fail": Text("ratée", "failed"),
    "empty": Text("personne n'y est allé", "nobody went"),
    "all_withdrew": Text("tous se sont retirés", "everyone withdrew"),
}


def install(rules: Rules[State]) -> None:
    @rules.applies(CardsRevealed)
    def _revealed(s: State, e: CardsRevealed) -> State:
        line = Text("Les cartes face cachée sont révélées.", "The face-down cards are revealed.")
        return replace(s, phase="counting", rnd=replace(s.rnd, revealed=True), feed=with_feed(s.feed, line))

    @rules.applies(ExcuseResolved)
    def _excuse(s: State, e: ExcuseResolved) -> State:
        rnd = s.rnd
        bets = tuple(replace(b, excused=True) if b.id == e.discarded else b for b in rnd.bets)
        hands = dict(s.hands)
        pile = s.valet_pile
        if e.valet is not None:
            hands[e.player_id] = (*hands[e.player_id], e.valet)
            pile = pile[1:]
        name = s.name(e.player_id)
        line = (Text(f"{name} joue l'Excuse : se retire et pioche un Valet.",
                     f"{name} plays the Excuse: withdraws and draws a Valet.") if e.valet is not None else
                Text(f"{name} joue l'Excuse : se retire (plus de Valet à piocher).",
                     f"{name} plays the Excuse: withdraws (no Valet left to draw)."))
        return replace(s, hands=hands, valet_pile=pile, feed=with_feed(s.feed, line), rnd=replace(
            rnd, bets=bets, withdrawn=rnd.withdrawn | {e.player_id}, excuses_done=(*rnd.excuses_done, e.bet)))

    @rules.applies(AudiencesCounted)
    def _counted(s: State, e: AudiencesCounted) -> State:
        lines = []
        for side in SIDES:
            card = s.audience(side)
            what = OUTCOME_NAMES[e.outcomes[side]]
            if e.outcomes[side] in ("success", "fail"):
                lines.append(Text(
                    f"Audience avec {side_name(side).fr} : {signed(e.totals[side])} pour {card.influence} — {what.fr}.",
                    f"Audience with {side_name(side).en}: {signed(e.totals[side])} for {card.influence} — {what.en}."))
            else:
                lines.append(Text(f"Audience avec {side_name(side).fr} : {what.fr}.",
                                  f"Audience with {side_name(side).en}: {what.en}."))
        return replace(s, phase="majority", feed=with_feed(s.feed, *lines),
                       rnd=replace(s.rnd, outcomes=dict(e.outcomes), totals=dict(e.totals)))

    @rules.applies(MajoritiesDecided)
    def _decided(s: State, e: MajoritiesDecided) -> State:
        lines = []
        for side in SIDES:
            if s.rnd.outcomes.get(side) != "success":
                continue
            winner = e.winners.get(side)
            fav = faveur_name(s.audience(side).faveur)
            if winner is None:
                lines.append(Text(f"Personne ne remporte la Faveur {fav.fr} : la carte est défaussée.",
                                  f"Nobody wins the Faveur {fav.en}: the card is discarded."))
            else:
                n = s.name(winner)
                lines.append(Text(f"{n} est majoritaire {side_with(side).fr} et remporte {fav.fr}.",
                                  f"{n} has the majority {side_with(side).en} and wins {fav.en}."))
        return replace(s, phase="w3" if e.w3 else "scoring", feed=with_feed(s.feed, *lines), rnd=replace(
            s.rnd, winners=dict(e.winners), decided=True, deltas=tuple(from_model(d) for d in e.deltas),
            w3_asked=tuple(e.w3)))
