"""The final score (L257-315, A48-A57): every bonus and malus, one line per pair that produced it.

Counted on a position (I4); during play the same count is shown as
provisional (A58). Codes are the rulebook's own; the per-pair lines say in
both languages which figurines earned or cost each point.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.games.inde.board import MARKETS, WATER, Cell, adj, label, orth
from app.games.inde.pieces import COLOURS, Colour, Kind
from app.games.inde.position import Board, animal_groups, cells_of, domain, lone, reserves, sacred
from app.kernel.text import Text

BONUSES: tuple[str, ...] = ("D+", "EAU+", "R(&Ti)+", "Ti/P", "E/Te+", "V/E+", "V/Te+", "RES+")
MALUSES: tuple[str, ...] = ("V/V-", "EAU-", "RES-", "J/Ti-", "P/V-", "P/Te-")
CODES: tuple[str, ...] = BONUSES + MALUSES

CODE_NAMES: dict[str, Text] = {
    "D+": Text("domaine (palais + jardins) : +2", "domain (palace + gardens): +2"),
    "EAU+": Text("jardin sur l'eau : +1", "garden on water: +1"),
    "R(&Ti)+": Text("réserve où vous avez un animal : +3, +1 par tigre à vous",
                    "reserve holding one of your animals: +3, +1 per tiger of yours"),
    "Ti/P": Text("tigre seul près de votre palais : +1 par paire", "lone tiger next to your palace: +1 per pair"),
    "E/Te+": Text("éléphant sacré (seul, près de votre temple) : +3", "sacred elephant (lone, next to your temple): +3"),
    "V/E+": Text("village près d'un éléphant de travail : +1", "village next to a working elephant: +1"),
    "V/Te+": Text("village près d'un temple : +1 (ami), +2 (ennemi)", "village next to a temple: +1 (own), +2 (enemy)"),
    "RES+": Text("village sur un marché : +1", "village on a market: +1"),
    "V/V-": Text("deux de vos villages se touchent : −1", "two of your villages touch: −1"),
    "EAU-": Text("village sur l'eau : −1", "village on water: −1"),
    "RES-": Text("temple sur un marché : −1", "temple on a market: −1"),
    "J/Ti-": Text("jardin contre un tigre seul ennemi (côté) : −1", "garden side by side with a lone enemy tiger: −1"),
    "P/V-": Text("palais près d'un village : −1 (ami), −2 (ennemi)", "palace next to a village: −1 (own), −2 (enemy)"),
    "P/Te-": Text("palais près d'un temple : −2 (ami), −3 (ennemi)", "palace next to a temple: −2 (own), −3 (enemy)"),
}

_OWN = Text("à vous", "yours")
_ENEMY = Text("ennemi", "enemy")


def signed(n: int) -> str:
    return f"+{n}" if n >= 0 else f"−{-n}"


@dataclass(frozen=True, slots=True)
class Line:
    """One contribution: a code, its points, the cells it is about, and the sentence saying why."""

    code: str
    points: int
    cells: tuple[Cell, ...]
    text: Text


@dataclass(frozen=True, slots=True)
class Score:
    colour: Colour
    lines: tuple[Line, ...]

    @property
    def total(self) -> int:
        return sum(line.points for line in self.lines)

    def by_code(self) -> dict[str, int]:
        sums = dict.fromkeys(CODES, 0)
        for line in self.lines:
            sums[line.code] += line.points
        return sums

    def nonzero(self) -> dict[str, int]:
        return {code: n for code, n in self.by_code().items() if n}


def _line(code: str, points: int, cells: tuple[Cell, ...], fr: str, en: str) -> Line:
    return Line(code, points, cells, Text(f"{fr} : {signed(points)}", f"{en}: {signed(points)}"))


def _whose(mine: bool) -> Text:
    return _OWN if mine else _ENEMY


def score(board: Board, p: Colour) -> Score:
    """Player `p`'s score on this position, line by line (the order of CODES)."""
    o = p.other
    groups = animal_groups(board)
    out: list[Line] = []
    palaces = sorted(cells_of(board, p, Kind.P))
    jardins = sorted(cells_of(board, p, Kind.J))
    villages = sorted(cells_of(board, p, Kind.V))

    for q in palaces:  # D+ (L85-88, L119-120, L260-261)
        if any(board.get(y) == (p, Kind.J) for y in orth(q)):
            cells = (q, *sorted(x for x in domain(board, q) if x != q))  # the palais, then its jardins
            out.append(_line("D+", 2, cells, f"Domaine du palais {label(q)}", f"Domain of palace {label(q)}"))
    for j in jardins:  # EAU+ (L102-103, L262-263)
        if j in WATER:
            out.append(_line("EAU+", 1, (j,), f"Jardin {label(j)} sur l'eau", f"Garden {label(j)} on water"))
    for g in reserves(board):  # R(&Ti)+ (L220-225, L264-267, A53)
        if any(board[x].colour is p for x in g):
            tigers = sum(1 for x in g if board[x] == (p, Kind.T))
            names = "-".join(label(x) for x in sorted(g))
            out.append(_line("R(&Ti)+", 3 + tigers, tuple(sorted(g)),
                             f"Réserve {names} (3 + {tigers} {'tigres' if tigers > 1 else 'tigre'} à vous)",
                             f"Reserve {names} (3 + {tigers} {'tiger' if tigers == 1 else 'tigers'} of yours)"))
    for q in palaces:  # Ti/P (L170-173, L268-272)
        for y in adj(q):
            if board.get(y) == (p, Kind.T) and lone(groups, y):
                out.append(_line("Ti/P", 1, (y, q), f"Tigre seul {label(y)} près du palais {label(q)}",
                                 f"Lone tiger {label(y)} next to palace {label(q)}"))
    for e in sorted(cells_of(board, p, Kind.E)):  # E/Te+ (L186-188, L273-279, A51): once per elephant
        if sacred(board, groups, e):
            t = next(y for y in adj(e) if board.get(y) == (p, Kind.TE))
            out.append(_line("E/Te+", 3, (e, t), f"Éléphant sacré {label(e)} près du temple {label(t)}",
                             f"Sacred elephant {label(e)} next to temple {label(t)}"))
    for v in villages:  # V/E+ (L189-192, L285-289, A50): lone, not sacred, either colour
        for y in adj(v):
            piece = board.get(y)
            if piece is not None and piece.kind is Kind.E and lone(groups, y) and not sacred(board, groups, y):
                w = _whose(piece.colour is p)
                out.append(_line("V/E+", 1, (v, y),
                                 f"Village {label(v)} près de l'éléphant de travail {label(y)} ({w.fr})",
                                 f"Village {label(v)} next to working elephant {label(y)} ({w.en})"))
    for v in villages:  # V/Te+ (L135-138, L290-292): cumulative
        for y in adj(v):
            piece = board.get(y)
            if piece is not None and piece.kind is Kind.TE:
                mine = piece.colour is p
                w = _whose(mine)
                out.append(_line("V/Te+", 1 if mine else 2, (v, y),
                                 f"Village {label(v)} près du temple {label(y)} ({w.fr})",
                                 f"Village {label(v)} next to temple {label(y)} ({w.en})"))
    for v in villages:  # RES+ (L130-132, L293-294)
        if v in MARKETS:
            out.append(_line("RES+", 1, (v,), f"Village {label(v)} sur un marché", f"Village {label(v)} on a market"))
    for v in villages:  # V/V- (L139-142, L296-298, A56): each unordered pair once
        for y in adj(v):
            if board.get(y) == (p, Kind.V) and y > v:
                out.append(_line("V/V-", -1, (v, y), f"Vos villages {label(v)} et {label(y)} se touchent",
                                 f"Your villages {label(v)} and {label(y)} touch"))
    for v in villages:  # EAU- (L133-134, L299-300)
        if v in WATER:
            out.append(_line("EAU-", -1, (v,), f"Village {label(v)} sur l'eau", f"Village {label(v)} on water"))
    for t in sorted(cells_of(board, p, Kind.TE)):  # RES- (L149-151, L301-302)
        if t in MARKETS:
            out.append(_line("RES-", -1, (t,), f"Temple {label(t)} sur un marché", f"Temple {label(t)} on a market"))
    for j in jardins:  # J/Ti- (L174-177, L303-305, A49): enemy lone tigers, side by side, per pair
        for y in orth(j):
            if board.get(y) == (o, Kind.T) and lone(groups, y):
                out.append(_line("J/Ti-", -1, (j, y), f"Jardin {label(j)} contre le tigre seul ennemi {label(y)}",
                                 f"Garden {label(j)} beside the lone enemy tiger {label(y)}"))
    for q in palaces:  # P/V- and P/Te- (L89-92, L306-311)
        for y in adj(q):
            piece = board.get(y)
            if piece is not None and piece.kind is Kind.V:
                mine = piece.colour is p
                w = _whose(mine)
                out.append(_line("P/V-", -1 if mine else -2, (q, y),
                                 f"Palais {label(q)} près du village {label(y)} ({w.fr})",
                                 f"Palace {label(q)} next to village {label(y)} ({w.en})"))
    for q in palaces:
        for y in adj(q):
            piece = board.get(y)
            if piece is not None and piece.kind is Kind.TE:
                mine = piece.colour is p
                w = _whose(mine)
                out.append(_line("P/Te-", -2 if mine else -3, (q, y),
                                 f"Palais {label(q)} près du temple {label(y)} ({w.fr})",
                                 f"Palace {label(q)} next to temple {label(y)} ({w.en})"))
    return Score(p, tuple(out))


def scores(board: Board) -> dict[Colour, Score]:
    return {c: score(board, c) for c in COLOURS}


def winner(totals: dict[Colour, int]) -> Colour | None:
    """The higher total wins; equal totals are a draw with no tie-break (A57)."""
    a, b = totals[Colour.VERT], totals[Colour.FUCHSIA]
    return Colour.VERT if a > b else Colour.FUCHSIA if b > a else None
