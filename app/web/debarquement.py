"""The débarquement pages' regions: the same HtmlPresenter, its own list of partials.

Public regions (status, boats, players, scores) read only public keys, so one
fan-out renders each of them once for every phone and the big screen; the
private ones (hand, my captures) read `me` and the legal actions of one seat.
"""

from __future__ import annotations

from app.live.connection import ViewerKind
from app.web.presenter import HtmlPresenter, Region

_D = "debarquement/partials/"

STATUS = Region("d-status", _D + "status.html", ("game", "prompt", "awaiting_boat", "players", "result"))
BOATS = Region("d-boats", _D + "boats.html", ("boats", "last_reveal", "awaiting_boat", "players", "game"))
PLAYERS = Region("d-players", _D + "players.html", ("players", "game"))
SCORES = Region("d-scores", _D + "scores.html", ("scores", "history", "players", "result", "game"))
TABLE = (STATUS, BOATS, PLAYERS, SCORES)

PAGES: dict[ViewerKind, tuple[Region, ...]] = {
    "player": (
        STATUS,
        Region("d-hand", _D + "hand.html", ("me", "legal_actions", "awaiting_boat", "game")),
        BOATS,
        Region("d-mine", _D + "mine.html", ("me", "game")),
        Region("d-actions", _D + "actions.html", ("legal_actions", "players", "game", "rebinds")),
        PLAYERS,
        SCORES,
    ),
    "screen": TABLE,
    "moderator": TABLE,  # no dashboard for this variant: whoever asks sees the table, never a hand
}


class DebarquementPresenter(HtmlPresenter):
    pages = PAGES
