"""Edinburgh castle: the 7 spaces, the 5 domains, and the two adjacency graphs (RG-2).

The graph itself is data (`castle.json`), so the real board can replace it if
it ever surfaces. Rooms conjugate and the King moves along `ROOM_ADJ`; agents
move along `MOVE_ADJ` (the room edges plus the guard paths).
"""

from __future__ import annotations

import json
from enum import StrEnum
from importlib import resources
from typing import Any

from app.kernel.text import Text


class Space(StrEnum):
    TRONE = "TRONE"
    ARMES = "ARMES"
    TRESOR = "TRESOR"
    CHAPELLE = "CHAPELLE"
    INTENDANCE = "INTENDANCE"
    GARDE_TOUR = "GARDE_TOUR"
    GARDE_REMPART = "GARDE_REMPART"


class Domain(StrEnum):
    POLITIQUE = "POLITIQUE"
    MILITAIRE = "MILITAIRE"
    FINANCIER = "FINANCIER"
    RELIGIEUX = "RELIGIEUX"
    ECONOMIQUE = "ECONOMIQUE"


SPACES: tuple[Space, ...] = tuple(Space)
DOMAINS: tuple[Domain, ...] = tuple(Domain)

DOMAIN_NAMES: dict[Domain, Text] = {
    Domain.POLITIQUE: Text("politique", "political"),
    Domain.MILITAIRE: Text("militaire", "military"),
    Domain.FINANCIER: Text("financier", "financial"),
    Domain.RELIGIEUX: Text("religieux", "religious"),
    Domain.ECONOMIQUE: Text("économique", "economic"),
}


def _load() -> dict[str, Any]:
    raw = resources.files(__package__).joinpath("castle.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(raw)
    return data


_CASTLE = _load()

SPACE_NAMES: dict[Space, Text] = {Space(s["id"]): Text(s["fr"], s["en"]) for s in _CASTLE["spaces"]}
SPACE_THE: dict[Space, Text] = {Space(s["id"]): Text(s["fr_the"], s["en_the"]) for s in _CASTLE["spaces"]}
SPACE_KIND: dict[Space, str] = {Space(s["id"]): s["kind"] for s in _CASTLE["spaces"]}
SPACE_SYMBOL: dict[Space, str] = {Space(s["id"]): s["symbol"] for s in _CASTLE["spaces"]}
SPACE_XY: dict[Space, tuple[int, int]] = {Space(s["id"]): (s["x"], s["y"]) for s in _CASTLE["spaces"]}
ROOMS: dict[Space, Domain] = {Space(s["id"]): Domain(s["domain"]) for s in _CASTLE["spaces"] if s["kind"] == "room"}
ROOM_OF: dict[Domain, Space] = {d: r for r, d in ROOMS.items()}
PATHS: tuple[Space, ...] = tuple(s for s in SPACES if SPACE_KIND[s] == "path")
TOWER, RAMPART = Space.GARDE_TOUR, Space.GARDE_REMPART
ROOM_EDGES: tuple[tuple[Space, Space], ...] = tuple((Space(a), Space(b)) for a, b in _CASTLE["room_edges"])
PATH_EDGES: tuple[tuple[Space, Space], ...] = tuple((Space(a), Space(b)) for a, b in _CASTLE["path_edges"])


def _adjacency(edges: tuple[tuple[Space, Space], ...]) -> dict[Space, tuple[Space, ...]]:
    adj: dict[Space, list[Space]] = {s: [] for s in SPACES}
    for a, b in edges:
        adj[a].append(b)
        adj[b].append(a)
    return {s: tuple(sorted(n, key=SPACES.index)) for s, n in adj.items()}


ROOM_ADJ = _adjacency(ROOM_EDGES)  # conjugation and the King (L74, L92, RG-3)
MOVE_ADJ = _adjacency(ROOM_EDGES + PATH_EDGES)  # agents (L74, L86)

# The neutral's agents start in the symbol rooms other than the throne (L240, RG-51).
NEUTRAL_START: tuple[Space, ...] = tuple(r for r in ROOMS if r is not Space.TRONE)
KING_START = Space.TRONE  # L31


def space_name(space: Space) -> Text:
    return SPACE_NAMES[space]


def groups(rooms: set[Space]) -> list[tuple[Space, ...]]:
    """The connected groups of `rooms` along ROOM_ADJ, each in board order (RG-3)."""
    left = set(rooms)
    out: list[tuple[Space, ...]] = []
    for start in SPACES:
        if start not in left:
            continue
        seen, todo = {start}, [start]
        while todo:
            for n in ROOM_ADJ[todo.pop()]:
                if n in left and n not in seen:
                    seen.add(n)
                    todo.append(n)
        left -= seen
        out.append(tuple(s for s in SPACES if s in seen))
    return out
