"""Set-up, the turn flow, temple turns, forfeits, the end (A14-A22, T-X2, T-X3) and the refusals."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from app.games.inde import GAME
from app.games.inde.board import NUMBERS, half
from app.games.inde.config import InDeConfig
from app.games.inde.events import (
    FirstPalaisPlaced,
    GameEnded,
    GameStarted,
    PieceForfeited,
    PiecePlaced,
    TempleTurn,
    TileTurned,
)
from app.games.inde.pieces import Colour, Kind, letter
from app.games.inde.scoring import scores
from app.kernel.actor import Actor
from app.kernel.testing.playout import Stored
from inde.helpers import (
    FUCHSIA,
    VERT,
    act,
    deal_config,
    decide,
    first_legal,
    forfeit,
    lobby,
    mod,
    pid_of,
    place,
    play_to_end,
    player,
    refusal,
    started,
)


def test_a15_each_first_palais_stands_on_its_drawn_number_in_its_own_half() -> None:
    for seed in range(12):
        state, events = decide(lobby("Vera", "Faisal", seed=seed), {"type": "start"}, mod())
        firsts = [e for e in events if isinstance(e, FirstPalaisPlaced)]
        assert [e.colour for e in firsts] == [state.first, state.first.other]  # type: ignore[union-attr]
        for e in firsts:
            assert e.cell == NUMBERS[e.colour][e.number] and half(e.cell) is e.colour
            assert state.board[e.cell] == (e.colour, Kind.P)
            assert state.sides[e.colour].first_palais == e.number
        assert len(state.board) == 2


def test_a14_the_first_player_is_drawn_or_set() -> None:
    drawn = {started(seed=seed).first for seed in range(20)}
    assert drawn == {VERT, FUCHSIA}
    assert started(InDeConfig(first="fuchsia")).first is FUCHSIA
    assert started(InDeConfig(first="vert")).to_move is VERT


def test_colours_follow_seat_order_and_the_first_player_turns_a_tile_at_once() -> None:
    state, events = decide(lobby("Vera", "Faisal"), {"type": "start"}, mod())
    assert [type(e) for e in events][:3] == [GameStarted, FirstPalaisPlaced, FirstPalaisPlaced]
    assert isinstance(events[-1], TileTurned) and events[-1].colour is state.first
    assert pid_of(state, VERT) == "p1" and pid_of(state, FUCHSIA) == "p2"
    assert state.turn is not None and state.turn.kind is letter(state.turn.tile or 0)
    # The first palais's tile went back: 20 tiles each, one of them now turned (L39-42).
    assert len(state.sides[state.first].tiles) == 19 and len(state.sides[state.first.other].tiles) == 20


def test_t_x2_a_whole_game_22_actions_each_temples_right_after_the_2nd_and_4th_village_tiles() -> None:
    for seed in range(6):
        state, log = decide(lobby("Vera", "Faisal", seed=seed), {"type": "start"}, mod())
        state = play_to_end(state, log)
        assert state.phase == "over" and state.actions == 44
        for colour in (VERT, FUCHSIA):
            mine = [e for e in log if getattr(e, "colour", None) is colour
                    and isinstance(e, TileTurned | TempleTurn | PiecePlaced | PieceForfeited)]
            starts = [e for e in mine if isinstance(e, TileTurned | TempleTurn)]
            ends = [e for e in mine if isinstance(e, PiecePlaced | PieceForfeited)]
            assert len(starts) == len(ends) == 22
            assert sum(isinstance(e, TileTurned) for e in starts) == 20
            villages = 0
            for i, e in enumerate(starts):
                if isinstance(e, TempleTurn):
                    assert villages in (2, 4) and isinstance(starts[i - 1], TileTurned)
                    assert starts[i - 1].kind is Kind.V  # type: ignore[union-attr]
                elif e.kind is Kind.V:
                    villages += 1
                    after = starts[i + 1] if i + 1 < len(starts) else None
                    assert isinstance(after, TempleTurn) == (villages in (2, 4)), (seed, i)
        # Strict alternation: every action alternates colours (A20).
        colours = [e.colour for e in log if isinstance(e, PiecePlaced | PieceForfeited)]
        assert all(a is not b for a, b in itertools.pairwise(colours))
        assert isinstance(log[-1], GameEnded)


def test_t_x3_a_forfeited_2nd_village_still_brings_the_temple_turn() -> None:
    config = deal_config(VERT, {VERT: 9, FUCHSIA: 17}, {VERT: (17, 18), FUCHSIA: (1, 2)})
    state = started(config)
    state = place(state, (8, 2))  # vV: 2 from vP(6,2)
    state = place(state, first_legal(state) or (0, 0))  # fuchsia's jardin
    assert state.turn is not None and state.turn.kind is Kind.V
    state = forfeit(state)  # the 2nd village tile, forfeited
    assert state.sides[VERT].villages_drawn == 2 and state.sides[VERT].lost == (Kind.V,)
    state = place(state, first_legal(state) or (0, 0))
    assert state.turn is not None and state.turn.colour is VERT and state.turn.kind is Kind.TE
    assert state.turn.tile is None and len(state.sides[VERT].tiles) == 18  # no tile turned


def test_a18_a_temple_with_no_legal_cell_is_forfeited_at_once() -> None:
    config = deal_config(VERT, {VERT: 9, FUCHSIA: 17}, {VERT: (17, 18), FUCHSIA: (1, 2)})
    state = forfeit(started(config))  # 1st village lost
    state = place(state, first_legal(state) or (0, 0))
    state = forfeit(state)  # 2nd village lost: no friendly village for the temple
    cell = first_legal(state) or (0, 0)
    state, events = decide(state, {"type": "place", "cell": f"{cell[0]},{cell[1]}"}, player(pid_of(state, FUCHSIA)))
    assert [type(e) for e in events][:3] == [PiecePlaced, TempleTurn, PieceForfeited]
    forfeited = [e for e in events if isinstance(e, PieceForfeited)]
    assert [(e.colour, e.kind, e.reason) for e in forfeited] == [(VERT, Kind.TE, "no_cell")]
    assert isinstance(events[-1], TileTurned) and events[-1].colour is FUCHSIA
    assert state.sides[VERT].lost == (Kind.V, Kind.V, Kind.TE) and state.sides[VERT].actions == 3
    assert "Aucune case possible" in " ".join(t.fr for t in state.feed)


def test_a21_a_temple_due_after_the_last_tile_is_still_played() -> None:
    order = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20)
    config = deal_config(VERT, {VERT: 9, FUCHSIA: 17}, {VERT: order, FUCHSIA: order})
    state, log = decide(lobby("Vera", "Faisal", config=config), {"type": "start"}, mod())
    state = play_to_end(state, log)
    vert = [e for e in log if isinstance(e, TileTurned | TempleTurn) and e.colour is VERT]
    assert isinstance(vert[-1], TempleTurn) and isinstance(vert[-2], TileTurned) and vert[-2].number == 20
    assert state.sides[VERT].actions == state.sides[FUCHSIA].actions == 22
    ends = [e for e in log if isinstance(e, PiecePlaced | PieceForfeited)]
    assert ends[-1].colour is FUCHSIA and ends[-1].kind is Kind.TE  # the second player makes action 44


def test_a22_the_end_is_scored_and_replay_gives_the_same_state() -> None:
    log: list[Any] = []
    state = play_to_end(started(seed=3), log)
    end = log[-1]
    assert isinstance(end, GameEnded) and state.result is not None
    assert state.result.totals == end.totals and state.result.winner == end.winner
    assert end.totals == {c: s.total for c, s in scores(state.board).items()}
    assert state.turn is None and GAME.over(state)


def test_a_refused_placement_names_its_rule_and_changes_nothing() -> None:
    state = started(deal_config(VERT, {VERT: 9, FUCHSIA: 17}, {VERT: (8,)}))  # vert must place a palais
    assert state.turn is not None and state.turn.kind is Kind.P
    vert = player(pid_of(state, VERT))
    assert refusal(state, vert, {"type": "place", "cell": "6,3"}) == "rule_P3"
    assert refusal(state, vert, {"type": "place", "cell": "6,6"}) == "rule_P1"
    assert refusal(state, vert, {"type": "place", "cell": "6,2"}) == "rule_A11"
    assert refusal(state, vert, {"type": "place", "cell": "4,0"}) == "rule_A11"
    assert refusal(state, vert, {"type": "place", "cell": "9,0"}) == "bad_command"
    assert refusal(state, vert, {"type": "place", "cell": "6,4", "action": 5}) == "stale"
    assert refusal(state, player(pid_of(state, FUCHSIA)), {"type": "place", "cell": "2,2"}) == "not_your_turn"
    assert refusal(state, player(pid_of(state, FUCHSIA)), {"type": "forfeit"}) == "not_your_turn"
    assert refusal(state, mod(), {"type": "place", "cell": "6,4"}) == "not_allowed"
    assert refusal(state, Actor.player("p9"), {"type": "place", "cell": "6,4"}) == "no_seat"
    assert refusal(state, Actor.system(), {"type": "bot_play", "action": 0}) == "not_bot_turn"
    state = act(state, pid_of(state, VERT), {"type": "place", "cell": "6,4", "action": 0})
    assert state.board[(6, 4)] == (VERT, Kind.P)


@pytest.mark.parametrize(("raw", "code"), [
    ({"type": "join", "name": "Zoé"}, "wrong_phase"),
    ({"type": "leave"}, "wrong_phase"),
    ({"type": "start"}, "wrong_phase"),
    ({"type": "add_bot"}, "wrong_phase"),
])
def test_lobby_commands_are_refused_once_playing(raw: dict[str, Any], code: str) -> None:
    state = started()
    actor = mod() if raw["type"] in ("start", "add_bot") else player("p1")
    assert refusal(state, actor, raw) == code


def test_nothing_is_accepted_after_the_end() -> None:
    state = play_to_end(started())
    assert refusal(state, player("p1"), {"type": "forfeit"}) == "game_over"
    assert refusal(state, mod(), {"type": "set_bot", "player_id": "p1", "level": "greedy"}) == "game_over"


def test_the_log_replays_to_the_same_state_with_the_same_tiles() -> None:
    state = created = GAME.replay([Stored(p, 0) for p in GAME.new_game(InDeConfig(), seed=11, at=0)])
    events: list[Any] = []
    for raw, actor in [({"type": "join", "name": "Vera"}, Actor("player", None)),
                       ({"type": "join", "name": "Faisal"}, Actor("player", None)),
                       ({"type": "start"}, mod())]:
        state, more = decide(state, raw, actor)
        events += more
    state = play_to_end(state, events)
    log = [Stored(p, 0) for p in GAME.new_game(InDeConfig(), seed=11, at=0)]
    log += [Stored(GAME.event_to_json(e), 5) for e in events]
    replayed = GAME.replay(log)
    assert replayed == state and replayed is not created
    assert [replayed.sides[c].turned for c in Colour] == [state.sides[c].turned for c in Colour]
