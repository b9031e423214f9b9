"""The kernel and every game are pure (docs/architecture.md): no web, database, templates, event loop, clock or I/O.

Every module under app/kernel and app/games is parsed (not imported) and its imports and clock
calls are checked, so a forbidden import fails here even in a module no test loads.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

APP = Path(__file__).resolve().parents[2] / "app"
PURE = (APP / "kernel", APP / "games")
MODULES = sorted(p for root in PURE for p in root.rglob("*.py"))

FORBIDDEN = {
    "fastapi", "starlette", "sqlmodel", "sqlalchemy", "alembic", "jinja2", "asyncio", "time", "uvicorn",
    "requests", "httpx", "httpx2", "websockets", "redis", "psycopg", "socket", "subprocess", "threading",
    "app.web", "app.live", "app.store",
}
# Clock reads, whatever the import style: datetime.now(), date.today(), time.time(), ...
CLOCK_ATTRS = {"now", "utcnow", "today", "time", "monotonic", "perf_counter", "time_ns", "monotonic_ns"}
CLOCK_OWNERS = {"datetime", "date", "time"}
# The module-level functions of `random` share one unseeded generator; only random.Random(seed) is allowed.
RANDOM_ALLOWED = {"Random"}


def _forbidden(name: str) -> bool:
    return any(name == f or name.startswith(f + ".") for f in FORBIDDEN)


def _problems(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [f"import {a.name}" for a in node.names if _forbidden(a.name)]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if _forbidden(node.module):
                found.append(f"from {node.module} import ...")
            if node.module == "random":
                found += [f"from random import {a.name}" for a in node.names if a.name not in RANDOM_ALLOWED]
            if node.module in ("datetime", "time"):
                found += [f"from {node.module} import {a.name}" for a in node.names if a.name in CLOCK_ATTRS]
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name | ast.Attribute):
            owner, attr = (node.value.id if isinstance(node.value, ast.Name) else node.value.attr), node.attr
            if owner in CLOCK_OWNERS and attr in CLOCK_ATTRS:
                found.append(f"{owner}.{attr}")
            if owner == "random" and attr not in RANDOM_ALLOWED:
                found.append(f"random.{attr} (unseeded)")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("open", "input",
                                                                                              "print"):
            found.append(f"{node.func.id}()")
    return found


def test_the_pure_parts_have_modules() -> None:
    assert APP / "games" / "deuxrois" / "scoring" / "__init__.py" in MODULES
    assert APP / "games" / "debarquement" / "rules.py" in MODULES
    assert APP / "kernel" / "rules.py" in MODULES


@pytest.mark.parametrize("path", MODULES, ids=[str(p.relative_to(APP)) for p in MODULES])
def test_module_is_pure(path: Path) -> None:
    assert _problems(path) == []


@pytest.mark.parametrize(("source", "problem"), [
    ("import fastapi", "import fastapi"),
    ("from sqlalchemy.orm import Session", "from sqlalchemy.orm import ..."),
    ("import asyncio", "import asyncio"),
    ("import time\nt = time.time()", "import time"),
    ("from datetime import datetime\nx = datetime.now()", "datetime.now"),
    ("import datetime\nx = datetime.date.today()", "date.today"),
    ("import random\nx = random.random()", "random.random (unseeded)"),
    ("from random import shuffle", "from random import shuffle"),
    ("from app.web import routes", "from app.web import ..."),
    ("x = open('f')", "open()"),
])
def test_the_checker_catches(tmp_path: Path, source: str, problem: str) -> None:
    """The checker itself: each forbidden pattern is reported."""
    module = tmp_path / "m.py"
    module.write_text(source, encoding="utf-8")
    assert problem in _problems(module)


def test_the_checker_allows_seeded_random(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("import random\nrng = random.Random(3)\nfrom datetime import date\n", encoding="utf-8")
    assert _problems(module) == []
