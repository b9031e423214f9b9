"""Helpers for the Mode Historique tests (no tests here): a 12-player table with the mode on."""

from __future__ import annotations

from typing import Any

from play_helpers import Game, table

from app.games.deuxrois.config import GameConfig
from app.games.deuxrois.deal import Room
from app.games.deuxrois.historique.effects import ongoing

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


def with_event(game: Game, number: int) -> None:
    """Event `number` picked in round 1's window X, the game at round 2 N, Guillaume and Harold sitting.

    Round 1's envoys: the Assassin and the Espion go to Angleterre, the Armurier and the Troubadour to
    Normandie, so round 2 starts with Normandie = guillaume, protection_divine, sang_royal_rouge,
    tresorier_ducal, armurier, troubadour.
    """
    to_x_with(game, 1, ["assassin", "espion"], ["armurier", "troubadour"], number)
    game.until("N", 2)
    assert ongoing(game.state) == number


def use(game: Game, who: str, power: str, target: str | None = None) -> Any:
    cmd: dict[str, Any] = {"type": "use_power", "power": power}
    if target is not None:
        cmd["target"] = game.pid(target)
    return game.do(game.pid(who), cmd)


def power_keys(game: Game, who: str) -> set[str]:
    from app.games.deuxrois.views import player_view

    return {p["key"] for p in player_view(game.state, game.pid(who))["me"]["powers"]}


def designate(game: Game, north: list[str], south: list[str]) -> None:
    """Window D: whoever designates each room names these players (by card key) and locks."""
    from app.games.deuxrois import designation

    for room, names in ((N, north), (A, south)):
        who = designation.designator(game.state, room)
        assert who is not None
        game.do(who, {"type": "designate", "targets": [game.pid(n) for n in names]})
        game.do(who, {"type": "lock_envoys"})


def to_x_with(game: Game, round_no: int, north: list[str], south: list[str], number: int | None = None) -> None:
    """Window X of `round_no` with these envoys locked (généraux Guillaume and Harold); `number` picked."""
    to_phase(game, "D", round_no)
    generals(game, "guillaume", "harold")
    designate(game, north, south)
    assert game.state.phase == "X"
    if number is not None:
        pick(game, number)
