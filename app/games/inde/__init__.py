"""Deux Rois – Inde, un combat d'architectes: two players (or one and the computer) on a shared 9×9 board.

`GAME` is what the shared layers call (app.kernel.game.GameDefinition).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pydantic import BaseModel

from app.games.inde.commands import CELL_PATTERN, COMMANDS
from app.games.inde.config import InDeConfig
from app.games.inde.events import EVENTS, GameCreated, PlayerJoined
from app.games.inde.lobby import SEATS
from app.games.inde.model import State
from app.games.inde.rules import RULES
from app.games.inde.scenario import from_log
from app.games.inde.turns import bot_level
from app.games.inde.views import view_for
from app.kernel.actor import Actor
from app.kernel.audience import EVERYONE, Audience
from app.kernel.game import JoinField, Pages, RebindBy, Region, StoredEventLike
from app.kernel.messages import Codec
from app.kernel.rules import Decision
from app.kernel.text import EngineError, Text
from app.kernel.viewer import Viewer

_T = "inde/partials/"
MOMENT = Region("i-moment", _T + "moment.html",
                ("game", "turn", "last", "players", "result", "me", "legal_actions", "rebinds"))
BOARD = Region("i-board", _T + "board.html",
               ("game", "layout", "axes", "pieces", "last", "players", "me", "legal_actions"))
HAND = Region("i-hand", _T + "hand.html", ("game", "me", "players"))
SCORE = Region("i-score", _T + "score.html", ("game", "players", "scores", "result"))
FEED = Region("i-feed", _T + "feed.html", ("feed",))
TABLE = Region("i-table", _T + "table.html", ("game", "me", "players", "legal_actions"))
SCREEN = (
    Region("i-s-head", _T + "screen_head.html", ("game", "turn", "last", "players", "result")),
    Region("i-s-board", _T + "screen_board.html",
           ("game", "layout", "axes", "pieces", "last", "players", "scores", "result")),
    Region("i-s-side", _T + "screen_side.html", ("game", "players", "scores", "result")),
    Region("i-s-feed", _T + "screen_feed.html", ("game", "feed")),
)
# The phone: the moment (what needs me now) over the board, then my réserve, the score, the story, the table.
# `i-score` and `i-feed` read public keys only: one render per push serves both phones.
PAGES: Pages = {"player": (MOMENT, BOARD, HAND, SCORE, FEED, TABLE), "screen": SCREEN, "moderator": SCREEN}
PAGE_TEMPLATES: Mapping[str, str] = {
    "player": "inde/phone.html",
    "moderator": "inde/screen.html",  # no dashboard (has_dashboard False): never served
    "screen": "inde/screen.html",
    "lobby": "inde/lobby.html",
    "joined": "inde/joined.html",
    "waiting": "inde/waiting.html",
    "created": "inde/created.html",
    "create_form": "inde/create_form.html",
}
BAD_FIRST = Text("Qui commence : « au hasard », « vert » ou « fuchsia ».",
                 "Who goes first: “random”, “vert” or “fuchsia”.")
BAD_DELAY = Text("Le temps de réflexion de l'ordinateur va de 0 à 10 000 millisecondes.",
                 "The computer's thinking time runs from 0 to 10,000 milliseconds.")


def config_from_form(form: Mapping[str, str]) -> InDeConfig:
    """The home page's two settings (templates/inde/create_form.html); anything else is ignored."""
    first = (form.get("inde_first") or "random").strip()
    if first not in ("random", "vert", "fuchsia"):
        raise EngineError("bad_config", BAD_FIRST)
    raw = (form.get("inde_bot_delay_ms") or "").strip()
    delay = InDeConfig.model_fields["bot_delay_ms"].default
    if raw:
        if not raw.isdigit() or int(raw) > 10_000:
            raise EngineError("bad_config", BAD_DELAY)
        delay = int(raw)
    return InDeConfig.model_validate({"first": first, "bot_delay_ms": delay})


BAD_CELL = Text("Cette case n'est pas sur le plateau : touchez une case marquée.",
                "That cell is not on the board: tap a marked cell.")
UNREADABLE = Text("Cette action est illisible : rechargez la page, puis réessayez.",
                  "This action cannot be read: reload the page, then try again.")


def parse_command(raw: dict[str, Any]) -> Any:
    """The kernel codec's refusal names a pydantic field and its English message: a phone says it in words."""
    try:
        return COMMANDS.parse(raw)
    except EngineError as exc:
        if raw.get("type") == "place" and not re.fullmatch(CELL_PATTERN, str(raw.get("cell", ""))):
            raise EngineError(exc.code, BAD_CELL) from exc
        raise EngineError(exc.code, UNREADABLE) from exc


class InDeGame:
    """Two architects (or one and the computer) at a café table: no game master, the table runs itself."""

    id = "inde"
    name = Text("Deux Rois – Inde", "Deux Rois – India")
    players = (2, 2)
    config_model: type[BaseModel] = InDeConfig
    pages = PAGES
    page_templates = PAGE_TEMPLATES
    has_dashboard = False  # either person starts, seats the computer or hands a seat over (docs/games/inde.md)
    shared_view_keys: frozenset[str] = frozenset()
    rebind_by: RebindBy = "table"  # the other person confirms that a new phone is really yours
    template_globals: Mapping[str, Callable[..., Any]] = {}

    def config_from_form(self, form: Mapping[str, str]) -> BaseModel:
        return config_from_form(form)

    def lobby(self, state: State) -> dict[str, Any]:
        return {
            "open": state.phase == "lobby" and len(state.seats) < SEATS,
            "phase": state.phase,
            "players": [{"id": s.player_id, "name": s.name, "bot": s.bot is not None} for s in state.seats],
            "seats": SEATS,
        }

    def join_fields(self, state: State) -> tuple[JoinField, ...]:
        return ()

    def new_game(self, config: BaseModel, seed: int, at: int) -> list[dict[str, Any]]:
        conf = config if isinstance(config, InDeConfig) else InDeConfig.model_validate(config.model_dump())
        return [Codec.dump(GameCreated(seed=seed, config=conf))]

    def replay(self, log: Sequence[StoredEventLike], config: Mapping[str, Any] | None = None) -> State:
        """The config rides in the first event (game_created), so the stored copy is not needed."""
        return RULES.fold(State(), (EVENTS.parse(e.payload) for e in log))

    def parse_command(self, raw: dict[str, Any]) -> Any:
        return parse_command(raw)

    def command_to_json(self, command: Any) -> dict[str, Any]:
        return Codec.dump(command)

    def decide(self, state: State, command: Any, actor: Actor, at: int) -> Decision[State]:
        return RULES.decide(state, command, actor, at)

    def evolve(self, state: State, event: Any, at: int) -> State:
        return RULES.evolve(state, event)

    def event_to_json(self, event: Any) -> dict[str, Any]:
        return Codec.dump(event)

    def event_from_json(self, payload: dict[str, Any]) -> Any:
        return EVENTS.parse(payload)

    def over(self, state: State) -> bool:
        return state.phase == "over"

    def joined(self, event: Any) -> str | None:
        """A person's new seat (the store keeps its token); the computer's seats have none."""
        return event.player_id if isinstance(event, PlayerJoined) else None  # BotAdded seats get no token

    def view_for(self, state: State, viewer: Viewer, rebinds: Sequence[str]) -> dict[str, Any]:
        return view_for(state, viewer, rebinds)

    def next_deadline(self, state: State) -> int | None:
        """When the computer's seat is to move: its "thinking" time after the turn began."""
        if bot_level(state) is None or state.turn is None:
            return None
        return state.turn.at_ms + state.config.bot_delay_ms

    def tick_command(self, state: State) -> dict[str, Any]:
        """What the system sends at that deadline: the computer plays this action."""
        if bot_level(state) is None:
            return {}
        return {"type": "bot_play", "action": state.actions}


    def audience(self, before: State, events: Sequence[Any], after: State) -> Audience:
        return EVERYONE  # a table of a few: every change is worth every view
    def undo_preview(self, state: State, to_version: int) -> dict[str, Any] | None:
        return None  # a confirmed placement is final (A61)

    def picture(self, state: State, name: str) -> str | None:
        return None

    def export(self, code: str, seed: int, config: Mapping[str, Any], log: Sequence[StoredEventLike]) -> dict[str, Any]:
        """The log, plus the game as a scenario: the deal it had and its moves (scenario.from_log)."""
        return {"title": f"Deux Rois – Inde {code}", "code": code, "game": self.id, "seed": seed,
                "config": dict(config), **from_log([EVENTS.parse(e.payload) for e in log]),
                "log": [e.payload for e in log]}


GAME = InDeGame()
