"""A Deux Rois game's log as a scenario (docs/scenarios.md) that `deuxrois simulate` replays.

The set-up (players in seat order, seed, the deal and room split as they
happened, the config) comes from the events; the steps are the commands stored
with each batch of events after the start, by actor name, timed from the start.
Player ids become names, as scenarios want; a player who gave a birth year is
`{"name", "birth_year"}` (Mode Historique's event 14). The raw log rides along under
"log" for audits. Known limit: a lobby where someone left shifts version
numbers, so a `mod_undo` exported from such a game may point elsewhere.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from app.kernel.game import StoredEventLike

PLAYER_FIELDS = ("target", "candidate", "player")


def _named(command: dict[str, Any], names: dict[str, str]) -> dict[str, Any]:
    out = dict(command)  # None stays: a vote for None is an abstention
    for key in PLAYER_FIELDS:
        if isinstance(out.get(key), str):
            out[key] = names.get(out[key], out[key])
    if isinstance(out.get("targets"), list):
        out["targets"] = [names.get(t, t) for t in out["targets"]]
    return out


def to_scenario(code: str, seed: int, config: Mapping[str, Any], events: Sequence[StoredEventLike]) -> dict[str, Any]:
    names: dict[str, str] = {}
    years: dict[str, int] = {}  # private birth years (event 14's elders) ride along so the council replays
    for e in events:
        if e.payload.get("type") == "player_joined":
            names[e.payload["player_id"]] = e.payload["name"]
            if e.payload.get("birth_year") is not None:
                years[e.payload["player_id"]] = e.payload["birth_year"]

    def seat(pid: str) -> str | dict[str, Any]:
        return {"name": names[pid], "birth_year": years[pid]} if pid in years else names[pid]

    start = next((i for i, e in enumerate(events) if e.payload.get("type") == "game_started"), None)
    scenario: dict[str, Any] = {"title": f"Game {code} (deuxrois)", "code": code, "game": "deuxrois"}
    if start is None:
        left = {e.payload["player_id"] for e in events if e.payload.get("type") in ("player_left", "seat_removed")}
        scenario["setup"] = {"players": [seat(p) for p in names if p not in left], "seed": seed,
                             "rounds": config.get("rounds", 5)}
        scenario["steps"] = []
    else:
        started = events[start].payload
        seats = list(started["cards"])
        config = {k: v for k, v in started["config"].items() if k != "rounds" and v is not None}
        scenario["setup"] = {
            "players": [seat(p) for p in seats],
            "seed": seed,
            "rounds": started["config"].get("rounds", 5),
            "deal": [started["cards"][p] for p in seats],
            "rooms": [started["rooms"][p] for p in seats],
            "config": config,
        }
        t0 = events[start].at
        steps = []
        for e in events[start + 1:]:
            if e.command is None:
                continue
            actor = e.command["actor"]
            who = names.get(actor.get("player_id") or "", "") if actor["kind"] == "player" else actor["kind"]
            steps.append({"actor": who, "command": _named(e.command["command"], names), "at": e.at - t0})
        scenario["steps"] = steps
    scenario["log"] = [e.payload for e in events]
    return scenario
