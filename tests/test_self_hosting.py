"""The self-hosting files keep their promises (docs/self-hosting.md), checked without a Docker engine.

docker-compose.yml is validated against the Compose specification's JSON schema
(check-jsonschema's vendored copy), the Dockerfile is linted by hadolint, and
the promises the docs make are read off both files.
"""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
import yaml

from app.settings import Settings

ROOT = Path(__file__).resolve().parents[1]
COMPOSE = ROOT / "docker-compose.yml"
DOCKERFILE = ROOT / "Dockerfile"
DOCKERIGNORE = ROOT / ".dockerignore"
SELF_HOSTING_DOC = ROOT / "docs" / "self-hosting.md"
BIN = Path(sys.executable).parent  # the venv's console scripts sit next to its python

_INTERPOLATION = re.compile(r"\$\{(\w+)(?::?-([^}]*))?\}")


def _tool(name: str) -> Path:
    path = BIN / name
    assert path.exists(), f"{name} is missing from {BIN}: it is a dev dependency (pip install -e '.[dev]')"
    return path


def _interpolate(text: str) -> str:
    """What compose would substitute with no .env and no variables set: the defaults."""
    return _INTERPOLATION.sub(lambda m: m.group(2) or "", text)


@pytest.fixture(scope="module")
def compose() -> dict[str, Any]:
    data = yaml.safe_load(COMPOSE.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def _instructions() -> list[tuple[str, str]]:
    """The Dockerfile as (INSTRUCTION, arguments), continuation lines joined, comments dropped."""
    logical: list[str] = []
    pending = ""
    for raw in DOCKERFILE.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        logical.append(pending + line)
        pending = ""
    assert not pending, "the Dockerfile ends on a continuation line"
    result = []
    for line in logical:
        keyword, _, args = line.partition(" ")
        result.append((keyword.upper(), args.strip()))
    return result


def _check_compose_schema(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(_tool("check-jsonschema")), "--builtin-schema", "vendor.compose-spec", str(path)],
        capture_output=True,
        text=True,
        timeout=120,
    )


# docker-compose.yml


def test_compose_file_matches_the_compose_specification() -> None:
    result = _check_compose_schema(COMPOSE)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_schema_check_rejects_a_broken_compose_file(tmp_path: Path) -> None:
    # The validator has teeth: a misspelt depends_on condition must be refused.
    broken = tmp_path / "docker-compose.yml"
    broken.write_text(
        COMPOSE.read_text(encoding="utf-8").replace("condition: service_healthy", "condition: healthy"),
        encoding="utf-8",
    )
    assert broken.read_text(encoding="utf-8") != COMPOSE.read_text(encoding="utf-8")
    result = _check_compose_schema(broken)
    assert result.returncode != 0, result.stdout


def test_database_has_a_pg_isready_healthcheck(compose: dict[str, Any]) -> None:
    db = compose["services"]["db"]
    assert db["image"].split(":")[0] == "postgres"
    test = db["healthcheck"]["test"]
    command = test if isinstance(test, str) else " ".join(test)
    assert "pg_isready" in command
    # pg_isready checks the database the app will use, as its user.
    user = db["environment"]["POSTGRES_USER"]
    assert f"-U {user}" in command
    assert f"-d {db['environment']['POSTGRES_DB']}" in command


def test_database_data_lives_in_a_named_volume_at_the_right_path(compose: dict[str, Any]) -> None:
    db = compose["services"]["db"]
    mounts = [m if isinstance(m, str) else f"{m['source']}:{m['target']}" for m in db["volumes"]]
    assert len(mounts) == 1
    source, target = mounts[0].split(":")[:2]
    assert source in compose["volumes"], f"{source} is not a named volume"
    tag = db["image"].partition(":")[2]
    version = re.match(r"\d+", tag)
    assert version, "pin the postgres major version: the data path depends on it"
    major = int(version.group())
    # PostgreSQL 18+ images refuse to start on a volume at the old .../data path.
    assert target == ("/var/lib/postgresql" if major >= 18 else "/var/lib/postgresql/data")


def test_app_waits_for_a_healthy_database(compose: dict[str, Any]) -> None:
    app = compose["services"]["app"]
    assert app["depends_on"]["db"]["condition"] == "service_healthy"
    assert app["restart"] in {"always", "unless-stopped"}
    assert compose["services"]["db"]["restart"] in {"always", "unless-stopped"}


def test_app_publishes_port_8000(compose: dict[str, Any]) -> None:
    ports = [_interpolate(str(p)) for p in compose["services"]["app"]["ports"]]
    assert ports == ["8000:8000"]


def test_app_database_url_points_at_the_db_service(compose: dict[str, Any]) -> None:
    app, db = compose["services"]["app"], compose["services"]["db"]
    url = _interpolate(app["environment"]["DATABASE_URL"])
    parts = urlsplit(url)
    assert parts.scheme == "postgresql+psycopg"
    assert parts.hostname == "db"
    assert parts.port == 5432
    assert parts.username == db["environment"]["POSTGRES_USER"]
    assert parts.password == _interpolate(db["environment"]["POSTGRES_PASSWORD"])
    assert parts.path == "/" + db["environment"]["POSTGRES_DB"]
    # The app accepts it (it refuses placeholder passwords at start).
    assert Settings(database_url=url).database_url == url


# Dockerfile


def test_dockerfile_passes_hadolint() -> None:
    result = subprocess.run(
        [str(_tool("hadolint")), "--no-color", str(DOCKERFILE)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_dockerfile_runs_as_a_non_root_user() -> None:
    users = [args for keyword, args in _instructions() if keyword == "USER"]
    assert users, "no USER: the server would run as root"
    user = users[-1].split(":")[0]
    assert user not in {"root", "0"}


def test_dockerfile_has_a_healthcheck_on_healthz() -> None:
    checks = [args for keyword, args in _instructions() if keyword == "HEALTHCHECK"]
    assert len(checks) == 1
    assert "/healthz" in checks[0]
    assert ":8000/" in checks[0]


def test_dockerfile_serves_on_port_8000() -> None:
    instructions = _instructions()
    assert ("EXPOSE", "8000") in instructions
    cmds = [args for keyword, args in instructions if keyword == "CMD"]
    assert len(cmds) == 1
    argv = yaml.safe_load(cmds[0]) if cmds[0].startswith("[") else shlex.split(cmds[0])
    assert argv == ["deuxrois", "serve", "--host", "0.0.0.0", "--port", "8000"]


def test_dockerfile_base_image_is_a_slim_python_the_project_supports() -> None:
    froms = [args for keyword, args in _instructions() if keyword == "FROM"]
    assert len(froms) == 1
    assert re.fullmatch(r"python:3\.1[1-9]-slim", froms[0]), froms[0]


def test_dockerfile_copies_only_files_that_exist() -> None:
    for keyword, args in _instructions():
        if keyword in {"COPY", "ADD"}:
            *sources, _dest = [a for a in shlex.split(args) if not a.startswith("--")]
            for source in sources:
                assert (ROOT / source).exists(), f"{keyword} {source}: not in the repository"


def test_image_leaves_out_local_data_secrets_and_the_venv() -> None:
    ignored = {line.strip() for line in DOCKERIGNORE.read_text(encoding="utf-8").splitlines()}
    for entry in (".git", ".venv", ".env", "data/", "*.db"):
        assert entry in ignored, f".dockerignore should list {entry}"


# docs/self-hosting.md


def test_every_setting_is_documented_with_its_default() -> None:
    doc = SELF_HOSTING_DOC.read_text(encoding="utf-8")
    rows = {line.split("|")[1].strip(): line for line in doc.splitlines() if line.startswith("| `")}
    for name, field in Settings.model_fields.items():
        variable = f"`{name.upper()}`"
        assert variable in rows, f"{variable} is missing from the environment table in docs/self-hosting.md"
        default = field.default
        if default is None:
            continue  # "unset": nothing to compare
        shown = {str(default).lower()}
        if isinstance(default, float) and default.is_integer():
            shown.add(str(int(default)))
        assert any(f"`{value}`" in rows[variable].lower() for value in shown), (
            f"{variable}: the default is {default}"
        )
