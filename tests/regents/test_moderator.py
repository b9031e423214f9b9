"""Timers, defaults (RG-17, RG-77) and the game master's pause, resume and skip."""

from __future__ import annotations

from app.games.regents import GAME
from app.games.regents.board import Space
from app.games.regents.clans import Clan
from app.games.regents.model import State

from .helpers import MOD, SYSTEM, P, act, end_turn, position, refused, seated, started

T, A, TR, C, IN, GT, GR = (Space.TRONE, Space.ARMES, Space.TRESOR, Space.CHAPELLE, Space.INTENDANCE,
                           Space.GARDE_TOUR, Space.GARDE_REMPART)


def with_prompt(kind: str, **kw: object) -> State:
    """p1's count waits for a choice of `kind`."""
    if kind == "tower":
        s = position({"p1": [GT], "p2": [A], "p3": [C]}, **kw)  # type: ignore[arg-type]
    elif kind == "diplomatie":
        s = position({"p1": [A, IN], "p2": [A, IN], "p3": [C]}, **kw)  # type: ignore[arg-type]
        s = act(s, P("p1"), {"type": "play_card", "card": "DIPLOMATIE"})
    else:
        s = position({"p1": [GR], "p2": [A], "p3": [C]}, scores={"p2": (2, 0, 2, 0, 0), "p3": (0, 3, 0, 0, 0)},
                     **kw)  # type: ignore[arg-type]
    s = act(s, P("p1"), {"type": "end_actions"}, at=10_000)
    assert s.prompt is not None and s.prompt.kind == kind
    return s


def test_a_prompt_has_a_deadline_and_the_timer_sends_the_tick() -> None:
    s = with_prompt("tower", prompt_seconds=45)
    assert s.prompt is not None and GAME.next_deadline(s) == 55_000
    assert GAME.tick_command(s) == {"type": "tick", "prompt": s.prompt.id}
    assert refused(s, P("p1"), GAME.tick_command(s), at=60_000) == "not_allowed"
    after = act(s, SYSTEM, GAME.tick_command(s), at=55_000)
    assert after.prompt is None and after.player("p1").score == (1, 0, 0, 0, 0)  # RG-77: the first domain
    assert GAME.next_deadline(after) is None
    assert any("Temps écoulé" in n.text.fr for n in after.feed)


def test_rg_77_the_count_defaults_take_the_first_legal_option() -> None:
    dip = with_prompt("diplomatie")
    assert dip.prompt is not None
    dip = act(dip, SYSTEM, {"type": "tick", "prompt": dip.prompt.id}, at=10**9)
    assert dip.player("p1").score == (0, 1, 0, 0, 0)  # ARMES, before INTENDANCE
    wall = with_prompt("rempart")
    assert wall.prompt is not None
    wall = act(wall, SYSTEM, {"type": "tick", "prompt": wall.prompt.id}, at=10**9)
    assert wall.player("p2").score == (1, 0, 2, 0, 0) and wall.player("p3").score == (0, 3, 0, 0, 0)


def test_the_gain_default_is_the_split_worth_most_to_the_player() -> None:
    s = position({"p1": [T], "p2": [C], "p3": [IN]}, clans=(Clan.MAC_DUFF, Clan.CAMPBELL, Clan.MAC_LEOD),
                 scores={"p1": (4, 0, 7, 1, 1)})
    s = act(s, P("p1"), {"type": "accuse", "target": "p2", "clan": "CAMPBELL"}, at=0)
    assert s.prompt is not None
    s = act(s, SYSTEM, {"type": "tick", "prompt": s.prompt.id}, at=10**9)
    # FINANCIER +2 would stop at case 8 (gate 2); MILITAIRE +1 and FINANCIER +1 is worth 3 points, the most
    assert s.player("p1").score == (4, 1, 8, 1, 1)


def test_no_timer_when_prompt_seconds_is_zero() -> None:
    s = with_prompt("tower", prompt_seconds=0)
    assert GAME.next_deadline(s) is None
    assert s.prompt is not None
    assert refused(s, SYSTEM, {"type": "tick", "prompt": s.prompt.id}, at=10**12) == "too_early"
    s = act(s, MOD, {"type": "mod_skip"})
    assert s.prompt is None and s.player("p1").score == (1, 0, 0, 0, 0)
    assert any("Le meneur de jeu choisit pour Rouge" in n.text.fr for n in s.feed)


def test_pause_stops_players_and_the_timer_and_resume_restarts_the_clock() -> None:
    s = with_prompt("tower", prompt_seconds=30)
    s = act(s, MOD, {"type": "mod_pause"}, at=20_000)
    assert s.paused and GAME.next_deadline(s) is None
    assert refused(s, MOD, {"type": "mod_pause"}) == "already_paused"
    assert refused(s, P("p1"), {"type": "choose_tower", "domain": "POLITIQUE"}) == "paused"
    assert s.prompt is not None
    assert refused(s, SYSTEM, {"type": "tick", "prompt": s.prompt.id}, at=10**9) == "paused"
    s = act(s, MOD, {"type": "mod_resume"}, at=100_000)
    assert not s.paused and GAME.next_deadline(s) == 130_000
    assert refused(s, MOD, {"type": "mod_resume"}) == "not_paused"


def test_skip_acts_for_whoever_the_table_waits_for() -> None:
    s = started(3)
    placer = s.placer.pid
    s = act(s, MOD, {"type": "mod_skip"})
    assert s.player(placer).at(T) == 1 and s.placed == 1
    table = position({"p1": [T], "p2": [C], "p3": [IN]})
    table = act(table, MOD, {"type": "mod_skip"})
    assert table.current.pid == "p2" and any("Le meneur de jeu termine" in n.text.fr for n in table.feed)
    neutral = position({"p1": [T], "p2": [C], "p3": [IN]}, neutral=[A, TR, C, IN])
    neutral = act(neutral, P("p1"), {"type": "end_actions"})
    neutral = act(neutral, MOD, {"type": "mod_skip"})
    assert neutral.current.pid == "p2" and neutral.neutral is not None and neutral.neutral.at(A) == 1
    assert refused(seated(3), MOD, {"type": "mod_skip"}) == "wrong_phase"


def test_a_late_tick_for_an_answered_prompt_is_refused() -> None:
    s = with_prompt("tower")
    assert s.prompt is not None
    old = s.prompt.id
    s = act(s, P("p1"), {"type": "choose_tower", "domain": "MILITAIRE"})
    assert refused(s, SYSTEM, {"type": "tick", "prompt": old}, at=10**9) == "no_timer"


def test_the_game_over_refuses_everything() -> None:
    s = end_turn(position({"p1": [], "p2": [], "p3": []}, round=8, active=2))
    assert GAME.over(s)
    assert refused(s, MOD, {"type": "mod_pause"}) == "game_over"
    assert refused(s, P("p1"), {"type": "end_actions"}) == "game_over"
    assert GAME.next_deadline(s) is None
