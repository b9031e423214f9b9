"""The end-of-turn count of the active player, as pure functions of the state (§2.8, L136-L156).

mine = his agents + the conseillers he placed this turn; other = the best of
every other player taken separately, the neutral included (L138, RG-50). He
wins a space with strictly more; DIPLOMATIE turns one tie of his choice into a
win (RG-40); the King blocks his room unless ALLIANCE (RG-41). Every winning
room advances by the size of its connected group (RG-3); guard paths never
conjugate (L148): the tower gives +1 on a chosen track, the rampart −1 to an
opponent's marker at case 2 or more (RG-28).
"""

from __future__ import annotations

from app.games.regents.board import DOMAINS, RAMPART, ROOMS, SPACES, TOWER, Domain, Space, groups
from app.games.regents.events import MajoritiesCounted
from app.games.regents.model import State
from app.games.regents.track import advance


def tallies(s: State) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(mine, best other) per space, in SPACES order, for the active player."""
    me = s.current
    mine = tuple(me.at(sp) + sum(1 for c in s.turn.counsellors if c == sp) for sp in SPACES)
    others = [q for q in s.players if q.pid != me.pid]
    best = []
    for sp in SPACES:
        counts = [q.at(sp) for q in others]
        if s.neutral is not None:
            counts.append(s.neutral.at(sp))
        best.append(max(counts, default=0))
    return mine, tuple(best)


def diplomatie_options(s: State) -> list[Space]:
    """The ties DIPLOMATIE can win: at least one pawn, level with the best, not the King's room (RG-40)."""
    mine, best = tallies(s)
    return [sp for i, sp in enumerate(SPACES) if mine[i] >= 1 and mine[i] == best[i] and sp != s.king]


def wins(s: State, diplomatie: Space | None) -> tuple[Space, ...]:
    mine, best = tallies(s)
    out = []
    for i, sp in enumerate(SPACES):
        won = mine[i] > best[i] or sp == diplomatie
        if sp == s.king and not s.turn.alliance:
            won = False  # L90, L138; Ex 2
        if won:
            out.append(sp)
    return tuple(out)


def tower_won(s: State, diplomatie: Space | None) -> bool:
    return TOWER in wins(s, diplomatie)


def rampart_won(s: State, diplomatie: Space | None) -> bool:
    return RAMPART in wins(s, diplomatie)


def rempart_targets(s: State) -> list[tuple[str, Domain]]:
    """Opponents' markers at case 2 or more, in turn order then domain order (RG-28)."""
    me = s.current.pid
    return [(q.pid, d) for q in s.players if q.pid != me for i, d in enumerate(DOMAINS) if q.score[i] >= 2]


def counted(s: State, diplomatie: Space | None, tower: Domain | None) -> MajoritiesCounted:
    """The count's event: the wins, the conjugated groups, and every gain applied as one unit (RG-23)."""
    mine, best = tallies(s)
    won = wins(s, diplomatie)
    rooms = {sp for sp in won if sp in ROOMS}
    gains = dict.fromkeys(DOMAINS, 0)
    found = groups(rooms)
    for group in found:
        for room in group:
            gains[ROOMS[room]] += len(group)
    if TOWER in won and tower is not None:
        gains[tower] += 1
    me = s.current
    result = advance(me.score, gains, s.board_tokens)
    return MajoritiesCounted(
        player=me.pid, mine=mine, best_other=best, wins=won, groups=tuple(found),
        gains=tuple(gains[d] for d in DOMAINS), before=me.score, after=result.after, tokens=result.tokens,
        lost=result.lost,
    )
