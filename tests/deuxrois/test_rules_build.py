"""The rules are one value, built explicitly (rules.build_rules): no module registers anything by being imported.

No module fills a module-level container while it is imported (read from the
source, like test_purity) nor registers a function by decorating it; building
never touches a module's globals; two builds are two independent values; and the
core built without Mode Historique holds none of it, yet plays a game with the
mode off exactly as the full rules do.
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
import random
import types
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest
from play_helpers import Actor, Game, bot_step, random_game

import app.games.deuxrois as package
from app.games.deuxrois.game import RULES
from app.games.deuxrois.historique.commands import HistoriqueNumber
from app.games.deuxrois.rules import build_rules
from app.games.deuxrois.ruleset import GameRules
from app.kernel.rules import Rules
from app.kernel.text import EngineError

HISTORIQUE = "app.games.deuxrois.historique"
MODULES = sorted(info.name for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."))
ROOT = Path(package.__file__).parent
SOURCES = sorted(ROOT.rglob("*.py"))
MUTATORS = {"append", "insert", "extend", "update", "add", "setdefault", "sort", "remove", "pop", "clear"}
DECORATORS = {"dataclass", "staticmethod", "classmethod", "property", "cache", "lru_cache", "cached_property",
              "overload", "field_validator", "model_validator",
              "per_state", "contextmanager"}  # memo.py: a memo kept in each state, like `cache` (no registry)


def _modules() -> list[types.ModuleType]:
    return [importlib.import_module(name) for name in MODULES]


def _containers(module: types.ModuleType) -> dict[str, Any]:
    """The list, dict and set globals of a module (its own, and those it imported)."""
    return {name: value for name, value in vars(module).items()
            if isinstance(value, list | dict | set) and not name.startswith("__")}


def _import_time_registrations(source: str) -> list[str]:
    """Statements run at import that fill a container, and functions registered by a decorator."""
    found: list[str] = []

    def visit(statements: list[ast.stmt]) -> None:
        for node in statements:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                for dec in node.decorator_list:
                    target = dec.func if isinstance(dec, ast.Call) else dec
                    name = target.attr if isinstance(target, ast.Attribute) else getattr(target, "id", "?")
                    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and name not in DECORATORS:
                        found.append(f"line {node.lineno}: @{name} on {node.name}")
                continue  # bodies run later, not at import
            for sub in ast.walk(node):
                if isinstance(sub, ast.Call) and isinstance(sub.func, ast.Attribute) and sub.func.attr in MUTATORS:
                    found.append(f"line {sub.lineno}: .{sub.func.attr}(...)")
                elif isinstance(sub, ast.Assign | ast.AugAssign) and any(
                        isinstance(t, ast.Subscript) for t in (sub.targets if isinstance(sub, ast.Assign) else [sub.target])):
                    found.append(f"line {sub.lineno}: item assignment")
            for block in ("body", "orelse", "finalbody", "handlers"):  # if / for / try at module level
                inner = getattr(node, block, None)
                if isinstance(inner, list) and inner and isinstance(inner[0], ast.stmt):
                    visit(inner)

    visit(ast.parse(source).body)
    return found


def _entries(rules: GameRules) -> dict[str, Any]:
    """Every seam of the rules, with the kernel's handlers and appliers."""
    return {f.name: getattr(rules, f.name) for f in fields(rules) if f.name not in ("gate",)}


def _modules_of(value: Any) -> set[str]:
    mods = set()
    items = value.values() if isinstance(value, dict) else value
    for item in items:
        for fn in _callables(item):
            mods.add(fn.__module__)
    return mods


def _callables(item: Any) -> list[Any]:
    if isinstance(item, tuple):
        return [x for part in item for x in _callables(part)]
    for attr in ("handler", "fn", "resolve"):  # Rule, RevealTrigger, ActivePower / PromptKind
        if hasattr(item, attr):
            return [getattr(item, attr)]
    return [item] if callable(item) else []


def test_the_walk_sees_the_whole_package() -> None:
    assert {"app.games.deuxrois.rules", "app.games.deuxrois.powers.registry", f"{HISTORIQUE}.draw"} <= set(MODULES)


@pytest.mark.parametrize("path", SOURCES, ids=[str(p.relative_to(ROOT)) for p in SOURCES])
def test_no_module_registers_anything_when_imported(path: Path) -> None:
    assert _import_time_registrations(path.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize(("source", "problem"), [
    ("HOOKS = []\ndef f(): pass\nHOOKS.append(f)", ".append(...)"),
    ("import rounds\nrounds.REACTORS.insert(0, print)", ".insert(...)"),
    ("TABLE = {}\nTABLE['x'] = 1", "item assignment"),
    ("@handles(Vote)\ndef _vote(tx, cmd, actor): pass", "@handles on _vote"),
    ("for k in 'ab':\n    ACTIVE.update({k: k})", ".update(...)"),
])
def test_the_registration_check_catches(source: str, problem: str) -> None:
    assert any(problem in p for p in _import_time_registrations(source))


def test_the_registration_check_allows_install_functions_and_data() -> None:
    source = ("ORDER = {'a': (len, max)}\n@dataclass(frozen=True)\nclass C: pass\n"
              "def install(rules):\n    rules.reactors.append(len)\n")
    assert _import_time_registrations(source) == []


def test_building_the_rules_changes_no_module_global() -> None:
    modules = _modules()
    before = {(m.__name__, var): (id(v), repr(v)) for m in modules for var, v in _containers(m).items()}
    build_rules()
    build_rules(historique=False)
    after = {(m.__name__, var): (id(v), repr(v)) for m in modules for var, v in _containers(m).items()}
    assert after == before


def test_two_builds_are_two_independent_values() -> None:
    a, b = build_rules(), build_rules()
    assert a is not b and isinstance(a, Rules)
    for name, seam in _entries(a).items():
        other = getattr(b, name)
        assert seam is not other, name
        assert len(seam) == len(other), name
    a.reveal_guards.append(lambda state, shower, partner, kind: None)
    del a.active["usurp"]
    assert len(b.reveal_guards) == len(RULES.reveal_guards) and "usurp" in b.active and "usurp" in RULES.active


def test_every_seam_is_filled_by_the_full_build() -> None:
    empty = [name for name, seam in _entries(RULES).items() if not seam and name != "seams"]
    assert empty == []  # each seam has a user: an unused one would be dead


def test_without_historique_nothing_of_it_is_installed() -> None:
    core, full = build_rules(historique=False), build_rules()
    for name, seam in _entries(core).items():
        assert not any(m.startswith(HISTORIQUE) for m in _modules_of(seam)), name
    assert any(m.startswith(HISTORIQUE) for m in _modules_of(full.commands))
    assert HistoriqueNumber not in core.commands and HistoriqueNumber in full.commands
    assert set(full.active) - set(core.active) >= {"raid", "blood_oath", "viking_view"}
    assert [t.key for t in full.triggers if t.key not in {t.key for t in core.triggers}] == ["coin_token"]


def test_the_reveal_effects_fire_in_their_declared_order_alone() -> None:
    orders = [t.order for t in RULES.triggers]
    assert orders == sorted(orders) and len(set(orders)) == len(orders)
    with pytest.raises(ValueError, match="share order 10"):
        build_rules().on_reveal("mine", order=10)(lambda tx, holder, partner, kind: None)


def test_a_command_of_the_mode_is_unknown_to_the_core_alone() -> None:
    game = Game(rules=build_rules(historique=False))
    with pytest.raises(EngineError) as err:
        game.state.rules.decide(game.state, HistoriqueNumber(number=3), Actor.player("p1"), 0)
    assert err.value.code == "unknown_command"


@pytest.mark.parametrize(("n", "seed"), [(7, 3), (16, 8)])
def test_the_core_alone_plays_a_game_with_the_mode_off_as_the_full_rules_do(n: int, seed: int) -> None:
    """Mode Historique only plugs into seams, and each part checks config.historique: off, it changes nothing."""
    full, core = random_game(n, seed, rounds=3), random_game(n, seed, rounds=3, rules=build_rules(historique=False))
    rng = random.Random(seed)
    for _ in range(3000):
        if full.state.over:
            break
        move = bot_step(full, rng) if rng.random() < 0.85 else None
        if move is None:
            full.tick()
            core.tick()
        else:
            full.do(*move)
            core.do(*move)
        assert core.log == full.log
    assert full.state.over and core.state == full.state
    assert core.state.rules is not full.state.rules
