"""What one viewer may know: plain JSON-able dicts, the only door for secrets.

Public: the seats, the boats (covered cards too: everyone saw them laid), the
cards revealed this tour de jeu, who is awaited, how many boats each player
took this manche (not which: F15), the scores, and the captures of scored
manches. Private to their owner: the hand, the hidden choice, the captures of
the manche in play. No view carries anybody else's private part.
"""

from __future__ import annotations

from typing import Any

from app.games.debarquement.boats import BOAT_NAMES, CAPTURE_AT, Boat, forced_boat, place, visible
from app.games.debarquement.rules import (
    check_choose_boat,
    check_join,
    check_leave,
    check_next_manche,
    check_play_card,
    check_start,
    pending_prompt,
    waiting_for,
)
from app.games.debarquement.scoring import Capture, boat_points, card_points, manche_points
from app.games.debarquement.state import MAX_PLAYERS, MIN_PLAYERS, Phase, State
from app.games.deuxrois.cards import CARDS, Colour
from app.kernel.text import EngineError, Text

View = dict[str, Any]

PHASE_NAMES: dict[Phase, Text] = {
    Phase.NEW: Text("partie inexistante", "no game"),
    Phase.LOBBY: Text("salle d'attente", "lobby"),
    Phase.CHOOSING: Text("choix des cartes", "choosing cards"),
    Phase.PLACING: Text("placement sur les bateaux", "placing on the boats"),
    Phase.SCORING: Text("décompte", "scoring"),
    Phase.MANCHE_OVER: Text("fin de manche", "end of the manche"),
    Phase.GAME_OVER: Text("fin de partie", "game over"),
}


def card_view(number: int) -> View:
    card = CARDS[number]
    effect = {Colour.GREEN: "double", Colour.ORANGE: "zero"}.get(card.colour)
    boat = forced_boat(number)
    return {
        "number": number,
        "name": {"fr": card.label("fr"), "en": card.label("en")},
        "colour": card.colour.value,
        "points": card_points(number),
        "effect": effect,  # green doubles its boat (F11), orange zeroes it (F12)
        "boat": boat.value if boat else None,  # None: the owner picks (F6, F7)
    }


def _capture_view(capture: Capture) -> View:
    return {
        "boat": capture.boat.value,
        "cards": [card_view(c) for c in capture.cards],
        "points": boat_points(capture.cards),
    }


def _boats(s: State) -> View:
    return {
        boat.value: {
            "name": BOAT_NAMES[boat].as_dict(),
            "stacks": [{"top": card_view(st[-1]), "covered": [card_view(c) for c in st[:-1]]}
                       for st in s.boats[boat]],
            "visible": visible(s.boats[boat]),
            "capture_at": CAPTURE_AT,
        }
        for boat in Boat
    }


def _players(s: State) -> list[View]:
    waiting = waiting_for(s)
    return [
        {
            "player_id": seat.player_id,
            "name": seat.name,
            "is_host": seat.player_id == s.host,
            "is_start_player": seat.player_id == s.start_player,
            "hand_size": len(s.hands.get(seat.player_id, ())),
            "has_chosen": seat.player_id in s.chosen,  # that someone chose is public, never what
            "boats_captured": len(s.captures.get(seat.player_id, ())),
            "total": s.totals.get(seat.player_id, 0),
            "awaited": seat.player_id in waiting,
        }
        for seat in s.seats
    ]


def _public(s: State) -> View:
    awaiting = s.awaiting_boat
    placed = len(s.revealed) - len(s.to_place)
    prompt = pending_prompt(s)
    return {
        "game": {
            "phase": s.phase.value,
            "phase_name": PHASE_NAMES[s.phase].as_dict(),
            "manche": s.manche,
            "turn": s.turn,  # "tour de jeu" (A5)
            "threshold": s.threshold,
            "quick": s.threshold == 30,  # "Conquête rapide" (F18)
            "max_manches": s.max_manches,
            "version": s.version,
            "min_players": MIN_PLAYERS,
            "max_players": MAX_PLAYERS,
        },
        "players": _players(s),
        "boats": _boats(s),
        # The latest reveal stays on show during the next choice, with who took which boat then.
        "last_reveal": None if not s.revealed else {
            "turn": s.turn - 1 if s.phase is Phase.CHOOSING else s.turn,
            "cards": [{"player_id": p, "card": card_view(c), "placed": i < placed}
                      for i, (c, p) in enumerate(s.revealed)],
            "captures": [{"player_id": p, "boat": b.value} for p, b in s.turn_captures],
        },
        "prompt": None if prompt is None else {
            "id": prompt.id, "kind": prompt.kind, "players": list(prompt.players), "seconds": prompt.seconds},
        "awaiting_boat": {"player_id": awaiting[1], "card": card_view(awaiting[0])} if awaiting else None,
        "waiting_for": list(waiting_for(s)),
        "pile_count": len(s.pile),
        "set_aside_count": len(s.set_aside),
        "scores": {
            "manches": [{"manche": i + 1, "points": dict(points)} for i, points in enumerate(s.manche_points)],
            "totals": dict(s.totals),
        },
        # Captures become public once their manche is scored (F15).
        "history": [
            {"manche": i + 1, "captures": {p: [_capture_view(c) for c in caps] for p, caps in manche.items()}}
            for i, manche in enumerate(s.history)
        ],
        "result": None if s.result is None else {
            "reason": s.result.reason, "losers": list(s.result.losers), "winners": list(s.result.winners)},
    }


def table_view(state: State) -> View:
    """The big screen: everything public, never a hand, a hidden choice or an unscored capture."""
    return _public(state)


def _action(kind: str, refusal: EngineError | None, **extra: Any) -> View:
    return {"type": kind, "available": refusal is None,
            "reason": None if refusal is None else refusal.message.as_dict(), **extra}


def _boat_options(s: State) -> list[View]:
    awaiting = s.awaiting_boat
    if awaiting is None:
        return []
    card = awaiting[0]
    return [{"boat": b.value, "would_capture": visible(place(s.boats[b], card)) >= CAPTURE_AT,
             "visible_after": visible(place(s.boats[b], card))} for b in Boat]


def legal_actions(s: State, player_id: str) -> list[View]:
    hand = s.hands.get(player_id, ())
    play = check_play_card(s, player_id)
    awaiting = s.awaiting_boat
    boat = check_choose_boat(s, player_id)
    return [
        _action("join", check_join(s, player_id)),
        _action("leave", check_leave(s, player_id)),
        _action("start", check_start(s, player_id), players=len(s.seats)),
        _action("play_card", play, cards=list(hand) if play is None else []),
        _action("choose_boat", boat, card=awaiting[0] if awaiting and boat is None else None,
                options=_boat_options(s) if boat is None else []),
        _action("next_manche", check_next_manche(s, player_id)),
    ]


def player_view(state: State, player_id: str) -> View:
    """One player's phone: the public view plus their own hand, choice and captures, and what they may do."""
    view = _public(state)
    seat = state.seat(player_id)
    if seat is None:
        view["me"] = None
    else:
        captures = state.captures.get(player_id, ())
        chosen = state.chosen.get(player_id)
        view["me"] = {
            "player_id": player_id,
            "name": seat.name,
            "is_host": player_id == state.host,
            "hand": [card_view(c) for c in state.hands.get(player_id, ())],
            "chosen": None if chosen is None else card_view(chosen),
            "captures": [_capture_view(c) for c in captures],
            "manche_points_so_far": manche_points(captures),
        }
    view["legal_actions"] = legal_actions(state, player_id)
    return view
