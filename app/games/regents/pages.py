"""The regions of Régents's pages (templates/regents/): which view keys each reads.

Public regions read only public keys, so one fan-out renders each once for
every phone, the big screen and the dashboard. Region ids are stable and never
name a role or a secret.
"""

from __future__ import annotations

from collections.abc import Mapping

from app.kernel.game import Pages, Region

_P = "regents/partials/"

# -- the phone: the moment first, then the castle to tap, then the calm screen -------
STATUS = Region("rg-status", _P + "status.html", ("game", "turn", "waiting", "players"))
ALERT = Region("rg-alert", _P + "alert.html", ("knowledge",))
MOMENT = Region("rg-moment", _P + "moment.html", ("me", "legal_actions", "game", "turn", "waiting", "result"))
MAP = Region("rg-map", _P + "map.html", ("castle", "legal_actions", "me", "game", "turn"))
ACTIONS = Region("rg-actions", _P + "actions.html", ("legal_actions", "me", "game", "turn", "players", "waiting"))
SECRET = Region("rg-secret", _P + "secret.html", ("me", "game"))
KNOW = Region("rg-know", _P + "know.html", ("knowledge", "me", "players", "neutral"))
MINE = Region("rg-mine", _P + "mine.html", ("me", "tracks", "game"))
PLAYERS = Region("rg-players", _P + "players.html", ("players", "neutral", "game"))
TRACKS = Region("rg-tracks", _P + "tracks.html", ("tracks", "game"))
FEED = Region("rg-feed", _P + "feed.html", ("feed",))

# -- the big screen: the board, the tracks, the table, the story --------------------
S_HEAD = Region("s-head", _P + "screen_head.html", ("game", "turn", "waiting", "lobby", "players"))
S_CASTLE = Region("s-castle", _P + "castle_svg.html", ("castle", "turn", "game"))
S_COUNT = Region("s-count", _P + "count_story.html", ("last_count",))
S_TRACKS = Region("s-tracks", _P + "tracks_board.html", ("tracks",))
S_PLAYERS = Region("s-players", _P + "table.html", ("players", "neutral", "game", "lobby", "door"))
S_BANNER = Region("s-banner", _P + "banner.html", ("feed",))
S_FEED = Region("s-feed", _P + "chronicle.html", ("feed",))
S_RESULT = Region("s-result", _P + "result_show.html", ("result", "players"))

# -- the dashboard: public information, every seat and what is pending, the controls --
M_STATUS = Region("m-status", _P + "status.html", ("game", "turn", "waiting", "players"))
M_CONTROLS = Region("m-controls", _P + "mod_controls.html", ("legal_actions", "game", "waiting", "lobby", "door"))
M_REBINDS = Region("m-rebinds", _P + "rebinds.html", ("rebinds",))
M_SEATS = Region("m-seats", _P + "seats.html",
                 ("players", "lobby", "presence", "waiting", "turn", "game", "neutral", "door"))
M_CASTLE = Region("m-castle", _P + "castle_svg.html", ("castle", "turn", "game"))
M_TRACKS = Region("m-tracks", _P + "tracks_board.html", ("tracks",))
M_COUNT = Region("m-count", _P + "count_story.html", ("last_count",))
M_FEED = Region("m-feed", _P + "journal.html", ("feed",))
M_RESULT = Region("m-result", _P + "result_table.html", ("result", "players"))

PAGES: Pages = {
    "player": (STATUS, ALERT, MOMENT, MAP, ACTIONS, SECRET, MINE, KNOW, PLAYERS, TRACKS, FEED),
    "screen": (S_HEAD, S_CASTLE, S_COUNT, S_TRACKS, S_PLAYERS, S_FEED, S_BANNER, S_RESULT),
    "moderator": (M_STATUS, M_CONTROLS, M_REBINDS, M_SEATS, M_RESULT, M_CASTLE, M_COUNT, M_TRACKS, M_FEED),
}

PAGE_TEMPLATES: Mapping[str, str] = {
    "player": "regents/phone.html",
    "moderator": "regents/dashboard.html",
    "screen": "regents/screen.html",
    "lobby": "regents/lobby.html",
    "joined": "regents/joined.html",
    "waiting": "regents/waiting.html",
    "created": "regents/created.html",
    "create_form": "regents/create_form.html",
}
