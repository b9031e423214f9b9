"""Events and feed items as sentences (event_text.py): every one said in both languages, from the catalogue,
naming players by name, never a key or a seat id."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from play_helpers import bot_step, random_game

from app.games.deuxrois.event_text import describe, feed_sentence, openings
from app.kernel.i18n import known, say, speaking

ROOT = Path(__file__).resolve().parents[2] / "app" / "games" / "deuxrois"
KEYISH = re.compile(r"\bp\d{1,2}\b|\b[a-z]+(?:_[a-z0-9]+)+\b|\{\w+\}")


def _event_types() -> set[str]:
    found: set[str] = set()
    for source in ROOT.rglob("*.py"):
        text = source.read_text(encoding="utf-8")
        if "EventBase" in text:
            found |= set(re.findall(r'type: Literal\["([a-z_]+)"\]', text))
    return found


def _feed_kinds() -> set[str]:
    found: set[str] = set()
    for source in ROOT.rglob("*.py"):
        found |= set(re.findall(r'add_feed\(state, .*?, "([a-z_]+)"', source.read_text(encoding="utf-8")))
    return found


def test_every_event_type_and_feed_kind_has_its_own_line() -> None:
    """A new event or feed kind is said on purpose, not by a fallback."""
    source = (ROOT / "event_text.py").read_text(encoding="utf-8")
    events = _event_types()
    assert {"envoys_named", "departure_changed", "historical_event_drawn"} <= events
    missing = {t for t in events if f'"{t}"' not in source}
    assert not missing, f"event types with no line in event_text.describe: {sorted(missing)}"
    kinds = _feed_kinds()
    assert {"general", "crossing", "moved", "survey", "historical_event"} <= kinds
    said = {k for k in kinds if f'"{k}"' in source or f"feed.{k}" in source}
    assert kinds - said <= {"publique", "couleur_publique", "annonce"} and "publique" in source


@pytest.mark.parametrize("seed", [3, 8])
def test_every_line_of_a_whole_game_is_said_in_both_languages_with_names(seed: int) -> None:
    rng = random.Random(seed)
    game = random_game(14, seed, rounds=3)
    for _ in range(600):
        if game.state.over:
            break
        step = bot_step(game, rng)
        if step is None:
            game.tick()
        else:
            game.do(*step)
    state = game.state
    events = state.events()
    opened = openings(state, {getattr(e, "request_id", "") or getattr(e, "prompt_id", "") for e in events} - {""})
    lines = [describe(state, e, opened) for e in events]
    lines += [feed_sentence(state, item) for feed in state.feeds.values() for item in feed]
    assert len(lines) > 100
    for line in lines:
        assert known(line["key"]), line
        for lang in ("fr", "en"):
            with speaking(lang):
                text = say(line)
            assert text and not KEYISH.search(text), (lang, line, text)
