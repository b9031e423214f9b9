"""The pages of Royal Secrets: which regions each viewer's page lays out, and the templates (templates/royal_secrets/).

Region ids are stable and name no role and no secret. The public regions read
only public keys, so one fan-out renders each once for every phone, the big
screen and the dashboard; `rs-moment` and `rs-hand` read one seat's `me` and
its legal actions. `rs-court` and `rs-reveal` read the round as the viewer
may see it (a phone also sees its own face-down cards there).
"""

from __future__ import annotations

from collections.abc import Mapping

from app.kernel.game import Pages, Region

_P = "royal_secrets/partials/"

STATUS = Region("rs-status", _P + "status.html", ("game", "tuile", "waiting", "names"))
MOMENT = Region("rs-moment", _P + "moment.html", ("me", "legal_actions", "game", "waiting", "result", "tuile", "round"))
HAND = Region("rs-hand", _P + "hand.html", ("me", "players", "round", "game"))
COURT = Region("rs-court", _P + "court.html", ("round", "game", "players", "table", "tuile", "viewer"))
PLAYERS = Region("rs-players", _P + "players.html", ("players", "game", "tuile", "door"))
REVEAL = Region("rs-reveal", _P + "reveal.html", ("last_round", "game", "players"))
FEED = Region("rs-feed", _P + "feed.html", ("feed",))
RESULT = Region("rs-result", _P + "result.html", ("result", "game", "players"))
BANNER = Region("rs-banner", _P + "banner.html", ("feed", "game"))
CONTROLS = Region("rs-controls", _P + "controls.html", ("legal_actions", "game", "players"))
REBINDS = Region("rs-rebinds", _P + "rebinds.html", ("rebinds",))
SEATS = Region("rs-seats", _P + "seats.html", ("players", "presence", "game", "waiting", "prompts", "tuile", "door"))
LOG = Region("rs-log", _P + "log.html", ("journal", "game"))

PAGES: Pages = {
    "player": (STATUS, MOMENT, HAND, COURT, PLAYERS, REVEAL, RESULT, FEED),
    "screen": (STATUS, BANNER, COURT, PLAYERS, REVEAL, RESULT),
    "moderator": (STATUS, SEATS, CONTROLS, REBINDS, RESULT, COURT, REVEAL, LOG),
}

PAGE_TEMPLATES: Mapping[str, str] = {
    "player": "royal_secrets/phone.html",
    "moderator": "royal_secrets/dashboard.html",
    "screen": "royal_secrets/screen.html",
    "lobby": "royal_secrets/lobby.html",
    "joined": "royal_secrets/joined.html",
    "waiting": "royal_secrets/waiting.html",
    "created": "royal_secrets/created.html",
    "create_form": "royal_secrets/create_form.html",
    "undo_preview": "royal_secrets/partials/undo_preview.html",
}
