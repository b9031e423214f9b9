"""Moderator commands as events: move, général, timers, pause, skip, notes, and undo (Reverted)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from play_helpers import A, Game, N, table

from app.games.deuxrois.game import next_deadline, replay
from app.games.deuxrois.state import GameState
from app.kernel.testing.folds import events_applied

NORTH = (1, 3, 4, 7, 9)


def game10() -> Game:
    return table(10, normandie=NORTH)


def without_bookkeeping(state: GameState, like: GameState) -> GameState:
    """`state` with the fields a revert keeps from the present set to those of `like`."""
    return replace(state, version=like.version, history=like.history, notes=like.notes, reverts=like.reverts,
                   paused_at_ms=like.paused_at_ms)


@pytest.mark.parametrize("command", [
    {"type": "mod_move", "player": "p1", "room": "angleterre"},
    {"type": "mod_set_general", "room": "normandie", "player": "p1"},
    {"type": "mod_timer", "mode": "extend", "seconds": 30},
    {"type": "mod_pause"}, {"type": "mod_advance"}, {"type": "mod_undo", "to_version": 3},
    {"type": "mod_note", "text": "x"},
])
def test_moderator_commands_are_refused_to_players(command: dict[str, object]) -> None:
    game = game10()
    assert game.refused("p1", command).code == "not_allowed"


def test_mod_move_updates_the_room() -> None:
    game = game10()
    guillaume = game.pid("guillaume")
    game.do("moderator", {"type": "mod_move", "player": guillaume, "room": "angleterre"})
    assert game.room(guillaume) is A
    assert game.refused("moderator", {"type": "mod_move", "player": guillaume, "room": "angleterre"}).code == \
        "same_room"


def test_mod_set_general_needs_the_player_in_the_room() -> None:
    game = game10()
    assert game.refused("moderator", {"type": "mod_set_general", "room": "normandie",
                                      "player": game.pid("harold")}).code == "not_in_room"
    game.do("moderator", {"type": "mod_set_general", "room": "angleterre", "player": game.pid("harold")})
    assert game.state.generals[A] == game.pid("harold")
    game.do("moderator", {"type": "mod_set_general", "room": "angleterre", "player": None})
    assert game.state.generals[A] is None


def test_mod_timer_extend_and_set() -> None:
    game = game10()
    game.do("moderator", {"type": "mod_timer", "mode": "extend", "seconds": 60})
    assert next_deadline(game.state) == 360_000
    game.now = 10_000
    game.do("moderator", {"type": "mod_timer", "mode": "set", "seconds": 5})
    assert next_deadline(game.state) == 15_000


def test_pause_refuses_players_stops_timers_and_resume_shifts_deadlines() -> None:
    game = game10()
    game.now = 100_000
    game.do("moderator", {"type": "mod_pause"})
    assert next_deadline(game.state) is None
    assert game.refused(game.pid("guillaume"), {"type": "reveal_public"}).code == "paused"
    assert game.refused("system", {"type": "tick"}).code == "paused"
    assert game.refused("moderator", {"type": "mod_pause"}).code == "already_paused"
    game.now = 160_000
    game.do("moderator", {"type": "mod_resume"})
    assert next_deadline(game.state) == 360_000  # 200 s were left when paused


def test_mod_advance_skips_the_phase_and_an_election_skip_has_no_runoff() -> None:
    game = game10()
    game.do("moderator", {"type": "mod_advance"})
    assert game.state.phase == "E"
    for voter, candidate in (("guillaume", "espion"), ("espion", "guillaume")):
        game.do(game.pid(voter), {"type": "vote", "candidate": game.pid(candidate)})
    game.do("moderator", {"type": "mod_advance"})
    assert game.state.phase == "D" and game.state.generals[N] in (game.pid("guillaume"), game.pid("espion"))
    assert not any(e.type == "runoff_started" for e in game.log)


def test_notes_are_recorded_with_their_version() -> None:
    game = game10()
    game.do("moderator", {"type": "mod_note", "text": "Bob a montré sa carte à la main : annulé."})
    assert game.state.notes == ((game.state.version, "Bob a montré sa carte à la main : annulé."),)


def test_undo_equals_the_replay_of_the_prefix_plus_bookkeeping() -> None:
    game = game10()
    guillaume, duc = game.pid("guillaume"), game.pid("duc_de_bretagne")
    game.now = 50_000
    mark = game.state.version
    game.do(guillaume, {"type": "request_reveal", "target": duc, "kind": "complete"})
    game.do(duc, {"type": "answer_reveal", "request_id": next(iter(game.state.requests)), "accept": True})
    game.do("moderator", {"type": "mod_note", "text": "oops"})
    game.now = 80_000
    before_undo = game.state
    game.do("moderator", {"type": "mod_undo", "to_version": mark})
    expected = replay(game.log[:mark])
    state = game.state
    assert without_bookkeeping(state, expected) == expected
    assert state.version == before_undo.version + 1 and state.knowledge[guillaume] == ()
    assert state.notes == before_undo.notes  # notes are never undone
    assert state.reverts == ((state.version, mark),)
    assert len(game.log) == state.version and state.history is not None and len(state.events()) == len(game.log)
    assert replay(game.log) == state  # the log with its Reverted replays to the same state
    # Left paused at the undo; the restored negotiation timer keeps the 220 s it has left now.
    assert state.paused_at_ms == 80_000
    game.now = 90_000
    game.do("moderator", {"type": "mod_resume"})
    assert next_deadline(game.state) == 90_000 + 220_000


def test_undo_of_an_undo_restores_the_undone_events() -> None:
    game = game10()
    mark = game.state.version
    game.do(game.pid("guillaume"), {"type": "reveal_public"})
    undone_at = game.state.version
    after_reveal = game.state
    game.do("moderator", {"type": "mod_undo", "to_version": mark})
    game.do("moderator", {"type": "mod_undo", "to_version": undone_at})
    assert without_bookkeeping(game.state, after_reveal) == after_reveal
    assert [r[1] for r in game.state.reverts] == [mark, undone_at]


def test_a_game_master_who_undoes_often_waits_no_longer_for_each_undo() -> None:
    """Each undo replays the log up to its version; that log holds the undos before it, and each of those
    replayed its own again: 2**k replays for k undos (14 undos took 12 s, the next one twice that). The
    states the undos return to are kept as a log is folded (Rules.folded_at): an undo folds its log once, and
    a server loading the game folds it once. Counted in events applied, not timed."""
    game = game10()
    with events_applied(20_000):
        for i in range(30):
            game.do("moderator", {"type": "mod_note", "text": f"note {i}"})
            game.do("moderator", {"type": "mod_undo", "to_version": game.state.version - 1})
            game.do("moderator", {"type": "mod_resume"})
    assert len(game.state.reverts) == 30 and len(game.state.notes) == 30  # notes are never undone
    with events_applied(20_000) as applied:
        assert replay(game.log) == game.state
    assert applied.count == len(game.log)  # the whole log, each event once


def test_undo_rejects_bad_versions_and_works_after_the_end() -> None:
    game = game10()
    assert game.refused("moderator", {"type": "mod_undo", "to_version": game.state.version}).code == "bad_version"
    while not game.state.over:
        game.tick()
    last_a = max(i for i, e in enumerate(game.log) if e.type == "phase_started")
    a_started = game.log[last_a]
    game.now += 1_000_000
    game.do("moderator", {"type": "mod_undo", "to_version": last_a + 1})
    # The arrival timer had run out long ago: paused at its start, it gets its 20 s back on resume.
    assert game.state.phase == "A" and game.state.result is None and game.state.paused_at_ms == a_started.at_ms
    game.do("moderator", {"type": "mod_resume"})
    assert next_deadline(game.state) == game.now + 20_000
    game.tick()
    assert game.state.over and game.state.result is not None


def test_a_refused_command_changes_nothing() -> None:
    game = game10()
    before = game.state
    for actor, command in [
        ("moderator", {"type": "mod_resume"}),
        (game.pid("guillaume"), {"type": "vote", "candidate": None}),
        (game.pid("guillaume"), {"type": "designate", "targets": []}),
        (game.pid("guillaume"), {"type": "answer_prompt", "prompt_id": "k1", "choice": "yes"}),
    ]:
        game.refused(actor, command)
    assert game.state is before and replay(game.log) == before


def test_stale_commands_are_refused_when_the_client_says_which_version_it_saw() -> None:
    from app.games.deuxrois.commands import parse_command
    from app.games.deuxrois.game import Actor, decide

    game = game10()
    seen = game.state.version
    game.do(game.pid("guillaume"), {"type": "reveal_public"})
    cmd = parse_command({"type": "reveal_public"})
    with pytest.raises(Exception) as exc:
        decide(game.state, cmd, Actor.player(game.pid("espion")), game.now, expected_version=seen)
    assert getattr(exc.value, "code", None) == "stale"
    assert decide(game.state, cmd, Actor.player(game.pid("espion")), game.now, expected_version=game.state.version)


def test_the_moderator_view_lists_the_log_for_undo() -> None:
    from app.games.deuxrois.event_text import describe
    from app.games.deuxrois.views import LOG_LINES, moderator_view, player_view

    game = game10()
    log = moderator_view(game.state)["log"]  # newest first: the undo form takes these versions
    assert game.state.version < LOG_LINES
    assert [line["version"] for line in log] == list(range(game.state.version, 0, -1))
    assert log[-1]["text"] == describe(game.state, game.log[0]) and game.log[0].type == "game_created"
    assert [line["at_ms"] for line in log] == [e.at_ms for e in reversed(game.log)]
    assert "log" not in player_view(game.state, game.pid("guillaume"))


def test_the_log_shows_the_latest_events_of_a_long_game() -> None:
    from app.games.deuxrois.views import LOG_LINES, moderator_view

    game = game10()
    for i in range(LOG_LINES):
        game.do("moderator", {"type": "mod_note", "text": f"note {i}"})
    log = moderator_view(game.state)["log"]
    assert [line["version"] for line in log] == list(range(game.state.version, game.state.version - LOG_LINES, -1))


def test_undo_into_the_middle_of_a_decision_waits_for_the_resume() -> None:
    game = game10()
    game.tick()  # N -> E
    for room in ("normandie", "angleterre"):
        voters = [p for p, r in game.state.rooms.items() if r.value == room]
        for v in voters:
            game.do(v, {"type": "vote", "candidate": voters[0] if v != voters[0] else voters[1]})
    assert game.state.phase == "D"
    d_start = max(i for i, e in enumerate(game.log) if e.type == "phase_started")
    game.do("moderator", {"type": "mod_undo", "to_version": d_start})  # both généraux chosen, D not started
    assert game.state.phase == "E" and game.state.paused_at_ms is not None
    assert not any(e.open for e in game.state.elections.values())
    game.do("moderator", {"type": "mod_resume"})
    assert game.state.phase == "D"
