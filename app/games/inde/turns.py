"""Turns in strict alternation (A20-A22): turn a tile or take a temple turn, place or forfeit, then the next.

After each action the game runs by itself until somebody must choose: the
next player's tile is turned (a seeded draw among his face-down tiles,
written in the event), or his temple turn begins (after his 2nd and 4th
village tiles, A19); a figurine with no legal cell is forfeited at once
(A18). After 44 actions the game ends and is scored.
"""

from __future__ import annotations

from dataclasses import replace

from app.games.inde import bot
from app.games.inde.board import Cell, label, parse_cell_key
from app.games.inde.commands import BotPlay, Forfeit, Place
from app.games.inde.events import GameEnded, PieceForfeited, PiecePlaced, Push, TempleTurn, TileTurned
from app.games.inde.model import Last, Result, State, Turn, with_feed
from app.games.inde.pieces import A_KIND, KIND_NAMES, Colour, Kind, letter
from app.games.inde.placement import apply_pushes, breach, legal_cells, place
from app.games.inde.position import Piece
from app.games.inde.scoring import scores, signed, winner
from app.kernel.actor import Actor, me
from app.kernel.rules import Rules, Tx, refuse
from app.kernel.text import EngineError, Text

VILLAGES_FOR_TEMPLE = (2, 4)


def next_tile(tx: Tx[State], colour: Colour) -> int:
    """The tile `colour` turns now: the deal's next one if fixed, else a seeded draw (A16)."""
    side = tx.state.sides[colour]
    deal = tx.state.config.deal
    if deal is not None:
        order = deal.tiles.get(colour, ())
        if len(side.turned) < len(order) and order[len(side.turned)] in side.tiles:
            return order[len(side.turned)]
    return tx.rng(f"tile:{colour}").choice(side.tiles)


def advance(tx: Tx[State]) -> None:
    """Begin the next turn that needs a choice, forfeiting pieces that have no cell; or end the game."""
    while True:
        s = tx.state
        if all(side.done for side in s.sides.values()):
            totals = {c: sc.total for c, sc in scores(s.board).items()}
            tx.emit(GameEnded(totals=totals, winner=winner(totals)))
            return
        colour = s.to_move
        assert colour is not None
        side = s.sides[colour]
        # Each side has exactly 22 actions in strict alternation (A19, A22): the mover always has one.
        assert not side.done, "a side with nothing left to do was asked to move"
        if side.temple_due:
            tx.emit(TempleTurn(colour=colour))
        else:
            n = next_tile(tx, colour)
            tx.emit(TileTurned(colour=colour, number=n, kind=letter(n)))
        turn = tx.state.turn
        assert turn is not None
        if legal_cells(tx.state.board, colour, turn.kind):
            return
        tx.emit(PieceForfeited(colour=colour, kind=turn.kind, reason="no_cell"))


def turn_refusal(state: State, pid: str | None, action: int | None) -> EngineError | None:
    """Why this player may not act now (None if it is his turn)."""
    if state.phase != "play" or state.turn is None:
        return refuse("no_turn", "Aucune pose n'est attendue maintenant.", "No placement is expected now.")
    colour = state.colour_of(pid)
    if colour is None:
        return refuse("not_playing", "Vous ne jouez pas dans cette partie.", "You are not playing in this game.")
    if state.turn.colour is not colour:
        other = state.name_of(state.turn.colour)
        return refuse("not_your_turn", f"C'est au tour de {other} : attendez le vôtre.",
                      f"It is {other}'s turn: wait for yours.")
    seat = state.seat(pid)
    if seat is not None and seat.bot is not None:
        return refuse("bot_seat", "L'ordinateur joue pour vous : touchez « Reprendre la main » d'abord.",
                      "The computer plays for you: tap “Play in person” first.")
    if action is not None and action != state.actions:
        return refuse("stale", "La partie a avancé entre-temps : regardez le plateau et rejouez.",
                      "The game moved on meanwhile: look at the board and play again.")
    return None


def _placed(tx: Tx[State], cell: Cell, by_bot: bool) -> None:
    s = tx.state
    assert s.turn is not None
    colour, kind = s.turn.colour, s.turn.kind
    refusal = breach(s.board, colour, kind, cell)
    if refusal is not None:
        raise refusal.error()
    _, moves = place(s.board, colour, kind, cell)
    tx.emit(PiecePlaced(colour=colour, kind=kind, cell=cell, by_bot=by_bot,
                        pushes=tuple(Push(source=a, target=b) for a, b in moves)))
    advance(tx)


def _forfeited(tx: Tx[State], by_bot: bool) -> None:
    turn = tx.state.turn
    assert turn is not None
    tx.emit(PieceForfeited(colour=turn.colour, kind=turn.kind, reason="declined", by_bot=by_bot))
    advance(tx)


def _after_action(s: State, colour: Colour, kind: Kind, last: Last) -> State:
    side = s.sides[colour]
    side = replace(side, actions=side.actions + 1)
    if kind is Kind.V:
        drawn = side.villages_drawn + 1
        side = replace(side, villages_drawn=drawn, temple_due=side.temple_due or drawn in VILLAGES_FOR_TEMPLE)
    return replace(s, sides={**s.sides, colour: side}, turn=None, to_move=colour.other,
                   actions=s.actions + 1, last=last)


def install(rules: Rules[State]) -> None:
    @rules.handles(Place, actors=("player",), phases=("play",))
    def _place(tx: Tx[State], cmd: Place, actor: Actor) -> None:
        refusal = turn_refusal(tx.state, me(actor), cmd.action)
        if refusal is not None:
            raise refusal
        _placed(tx, parse_cell_key(cmd.cell), by_bot=False)

    @rules.handles(Forfeit, actors=("player",), phases=("play",))
    def _forfeit(tx: Tx[State], cmd: Forfeit, actor: Actor) -> None:
        refusal = turn_refusal(tx.state, me(actor), cmd.action)
        if refusal is not None:
            raise refusal
        _forfeited(tx, by_bot=False)

    @rules.handles(BotPlay, actors=("system",), phases=("play",))
    def _bot_play(tx: Tx[State], cmd: BotPlay, actor: Actor) -> None:
        s = tx.state
        level = bot_level(s)
        if level is None or s.turn is None:
            raise refuse("not_bot_turn", "Ce n'est pas au tour de l'ordinateur.", "It is not the computer's turn.")
        if cmd.action != s.actions:
            raise refuse("stale_tick", "Ce coup de l'ordinateur a déjà été joué.", "That computer move was already played.")
        cell = bot.choose(s.board, s.turn.colour, s.turn.kind, level, tx.rng("bot"))
        if cell is None:
            _forfeited(tx, by_bot=True)
        else:
            _placed(tx, cell, by_bot=True)

    @rules.applies(TileTurned)
    def _tile(s: State, e: TileTurned) -> State:
        side = s.sides[e.colour]
        side = replace(side, tiles=tuple(n for n in side.tiles if n != e.number), turned=(*side.turned, e.number))
        s = replace(s, sides={**s.sides, e.colour: side}, turn=Turn(e.colour, e.kind, e.number, e.at_ms))
        name, kind = s.name_of(e.colour), KIND_NAMES[e.kind]
        return with_feed(s, Text(f"{name} retourne la tuile {e.number} : {kind.fr}.",
                                 f"{name} turns tile {e.number}: {kind.en}."))

    @rules.applies(TempleTurn)
    def _temple(s: State, e: TempleTurn) -> State:
        side = replace(s.sides[e.colour], temple_due=False)
        s = replace(s, sides={**s.sides, e.colour: side}, turn=Turn(e.colour, Kind.TE, None, e.at_ms))
        name = s.name_of(e.colour)
        return with_feed(s, Text(f"Tour de temple pour {name} (aucune tuile).",
                                 f"Temple turn for {name} (no tile)."))

    @rules.applies(PiecePlaced)
    def _placed_applier(s: State, e: PiecePlaced) -> State:
        board = {**s.board, e.cell: Piece(e.colour, e.kind)}
        board = apply_pushes(board, tuple((p.source, p.target) for p in e.pushes))
        last = Last(e.colour, e.kind, e.cell, tuple((p.source, p.target) for p in e.pushes), None, e.by_bot)
        name, what = s.name_of(e.colour), A_KIND[e.kind]
        lines = [Text(f"{name} pose {what.fr} en {label(e.cell)}.", f"{name} places {what.en} at {label(e.cell)}.")]
        for p in e.pushes:
            owner = s.name_of(e.colour.other)
            lines.append(Text(f"Le tigre chasse le village de {owner} de {label(p.source)} en {label(p.target)}.",
                              f"The tiger chases {owner}'s village from {label(p.source)} to {label(p.target)}."))
        return with_feed(_after_action(replace(s, board=board), e.colour, e.kind, last), *lines)

    @rules.applies(PieceForfeited)
    def _forfeit_applier(s: State, e: PieceForfeited) -> State:
        side = s.sides[e.colour]
        s = replace(s, sides={**s.sides, e.colour: replace(side, lost=(*side.lost, e.kind))})
        last = Last(e.colour, e.kind, None, (), e.reason, e.by_bot)
        name, what = s.name_of(e.colour), A_KIND[e.kind]
        if e.reason == "no_cell":
            line = Text(f"Aucune case possible : {name} perd {what.fr}.", f"No legal cell: {name} loses {what.en}.")
        else:
            line = Text(f"{name} renonce à {what.fr}, perdu pour de bon.", f"{name} gives up {what.en}, lost for good.")
        return with_feed(_after_action(s, e.colour, e.kind, last), line)

    @rules.applies(GameEnded)
    def _ended(s: State, e: GameEnded) -> State:
        s = replace(s, phase="over", turn=None, result=Result(dict(e.totals), e.winner))
        v, f = s.name_of(Colour.VERT), s.name_of(Colour.FUCHSIA)
        tv, tf = signed(e.totals[Colour.VERT]), signed(e.totals[Colour.FUCHSIA])
        if e.winner is None:
            end = Text("match nul", "a draw")
        else:
            w = s.name_of(e.winner)
            end = Text(f"{w} gagne", f"{w} wins")
        return with_feed(s, Text(f"Fin de la partie : {v} {tv}, {f} {tf} — {end.fr}.",
                                 f"Game over: {v} {tv}, {f} {tf} — {end.en}."))


def bot_level(state: State) -> str | None:
    """The computer's level if it plays the seat to move now, else None."""
    if state.phase != "play" or state.turn is None:
        return None
    seat = state.player_of(state.turn.colour)
    return seat.bot

