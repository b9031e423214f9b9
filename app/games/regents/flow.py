"""The game running by itself between commands: turns, the count's steps, the 4th-turn bonus, the end.

`settle` runs after every accepted command (a kernel settler). It goes on
until the table needs somebody: a placement, an action phase, a neutral
move, or a prompt (§2.3, L78-L80, L156, L164, L218).
"""

from __future__ import annotations

from dataclasses import replace

from app.games.regents.board import DOMAINS
from app.games.regents.config import ACTIONS, AGENTS, ROUNDS
from app.games.regents.count import counted, diplomatie_options, rampart_won, rempart_targets, tower_won
from app.games.regents.events import (
    DiplomatieChosen,
    FourthTurnBonus,
    GameEnded,
    MajoritiesCounted,
    RempartResolved,
    TurnEnded,
    TurnStarted,
)
from app.games.regents.feed import blocked, cat, domain, moves, space, t, the, tokens
from app.games.regents.markers import lost, take_tokens
from app.games.regents.model import CountProgress, CountReport, Result, State, Turn, noted, with_player
from app.games.regents.prompts import open_prompt
from app.games.regents.scoring import final as final_scoring
from app.games.regents.scoring import fourth_turn
from app.kernel.rules import Rules, Tx
from app.kernel.text import Text


def settle(tx: Tx[State]) -> None:
    for _ in range(1000):
        s = tx.state
        if s.prompt is not None:
            return
        if s.phase == "placement" and s.placed >= AGENTS * len(s.players):
            tx.emit(TurnStarted(player=s.players[0].pid, round=1))
        elif s.phase == "count":
            count_step(tx)
        elif s.phase == "between":
            next_turn(tx)
        else:
            return
    raise AssertionError("the game did not settle")


def count_step(tx: Tx[State]) -> None:
    """One step of the count: a choice asked, or a result applied."""
    s = tx.state
    c = s.count or CountProgress()
    me = s.current.pid
    if s.turn.diplomatie and not c.diplomatie_done:
        opts = diplomatie_options(s)
        if len(opts) > 1:
            open_prompt(tx, "diplomatie", me, me, "count")
        else:
            tx.emit(DiplomatieChosen(player=me, space=opts[0] if opts else None))
    elif tower_won(s, c.diplomatie) and not c.tower_done:
        open_prompt(tx, "tower", me, me, "count")
    elif not c.scored:
        tx.emit(counted(s, c.diplomatie, c.tower))
    elif rampart_won(s, c.diplomatie) and not c.rempart_done:
        targets = rempart_targets(s)
        if len(targets) > 1:
            open_prompt(tx, "rempart", me, me, "count")
        elif targets:
            target, d = targets[0]
            tx.emit(RempartResolved(player=me, target=target, domain=d))
            tx.emit(lost(tx.state, target, {d: 1}, "rempart", by=me))
        else:
            tx.emit(RempartResolved(player=me, target=None, domain=None))
    else:
        tx.emit(TurnEnded(player=me, returned=len(s.turn.counsellors)))


def next_turn(tx: Tx[State]) -> None:
    s = tx.state
    if s.active + 1 < len(s.players):
        tx.emit(TurnStarted(player=s.players[s.active + 1].pid, round=s.round))
        return
    if s.round == 4:
        tx.emit(fourth_turn(s))
    if s.round >= ROUNDS:
        tx.emit(final_scoring(tx.state))
    else:
        tx.emit(TurnStarted(player=s.players[0].pid, round=s.round + 1))


def install(rules: Rules[State]) -> None:
    rules.settlers.append(settle)

    @rules.applies(TurnStarted)
    def _started(s: State, e: TurnStarted) -> State:
        index = next(i for i, p in enumerate(s.players) if p.pid == e.player)
        s = replace(s, phase="actions", round=e.round, active=index, turn=Turn(player=e.player, actions_left=ACTIONS),
                    count=None)
        who = s.seat_name(e.player)
        last = t(" Dernier tour : pas de carte Action.", " Last round: no action card.") if e.round == ROUNDS \
            else t("", "")
        return noted(s, "turn", t(f"Tour {e.round} : à {who} de jouer.{last.fr}",
                                  f"Round {e.round}: {who}'s turn.{last.en}"))

    @rules.applies(MajoritiesCounted)
    def _counted(s: State, e: MajoritiesCounted) -> State:
        s = with_player(s, e.player, score=e.after)
        s = take_tokens(s, e.player, e.tokens)
        c = s.count or CountProgress()
        s = replace(s, count=replace(c, scored=True), last_count=CountReport(
            player=e.player, round=s.round, mine=e.mine, best_other=e.best_other, wins=e.wins, king=s.king,
            alliance=s.turn.alliance, diplomatie=c.diplomatie, groups=e.groups, tower=c.tower, gains=e.gains,
            before=e.before, after=e.after, tokens=e.tokens, lost=e.lost))
        who = s.seat_name(e.player)
        if not e.wins:
            return noted(s, "count", t(f"Décompte de {who} : aucune majorité.", f"{who}'s count: no majority."))
        won = Text(", ".join(the(w).fr for w in e.wins), ", ".join(the(w).en for w in e.wins))
        joined = [g for g in e.groups if len(g) > 1]
        conj = t("", "")
        if joined:
            names = [Text(" + ".join(space(r).fr for r in g), " + ".join(space(r).en for r in g)) for g in joined]
            conj = t(f" ; influence conjuguée : {' ; '.join(n.fr for n in names)}",
                     f"; combined influence: {'; '.join(n.en for n in names)}")
        return noted(s, "count", cat(t(f"Décompte de {who} : majorité dans {won.fr}{conj.fr} → ",
                                       f"{who}'s count: majority in {won.en}{conj.en} → "),
                                     moves(e.before, e.after), tokens(e.tokens), blocked(e.lost), t(".", ".")))

    @rules.applies(TurnEnded)
    def _ended(s: State, e: TurnEnded) -> State:
        s = replace(s, phase="between", reserve=s.reserve + e.returned, count=None,
                    turn=replace(s.turn, counsellors=(), actions_left=0))
        if not e.returned:
            return s
        who = s.seat_name(e.player)
        n = e.returned
        back = t(f"{n} conseiller joué par {who} retourne à la réserve." if n <= 1 else
                 f"{n} conseillers joués par {who} retournent à la réserve.",
                 f"{n} conseiller played by {who} goes back to the reserve." if n == 1 else
                 f"{n} conseillers played by {who} go back to the reserve.")
        return noted(s, "return", back)

    @rules.applies(FourthTurnBonus)
    def _bonus(s: State, e: FourthTurnBonus) -> State:
        for pid, n in e.given.items():
            s = with_player(s, pid, counsellors=s.player(pid).counsellors + n)
        s = replace(s, reserve=s.reserve - sum(e.given.values()))
        if not e.leaders:
            return noted(s, "bonus", t("Bonus du 4e tour : personne n'est seul en tête d'un domaine.",
                                       "4th-round bonus: nobody leads a domain alone."))
        lines = [Text(f"{s.seat_name(pid)} ({domain(d).fr})", f"{s.seat_name(pid)} ({domain(d).en})")
                 for d, pid in e.leaders.items()]
        gifts = [Text(f"{s.seat_name(pid)} +{n}", f"{s.seat_name(pid)} +{n}") for pid, n in e.given.items()]
        return noted(s, "bonus", t(
            f"Bonus du 4e tour : seuls en tête : {', '.join(x.fr for x in lines)}. Conseillers : {', '.join(x.fr for x in gifts) or 'réserve vide'}.",
            f"4th-round bonus: alone at the top: {', '.join(x.en for x in lines)}. Conseillers: {', '.join(x.en for x in gifts) or 'reserve empty'}."))

    @rules.applies(GameEnded)
    def _game_ended(s: State, e: GameEnded) -> State:
        for pid, move in e.bonus.items():
            p = s.player(pid)
            i = DOMAINS.index(move.domain)
            score = tuple(move.after if j == i else c for j, c in enumerate(p.score))
            s = with_player(s, pid, score=score, domain_round=ROUNDS + 1)
            s = take_tokens(s, pid, move.tokens)
        s = replace(s, phase="over", result=Result(standings=e.standings, bonus=tuple(sorted(e.bonus.items())),
                                                   winners=e.winners, decided_by=e.decided_by))
        names = ", ".join(s.seat_name(w) for w in e.winners)
        points = max(st.total for st in e.standings)
        return noted(s, "end", t(f"Fin de la partie : {names}, Gardien du Royaume avec {points} points.",
                                 f"Game over: {names}, Guardian of the Realm with {points} points."))

