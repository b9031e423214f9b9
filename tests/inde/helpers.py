"""Positions written as in the rulings (`vP(6,2) fJ(7,2)`), and tables driven through GAME's own door."""

from __future__ import annotations

import re
from typing import Any

import pytest

from app.games.inde import GAME
from app.games.inde.board import Cell
from app.games.inde.config import Deal, InDeConfig
from app.games.inde.model import State
from app.games.inde.pieces import Colour, Kind
from app.games.inde.position import Piece
from app.kernel.actor import Actor
from app.kernel.testing.playout import Stored
from app.kernel.text import EngineError
from app.kernel.viewer import Viewer

_TOKEN = re.compile(r"([vf])(Te|P|J|T|E|V)\((\d),\s*(\d)\)")
VERT, FUCHSIA = Colour.VERT, Colour.FUCHSIA
NAMES = ("Vera", "Faisal")  # p1 plays vert, p2 fuchsia


def spec(token: str) -> tuple[Colour, Kind, Cell]:
    m = _TOKEN.fullmatch(token.strip())
    assert m, f"bad token {token!r}"
    colour = VERT if m.group(1) == "v" else FUCHSIA
    return colour, Kind(m.group(2)), (int(m.group(3)), int(m.group(4)))


def pos(text: str) -> dict[Cell, Piece]:
    """`"vP(6,2) fJ(7,2)"` -> the position with those figurines."""
    board: dict[Cell, Piece] = {}
    for m in _TOKEN.finditer(text):
        colour, kind, cell = spec(m.group(0))
        assert cell not in board, f"two pieces on {cell}"
        board[cell] = Piece(colour, kind)
    return board


def mod() -> Actor:
    return Actor.moderator()


def player(pid: str) -> Actor:
    return Actor.player(pid)


def decide(state: State, raw: dict[str, Any], actor: Actor, at: int = 1_000) -> tuple[State, list[Any]]:
    d = GAME.decide(state, GAME.parse_command(raw), actor, at)
    return d.state, d.events


def act(state: State, pid: str, raw: dict[str, Any], at: int = 1_000) -> State:
    return decide(state, raw, player(pid), at)[0]


def refusal(state: State, actor: Actor, raw: dict[str, Any]) -> str:
    """The code of a refused command (and that it changed nothing)."""
    before = state
    with pytest.raises(EngineError) as err:
        GAME.decide(state, GAME.parse_command(raw), actor, 1_000)
    assert state is before and state == before
    return err.value.code


def created(config: InDeConfig | None = None, seed: int = 7) -> State:
    payloads = GAME.new_game(config or InDeConfig(), seed=seed, at=0)
    return GAME.replay([Stored(p, 0) for p in payloads])


def lobby(*names: str, config: InDeConfig | None = None, seed: int = 7) -> State:
    state = created(config, seed)
    for name in names:
        state = decide(state, {"type": "join", "name": name}, Actor("player", None))[0]
    return state


def started(config: InDeConfig | None = None, seed: int = 7, names: tuple[str, ...] = NAMES) -> State:
    state = lobby(*names, config=config, seed=seed)
    return decide(state, {"type": "start"}, mod())[0]


def deal_config(first: Colour, palais: dict[Colour, int], tiles: dict[Colour, tuple[int, ...]]) -> InDeConfig:
    return InDeConfig(deal=Deal(first=first, palais=palais, tiles=tiles))


def pid_of(state: State, colour: Colour) -> str:
    return state.sides[colour].player_id


def place(state: State, cell: Cell, at: int = 1_000) -> State:
    """The player to move places this turn's figurine at `cell`."""
    assert state.turn is not None
    return act(state, pid_of(state, state.turn.colour), {"type": "place", "cell": f"{cell[0]},{cell[1]}"}, at)


def forfeit(state: State) -> State:
    assert state.turn is not None
    return act(state, pid_of(state, state.turn.colour), {"type": "forfeit"})


def event_types(events: list[Any]) -> list[str]:
    return [e.type for e in events]


def first_legal(state: State) -> Cell | None:
    from app.games.inde.placement import legal_cells

    assert state.turn is not None
    cells = legal_cells(state.board, state.turn.colour, state.turn.kind)
    return cells[0] if cells else None


def play_to_end(state: State, log: list[Any] | None = None) -> State:
    """Both people place on their first legal cell until the end (events appended to `log`)."""
    while state.phase == "play":
        cell = first_legal(state)
        assert cell is not None  # a turn waiting for a choice always has a legal cell
        assert state.turn is not None
        state, events = decide(state, {"type": "place", "cell": f"{cell[0]},{cell[1]}"},
                               player(pid_of(state, state.turn.colour)))
        if log is not None:
            log.extend(events)
    return state


def _keys(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in _keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in _keys(v)}
    return set()


def _lists(value: Any) -> list[list[Any]]:
    if isinstance(value, dict):
        return [x for v in value.values() for x in _lists(v)]
    if isinstance(value, list):
        return [value, *(x for v in value for x in _lists(v))]
    return []


PRIVATE_KEYS = ("me", "legal_actions", "rebinds")  # rebinds: the new phones this seat may vouch for


def leaks(state: State, viewer: Viewer, view: dict[str, Any]) -> list[str]:
    """The hidden-information matrix (A16): only the face-down tiles' order is secret, and the seed that draws it.

    So: no view names the seed or lists a side's face-down tiles; the public
    part is the same for every viewer; `me` is the viewer's own seat only
    (None for the screen and the dashboard).
    """
    from app.games.inde.views import public_view

    found: list[str] = []
    if "seed" in _keys(view):
        found.append("the seed")
    for colour, side in state.sides.items():
        if len(side.tiles) > 1 and any(sorted(x) == sorted(side.tiles) for x in _lists(view)
                                       if all(isinstance(n, int) for n in x)):
            found.append(f"{colour}'s face-down tiles")
    public = {k: v for k, v in view.items() if k not in PRIVATE_KEYS}
    if public != public_view(state):
        found.append("a public part that differs between viewers")
    me = view.get("me")
    if viewer.kind != "player" and me is not None:
        found.append(f"a seat's private part on the {viewer.kind}")
    if viewer.kind == "player" and me is not None and me["player_id"] != viewer.player_id:
        found.append(f"seat {me['player_id']}'s private part")
    if viewer.kind == "screen" and view["legal_actions"]:
        found.append("actions on the screen")
    return found
