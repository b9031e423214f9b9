"""The contract between a game's folder and the shared layers (`live`, `store`, `web`).

A game's `__init__.py` builds one object with this shape; `app.games` maps
the game id to it. The hub and the routes call only these members, so adding
a game touches only its folder (docs/adding-a-game.md).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from pydantic import BaseModel

from app.kernel.actor import Actor
from app.kernel.audience import Audience
from app.kernel.rules import Decision
from app.kernel.text import Text
from app.kernel.viewer import Viewer, ViewerKind


class StoredEventLike(Protocol):
    """An event as the log keeps it: its JSON payload, when it was written (epoch ms) and,
    on the first event of each batch, the command that made it and its actor."""

    @property
    def payload(self) -> dict[str, Any]: ...

    @property
    def at(self) -> int: ...

    @property
    def command(self) -> dict[str, Any] | None: ...


@dataclass(frozen=True, slots=True)
class JoinField:
    """A number a phone gives at the door besides its name (an age, a year of birth).

    The web reads it from the join form, checks it as a whole number in
    [min, max] (or leaves it out when empty) and answers `error` otherwise.
    """

    name: str
    min: int
    max: int
    error: Text


@dataclass(frozen=True, slots=True)
class Feed:
    """How a region that grows at the top (a journal) sends only what is new.

    The region reads one view key: a list, newest first, of at most `most` items, where an item is the very
    same object from one view to the next while it lasts and never changes once given. When a socket's new
    list is the last one it got with items on top (the oldest falling off past `most`), the presenter sends
    `template` rendered with those new items (`items`) and the region's inputs (`v`): out-of-band fragments
    that put them on top of the list the page shows and correct whatever else the region shows (a count).
    The list keeps `most` items on the page (`data-feed-most`, which the region's template writes from
    `feed.most`). Anything else (a first page, an undo, renamed players) renders the whole region.
    """

    template: str
    most: int


@dataclass(frozen=True, slots=True)
class Region:
    """One part of a page: a stable DOM id, the partial that renders it, the view keys it reads.

    A region is re-rendered only when one of its keys changed for that viewer,
    and identical inputs (public parts) render once per fan-out.
    """

    id: str  # never a role name: the DOM must not tell a role
    template: str
    keys: tuple[str, ...]
    # A viewer's own small region whose inputs seldom change (a card, its powers): its HTML is kept in the
    # process, by its inputs, between this viewer's sockets, so a phone that comes back (a Wi-Fi blip) gets
    # it without a render. Only for regions of a few hundred bytes: what is kept is bounded in count.
    kept: bool = False
    # A region that grows at the top: only its new items go to a socket that has the rest (Feed).
    feed: Feed | None = None

    def __post_init__(self) -> None:
        if self.feed is not None and (len(self.keys) != 1 or self.kept):
            raise ValueError(f"region {self.id}: a feed reads one key, its list, and is not kept")


Pages = Mapping[ViewerKind, tuple[Region, ...]]
# The templates of a game's pages: "player", "moderator", "screen" (the live pages, which lay out
# the regions), "lobby", "joined", "waiting" (the door), "created" (after creation), "create_form"
# (its fieldset on the home page) and, when it has an undo preview, "undo_preview".
PAGE_NAMES = ("player", "moderator", "screen", "lobby", "joined", "waiting", "created", "create_form")
RebindBy = Literal["moderator", "table"]


class GameDefinition(Protocol):
    """Everything the shared layers may ask of one game."""

    id: str  # the games table's `game` column, and the folder's name
    name: Text
    players: tuple[int, int]  # fewest and most seats
    config_model: type[BaseModel]  # what the game master picks on the home page
    pages: Pages  # per viewer kind, the regions of its page
    page_templates: Mapping[str, str]  # PAGE_NAMES -> template
    has_dashboard: bool  # False: no game-master page, the table runs itself
    rebind_by: RebindBy  # who confirms that a new phone is a seated player's (after the PIN)
    # View keys whose values the game gives again as the very same objects while they do not change, and
    # never changes once given (memoised, shared between viewers and states: a dashboard's roster). The
    # presenter keeps their JSON by identity (`app.web.presenter`); tests check every such JSON against a
    # fresh one. Empty: every value is written anew at each push.
    shared_view_keys: frozenset[str]
    # Functions this game's templates call (e.g. its legal actions as forms); every game's are
    # offered to every template, so their names must not clash (the web checks at start-up).
    template_globals: Mapping[str, Callable[..., Any]]

    def config_from_form(self, form: Mapping[str, str]) -> BaseModel:
        """The creation form's fields as this game's config; raises EngineError("bad_config")."""
        ...

    def lobby(self, state: Any) -> dict[str, Any]:
        """The door's view: `open` (joining allowed), `players` ([{"id", "name"}], every seat), the
        lobby's door where the game has one (`seats.lobby_keys`: `locked`, `removed`, the seat ids taken
        back, whose phones are told why) and whatever else the game's lobby page shows. Public: anyone
        with the code sees it."""
        ...

    def join_fields(self, state: Any) -> tuple[JoinField, ...]:
        """The numbers the join form asks besides the name, as command fields."""
        ...

    def new_game(self, config: BaseModel, seed: int, at: int) -> list[dict[str, Any]]:
        """The first events' JSON payloads of a new game."""
        ...

    def replay(self, log: Sequence[StoredEventLike], config: Mapping[str, Any] | None = None) -> Any:
        """The state a stored log folds to, with the config stored beside it."""
        ...

    def parse_command(self, raw: dict[str, Any]) -> Any: ...
    def command_to_json(self, command: Any) -> dict[str, Any]: ...

    def decide(self, state: Any, command: Any, actor: Actor, at: int) -> Decision[Any]:
        """The events and the state they lead to; raises EngineError (nothing changes)."""
        ...

    def evolve(self, state: Any, event: Any, at: int) -> Any: ...
    def event_to_json(self, event: Any) -> dict[str, Any]: ...
    def event_from_json(self, payload: dict[str, Any]) -> Any: ...
    def over(self, state: Any) -> bool: ...

    def joined(self, event: Any) -> str | None:
        """The seat id an event gives a newcomer (the store keeps its token with it), or None."""
        ...

    def view_for(self, state: Any, viewer: Viewer, rebinds: Sequence[str]) -> dict[str, Any]:
        """Everything `viewer` may know now: the only door for secrets."""
        ...

    def audience(self, before: Any, events: Sequence[Any], after: Any) -> Audience:
        """The viewers whose view `events` (folded from `before` to `after`) may change; only theirs are
        rebuilt. `EVERYONE` is always right; a narrower answer must pass the audience scan."""
        ...

    def next_deadline(self, state: Any) -> int | None:
        """Epoch ms when the running timer ends, or None."""
        ...

    def tick_command(self, state: Any) -> dict[str, Any]:
        """What the system sends when that timer ends."""
        ...

    def undo_preview(self, state: Any, to_version: int) -> dict[str, Any] | None:
        """What undoing to `to_version` would change (rendered by the "undo_preview" template), or
        None when the game has no undo; raises EngineError when that version cannot be reached."""
        ...

    def picture(self, state: Any, name: str) -> str | None:
        """An SVG picture of the game (e.g. an end-of-game debrief) by name, or None (not now / no such)."""
        ...

    def export(self, code: str, seed: int, config: Mapping[str, Any], log: Sequence[StoredEventLike]) -> dict[str, Any]:
        """The game's log as a file a game master downloads (a scenario where the game has them)."""
        ...
