"""live, store and web name no game (issue #10): no game id, no command or event type, no card.

The import contracts (pyproject.toml, `lint-imports` in `make test`) keep these
layers from importing a game; this test keeps them from knowing one by name,
reading every Python file and template they own as text.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from app.games import GAMES
from app.games.deuxrois.cards import CARDS

ROOT = Path(__file__).resolve().parents[2]
SHARED = [*(ROOT / "app" / part for part in ("live", "store", "web")), ROOT / "templates"]
# Templates of a game live in its own folder under templates/; the rest is shared kit.
FILES = sorted(p for base in SHARED for p in base.rglob("*") if p.suffix in (".py", ".html")
               and not (base.name == "templates" and p.relative_to(base).parts[0] in GAMES))
# The door's one convention every game shares: a phone joins with {"type": "join", "name": ...}.
KERNEL_WORDS = {"join"}
CLI = re.compile(r"`deuxrois [a-z]+")  # the command line is called deuxrois: naming it names no game


def _names() -> set[str]:
    """Game ids and card keys: words no shared file should contain, even in prose."""
    return set(GAMES) | {"historique", "débarquement"} | {card.key for card in CARDS.values() if len(card.key) > 3}


def _types() -> set[str]:
    """Every command and event type a game declares: no shared file should quote one."""
    found: set[str] = set()
    for gid in GAMES:
        for source in (ROOT / "app" / "games" / gid).rglob("*.py"):
            found |= set(re.findall(r'type: Literal\["([a-z_]+)"\]', source.read_text(encoding="utf-8")))
    return found - KERNEL_WORDS


NAMES, TYPES = _names(), _types()


def test_the_game_vocabulary_is_found() -> None:
    assert {"deuxrois", "debarquement", "geolier"} <= NAMES
    assert {"request_reveal", "play_card", "player_joined", "tick"} <= TYPES


def _named(text: str) -> list[str]:
    text = CLI.sub("", text)
    words = [w for w in NAMES if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text, re.I)]
    quoted = [w for w in TYPES if re.search(rf"[\"']{re.escape(w)}[\"']", text)]
    return sorted(words + quoted)


def test_the_check_catches_a_game_word() -> None:
    assert _named('if hub.state.phase == "play_card": ...') == ["play_card"]
    assert _named("# the Geôlier, key geolier") == ["geolier"]
    assert _named("run `deuxrois serve` to start") == []


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(ROOT)) for p in FILES])
def test_a_shared_file_names_no_game(path: Path) -> None:
    found = _named(path.read_text(encoding="utf-8"))
    assert found == [], f"{path.relative_to(ROOT)} names {found}"
