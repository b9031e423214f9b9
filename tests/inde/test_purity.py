"""app/games/inde is pure: the same AST checks as tests/engine/test_purity.py, on this folder."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

FOLDER = Path(__file__).resolve().parents[2] / "app" / "games" / "inde"
MODULES = sorted(FOLDER.rglob("*.py"))
FORBIDDEN = {
    "fastapi", "starlette", "sqlmodel", "sqlalchemy", "alembic", "jinja2", "asyncio", "time", "uvicorn",
    "requests", "httpx", "websockets", "redis", "psycopg", "socket", "subprocess", "threading",
    "app.web", "app.live", "app.store", "app.engine",
}
CLOCK = {"now", "utcnow", "today", "time", "monotonic", "perf_counter", "time_ns", "monotonic_ns"}


def _problems(path: Path) -> list[str]:
    found: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names if any(a.name == f or a.name.startswith(f + ".") for f in FORBIDDEN)]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if any(node.module == f or node.module.startswith(f + ".") for f in FORBIDDEN):
                found.append(node.module)
            if node.module == "random":
                found += [f"random.{a.name}" for a in node.names if a.name != "Random"]
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            if node.value.id in ("datetime", "date", "time") and node.attr in CLOCK:
                found.append(f"{node.value.id}.{node.attr}")
            if node.value.id == "random" and node.attr != "Random":
                found.append(f"random.{node.attr} (unseeded)")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("open", "print", "input"):
            found.append(f"{node.func.id}()")
    return found


def test_the_folder_has_its_modules() -> None:
    names = {p.name for p in MODULES}
    assert {"__init__.py", "bot.py", "scoring.py", "views.py", "rules.py"} <= names
    assert (FOLDER / "board.json").exists()


@pytest.mark.parametrize("path", MODULES, ids=[p.name for p in MODULES])
def test_module_is_pure(path: Path) -> None:
    assert _problems(path) == []
