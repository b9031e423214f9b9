"""The game's definition as the shared layers see it, its codecs, and the purity of its folder."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from app.games.royal_secrets.commands import COMMANDS
from app.games.royal_secrets.config import RoyalSecretsConfig
from app.games.royal_secrets.events import EVENTS, PlayerJoined
from app.games.royal_secrets.rules import PHASE_NAMES
from app.games.royal_secrets.state import PHASES
from app.kernel.actor import Actor
from app.kernel.game import PAGE_NAMES, GameDefinition
from app.kernel.testing.playout import Stored
from app.kernel.text import EngineError
from app.kernel.viewer import Viewer
from royal_secrets.helpers import GAME, MOD, NAMES, send, table

FOLDER = Path(__file__).resolve().parents[2] / "app" / "games" / "royal_secrets"
FORBIDDEN = {"fastapi", "starlette", "sqlmodel", "sqlalchemy", "alembic", "jinja2", "asyncio", "time", "uvicorn",
             "requests", "httpx", "websockets", "redis", "psycopg", "socket", "subprocess", "threading",
             "app.web", "app.live", "app.store", "app.engine"}


def test_game_satisfies_the_definition() -> None:
    game: GameDefinition = GAME
    assert game.id == "royal_secrets" and game.players == (3, 5)
    assert game.name.fr == "Royal Secrets" and game.has_dashboard and game.rebind_by == "moderator"
    assert set(game.pages) == {"player", "screen", "moderator"} and set(PAGE_NAMES) <= set(game.page_templates)
    assert game.config_model is RoyalSecretsConfig
    assert RoyalSecretsConfig() == RoyalSecretsConfig(public_scores=False, audience_layout="per_souverain",
                                                      round_opener="keeps")
    with pytest.raises(Exception):  # noqa: B017 - frozen
        RoyalSecretsConfig().public_scores = True  # type: ignore[misc]


def test_new_game_replay_and_joined() -> None:
    payloads = GAME.new_game(RoyalSecretsConfig(public_scores=True), 77, 5)
    assert payloads == [{"type": "game_created", "seed": 77, "config": {
        "public_scores": True, "audience_layout": "per_souverain", "round_opener": "keeps"}}]
    state = GAME.replay([Stored(p, 5) for p in payloads])
    assert state.seed == 77 and state.phase == "lobby" and state.version == 1
    d = GAME.decide(state, GAME.parse_command({"type": "join", "name": "Bleu"}), Actor.player(None), 9)
    assert [GAME.joined(e) for e in d.events] == ["p1"]
    assert GAME.joined(GAME.event_to_json(d.events[0])) == "p1"
    assert GAME.joined(GAME.event_from_json({"type": "round_ended", "round": 1})) is None
    assert GAME.next_deadline(d.state) is None and GAME.tick_command(d.state) == {}
    assert isinstance(d.events[0], PlayerJoined) and not GAME.over(d.state)


def test_a_whole_log_replays_to_the_same_state() -> None:
    log = [Stored(p, 0) for p in GAME.new_game(RoyalSecretsConfig(), 3, 0)]
    state = GAME.replay(log)
    for name in NAMES[:3]:
        d = GAME.decide(state, GAME.parse_command({"type": "join", "name": name}), Actor.player(None), 1)
        log += [Stored(GAME.event_to_json(e), 1) for e in d.events]
        state = d.state
    d = GAME.decide(state, GAME.parse_command({"type": "start"}), MOD, 2)
    log += [Stored(GAME.event_to_json(e), 2) for e in d.events]
    assert GAME.replay(log) == d.state
    assert [e.payload["type"] for e in log[-2:]] == ["game_started", "round_started"]


def test_bad_json_is_a_bilingual_refusal() -> None:
    for raw in ({"type": "nope"}, {"type": "bet", "card": "p1-0a", "face": "sideways"}, {"type": "join"},
                {"type": "choose", "side": "roi", "extra": 1}):
        with pytest.raises(EngineError) as err:
            GAME.parse_command(raw)
        assert err.value.code == "bad_command" and err.value.text("fr") and err.value.text("en")
    with pytest.raises(EngineError) as bad:
        EVENTS.parse({"type": "bet_placed"})
    assert bad.value.code == "bad_event"
    assert COMMANDS.dump(COMMANDS.parse({"type": "w2_pass"})) == {"type": "w2_pass"}


def test_a_refusal_changes_nothing() -> None:
    s = table(4)
    with pytest.raises(EngineError):
        GAME.decide(s, GAME.parse_command({"type": "choose", "side": "roi"}), Actor.player("p2"), 1)
    assert send(s, "p1", {"type": "choose", "side": "roi"}).version > s.version


def test_views_are_json_for_every_viewer_kind() -> None:
    s = table(5)
    for viewer in (Viewer("T", "screen"), Viewer("T", "moderator"), Viewer("T", "player", "p3"),
                   Viewer("T", "player", "p9")):
        json.dumps(GAME.view_for(s, viewer, ()))


def _problems(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module]
            if node.module == "random":
                found += [f"from random import {a.name}" for a in node.names if a.name != "Random"]
        found += [n for n in names if any(n == f or n.startswith(f + ".") for f in FORBIDDEN)]
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            if node.value.id == "random" and node.attr != "Random":
                found.append(f"random.{node.attr}")
            if node.value.id in ("datetime", "date", "time") and node.attr in ("now", "today", "time", "utcnow"):
                found.append(f"{node.value.id}.{node.attr}")
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("open", "input", "print"):
            found.append(f"{node.func.id}()")
    return found


@pytest.mark.parametrize("path", sorted(FOLDER.glob("*.py")), ids=lambda p: p.name)
def test_the_game_folder_is_pure(path: Path) -> None:
    assert _problems(path) == []


def test_every_phase_has_a_name_in_both_languages() -> None:
    assert set(PHASE_NAMES) == set(PHASES)
    assert all(t.fr and t.en for t in PHASE_NAMES.values())
