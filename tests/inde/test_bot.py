"""The computer opponent: pure, seeded, legal, greedy on the score; and played by the system's timer."""

from __future__ import annotations

import random

from app.games.inde import GAME, bot
from app.games.inde.config import InDeConfig
from app.games.inde.events import PieceForfeited, PiecePlaced
from app.games.inde.model import State
from app.games.inde.pieces import KINDS, Kind
from app.games.inde.placement import legal_cells
from app.kernel.actor import Actor
from inde.helpers import FUCHSIA, VERT, created, deal_config, decide, mod, pid_of, player, pos, refusal


def test_the_bot_is_deterministic_for_a_seed_and_plays_only_legal_cells() -> None:
    board = pos("vP(6,2) fP(1,4) vJ(7,2) fV(3,3) vJ(8,1) fV(3,5)")
    for level in ("greedy", "facile"):
        for colour in (VERT, FUCHSIA):
            for kind in KINDS:
                picks = {bot.choose(board, colour, kind, level, random.Random(9)) for _ in range(3)}
                assert len(picks) == 1
                pick = picks.pop()
                cells = legal_cells(board, colour, kind)
                assert pick in cells or (pick is None and (not cells or level == "greedy"))


def test_the_greedy_bot_takes_the_best_scoring_cell() -> None:
    # vP(7,3): a garden at (8,3) is a domain on water (+3); every other side gives +2.
    assert bot.choose(pos("vP(7,3) fP(1,4)"), VERT, Kind.J, "greedy", random.Random(1)) == (8, 3)


def test_the_greedy_bot_forfeits_a_piece_that_can_only_lose_points() -> None:
    # The temple's only cells touch the bot's own palais: +1 (V/Te+) -2 (P/Te-).
    board = pos("vV(8,0) vP(7,2) fJ(7,0) fP(1,4)")
    assert legal_cells(board, VERT, Kind.TE) == [(7, 1), (8, 1)]
    assert bot.choose(board, VERT, Kind.TE, "greedy", random.Random(1)) is None
    assert bot.choose(board, VERT, Kind.TE, "facile", random.Random(1)) in [(7, 1), (8, 1)]


def _against_the_bot(delay: int = 1200) -> State:
    state = decide(created(InDeConfig(bot_delay_ms=delay, first="fuchsia")), {"type": "join", "name": "Vera"},
                   Actor("player", None))[0]
    state = decide(state, {"type": "add_bot"}, player("p1"))[0]
    return decide(state, {"type": "start"}, mod(), at=50_000)[0]


def test_the_system_plays_the_bots_seat_when_its_timer_ends() -> None:
    state = _against_the_bot()
    assert state.turn is not None and state.turn.colour is FUCHSIA
    assert GAME.next_deadline(state) == 51_200
    tick = GAME.tick_command(state)
    assert tick == {"type": "bot_play", "action": 0}
    after, events = decide(state, tick, Actor.system(), at=51_200)
    assert isinstance(events[0], PiecePlaced | PieceForfeited) and events[0].by_bot
    assert after.turn is not None and after.turn.colour is VERT and GAME.next_deadline(after) is None
    assert GAME.tick_command(after) == {}
    assert refusal(after, Actor.system(), tick) == "not_bot_turn"
    assert refusal(after, player("p1"), {"type": "bot_play", "action": 1}) == "not_allowed"


def test_a_late_tick_for_an_action_already_played_is_refused() -> None:
    state = _against_the_bot()
    tick = GAME.tick_command(state)
    once = decide(state, tick, Actor.system())[0]
    assert once.turn is not None
    cell = legal_cells(once.board, VERT, once.turn.kind)[0]
    twice = decide(once, {"type": "place", "cell": f"{cell[0]},{cell[1]}"}, player("p1"))[0]
    assert GAME.tick_command(twice) == {"type": "bot_play", "action": 2}
    assert refusal(twice, Actor.system(), tick) == "stale_tick"


def test_a_person_cannot_move_for_a_seat_the_computer_plays() -> None:
    config = deal_config(VERT, {VERT: 9, FUCHSIA: 17}, {})
    state = decide(created(config), {"type": "join", "name": "Vera"}, Actor("player", None))[0]
    state = decide(state, {"type": "join", "name": "Faisal"}, Actor("player", None))[0]
    state = decide(state, {"type": "start"}, mod())[0]
    state = decide(state, {"type": "set_bot", "player_id": "p1", "level": "greedy"}, mod())[0]
    assert refusal(state, player("p1"), {"type": "forfeit"}) == "bot_seat"
    assert GAME.next_deadline(state) is not None
    state = decide(state, GAME.tick_command(state), Actor.system())[0]
    assert state.turn is not None and state.turn.colour is FUCHSIA and pid_of(state, FUCHSIA) == "p2"


def test_bot_against_bot_plays_a_whole_game_through_the_timer() -> None:
    state = decide(created(InDeConfig(bot_delay_ms=0)), {"type": "add_bot"}, mod())[0]
    state = decide(state, {"type": "add_bot", "level": "facile"}, mod())[0]
    state = decide(state, {"type": "start"}, mod())[0]
    ticks = 0
    while not GAME.over(state):
        deadline = GAME.next_deadline(state)
        assert deadline is not None
        state = decide(state, GAME.tick_command(state), Actor.system(), at=deadline)[0]
        ticks += 1
    assert state.actions == 44 and ticks <= 44 and state.result is not None
