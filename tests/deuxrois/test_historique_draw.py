"""The draw of Mode Historique (rulings §5.1, E1, E2, E5, E6): secret numbers, their sum, the timer,
the "hasard" button, a room without a général, the moderator's pick and cancel."""

from __future__ import annotations

import pytest
from play_helpers import Game
from test_historique_support import A, N, hgame, pick, to_phase

from app.games.deuxrois.config import GameConfig
from app.games.deuxrois.events import PhaseStarted
from app.games.deuxrois.historique.catalogue import EVENTS, event_for
from app.games.deuxrois.historique.effects import fresh, ongoing
from app.games.deuxrois.historique.events import HistoricalEventDrawn, HistoriqueNumberGiven
from app.games.deuxrois.rounds import next_deadline
from app.games.deuxrois.views import moderator_view, player_view, screen_view


def at_draw() -> Game:
    game = hgame()
    to_phase(game, "X", 1)
    return game


def number(game: Game, who: str, value: int | None = None, random: bool = False) -> list[object]:
    cmd: dict[str, object] = {"type": "historique_number", "random": random}
    if value is not None:
        cmd["number"] = value
    return list(game.do(game.pid(who), cmd))


def drawn(events: list[object]) -> HistoricalEventDrawn:
    return next(e for e in events if isinstance(e, HistoricalEventDrawn))


def test_e2_e3_the_sum_of_the_two_secret_numbers_picks_the_event_announced_everywhere() -> None:
    game = at_draw()
    view = player_view(game.state, game.pid("guillaume"))
    assert any(a["type"] == "historique_number" and a["available"] for a in view["actions"])
    assert not any(a["type"] == "historique_number" for a in player_view(game.state, game.pid("assassin"))["actions"])
    number(game, "guillaume", 4)
    # Secret: the other général does not see it, the moderator does.
    assert player_view(game.state, game.pid("harold"))["historique"]["my_number"] is None
    assert moderator_view(game.state)["historique"]["numbers"] == {"normandie": 4}
    ev = drawn(number(game, "harold", 6))
    assert (ev.number, ev.a, ev.b, ev.source) == (10, 4, 6, "sum")
    for view in (player_view(game.state, game.pid("assassin")), screen_view(game.state),
                 moderator_view(game.state)):
        assert view["active_event"]["number"] == 10
        assert view["active_event"]["name"] == EVENTS[10].name.as_dict()
    assert player_view(game.state, game.pid("armurier"))["feed"][-1]["kind"] == "historical_event"


def test_e2_numbers_are_refused_outside_1_to_14_twice_or_from_a_non_general() -> None:
    from app.games.deuxrois.commands import parse_command
    from app.kernel.text import EngineError

    game = at_draw()
    with pytest.raises(EngineError):
        parse_command({"type": "historique_number", "number": 15})
    assert game.refused("assassin", {"type": "historique_number", "number": 3}).code == "not_general"
    number(game, "guillaume", 3)
    assert game.refused("guillaume", {"type": "historique_number", "number": 3}).code == "number_given"


def test_e6_a_missing_number_is_drawn_from_the_seed_after_20_s() -> None:
    game = at_draw()
    x_start = next(e for e in reversed(game.log) if isinstance(e, PhaseStarted) and e.phase == "X").at_ms
    assert next_deadline(game.state) == x_start + 20_000  # the draw's own timer, before the 50 s window X
    assert game.state.deadline_ms == x_start + (30 + 20) * 1000
    number(game, "guillaume", 14)
    events = game.tick()
    given = [e for e in events if isinstance(e, HistoriqueNumberGiven)]
    assert [(g.room, g.how) for g in given] == [(A, "timeout")]
    assert drawn(events).number == 14 + given[0].number
    assert game.state.phase == "X"  # the departure window goes on


def test_e2_the_hasard_button_draws_a_number_from_the_seed() -> None:
    game = at_draw()
    events = number(game, "guillaume", random=True)
    assert [(e.room, e.how) for e in events if isinstance(e, HistoriqueNumberGiven)] == [(N, "random")]


def test_e6_a_room_without_general_gets_a_number_at_once() -> None:
    game = hgame()
    to_phase(game, "X", 1, north="guillaume", south=None)
    assert [e.how for e in game.log if isinstance(e, HistoriqueNumberGiven)] == ["no_general"]
    assert drawn(number(game, "guillaume", 1)).source == "sum"


def test_e1_event_1_only_by_the_moderator_and_the_moderator_cancels() -> None:
    assert min(event_for(a, b).number for a in range(1, 15) for b in range(1, 15)) == 2
    game = at_draw()
    pick(game, 1)
    assert fresh(game.state) == 1 and game.state.historique.draws[1].source == "moderator"
    assert game.refused("guillaume", {"type": "historique_number", "number": 2}).code == "no_draw"
    pick(game, 3)  # the moderator changes his mind: the last pick counts
    game.until("N", 2)
    assert ongoing(game.state) == 3
    game.do("moderator", {"type": "mod_historique_cancel"})
    assert ongoing(game.state) is None
    assert game.refused("moderator", {"type": "mod_historique_cancel"}).code == "no_event"


def test_e5_no_event_in_round_1_and_after_the_last_round_only_the_exchange_parts() -> None:
    game = hgame(config=GameConfig(historique=True, rounds=3))
    assert ongoing(game.state) is None and player_view(game.state, game.pid("guillaume"))["active_event"] is None
    to_phase(game, "X", 3)
    pick(game, 3)
    assert player_view(game.state, game.pid("guillaume"))["active_event"]["until"]["end"] == "void"
    pick(game, 22)
    assert player_view(game.state, game.pid("guillaume"))["active_event"]["until"]["end"] == "crossing"
    game.until("over")
    assert game.state.result is not None


def test_historique_off_no_draw_and_no_longer_window_x() -> None:
    game = hgame(config=GameConfig())
    to_phase(game, "X", 1)
    assert "active_event" not in player_view(game.state, game.pid("guillaume"))
    assert game.refused("guillaume", {"type": "historique_number", "number": 2}).code == "no_draw"
    game.until("A", 1)
    assert not game.state.historique.draws


def test_the_dashboard_and_the_screen_show_the_draw_and_the_moderator_controls() -> None:
    game = at_draw()
    controls = {c["type"]: c for c in moderator_view(game.state)["historique"]["controls"]}
    assert controls["mod_historique_pick"]["available"] and not controls["mod_historique_cancel"]["available"]
    assert screen_view(game.state)["historique"]["draw"]["open"]
    assert "numbers" not in screen_view(game.state)["historique"]
    number(game, "guillaume", 7)
    number(game, "harold", 7)
    assert screen_view(game.state)["historique"]["drawn"] == {"number": 14, "a": 7, "b": 7, "source": "sum"}
    controls = {c["type"]: c for c in moderator_view(game.state)["historique"]["controls"]}
    assert controls["mod_historique_cancel"]["available"]


def test_e6_the_draw_timer_stops_during_a_pause_and_keeps_its_time_left() -> None:
    game = at_draw()
    due = next_deadline(game.state)
    assert due is not None
    game.now += 5_000
    game.do("moderator", {"type": "mod_pause"})
    assert next_deadline(game.state) is None
    game.now += 100_000
    game.do("moderator", {"type": "mod_resume"})
    assert next_deadline(game.state) == due + 100_000
    assert game.refused("system", {"type": "tick"}).code == "not_due"
