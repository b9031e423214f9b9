"""Débarquement's GameDefinition on its own: seat ids, prompt-based deadlines from the log's times, the tick, refusals."""

from __future__ import annotations

from typing import Any

import pytest

from app.games import GAMES, game_of
from app.games.debarquement import Phase
from app.games.debarquement.definition import GAME, Table
from app.games.deuxrois.game import Actor
from app.kernel.text import EngineError
from app.kernel.viewer import Viewer
from app.store.repository import StoredEvent

T0 = 1_800_000_000_000


class Log:
    """A game as the hub drives it: decide, then evolve with the time of the batch, keeping what is stored."""

    def __init__(self, config: dict[str, Any]) -> None:
        self.config = config
        self.stored = [StoredEvent(1, p, T0) for p in GAME.new_game(GAME.config_model.model_validate(config), 7, T0)]
        self.table: Table = GAME.replay(self.stored, config)

    def do(self, command: dict[str, Any], actor: Actor, at: int) -> list[Any]:
        decision = GAME.decide(self.table, GAME.parse_command(command), actor, at)
        folded = self.table
        for event in decision.events:
            folded = GAME.evolve(folded, event, at)
            self.stored.append(StoredEvent(len(self.stored) + 1, GAME.event_to_json(event), at))
        assert folded == decision.state  # decide hands back the state its events fold to
        self.table = decision.state
        return decision.events


def test_the_registry_finds_the_game_by_its_stored_id() -> None:
    assert game_of("debarquement") is GAME
    # Games stored before the re-housing ("variant" classic / historique) run on Deux Rois.
    assert game_of("classic") is game_of("historique") is GAMES["deuxrois"]


def test_newcomers_get_fresh_seat_ids_even_after_someone_left() -> None:
    log = Log({})
    log.do({"type": "join", "name": "Ana"}, Actor("player", None), T0)
    log.do({"type": "join", "name": "Bob"}, Actor("player", None), T0)
    log.do({"type": "leave"}, Actor.player("p2"), T0)
    log.do({"type": "join", "name": "Chloé"}, Actor("player", None), T0)
    assert [s.player_id for s in log.table.state.seats] == ["p1", "p3"]  # p2 is never given again
    with pytest.raises(EngineError) as refused:
        log.do({"type": "start"}, Actor.moderator(), T0)
    assert refused.value.code == "players_only" and "Seul un joueur" in refused.value.message.fr


def test_deadlines_run_from_the_time_the_prompt_opened_and_survive_a_replay() -> None:
    log = Log({"card_s": 20, "boat_s": 10, "next_s": 90, "threshold": 66})
    variant = GAME
    for name in ("Ana", "Bob"):
        log.do({"type": "join", "name": name}, Actor("player", None), T0)
    assert variant.next_deadline(log.table) is None  # the lobby waits for nobody
    log.do({"type": "start"}, Actor.player("p1"), T0 + 1000)
    assert log.table.prompt == "m1.t1.cards"
    assert variant.next_deadline(log.table) == T0 + 1000 + 20_000
    card = log.table.state.hands["p1"][0]
    log.do({"type": "play_card", "card": card}, Actor.player("p1"), T0 + 5000)
    assert variant.next_deadline(log.table) == T0 + 21_000  # same prompt, same deadline
    # A restart rebuilds the same table and the same deadline from the stored times alone.
    again = GAME.replay(log.stored, log.config)
    assert again == log.table and variant.next_deadline(again) == T0 + 21_000
    tick = variant.tick_command(log.table)
    assert tick == {"type": "tick", "prompt": "m1.t1.cards"}
    log.do(tick, Actor.system(), T0 + 21_000)
    s = log.table.state
    assert len(s.revealed) == 2 and not s.chosen  # the timer chose for Bob, both cards are revealed
    deadline = variant.next_deadline(log.table)
    kind = "choose_boat" if s.awaiting_boat else "choose_card"
    assert deadline == T0 + 21_000 + (10_000 if kind == "choose_boat" else 20_000)
    with pytest.raises(EngineError) as stale:
        log.do(tick, Actor.system(), T0 + 22_000)
    assert stale.value.code == "stale_tick"


def test_the_views_carry_the_deadline_and_the_screen_never_a_hand() -> None:
    variant = GAME
    log = Log({})
    for name in ("Ana", "Bob"):
        log.do({"type": "join", "name": name}, Actor("player", None), T0)
    log.do({"type": "start"}, Actor.player("p1"), T0)
    mine = variant.view_for(log.table, Viewer("ABCD", "player", "p1"), [])
    table = variant.view_for(log.table, Viewer("ABCD", "screen"), [])
    master = variant.view_for(log.table, Viewer("ABCD", "moderator"), [])
    assert mine["game"]["deadline_ms"] == table["game"]["deadline_ms"] == T0 + 60_000
    assert [c["number"] for c in mine["me"]["hand"]] == list(log.table.state.hands["p1"])
    assert "me" not in table and "me" not in master and "legal_actions" not in table
    assert log.table.state.phase is Phase.CHOOSING
