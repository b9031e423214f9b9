"""Start: colours by seat order, the first player drawn (A14), each first palais on its drawn number (A15)."""

from __future__ import annotations

from dataclasses import replace

from app.games.inde import turns
from app.games.inde.board import NUMBERS, label
from app.games.inde.commands import Start
from app.games.inde.events import FirstPalaisPlaced, GameStarted
from app.games.inde.lobby import SEATS
from app.games.inde.model import Side, State, with_feed
from app.games.inde.pieces import COLOURS, TILE_NUMBERS, Colour, Kind
from app.games.inde.position import Piece
from app.kernel.actor import Actor
from app.kernel.rules import Rules, Tx, refuse
from app.kernel.text import EngineError, Text


def start_refusal(state: State) -> EngineError | None:
    if state.phase != "lobby":
        return refuse("not_lobby", "La partie a déjà commencé.", "The game has already started.")
    if len(state.seats) != SEATS:
        return refuse("need_two", "Il faut deux joueurs (ou un joueur et l'ordinateur) pour commencer.",
                      "Two players (or one player and the computer) are needed to start.")
    return None


def first_player(tx: Tx[State]) -> Colour:
    config = tx.state.config
    if config.deal is not None:
        return config.deal.first
    if config.first != "random":
        return Colour(config.first)
    return tx.rng("first_player").choice(COLOURS)


def first_palais_number(tx: Tx[State], colour: Colour) -> int:
    deal = tx.state.config.deal
    if deal is not None and colour in deal.palais:
        return deal.palais[colour]
    return tx.rng(f"first_palais:{colour}").choice(TILE_NUMBERS)


def install(rules: Rules[State]) -> None:
    # No dashboard (docs/games/inde.md): either seated person starts; a moderator actor still may (scripts).
    @rules.handles(Start, actors=("moderator", "player"), phases=("lobby",))
    def _start(tx: Tx[State], cmd: Start, actor: Actor) -> None:
        refusal = start_refusal(tx.state)
        if refusal is not None:
            raise refusal
        first = first_player(tx)
        tx.emit(GameStarted(vert=tx.state.seats[0].player_id, fuchsia=tx.state.seats[1].player_id, first=first))
        for colour in (first, first.other):
            n = first_palais_number(tx, colour)
            tx.emit(FirstPalaisPlaced(colour=colour, number=n, cell=NUMBERS[colour][n]))
        turns.advance(tx)

    @rules.applies(GameStarted)
    def _started(s: State, e: GameStarted) -> State:
        sides = {Colour.VERT: Side(e.vert), Colour.FUCHSIA: Side(e.fuchsia)}
        s = replace(s, phase="play", sides=sides, first=e.first, to_move=e.first)
        names = {c: s.name_of(c) for c in COLOURS}
        v, f, first = names[Colour.VERT], names[Colour.FUCHSIA], names[e.first]
        return with_feed(s, Text(f"La partie commence : {v} joue vert, {f} fuchsia ; {first} commence.",
                                 f"The game begins: {v} plays green, {f} fuchsia; {first} goes first."))

    @rules.applies(FirstPalaisPlaced)
    def _first_palais(s: State, e: FirstPalaisPlaced) -> State:
        board = {**s.board, e.cell: Piece(e.colour, Kind.P)}
        sides = {**s.sides, e.colour: replace(s.sides[e.colour], first_palais=e.number)}
        s = replace(s, board=board, sides=sides)
        name = s.name_of(e.colour)
        return with_feed(s, Text(f"{name} tire le {e.number} : premier palais en {label(e.cell)}.",
                                 f"{name} draws {e.number}: first palace at {label(e.cell)}."))
