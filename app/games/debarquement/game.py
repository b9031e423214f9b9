"""The one gate: decide(state, command, actor) -> events, then the automatic steps that follow.

A command is checked (rules.py), turned into events, and the game then runs by
itself (reveal, placement of coloured cards, captures, the draw, scoring, the
end) until it needs somebody: a card choice, a boat choice or the next deal.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from app.games.debarquement.boats import CAPTURE_AT, DECK, Boat, boat_cards, forced_boat, place, visible
from app.games.debarquement.commands import (
    ChooseBoat,
    Command,
    Join,
    Leave,
    NextManche,
    PlayCard,
    Start,
    Tick,
    parse_command,
)
from app.games.debarquement.events import (
    BoatCaptured,
    CardChosen,
    CardPlaced,
    CardsRevealed,
    Event,
    GameCreated,
    GameEnded,
    How,
    MancheScored,
    MancheStarted,
    Play,
    PlayerJoined,
    PlayerLeft,
    TurnEnded,
)
from app.games.debarquement.rules import (
    check_choose_boat,
    check_join,
    check_leave,
    check_lock_lobby,
    check_next_manche,
    check_play_card,
    check_remove_seat,
    check_start,
    check_tick,
    waiting_for,
)
from app.games.debarquement.scoring import DEFAULT_MAX_MANCHES, THRESHOLDS, game_over, manche_points, result
from app.games.debarquement.state import HAND_SIZE, Phase, State, evolve
from app.kernel.actor import Actor
from app.kernel.names import clean_name
from app.kernel.seats import LobbyLocked, LockLobby, RemoveSeat, SeatRemoved
from app.kernel.text import EngineError, Text

MAX_MANCHES_LIMIT = 50
_COMMANDS = (Join, Leave, Start, PlayCard, ChooseBoat, NextManche, Tick, RemoveSeat, LockLobby)


def new_game(seed: int, threshold: int = 66, max_manches: int = DEFAULT_MAX_MANCHES) -> list[Event]:
    """The first event of a game: lobby open, nobody seated. threshold 30 is "Conquête rapide" (F18)."""
    if threshold not in THRESHOLDS:
        raise EngineError("bad_threshold", Text(f"Le seuil doit être 66 ou 30 (reçu : {threshold}).",
                                                f"The threshold must be 66 or 30 (got {threshold})."))
    if not 1 <= max_manches <= MAX_MANCHES_LIMIT:
        raise EngineError("bad_max_manches",
                          Text(f"Le nombre maximal de manches doit être entre 1 et {MAX_MANCHES_LIMIT}.",
                               f"The manche cap must be between 1 and {MAX_MANCHES_LIMIT}."))
    return [GameCreated(threshold=threshold, max_manches=max_manches, seed=seed)]


def decide(state: State, command: Command | Mapping[str, object], actor: Actor) -> list[Event]:
    """The events a command causes, follow-ups included; raises EngineError and changes nothing if refused."""
    cmd = command if isinstance(command, _COMMANDS) else parse_command(command)
    if isinstance(cmd, Tick):
        if actor.kind != "system":
            raise EngineError("system_only", Text("Seul le minuteur du serveur peut faire cela.",
                                                  "Only the server's timer can do that."))
        events = _tick(state, cmd)
    else:
        if actor.kind != "player" or not actor.player_id:
            raise EngineError("players_only", Text("Seul un joueur peut faire cela.", "Only a player can do that."))
        events = _player_command(state, cmd, actor.player_id)
    return _with_follow_ups(state, events)


def _raise_if(refusal: EngineError | None) -> None:
    if refusal is not None:
        raise refusal


def _player_command(s: State, cmd: Command, pid: str) -> list[Event]:
    match cmd:
        case Join():
            _raise_if(check_join(s, pid, cmd.name))
            return [PlayerJoined(player_id=pid, name=clean_name(cmd.name), age=cmd.age)]
        case Leave():
            _raise_if(check_leave(s, pid))
            return [PlayerLeft(player_id=pid)]
        case RemoveSeat():  # the lobby's door, run by the host (app/kernel/seats.py)
            _raise_if(check_remove_seat(s, pid, cmd.player_id))
            seat = s.seat(cmd.player_id)
            return [SeatRemoved(player_id=cmd.player_id, name=seat.name if seat else "")]
        case LockLobby():
            _raise_if(check_lock_lobby(s, pid, cmd.locked))
            return [LobbyLocked(locked=cmd.locked)]
        case Start():
            _raise_if(check_start(s, pid))
            return [_deal(s, 1, _first_start_player(s))]
        case PlayCard():
            _raise_if(check_play_card(s, pid, cmd.card))
            return [CardChosen(player_id=pid, card=cmd.card)]
        case ChooseBoat():
            _raise_if(check_choose_boat(s, pid))
            card, owner = s.to_place[0]
            return _placement(s, card, owner, cmd.boat, "choice")
        case NextManche():
            _raise_if(check_next_manche(s, pid))
            return [_next_deal(s)]
    raise EngineError("system_only", Text("Seul le minuteur du serveur peut faire cela.",
                                          "Only the server's timer can do that."))


def _tick(s: State, cmd: Tick) -> list[Event]:
    """Whoever the game waits for gets a seeded random choice, recorded in the event."""
    _raise_if(check_tick(s, cmd.prompt))
    rng = random.Random(f"debarquement:{s.seed}:timeout:{s.version}")
    if s.phase is Phase.CHOOSING:
        return [CardChosen(player_id=p, card=rng.choice(s.hands[p]), timeout=True) for p in waiting_for(s)]
    if (awaiting := s.awaiting_boat) is not None:
        card, owner = awaiting
        return _placement(s, card, owner, rng.choice(list(Boat)), "timeout")
    if s.phase is Phase.MANCHE_OVER:
        return [_next_deal(s)]
    raise EngineError("nothing_to_time_out", Text("Personne n'est attendu.", "Nobody is being waited for."))


def _first_start_player(s: State) -> str:
    """"Le joueur le plus proche de 66 ans commence" (L438, F3); without ages, the host; ties, seat order."""
    aged = [(abs(seat.age - 66), i) for i, seat in enumerate(s.seats) if seat.age is not None]
    return s.seats[min(aged)[1]].player_id if aged else s.seats[0].player_id


def _next_deal(s: State) -> MancheStarted:
    """A new manche: reshuffle all 50, the next player clockwise starts (F2)."""
    ids = s.player_ids
    start = ids[(ids.index(s.start_player or ids[0]) + 1) % len(ids)]
    return _deal(s, s.manche + 1, start)


def _deal(s: State, manche: int, start: str) -> MancheStarted:
    deck = list(DECK)
    random.Random(f"debarquement:{s.seed}:manche:{manche}").shuffle(deck)
    ids = s.player_ids
    order = ids[ids.index(start) :] + ids[: ids.index(start)]
    n = len(order)
    hands = {p: tuple(deck[i : n * HAND_SIZE : n]) for i, p in enumerate(order)}  # one at a time, round the table
    return MancheStarted(manche=manche, start_player=start, hands=hands, pile=tuple(deck[n * HAND_SIZE :]))


def _placement(s: State, card: int, owner: str, boat: Boat, how: How) -> list[Event]:
    """Lay one card; if it makes the 5th visible card, its owner takes the boat at once (F9, F23)."""
    events: list[Event] = [CardPlaced(player_id=owner, card=card, boat=boat, how=how)]
    after = place(s.boats[boat], card)
    if visible(after) >= CAPTURE_AT:
        events.append(BoatCaptured(player_id=owner, boat=boat, cards=boat_cards(after)))
    return events


def _with_follow_ups(state: State, events: list[Event]) -> list[Event]:
    out = list(events)
    for event in events:
        state = evolve(state, event)
    while more := _follow_ups(state):
        out.extend(more)
        for event in more:
            state = evolve(state, event)
    return out


def _follow_ups(s: State) -> list[Event]:
    if s.phase is Phase.CHOOSING and s.chosen and not waiting_for(s):
        plays = sorted((card, pid) for pid, card in s.chosen.items())  # ascending (F5)
        return [CardsRevealed(turn=s.turn, plays=tuple(Play(player_id=p, card=c) for c, p in plays))]
    if s.phase is Phase.PLACING:
        if s.to_place:
            card, owner = s.to_place[0]
            boat = forced_boat(card)
            return [] if boat is None else _placement(s, card, owner, boat, "colour")
        return [_draw(s)]
    if s.phase is Phase.SCORING:
        return [MancheScored(manche=s.manche, points={p: manche_points(s.captures[p]) for p in s.player_ids})]
    if s.phase is Phase.MANCHE_OVER and game_over(s.totals, s.threshold, s.manche, s.max_manches):
        losers, winners = result(s.totals, s.threshold)
        reason = "threshold" if max(s.totals.values()) >= s.threshold else "max_manches"
        return [GameEnded(reason=reason, losers=tuple(losers), winners=tuple(winners))]
    return []


def _draw(s: State) -> TurnEnded:
    """Everyone draws one, or, when the pile cannot serve everyone, nobody does and it is set aside (F10)."""
    ids = s.player_ids
    if len(s.pile) >= len(ids):
        return TurnEnded(drawn={p: s.pile[i] for i, p in enumerate(ids)})
    return TurnEnded(drawn={}, set_aside=s.pile)
