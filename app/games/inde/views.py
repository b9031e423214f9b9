"""What one viewer may know now: plain JSON-able dicts, the only door to the state.

Everything is open information except the order of the face-down tiles (A16),
and that order does not exist until a tile is turned (a seeded draw written
in its event). So the board, every turned tile, each side's figurines left,
the last action and the provisional score are public and identical in every
view. A seated phone adds `me`: its colour, the figurine it must place now,
its réserve of figurines, the legal cells (with the villages a tiger would
chase) and, for every other cell, the rule that forbids it. The screen and
the dashboard have `me: None`. Every seat's view has the same keys.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from app.games.inde.board import (
    ALL_CELLS,
    DEUX_ROIS,
    MARKETS,
    NUMBER_AT,
    WATER,
    Cell,
    cell_key,
    half,
    label,
    usable,
)
from app.games.inde.config import BOT_LEVELS
from app.games.inde.lobby import LEVEL_NAMES, SEATS, add_bot_refusal, join_refusal, lobby_seats
from app.games.inde.model import ACTIONS_EACH, PHASE_NAMES, State
from app.games.inde.pieces import A_KIND, COLOUR_NAMES, COLOURS, KIND_NAMES, KINDS, Colour, Kind, letter
from app.games.inde.placement import breaches_by_cell, place
from app.games.inde.push import Push
from app.games.inde.scoring import CODE_NAMES, CODES, Score, scores
from app.games.inde.setup import start_refusal
from app.games.inde.turns import bot_level, turn_refusal
from app.kernel.actions import LegalAction, Option
from app.kernel.actor import Actor
from app.kernel.text import EngineError, Text
from app.kernel.viewer import Viewer

View = dict[str, Any]


def cell_view(x: Cell) -> View:
    return {"key": cell_key(x), "row": x[0], "col": x[1], "label": label(x)}


def _push_view(move: Push) -> View:
    return {"from": cell_view(move[0]), "to": cell_view(move[1])}


def layout() -> list[View]:
    """The printed board (B1), the same for every game."""
    out = []
    for x in ALL_CELLS:
        number = NUMBER_AT.get(x)
        h = half(x)
        out.append({
            **cell_view(x),
            "usable": usable(x),
            "deux_rois": x in DEUX_ROIS,
            "water": x in WATER,
            "market": x in MARKETS,
            "number": None if number is None else {"colour": number[0].value, "n": number[1]},
            "half": None if h is None else h.value,
        })
    return out


LAYOUT = layout()
# The rulers along the board: a cell's name is its column letter and its row number (board.label).
AXES = {"cols": [{"col": c, "name": label((0, c))[0]} for c in range(9)],
        "rows": [{"row": r, "name": label((r, 0))[1:]} for r in range(9)]}


def _counts(kinds: list[Kind] | tuple[Kind, ...]) -> dict[str, int]:
    return {k.value: sum(1 for x in kinds if x is k) for k in KINDS}


def _players(s: State, board_scores: dict[Colour, Score]) -> list[View]:
    out = []
    for seat in s.seats:
        colour = s.colour_of(seat.player_id)
        side = s.sides[colour] if colour is not None else None
        out.append({
            "player_id": seat.player_id,
            "name": seat.name,
            "bot": seat.bot,
            "bot_name": None if seat.bot is None else LEVEL_NAMES[seat.bot].as_dict(),
            "colour": None if colour is None else colour.value,
            "colour_name": None if colour is None else COLOUR_NAMES[colour].as_dict(),
            "to_move": s.turn is not None and s.turn.colour is colour,
            "first": colour is not None and s.first is colour,
            "first_palais": None if side is None else side.first_palais,
            "tiles_left": 20 if side is None else len(side.tiles),
            "tiles_turned": [] if side is None else list(side.turned),
            "letters_left": _counts([] if side is None else [letter(n) for n in side.tiles]),
            "stock": {k.value: n for k, n in s.stock(colour).items()} if colour is not None else None,
            "lost": _counts([] if side is None else list(side.lost)),
            "villages_drawn": 0 if side is None else side.villages_drawn,
            "temple_due": side is not None and side.temple_due,
            "actions": 0 if side is None else side.actions,
            "actions_total": ACTIONS_EACH,
            "score": None if colour is None else board_scores[colour].total,
        })
    return out


def _turn(s: State) -> View | None:
    t = s.turn
    if t is None:
        return None
    seat = s.player_of(t.colour)
    return {
        "player_id": seat.player_id,
        "name": seat.name,
        "colour": t.colour.value,
        "kind": t.kind.value,
        "kind_name": KIND_NAMES[t.kind].as_dict(),
        "what": A_KIND[t.kind].as_dict(),
        "tile": t.tile,
        "temple": t.tile is None,
        "action": s.actions,
        "bot": bot_level(s) is not None,
    }


def _last(s: State) -> View | None:
    last = s.last
    if last is None:
        return None
    seat = s.player_of(last.colour)
    return {
        "player_id": seat.player_id,
        "name": seat.name,
        "colour": last.colour.value,
        "kind": last.kind.value,
        "kind_name": KIND_NAMES[last.kind].as_dict(),
        "what": A_KIND[last.kind].as_dict(),
        "other_name": s.name_of(last.colour.other),  # whose villages a tiger chased
        "cell": None if last.cell is None else cell_view(last.cell),
        "pushes": [_push_view(m) for m in last.pushes],
        "forfeit": last.forfeit,
        "by_bot": last.by_bot,
    }


def _scores(s: State, board_scores: dict[Colour, Score]) -> View:
    by_colour: View = {}
    if s.sides:
        for colour, sc in board_scores.items():
            by_colour[colour.value] = {
                "name": s.name_of(colour),
                "total": sc.total,
                "codes": sc.by_code(),
                "lines": [{"code": line.code, "points": line.points, "cells": [cell_key(x) for x in line.cells],
                           "text": line.text.as_dict()} for line in sc.lines],
            }
    return {
        "provisional": s.phase != "over",  # A58: only the end position counts
        "codes": [{"code": c, "name": CODE_NAMES[c].as_dict()} for c in CODES],
        "by_colour": by_colour,
    }


def _result(s: State) -> View | None:
    r = s.result
    if r is None:
        return None
    w = r.winner
    names = {c: s.name_of(c) for c in COLOURS}
    if w is None:
        text = Text(f"Match nul, {r.totals[Colour.VERT]} partout.", f"A draw, {r.totals[Colour.VERT]} all.")
    else:
        text = Text(f"{names[w]} gagne, {r.totals[w]} à {r.totals[w.other]}.",
                    f"{names[w]} wins, {r.totals[w]} to {r.totals[w.other]}.")
    return {
        "totals": {c.value: n for c, n in r.totals.items()},
        "winner": None if w is None else {"colour": w.value, "player_id": s.sides[w].player_id, "name": names[w]},
        "draw": w is None,
        "text": text.as_dict(),
    }


def public_view(s: State) -> View:
    board_scores = scores(s.board) if s.sides else {}
    return {
        "game": {
            "id": "inde",
            "phase": s.phase,
            "phase_name": PHASE_NAMES[s.phase].as_dict(),
            "version": s.version,
            "actions": s.actions,
            "actions_total": 2 * ACTIONS_EACH,
            "seats": SEATS,
            "first": None if s.first is None else s.first.value,
        },
        "players": _players(s, board_scores),
        "layout": LAYOUT,
        "axes": AXES,
        "pieces": [{**cell_view(x), "colour": p.colour.value, "kind": p.kind.value} for x, p in sorted(s.board.items())],
        "turn": _turn(s),
        "last": _last(s),
        "scores": _scores(s, board_scores),
        "result": _result(s),
        "feed": [t.as_dict() for t in s.feed],
    }


def _cells(s: State, colour: Colour) -> tuple[list[View], list[View]]:
    """The legal cells (with the villages a tiger there would chase) and why each other cell is not."""
    turn = s.turn
    if turn is None or turn.colour is not colour:
        return [], []
    legal: list[View] = []
    blocked: list[View] = []
    for x, why in breaches_by_cell(s.board, colour, turn.kind).items():
        if why is None:
            _, moves = place(s.board, colour, turn.kind, x)
            legal.append({**cell_view(x), "pushes": [_push_view(m) for m in moves]})
        else:
            blocked.append({**cell_view(x), **why.as_dict()})
    return legal, blocked


def seat_cells(s: State, pid: str | None) -> tuple[list[View], list[View]]:
    colour = s.colour_of(pid)
    return _cells(s, colour) if colour is not None else ([], [])


def me_view(s: State, pid: str, cells: tuple[list[View], list[View]]) -> View | None:
    seat = s.seat(pid)
    if seat is None:
        return None
    colour = s.colour_of(pid)
    my_turn = colour is not None and s.turn is not None and s.turn.colour is colour
    turn = s.turn if my_turn else None
    legal, blocked = cells
    side = s.sides.get(colour) if colour is not None else None
    return {
        "player_id": pid,
        "name": seat.name,
        "bot": seat.bot,
        "colour": None if colour is None else colour.value,
        "colour_name": None if colour is None else COLOUR_NAMES[colour].as_dict(),
        "orientation": (colour or Colour.VERT).value,  # whose half the phone draws at the bottom (A12)
        "my_turn": my_turn,
        "tile": None if turn is None else turn.tile,
        "kind": None if turn is None else turn.kind.value,
        "kind_name": None if turn is None else KIND_NAMES[turn.kind].as_dict(),
        "what": None if turn is None else A_KIND[turn.kind].as_dict(),
        "temple_turn": turn is not None and turn.tile is None,
        "stock": None if colour is None else {k.value: n for k, n in s.stock(colour).items()},
        "letters_left": _counts([] if side is None else [letter(n) for n in side.tiles]),
        "legal_cells": legal,
        "blocked": blocked,
    }


def _refusal(err: EngineError | None) -> tuple[bool, Text | None]:
    return (err is None, None if err is None else err.message)


def _act(kind: str, label_: Text, err: EngineError | None, **extra: Any) -> LegalAction:
    available, reason = _refusal(err)
    return LegalAction(type=kind, label=label_, available=available, reason=reason, **extra)


_LEVEL_OPTIONS = tuple(Option(value=lv, label=LEVEL_NAMES[lv]) for lv in BOT_LEVELS)
_BOT_OPTIONS = (Option(value="greedy", label=Text("Ordinateur fort", "Strong computer")),
                Option(value="facile", label=Text("Ordinateur facile", "Easy computer")))
_HAND_OVER = {"greedy": Text("L'ordinateur (fort)", "The computer (strong)"),
              "facile": Text("L'ordinateur (facile)", "The computer (easy)")}
_NOT_LOBBY = Text("Seulement dans le salon.", "Only in the lobby.")
_NO_SEAT = EngineError("no_seat", Text("Vous n'êtes pas assis.", "You have no seat."))
_BACK = Option(value=None, label=Text("Reprendre la main", "Play in person"))


def _seat_actions(s: State, pid: str | None) -> list[LegalAction]:
    """Who plays each seat, as this seated person may change it during the game (lobby.set_bot_refusal)."""
    out = []
    for seat in s.seats:
        mine = seat.player_id == pid
        levels = tuple(Option(value=lv, label=_HAND_OVER[lv]) for lv in BOT_LEVELS if lv != seat.bot)
        options = (*((_BACK,) if mine and seat.bot is not None else ()), *levels)
        if mine:
            label_ = (Text("Reprendre la main, ou changer son niveau", "Take it back, or change its level")
                      if seat.bot is not None
                      else Text("Laisser l'ordinateur jouer pour moi", "Let the computer play for me"))
        elif not seat.person:  # the computer's own seat: only its level changes
            levels = tuple(Option(value=lv, label=LEVEL_NAMES[lv]) for lv in BOT_LEVELS if lv != seat.bot)
            options = levels
            label_ = Text(f"Le niveau de {seat.name}", f"{seat.name}'s level")
        else:
            label_ = Text(f"Qui joue pour {seat.name} ?", f"Who plays for {seat.name}?")
        # Every option offered passes lobby.set_bot_refusal; what remains is the phase and the seat.
        err = (_NO_SEAT if s.seat(pid) is None else lobby_seats() if s.phase == "lobby"
               else EngineError("game_over", Text("La partie est terminée.", "The game is over.")) if s.phase == "over"
               else None)
        out.append(_act("set_bot", label_, err, input="pick_one", field="level",
                        fixed={"player_id": seat.player_id}, options=options, group="seats"))
    return out


def player_actions(s: State, pid: str | None, legal: list[View]) -> list[LegalAction]:
    seated = s.seat(pid) is not None
    not_lobby = EngineError("not_lobby", _NOT_LOBBY)
    leave_err = None if seated and s.phase == "lobby" else not_lobby if seated else _NO_SEAT
    bot_err = add_bot_refusal(s, Actor.player(pid or "")) if s.phase == "lobby" else not_lobby
    turn_err = turn_refusal(s, pid, None)
    if turn_err is not None:
        legal = []
    action = {"action": s.actions}
    bots = [seat for seat in s.seats if seat.bot is not None and not seat.person]
    remove_err = not_lobby if s.phase != "lobby" else None if bots else EngineError(
        "no_bot", Text("Aucun siège n'est à l'ordinateur.", "No seat is the computer's."))
    return [
        _act("join", Text("S'asseoir", "Take a seat"), join_refusal(s, pid, None), field="name"),
        _act("leave", Text("Quitter la table", "Leave the table"), leave_err),
        _act("add_bot", Text("Jouer contre l'ordinateur", "Play against the computer"), bot_err,
             input="pick_one", field="level", options=_BOT_OPTIONS),
        _act("remove_bot", Text("Retirer l'ordinateur", "Remove the computer"), remove_err, input="pick_one",
             field="player_id", options=tuple(Option(value=b.player_id, label=Text(b.name, b.name)) for b in bots)),
        _act("start", Text("Commencer la partie", "Start the game"),
             start_refusal(s) if seated else _NO_SEAT),
        _act("place", Text("Poser ici", "Place here"), turn_err, input="pick_one", field="cell", fixed=action,
             options=tuple(Option(value=c["key"], label=Text(c["label"], c["label"])) for c in legal),
             group="turn"),
        _act("forfeit", Text("Renoncer à cette figurine ?", "Give up this piece?"), turn_err, input="confirm",
             fixed=action, group="turn",
             options=(Option(value=None, label=Text("Oui, elle est perdue pour de bon", "Yes, it is lost for good")),)),
        *_seat_actions(s, pid),
    ]


def moderator_actions(s: State) -> list[LegalAction]:
    lobby_only = None if s.phase == "lobby" else EngineError(
        "not_lobby", Text("Seulement dans le salon.", "Only in the lobby."))
    bots = [seat for seat in s.seats if seat.bot is not None]
    out = [
        _act("start", Text("Commencer la partie", "Start the game"), start_refusal(s)),
        _act("add_bot", Text("Asseoir l'ordinateur", "Seat the computer"),
             lobby_only or add_bot_refusal(s, Actor.moderator()), input="pick_one", field="level",
             options=_LEVEL_OPTIONS),
        _act("remove_bot", Text("Retirer l'ordinateur", "Remove the computer"),
             lobby_only or (None if bots else EngineError("no_bot", Text("Aucun siège n'est à l'ordinateur.",
                                                                         "No seat is the computer's."))),
             input="pick_one", field="player_id",
             options=tuple(Option(value=b.player_id, label=Text(b.name, b.name)) for b in bots)),
    ]
    playing = s.phase in ("lobby", "play")
    for seat in s.seats:
        person = (Option(value=None, label=Text("en personne", "in person")),) if seat.person else ()
        options = tuple(o for o in (*_LEVEL_OPTIONS, *person) if o.value != seat.bot)
        out.append(_act("set_bot", Text(f"Qui joue pour {seat.name} ?", f"Who plays for {seat.name}?"),
                        None if playing else EngineError("game_over", Text("La partie est terminée.",
                                                                            "The game is over.")),
                        input="pick_one", field="level", fixed={"player_id": seat.player_id}, options=options,
                        group="seats"))
    return out


def view_for(state: State, viewer: Viewer, rebinds: Sequence[str] = ()) -> View:
    view = public_view(state)
    # New phones claiming a seat with its PIN: the other person at the table vouches for them.
    view["rebinds"] = [{"player_id": p, "name": seat.name} for p in rebinds
                       if viewer.kind == "player" and p != viewer.player_id and (seat := state.seat(p)) is not None
                       and state.seat(viewer.player_id) is not None]
    if viewer.kind == "player":
        cells = seat_cells(state, viewer.player_id)
        view["me"] = me_view(state, viewer.player_id, cells) if viewer.player_id else None
        actions = player_actions(state, viewer.player_id, cells[0])
    elif viewer.kind == "moderator":
        view["me"] = None
        actions = moderator_actions(state)
    else:
        view["me"] = None
        actions = []
    view["legal_actions"] = [a.model_dump(mode="json") for a in actions]
    return view
