"""What every game's door shares: seats seen through the game's lobby view, join-form numbers, no-store."""

from __future__ import annotations

from typing import Any

from starlette.datastructures import FormData
from starlette.responses import Response

from app.kernel.game import JoinField
from app.kernel.names import name_key
from app.live.hub import Hub

FIELD_MAX = 200  # longer form values are cut before the game sees them (names are checked by each game)


def no_store(response: Response) -> Response:
    """Pages with seats, secrets or PINs: never kept by a browser or a proxy."""
    response.headers["Cache-Control"] = "no-store"
    return response


def lobby(hub: Hub) -> dict[str, Any]:
    return hub.lobby()


def seat_name(hub: Hub, player_id: str | None) -> str | None:
    """The seat's name if `player_id` is seated at this table, else None."""
    if player_id is None:
        return None
    return hub.seat_names().get(player_id)


def seated(hub: Hub) -> set[str]:
    """Every seat id at this table now."""
    return set(hub.seat_names())


def removed(hub: Hub, player_id: str | None) -> bool:
    """Whether whoever runs the door took this seat back (app/kernel/seats.py): its phone, back at the
    door as a newcomer, is told why."""
    return player_id is not None and player_id in lobby(hub).get("removed", ()) and seat_name(hub, player_id) is None


def seat_named(hub: Hub, name: str) -> str | None:
    """The seat whose name is `name` as the games compare names (spaces, case, accents and invisible
    characters aside), for a new phone with a PIN."""
    wanted = name_key(name)
    if not wanted:
        return None
    return next((p["id"] for p in lobby(hub)["players"] if name_key(str(p["name"])) == wanted), None)


def join_numbers(fields: tuple[JoinField, ...], form: FormData) -> dict[str, int]:
    """The numbers the game asks at the door; an empty one is left out; raises ValueError(field)."""
    out: dict[str, int] = {}
    for field in fields:
        raw = str(form.get(field.name) or "").strip()[:16]
        if not raw:
            continue
        if not raw.isdigit() or not field.min <= int(raw) <= field.max:
            raise ValueError(field.name)
        out[field.name] = int(raw)
    return out
