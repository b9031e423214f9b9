"""The 4th-turn bonus (L164-L166, RG-31, RG-32) and the final scoring with its tie-breaks (L218-L234, RG-46, RG-47)."""

from __future__ import annotations

from app.games.regents.board import DOMAINS, Domain
from app.games.regents.events import BonusMove, FourthTurnBonus, GameEnded, Standing
from app.games.regents.model import State
from app.games.regents.track import advance, total

LEAD_BONUS = 3  # L228


def alone_at_top(s: State) -> dict[Domain, str]:
    """The domains with one player strictly ahead of all others, at case 1 or more (RG-32)."""
    leaders: dict[Domain, str] = {}
    for i, d in enumerate(DOMAINS):
        top = max(p.score[i] for p in s.players)
        at_top = [p.pid for p in s.players if p.score[i] == top]
        if top >= 1 and len(at_top) == 1:
            leaders[d] = at_top[0]
    return leaders


def fourth_turn(s: State) -> FourthTurnBonus:
    """One conseiller per domain led alone (or one per leader: the RG-31 switch), one at a time in turn order."""
    leaders = alone_at_top(s)
    due = {p.pid: 0 for p in s.players}
    for pid in leaders.values():
        due[pid] += 1
    if s.config.fourth_turn_bonus == "per_player":
        due = {pid: min(1, n) for pid, n in due.items()}
    given = dict.fromkeys(due, 0)
    reserve = s.reserve
    while reserve > 0 and any(given[p] < due[p] for p in due):
        for p in s.players:
            if reserve > 0 and given[p.pid] < due[p.pid]:
                given[p.pid] += 1
                reserve -= 1
    return FourthTurnBonus(leaders=leaders, given={pid: n for pid, n in given.items() if n})


def final(s: State) -> GameEnded:
    """The secret domains' +2 without gates (L222, RG-27), then the points and the winners."""
    board = set(s.board_tokens)
    scores = {p.pid: p.score for p in s.players}
    tokens = {p.pid: p.tokens for p in s.players}
    bonus: dict[str, BonusMove] = {}
    for p in s.players:  # turn order; each domain belongs to one player, so no two compete for a token
        if p.domain_public:
            continue
        i = DOMAINS.index(p.domain)
        moved = advance(p.score, {p.domain: 2}, frozenset(board), gated=False)
        board -= set(moved.tokens)
        scores[p.pid] = moved.after
        tokens[p.pid] += len(moved.tokens)
        bonus[p.pid] = BonusMove(domain=p.domain, before=p.score[i], after=moved.after[i], tokens=moved.tokens)
    standings = []
    for p in s.players:
        i = DOMAINS.index(p.domain)
        mine = scores[p.pid][i]
        lead = LEAD_BONUS if all(mine > scores[q.pid][i] for q in s.players if q.pid != p.pid) else 0
        tracks = total(scores[p.pid])
        standings.append(Standing(player=p.pid, tracks=tracks, lead_bonus=lead, tokens=tokens[p.pid],
                                  counsellors=p.counsellors, total=tracks + lead + tokens[p.pid] + p.counsellors))
    best = max(st.total for st in standings)
    top = [st for st in standings if st.total == best]
    most = max(st.tokens for st in top)
    winners = tuple(st.player for st in top if st.tokens == most)
    decided_by = "points" if len(top) == 1 else "tokens" if len(winners) == 1 else "shared"
    return GameEnded(bonus=bonus, standings=tuple(standings), winners=winners, decided_by=decided_by)
