"""app/games/regents is pure: no web, database, event loop, clock, I/O or unseeded randomness.

The same rules as tests/engine/test_purity.py, applied to this folder (parsed, not imported).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

FOLDER = Path(__file__).resolve().parents[2] / "app" / "games" / "regents"
MODULES = sorted(FOLDER.rglob("*.py"))
FORBIDDEN = {"fastapi", "starlette", "sqlmodel", "sqlalchemy", "alembic", "jinja2", "asyncio", "time", "uvicorn",
             "requests", "httpx", "websockets", "redis", "psycopg", "socket", "subprocess", "threading", "app.web",
             "app.live", "app.store", "app.engine"}
CLOCK = {"now", "utcnow", "today", "time", "monotonic", "perf_counter", "time_ns"}


def problems(path: Path) -> list[str]:
    found: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module]
            if node.module == "random":
                found += [f"from random import {a.name}" for a in node.names if a.name != "Random"]
        found += [n for n in names if any(n == f or n.startswith(f + ".") for f in FORBIDDEN)]
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            if node.value.id in ("datetime", "date", "time") and node.attr in CLOCK:
                found.append(f"{node.value.id}.{node.attr}")
            if node.value.id == "random" and node.attr != "Random":
                found.append(f"random.{node.attr}")
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("open", "input", "print"):
            found.append(f"{node.func.id}()")
    return found


def test_the_folder_has_its_modules() -> None:
    assert FOLDER / "rules.py" in MODULES and len(MODULES) > 10


@pytest.mark.parametrize("path", MODULES, ids=[p.name for p in MODULES])
def test_module_is_pure(path: Path) -> None:
    assert problems(path) == []


def test_the_checker_catches(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("import asyncio\nimport random\nx = random.random()\nfrom app.engine import cards\nopen('f')\n")
    assert sorted(problems(bad)) == ["app.engine", "asyncio", "open()", "random.random"]
