"""`deuxrois debarquement score FILE` through the real console script."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

DEUXROIS = Path(sys.executable).parent / "deuxrois"


def score(tmp_path: Path, data: Any, *, raw: str | None = None) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "captures.json"
    path.write_text(raw if raw is not None else json.dumps(data), encoding="utf-8")
    return subprocess.run([str(DEUXROIS), "debarquement", "score", str(path)],
                          capture_output=True, text=True, timeout=60, check=False)


def test_valid_file_gives_each_players_points(tmp_path: Path) -> None:
    data = {"captures": {
        "Ana": [{"boat": "normand", "cards": [3, 11, 19, 27, 45]}],  # §6.1: 8, only red -> -8
        "Bob": [{"boat": "normand", "cards": [4, 13, 17, 29, 36]}],  # (0+1+1+2+3)x2, green breaks the rule
        "Céline": [{"boat": "anglais", "cards": [2, 12, 14, 16, 43]}],  # Pèlerin: 0
        "Dara": [
            {"boat": "normand", "cards": [47, 37, 1, 15, 23, 31, 33]},  # 2 covered cards, scored too (F19): 16
            {"boat": "anglais", "cards": [6, 8, 18, 20, 24]},  # 5; red and blue together stay positive
        ],
        "Émile": [],
    }}
    proc = score(tmp_path, data)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == {"points": {"Ana": -8, "Bob": 14, "Céline": 0, "Dara": 21, "Émile": 0}}


ERRORS = [
    pytest.param([1, 2], "JSON object", id="not-an-object"),
    pytest.param({"captures": {}, "extra": 1}, 'unknown key "extra"', id="unknown-top-key"),
    pytest.param({}, 'missing key "captures"', id="missing-captures"),
    pytest.param({"captures": []}, "must be an object", id="captures-not-an-object"),
    pytest.param({"captures": {"Ana": {"boat": "normand"}}}, 'player "Ana"', id="player-not-a-list"),
    pytest.param({"captures": {"Ana": [{"boat": "normand", "cards": [3, 11, 19, 27, 45], "x": 1}]}},
                 'player "Ana", boat #1: unknown key "x"', id="unknown-boat-key"),
    pytest.param({"captures": {"Ana": [{"boat": "viking", "cards": [3, 11, 19, 27, 45]}]}},
                 'unknown boat "viking"', id="bad-boat-name"),
    pytest.param({"captures": {"Ana": [{"boat": "normand", "cards": []}]}}, "has no cards", id="boat-no-cards"),
    pytest.param({"captures": {"Ana": [{"boat": "normand", "cards": [3, 11, 19, 51, 45]}]}},
                 "51 is not a card number 1..50", id="card-51"),
    pytest.param({"captures": {"Ana": [{"boat": "normand", "cards": [0, 11, 19, 27, 45]}]}},
                 "0 is not a card number", id="card-0"),
    pytest.param({"captures": {"Ana": [{"boat": "normand", "cards": ["3", 11, 19, 27, 45]}]}},
                 '"3" is not a card number', id="card-as-string"),
    pytest.param({"captures": {"Ana": [{"boat": "anglais", "cards": [2, 12, 14, 16, 45]}]}},
                 "card 45 (Interpreter) is red and cannot sail on the English boat", id="red-on-english"),
    pytest.param({"captures": {"Bob": [{"boat": "normand", "cards": [3, 11, 19, 27, 46]}]}},
                 'player "Bob", boat #1 (Norman boat): card 46', id="blue-on-norman"),
    pytest.param({"captures": {"Ana": [{"boat": "normand", "cards": [3, 11, 19, 27, 45]}],
                               "Bob": [{"boat": "normand", "cards": [4, 13, 17, 29, 45]}]}},
                 'card 45 appears twice (also in player "Ana", boat #1 (Norman boat))', id="card-repeated-across"),
    pytest.param({"captures": {"Ana": [{"boat": "normand", "cards": [3, 3, 19, 27, 45]}]}},
                 "card 3 appears twice", id="card-repeated-in-boat"),
    pytest.param({"captures": {"Ana": [{"boat": "normand", "cards": [3, 11, 19, 27]}]}},
                 "at least 5 cards (got 4)", id="boat-with-4-cards"),
    pytest.param({"captures": {"A\nB": [{"boat": "normand", "cards": [3]}]}}, 'player "A\\nB"',
                 id="newline-in-name-stays-one-line"),
    pytest.param({"captures": {"Ana": [{"boat": "x" * 500, "cards": [3, 11, 19, 27, 45]}]}}, "...",
                 id="huge-value-is-shortened"),
    pytest.param({"captures": {"": []}}, "a player name is empty", id="empty-player-name"),
    pytest.param({"captures": {"Ana": [[3, 11, 19, 27, 45]]}}, "a boat must be an object", id="boat-not-object"),
    pytest.param({"captures": {"Ana": [{"boat": "normand", "cards": 3}]}}, "must be a list", id="cards-not-list"),
]


@pytest.mark.parametrize(("data", "needle"), ERRORS)
def test_bad_input_is_one_line_and_status_2(tmp_path: Path, data: Any, needle: str) -> None:
    proc = score(tmp_path, data)
    assert proc.returncode == 2, proc
    assert proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("deuxrois: ")
    assert needle in lines[0]
    assert "Traceback" not in proc.stderr


def test_invalid_json_is_one_line(tmp_path: Path) -> None:
    proc = score(tmp_path, None, raw="{captures: ")
    assert proc.returncode == 2
    assert len(proc.stderr.splitlines()) == 1 and "not valid JSON" in proc.stderr


def test_missing_file_is_one_line(tmp_path: Path) -> None:
    proc = subprocess.run([str(DEUXROIS), "debarquement", "score", str(tmp_path / "nope.json")],
                          capture_output=True, text=True, timeout=60, check=False)
    assert proc.returncode == 2
    assert len(proc.stderr.splitlines()) == 1 and "cannot read" in proc.stderr
