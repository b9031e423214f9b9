"""Helpers for the envoy-power tests (no tests here): a 50-player table and a designation driver."""

from __future__ import annotations

from typing import Any

from play_helpers import A, Game, N, table

from app.games.deuxrois import designation
from app.games.deuxrois.deal import Room

# 50 players, every card dealt. These start in Normandie; the others in Angleterre.
NORTH = (1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 16, 17, 19, 20, 21, 22, 23, 29, 39, 43, 47, 49)
# Plain cards used to fill each list up to the quota (6 per room in round 1 at 50 players).
FILLERS = {N: (7, 10, 15, 3, 12, 5, 6, 8, 11, 1), A: (31, 32, 33, 34, 37, 38, 41, 42, 44, 45, 46, 50)}


def at_designation(north_general: str = "tresorier_ducal", south_general: str = "harold",
                   infidel: str = "red") -> Game:
    """Round 1, window D, with the two généraux set by the moderator."""
    game = table(50, normandie=NORTH, infidel=infidel)
    game.until("E", 1)
    game.do("moderator", {"type": "mod_set_general", "room": "normandie", "player": game.pid(north_general)})
    game.do("moderator", {"type": "mod_set_general", "room": "angleterre", "player": game.pid(south_general)})
    assert game.state.phase == "D"
    return game


def fill(game: Game, room: Room, wanted: list[str]) -> list[str]:
    """The named players, completed up to the room's required count with plain cards."""
    need = designation.required(game.state, room)
    general = game.state.generals[room]
    ids = [game.pid(n) for n in wanted]
    for card in FILLERS[room]:
        if len(ids) >= need:
            break
        pid = game.holder(card)
        if pid not in ids and pid != general and game.room(pid) is room:
            ids.append(pid)
    return ids


def designate(game: Game, room: Room, wanted: list[str], lock: bool = True) -> list[str]:
    general = game.state.generals[room]
    assert general is not None
    ids = fill(game, room, wanted)
    game.do(general, {"type": "designate", "targets": ids})
    if lock:
        game.do(general, {"type": "lock_envoys"})
    return ids


def at_departure(north: list[str] | None = None, south: list[str] | None = None, **kw: Any) -> tuple[Game, list[str],
                                                                                                   list[str]]:
    """Round 1, window X, both lists locked; returns the game and the two lists (player ids)."""
    game = at_designation(**kw)
    n = designate(game, N, north or [])
    s = designate(game, A, south or [])
    assert game.state.phase == "X"
    return game, n, s


def use(game: Game, name: str, power: str, target: str | None = None, choice: str | None = None) -> None:
    cmd: dict[str, Any] = {"type": "use_power", "power": power}
    if target is not None:
        cmd["target"] = game.pid(target)
    if choice is not None:
        cmd["choice"] = choice
    game.do(game.pid(name), cmd)


def refused(game: Game, name: str, power: str, target: str | None = None, choice: str | None = None) -> str:
    cmd: dict[str, Any] = {"type": "use_power", "power": power}
    if target is not None:
        cmd["target"] = game.pid(target)
    if choice is not None:
        cmd["choice"] = choice
    return game.refused(game.pid(name), cmd).code


def saw(game: Game, viewer: str, subject: str, kind: str) -> list[Any]:
    """Snapshots of `subject` in the viewer's knowledge, of one kind."""
    pid, sub = game.pid(viewer), game.pid(subject)
    return [s for s in game.state.knowledge[pid] if s.subject == sub and s.kind == kind]


def feed(game: Game, viewer: str, kind: str) -> list[Any]:
    return [item for item in game.state.feeds[game.pid(viewer)] if item.kind == kind]


def power_action(view: dict[str, Any], key: str) -> dict[str, Any]:
    return next(a for a in view["actions"] if a["type"] == "use_power" and a["power"] == key)


__all__ = ["A", "N"]
