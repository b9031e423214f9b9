"""The real `deuxrois` console script: JSON on stdout; bad input -> status 2, one line on stderr, no traceback."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

DEUXROIS = Path(sys.executable).parent / "deuxrois"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(DEUXROIS), *args], capture_output=True, text=True, timeout=60, check=False)


def assert_usage_error(proc: subprocess.CompletedProcess[str], *needles: str) -> None:
    assert proc.returncode == 2, proc
    assert proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("deuxrois: ")
    assert "Traceback" not in proc.stderr
    for needle in needles:
        assert needle in lines[0]


def test_the_console_script_exists() -> None:
    assert DEUXROIS.exists()


@pytest.mark.parametrize("n", [6, 9, 35, 50])
def test_deal(n: int) -> None:
    proc = run("deal", str(n), "--seed", "7")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["players"] == n
    assert len(data["cards"]) == n
    assert sorted(data["cards"]) == (list(range(1, n + 1)) if n % 2 == 0 else [*range(1, n), 49])
    assert json.loads(run("deal", str(n), "--seed", "7").stdout) == data  # seeded


@pytest.mark.parametrize(("arg", "needle"), [("5", "5"), ("51", "51"), ("6.5", "6.5"), ("six", "six")])
def test_deal_bad_count(arg: str, needle: str) -> None:
    assert_usage_error(run("deal", arg), needle)


def players(n: int = 8) -> list[dict[str, Any]]:
    return [{"name": f"P{c}", "card": c, "room": "normandie" if c % 2 else "angleterre"} for c in range(1, n + 1)]


def score(tmp_path: Path, data: object) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "position.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return run("score", str(path))


def test_score_valid(tmp_path: Path) -> None:
    data = {"players": players(8)}
    data["players"][4]["state"] = {"armed": True}  # the Assassin (5) is in Normandie with Guillaume and the PD
    proc = score(tmp_path, data)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert (out["outcome"], out["winners"], out["room"], out["band"]) == ("N-HOME", "red", "normandie", "6-15")
    assert out["points"] == {"P1": 5, "P2": 0, "P3": 6, "P4": 4, "P5": 0, "P6": 0, "P7": 4, "P8": 0}
    assert out["explain"]["P3"][1] == {
        "points": 2,
        "fr": "Protection divine : +2, dans la salle de Guillaume et victoire normande",
        "en": "Divine Protection: +2, in William's room and a Norman victory",
    }


def test_score_kill(tmp_path: Path) -> None:
    data = {"players": players(8)}
    data["players"][2]["room"] = "angleterre"  # the PD leaves Guillaume
    data["players"][4]["state"] = {"armed": True}
    out = json.loads(score(tmp_path, data).stdout)
    assert (out["outcome"], out["killer"]) == ("E-ASSASSIN", "P5")
    assert out["points"]["P5"] == 6 and out["points"]["P6"] == 5 and out["points"]["P2"] == 5


def _bad(**change: Any) -> dict[str, Any]:
    ps = players(8)
    ps[3].update(change)
    return {"players": ps}


@pytest.mark.parametrize(("data", "needles"), [
    ("{not json", ("not valid JSON", "line 1")),
    ({"players": players(8), "extra": 1}, ('unknown top-level key "extra"',)),
    (_bad(room="paris"), ('player "P4"', '"room"')),
    (_bad(card=3), ('player "P4"', "card 3 is held by another player too")),
    ({"players": [p for p in players(9) if p["card"] != 2]}, ("Harold (card 2) must be in play",)),
    (_bad(state={"armd": True}), ('player "P4"', 'state key "armd" is unknown')),
    (_bad(state={"subject": "yes"}), ('player "P4"', '"subject" must be true or false')),
    (_bad(card="four"), ('player "P4"', '"card" must be a whole number')),
    (_bad(name=4), ('players[3]', '"name"')),
    ([1, 2], ("JSON object",)),
], ids=["malformed-json", "top-level-key", "bad-room", "duplicate-card", "missing-harold", "unknown-state-key",
        "wrong-type-bool", "wrong-type-card", "wrong-type-name", "not-an-object"])
def test_score_refusals(tmp_path: Path, data: object, needles: tuple[str, ...]) -> None:
    assert_usage_error(score(tmp_path, data), *needles)


def test_score_missing_file(tmp_path: Path) -> None:
    assert_usage_error(run("score", str(tmp_path / "nope.json")), "cannot read", "nope.json")


def test_score_missing_argument() -> None:
    assert_usage_error(run("score"))


# Known gaps in app/cli.py `_read_json` (reported, owned by the CLI's author): these escape as tracebacks.
def test_score_file_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "latin1.json"
    path.write_bytes(b'\xff\xfe{"players": []}')
    assert_usage_error(run("score", str(path)), "latin1.json")


def test_score_deeply_nested_json(tmp_path: Path) -> None:
    assert_usage_error(score(tmp_path, "[" * 100_000), "position.json")
