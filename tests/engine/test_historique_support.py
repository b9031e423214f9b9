"""Helpers for the Mode Historique tests (no tests here): a 12-player table with the mode on."""

from __future__ import annotations

from typing import Any

from play_helpers import Game, table

from app.engine.config import GameConfig
from app.engine.deal import Room
from app.engine.historique.effects import ongoing

N, A = Room.NORMANDIE, Room.ANGLETERRE
ON = GameConfig(historique=True)
# 12 players: these cards start in Normandie, the others in Angleterre.
NORTH = (1, 3, 5, 7, 9, 11)


def hgame(n: int = 12, normandie: tuple[int, ...] = NORTH, cards: list[int] | None = None, seed: int = 1,
          config: GameConfig = ON) -> Game:
    return table(n, normandie=normandie, cards=cards, config=config, seed=seed)


def generals(game: Game, north: str | None, south: str | None) -> None:
    """The moderator seats these généraux (by card key)."""
    for room, name in ((N, north), (A, south)):
        pid = game.pid(name) if name is not None else None
        if game.state.generals.get(room) != pid:
            game.do("moderator", {"type": "mod_set_general", "room": room.value, "player": pid})


def to_phase(game: Game, phase: str, round_no: int, north: str | None = "guillaume",
             south: str | None = "harold") -> None:
    """Ticks to `phase` of `round_no`; the généraux are set by the moderator once elected (phase D)."""
    if phase in ("X", "A") or (round_no > game.state.round):
        game.until("D", round_no if phase in ("X", "A") else round_no - 1)
        generals(game, north, south)
    game.until(phase, round_no)


def pick(game: Game, number: int) -> None:
    game.do("moderator", {"type": "mod_historique_pick", "number": number})


def with_event(game: Game, number: int, north: str | None = "guillaume", south: str | None = "harold") -> None:
    """Event `number` drawn in round 1 (by the moderator), the game at round 2 N with these généraux sitting."""
    to_phase(game, "X", 1, north, south)
    pick(game, number)
    game.until("N", 2)
    assert ongoing(game.state) == number


def use(game: Game, who: str, power: str, target: str | None = None) -> Any:
    cmd: dict[str, Any] = {"type": "use_power", "power": power}
    if target is not None:
        cmd["target"] = game.pid(target)
    return game.do(game.pid(who), cmd)


def power_keys(game: Game, who: str) -> set[str]:
    from app.engine.views import player_view

    return {p["key"] for p in player_view(game.state, game.pid(who))["me"]["powers"]}
