"""The game master's commands: pause, resume, and playing for an absent player (RS-71)."""

from __future__ import annotations

import pytest

from app.games.royal_secrets.config import RoyalSecretsConfig
from app.games.royal_secrets.faveurs import w2_current
from app.games.royal_secrets.state import State
from app.kernel.testing.folds import events_applied
from app.kernel.testing.playout import Stored
from royal_secrets.helpers import GAME, MOD, c, choose, give_faveur, refused, send, table


def test_pause_blocks_the_players_and_resume_lets_them_go_on() -> None:
    s = send(table(4), MOD, {"type": "mod_pause"})
    assert s.paused
    assert refused(s, "p1", {"type": "choose", "side": "roi"}) == "paused"
    assert refused(s, MOD, {"type": "mod_pause"}) == "paused"
    assert refused(s, MOD, {"type": "mod_play_for", "player_id": "p1"}) == "paused"
    s = send(s, MOD, {"type": "mod_resume"})
    assert not s.paused and refused(s, MOD, {"type": "mod_resume"}) == "not_paused"
    assert send(s, "p1", {"type": "choose", "side": "roi"}).rnd.positions == {"p1": "roi"}


def test_players_cannot_use_moderator_commands() -> None:
    assert refused(table(4), "p1", {"type": "mod_pause"}) == "not_allowed"
    assert refused(table(4), "p1", {"type": "mod_play_for", "player_id": "p1"}) == "not_allowed"


def test_rs_71_play_for_chooses_the_side_with_fewer_pawns_then_passes_to_the_right() -> None:
    s = send(table(4), "p1", {"type": "choose", "side": "roi"})
    s = send(s, "p1", {"type": "give_parole", "to": "p2"})
    s = send(s, MOD, {"type": "mod_play_for", "player_id": "p2"})
    assert s.rnd.positions["p2"] == "reine"
    s = send(s, MOD, {"type": "mod_play_for", "player_id": "p2"})
    assert s.tuile == "p3"
    assert "Le meneur de jeu joue pour Rouge." in [line.fr for line in s.feed]


def test_rs_71_play_for_bets_a_courtisan_0_face_down_first() -> None:
    s = choose(table(4), ("p1", "roi"), ("p2", "roi"), ("p3", "reine"), ("p4", "reine"))
    s = send(s, "p4", {"type": "give_parole", "to": "p1"})
    s = send(s, MOD, {"type": "mod_play_for", "player_id": "p1"})
    assert [(b.card, b.face) for b in s.rnd.bets] == [(c("p1", 0), "down")]


def test_rs_71_play_for_declines_secret_prompts() -> None:
    s = table(4, held={"p1": ["R6"]})
    s = send(s, MOD, {"type": "mod_play_for", "player_id": "p1"})
    assert s.phase == "choose" and not s.faveurs["p1"][0].used


def test_rs_71_play_for_passes_in_w2() -> None:
    s = give_faveur(table(4), "p1", "R4")
    while s.phase != "w2":
        s = send(s, MOD, {"type": "mod_play_for", "player_id": str(s.tuile)})
    assert s.rnd.positions == {"p1": "roi", "p2": "reine", "p3": "roi", "p4": "reine"}
    assert all(b.card.split("-")[1].startswith("0") for b in s.rnd.bets)
    assert w2_current(s) == "p1"
    s = send(s, MOD, {"type": "mod_play_for", "player_id": "p1"})
    assert s.rnd.number == 2 and not s.faveurs["p1"][0].used


@pytest.mark.parametrize(("player", "code"), [("p2", "not_awaited"), ("p9", "unknown_player")])
def test_play_for_refusals(player: str, code: str) -> None:
    assert refused(table(4), MOD, {"type": "mod_play_for", "player_id": player}) == code


def test_play_for_is_refused_in_the_lobby() -> None:
    s = GAME.replay([Stored(p, 0) for p in GAME.new_game(RoyalSecretsConfig(), 1, 0)])
    assert refused(s, MOD, {"type": "mod_play_for", "player_id": "p1"}) == "wrong_phase"


def test_undo_after_undo_replays_the_log_once() -> None:
    """An undo replays the log up to its step, undos before it included: replayed again for each, 30 undos
    would be 2**30 replays. The kernel keeps the states a log's undos return to as it folds it
    (Rules.folded_at). Counted in events applied, not timed."""
    state = table()
    start = state.version
    with events_applied(20_000):
        for _ in range(30):  # a choice, and the game master takes it back, again and again
            mark = state.version
            state = send(state, "p1", {"type": "choose", "side": "roi"})
            state = send(state, MOD, {"type": "mod_undo", "to_version": mark})
            state = send(state, MOD, {"type": "mod_resume"})
    assert state.rnd.positions == {} and state.version == start + 90
    with events_applied(20_000) as applied:
        assert state.history is not None and GAME.rules.fold(State(), state.history.events()) == state
    assert applied.count == state.version  # each event of the log once
