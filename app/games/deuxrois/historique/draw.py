"""The draw (rulings §5.1, E1, E2, E6): two secret numbers after the lock, their sum picks the event.

Window X opens the draw when Mode Historique is on: each général enters 1..14 (or asks
for a random one); a room without a général gets a seeded number at once; a missing
number is drawn from the seed after DRAW_S seconds (a timer `next_deadline` honours).
Window X is lengthened by DRAW_S so the departure powers keep their own 30 s.
The moderator may set the event himself (the only way to get event 1) or cancel it.
"""

from __future__ import annotations

from app.games.deuxrois import rounds
from app.games.deuxrois.deal import Room
from app.games.deuxrois.fold import Tx
from app.games.deuxrois.gate import ROUND, handles, me, refuse
from app.games.deuxrois.historique import exchange
from app.games.deuxrois.historique.catalogue import MAX_NUMBER, MIN_NUMBER
from app.games.deuxrois.historique.commands import HistoriqueNumber, ModHistoriqueCancel, ModHistoriquePick
from app.games.deuxrois.historique.effects import draw_of, fresh, ongoing
from app.games.deuxrois.historique.events import (
    HistoricalEventCancelled,
    HistoricalEventDrawn,
    HistoriqueNumberGiven,
)
from app.games.deuxrois.state import GameState
from app.kernel.actor import Actor

DRAW_S = 20


def draw_open(state: GameState) -> bool:
    return (state.config.historique and state.phase == "X" and state.paused_at_ms is None
            and state.round not in state.historique.draws)


def draw_deadline(state: GameState) -> int | None:
    """DRAW_S after window X opened: the phase deadline minus the departure window's own length."""
    if not draw_open(state) or state.deadline_ms is None:
        return None
    return state.deadline_ms - state.config.departure_s * 1000


def number_giver(state: GameState, pid: str) -> Room | None:
    """The room whose number `pid` gives: he is its sitting général, standing in it."""
    room = state.rooms.get(pid)
    return room if room is not None and state.generals.get(room) == pid else None


def _seconds(state: GameState, phase: str, round_no: int, seconds: int) -> int:
    return seconds + DRAW_S if phase == "X" and state.config.historique else seconds


def _random(tx: Tx, room: Room, how: str) -> None:
    number = tx.rng(f"historique-number:{room.value}").randint(MIN_NUMBER, MAX_NUMBER)
    tx.emit(HistoriqueNumberGiven(room=room, number=number, how=how))


def _resolve(tx: Tx) -> None:
    numbers = tx.state.historique.numbers
    a, b = numbers.get(Room.NORMANDIE), numbers.get(Room.ANGLETERRE)
    if a is None or b is None:
        return
    tx.emit(HistoricalEventDrawn(round=tx.state.round, number=a + b, a=a, b=b, source="sum"))
    exchange.on_drawn(tx)


def _react(tx: Tx) -> None:
    if not draw_open(tx.state):
        return
    for room in tx.state.iter_rooms():
        general = tx.state.generals.get(room)
        if room not in tx.state.historique.numbers and (general is None or tx.state.rooms.get(general) is not room):
            _random(tx, room, "no_general")  # E6: a room without a général gets a seeded number
    _resolve(tx)


def _fire(tx: Tx) -> None:
    for room in tx.state.iter_rooms():
        if room not in tx.state.historique.numbers:
            _random(tx, room, "timeout")
    _resolve(tx)


rounds.PHASE_SECONDS.append(_seconds)
rounds.REACTORS.append(_react)
rounds.TIMERS.append((draw_deadline, _fire))


@handles(HistoriqueNumber, actors=("player",), phases=("X",))
def _number(tx: Tx, cmd: HistoriqueNumber, actor: Actor) -> None:
    pid = me(actor)
    if not draw_open(tx.state):
        raise refuse("no_draw", "Aucun tirage d'événement n'est ouvert.", "No event draw is open.")
    room = number_giver(tx.state, pid)
    if room is None:
        raise refuse("not_general", "Seul le général donne un nombre.", "Only the général gives a number.")
    if room in tx.state.historique.numbers:
        raise refuse("number_given", "Votre nombre est déjà donné.", "Your number is already given.")
    if cmd.random:
        _random(tx, room, "random")
    elif cmd.number is None:
        raise refuse("no_number", "Choisissez un nombre entre 1 et 14.", "Choose a number from 1 to 14.")
    else:
        tx.emit(HistoriqueNumberGiven(room=room, number=cmd.number, how="general"))
    _resolve(tx)


@handles(ModHistoriquePick, actors=("moderator",), phases=("X", "A"))
def _pick(tx: Tx, cmd: ModHistoriquePick, actor: Actor) -> None:
    if not tx.state.config.historique:
        raise refuse("historique_off", "Le mode Historique n'est pas activé.", "Mode Historique is off.")
    numbers = tx.state.historique.numbers
    tx.emit(HistoricalEventDrawn(round=tx.state.round, number=cmd.number, a=numbers.get(Room.NORMANDIE),
                                 b=numbers.get(Room.ANGLETERRE), source="moderator"))
    exchange.on_drawn(tx)  # in window A the exchange parts are past: only the announcement part applies


@handles(ModHistoriqueCancel, actors=("moderator",), phases=ROUND)
def _cancel(tx: Tx, cmd: ModHistoriqueCancel, actor: Actor) -> None:
    if fresh(tx.state) is not None:
        tx.emit(HistoricalEventCancelled(round=tx.state.round))
    elif ongoing(tx.state) is not None and draw_of(tx.state, tx.state.round - 1) is not None:
        tx.emit(HistoricalEventCancelled(round=tx.state.round - 1))
    else:
        raise refuse("no_event", "Aucun événement en cours.", "No event in force.")
