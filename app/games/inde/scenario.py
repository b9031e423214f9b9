"""Scenarios: a game written as its placements (`vJ(7,2)`, `f-` to forfeit), played through the rules.

The deal is derived from the moves: who moves first, each first palais's
number (from its cell), and for each colour the order of its tiles (each
move's letter takes the lowest tile number still unused with that letter).
Temple moves take no tile (they must come on temple turns). `render` draws
the board as the rulings do (§4 T-S10) and lists the score line by line.
Pure: the CLI (`deuxrois simulate FILE`) only has to read the file and print.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from app.games.inde.board import DEUX_ROIS, MARKETS, NUMBER_AT, WATER, Cell, N
from app.games.inde.commands import COMMANDS
from app.games.inde.config import Deal, InDeConfig
from app.games.inde.events import (
    BotAdded,
    FirstPalaisPlaced,
    GameCreated,
    GameStarted,
    PieceForfeited,
    PiecePlaced,
    PlayerJoined,
    TileTurned,
)
from app.games.inde.model import State
from app.games.inde.pieces import COLOURS, TILE_NUMBERS, Colour, Kind, letter
from app.games.inde.rules import RULES
from app.games.inde.scoring import scores
from app.kernel.actor import Actor
from app.kernel.text import EngineError, Lang, Text

_MOVE = re.compile(r"^([vf])(?:(Te|P|J|T|E|V)\((\d),\s*(\d)\)|-)$")
_LETTER = {Colour.VERT: "v", Colour.FUCHSIA: "f"}


@dataclass(frozen=True, slots=True)
class Move:
    colour: Colour
    kind: Kind | None  # None: forfeit this turn's figurine
    cell: Cell | None


def parse_move(token: str) -> Move:
    m = _MOVE.match(token.strip())
    if m is None:
        raise EngineError("bad_move", Text(f"Coup illisible : « {token} » (ex. vJ(7,2) ou f-).",
                                           f"Unreadable move: “{token}” (e.g. vJ(7,2) or f-)."))
    colour = Colour.VERT if m.group(1) == "v" else Colour.FUCHSIA
    if m.group(2) is None:
        return Move(colour, None, None)
    return Move(colour, Kind(m.group(2)), (int(m.group(3)), int(m.group(4))))


def deal_for(first: Colour, palais: dict[Colour, Cell], moves: Sequence[Move]) -> Deal:
    numbers: dict[Colour, int] = {}
    for colour, cell in palais.items():
        owner = NUMBER_AT.get(cell)
        if owner is None or owner[0] is not colour:
            raise ValueError(f"{colour}'s first palais must stand on one of its numbered cells")
        numbers[colour] = owner[1]
    tiles: dict[Colour, list[int]] = {c: [] for c in COLOURS}
    for move in moves:
        if move.kind is None or move.kind is Kind.TE:
            continue
        free = [n for n in TILE_NUMBERS if letter(n) is move.kind and n not in tiles[move.colour]]
        if not free:
            raise ValueError(f"{move.colour} has no tile left for {move.kind}")
        tiles[move.colour].append(free[0])
    return Deal(first=first, palais=numbers, tiles={c: tuple(t) for c, t in tiles.items()})


def run(first: Colour, palais: dict[Colour, Cell], tokens: Sequence[str], seed: int = 0,
        names: tuple[str, str] = ("Vert", "Fuchsia")) -> State:
    """Plays the moves in order (forfeits `x-` decline whatever the turn brings); raises EngineError if one is refused."""
    moves = [parse_move(t) for t in tokens]
    return play(deal_for(first, palais, moves), tokens, seed, names)


def play(deal: Deal, tokens: Sequence[str], seed: int = 0, names: tuple[str, str] = ("Vert", "Fuchsia")) -> State:
    """Plays the moves on a fixed deal (an exported game's, or one `run` derived from the moves)."""
    moves = [parse_move(t) for t in tokens]
    config = InDeConfig(deal=deal)
    state = RULES.evolve(State(), GameCreated(seed=seed, config=config))
    commands: list[tuple[dict[str, object], Actor]] = [
        ({"type": "join", "name": names[0]}, Actor("player", None)),
        ({"type": "join", "name": names[1]}, Actor("player", None)),
        ({"type": "start"}, Actor.moderator()),
    ]
    for raw, actor in commands:
        state = RULES.decide(state, COMMANDS.parse(raw), actor, 0).state
    for i, move in enumerate(moves):
        turn = state.turn
        if turn is None or turn.colour is not move.colour or (move.kind is not None and turn.kind is not move.kind):
            expected = "nothing" if turn is None else f"{_LETTER[turn.colour]}{turn.kind.value}"
            raise EngineError("bad_scenario", Text(f"Coup {i + 1} ({tokens[i]}) : le tour attend {expected}.",
                                                   f"Move {i + 1} ({tokens[i]}): the turn expects {expected}."))
        pid = state.sides[move.colour].player_id
        raw = {"type": "forfeit"} if move.cell is None else {"type": "place", "cell": f"{move.cell[0]},{move.cell[1]}"}
        state = RULES.decide(state, COMMANDS.parse(raw), Actor.player(pid), 0).state
    return state


def token(colour: Colour, kind: Kind | None, cell: Cell | None) -> str:
    """A move as a scenario writes it: `vJ(7,2)`, or `f-` for a figurine given up."""
    if kind is None or cell is None:
        return f"{_LETTER[colour]}-"
    return f"{_LETTER[colour]}{kind.value}({cell[0]},{cell[1]})"


def from_log(events: Sequence[object]) -> dict[str, object]:
    """A played game as a scenario: its players, its deal (who began, first palais, every tile in the order
    turned) and its moves. `play(Deal(**deal), moves)` reaches the same board. Automatic forfeits (no legal
    cell) are not moves: the replay makes them again."""
    first: Colour | None = None
    palais: dict[Colour, int] = {}
    tiles: dict[Colour, list[int]] = {c: [] for c in COLOURS}
    moves: list[str] = []
    names: list[str] = []
    for e in events:
        if isinstance(e, PlayerJoined | BotAdded):
            names.append(e.name)
        elif isinstance(e, GameStarted):
            first = e.first
        elif isinstance(e, FirstPalaisPlaced):
            palais[e.colour] = e.number
        elif isinstance(e, TileTurned):
            tiles[e.colour].append(e.number)
        elif isinstance(e, PiecePlaced):
            moves.append(token(e.colour, e.kind, e.cell))
        elif isinstance(e, PieceForfeited) and e.reason == "declined":
            moves.append(token(e.colour, None, None))
    if first is None:
        return {"players": names, "deal": None, "moves": []}
    deal = Deal(first=first, palais=palais, tiles={c: tuple(t) for c, t in tiles.items()})
    return {"players": names, "deal": deal.model_dump(mode="json"), "moves": moves}


def render_board(state: State) -> str:
    """The board as the rulings draw it: `vJ`, `fTe`, `.`, `##`, with `~` water and `$` market marks."""
    lines = ["     " + "".join(f"c{c}".rjust(5) for c in range(N))]
    for r in range(N):
        cells = []
        for c in range(N):
            x = (r, c)
            if x in DEUX_ROIS:
                cells.append("##".rjust(5))
                continue
            piece = state.board.get(x)
            mark = "~" if x in WATER else "$" if x in MARKETS else ""
            body = "." if piece is None else f"{_LETTER[piece.colour]}{piece.kind.value}"
            cells.append((body + mark).rjust(5))
        lines.append(f"  r{r} " + "".join(cells))
    return "\n".join(lines)


def render_scores(state: State, lang: Lang = "en") -> str:
    out = []
    for colour, sc in scores(state.board).items():
        out.append(f"{colour.value} = {sc.total}")
        out += [f"  {line.code:8} {line.text(lang)}" for line in sc.lines]
    return "\n".join(out)
