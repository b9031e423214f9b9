"""The core of Deux Rois never imports its expansion: only the game-level modules see Mode Historique.

Read from the source (every import, at module level or inside a function), and
followed through every module in between: the core reaches nothing of
app/games/deuxrois/historique, and Mode Historique reaches the core only, never
the modules that assemble the two.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

APP = Path(__file__).resolve().parents[2] / "app"
ROOT = APP / "games" / "deuxrois"
PACKAGE = "app.games.deuxrois"
HISTORIQUE = f"{PACKAGE}.historique"
# Where the core and Mode Historique meet: the message unions, the rules' build, the entry points, the tools
# (the phone's action forms read the whole command union).
GAME_LEVEL = {f"{PACKAGE}.{m}" for m in ("events", "commands", "rules", "game", "definition", "scenario",
                                                      "action_forms")}


def _name(path: Path) -> str:
    parts = path.relative_to(APP.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_name(p): p for p in sorted(ROOT.rglob("*.py"))}


def _imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
    return {m for m in found if m in MODULES}


GRAPH = {name: _imports(path) for name, path in MODULES.items()}


def _reach(name: str) -> set[str]:
    seen: set[str] = set()
    todo = [name]
    while todo:
        for dep in GRAPH[todo.pop()] - seen:
            seen.add(dep)
            todo.append(dep)
    return seen


CORE = sorted(m for m in MODULES if not m.startswith(HISTORIQUE) and m not in GAME_LEVEL)


@pytest.mark.parametrize("name", CORE)
def test_the_core_reaches_nothing_of_mode_historique(name: str) -> None:
    assert not {m for m in _reach(name) if m.startswith(HISTORIQUE)}, name


@pytest.mark.parametrize("name", sorted(m for m in MODULES if m.startswith(HISTORIQUE)))
def test_mode_historique_reaches_the_core_only(name: str) -> None:
    assert not _reach(name) & GAME_LEVEL, name


def test_the_game_level_modules_assemble_both() -> None:
    assert f"{HISTORIQUE}.events" in GRAPH[f"{PACKAGE}.events"] and f"{PACKAGE}.model.events" in GRAPH[f"{PACKAGE}.events"]
    assert f"{HISTORIQUE}.commands" in GRAPH[f"{PACKAGE}.commands"]
    assert f"{HISTORIQUE}.rules" in GRAPH[f"{PACKAGE}.rules"]
    assert len(CORE) > 40  # the walk found the flat modules, powers/, scoring/ and model/
