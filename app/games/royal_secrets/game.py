"""Royal Secrets as the shared layers see it: the `GameDefinition` the registry names.

The hub and the routes call only these members: the config from the home
page's form, the door's lobby, the log codec, decide/evolve, one view per
viewer, the pages (pages.py), the game master's undo and its preview, and the
export (a scenario file that `scenario.simulate` replays). No timers: the rules
have none (rulings 4.2).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pydantic import BaseModel, ValidationError

from app.games.royal_secrets import undo
from app.games.royal_secrets.commands import COMMANDS
from app.games.royal_secrets.config import RoyalSecretsConfig
from app.games.royal_secrets.data import MAX_PLAYERS, MIN_PLAYERS
from app.games.royal_secrets.events import EVENTS, GameCreated, PlayerJoined
from app.games.royal_secrets.pages import PAGE_TEMPLATES, PAGES
from app.games.royal_secrets.rules import build_rules
from app.games.royal_secrets.scenario import to_scenario
from app.games.royal_secrets.state import State
from app.games.royal_secrets.views import view_for
from app.kernel.actor import Actor
from app.kernel.audience import EVERYONE, Audience
from app.kernel.game import JoinField, Pages, RebindBy, StoredEventLike
from app.kernel.rules import Decision, Rules
from app.kernel.seats import door_view, lobby_keys
from app.kernel.text import EngineError, Text
from app.kernel.viewer import Viewer

BAD_CONFIG = Text("Réglages invalides : choisissez une option proposée pour chaque réglage.",
                  "Invalid settings: pick one of the offered options for each setting.")
# The home page's fields (one form for every game: ours carry the game's prefix).
LAYOUTS = {"": "per_souverain", "per_souverain": "per_souverain", "mixed": "mixed"}
OPENERS = {"": "keeps", "keeps": "keeps", "designates": "designates"}
ON = {"on", "true", "1", "yes"}


def config_from_form(form: Mapping[str, str]) -> RoyalSecretsConfig:
    """`rs_public_scores` (a switch), `rs_layout` (per_souverain / mixed), `rs_opener` (keeps / designates)."""
    layout = LAYOUTS.get(str(form.get("rs_layout") or "").strip())
    opener = OPENERS.get(str(form.get("rs_opener") or "").strip())
    public = str(form.get("rs_public_scores") or "").strip().lower()
    if layout is None or opener is None or public not in ON | {"", "off", "false", "0", "no"}:
        raise EngineError("bad_config", BAD_CONFIG)
    try:
        return RoyalSecretsConfig.model_validate({"public_scores": public in ON, "audience_layout": layout,
                                                  "round_opener": opener})
    except ValidationError:
        raise EngineError("bad_config", BAD_CONFIG) from None


class RoyalSecretsGame:
    id: str = "royal_secrets"
    name: Text = Text("Royal Secrets", "Royal Secrets")
    players: tuple[int, int] = (MIN_PLAYERS, MAX_PLAYERS)
    config_model: type[BaseModel] = RoyalSecretsConfig
    pages: Pages = PAGES
    page_templates: Mapping[str, str] = PAGE_TEMPLATES
    has_dashboard: bool = True  # the host starts, fixes the ring, pauses, plays for an absent player, undoes
    shared_view_keys: frozenset[str] = frozenset()
    rebind_by: RebindBy = "moderator"
    template_globals: Mapping[str, Callable[..., Any]] = {}

    def __init__(self) -> None:
        self.rules: Rules[State] = build_rules()

    def config_from_form(self, form: Mapping[str, str]) -> BaseModel:
        return config_from_form(form)

    def lobby(self, state: State) -> dict[str, Any]:
        return {"open": state.phase == "lobby" and not state.door.locked,
                "players": [{"id": seat.player_id, "name": seat.name} for seat in state.seats],
                "min_players": MIN_PLAYERS, "max_players": MAX_PLAYERS, "started": state.started,
                **lobby_keys(state.door)}

    def join_fields(self, state: State) -> tuple[JoinField, ...]:
        return ()

    def new_game(self, config: BaseModel, seed: int, at: int) -> list[dict[str, Any]]:
        cfg = config if isinstance(config, RoyalSecretsConfig) else RoyalSecretsConfig.model_validate(
            config.model_dump())
        return [EVENTS.dump(GameCreated(seed=seed, config=cfg))]

    def replay(self, log: Sequence[StoredEventLike], config: Mapping[str, Any] | None = None) -> State:
        return self.rules.fold(State(), (EVENTS.parse(e.payload) for e in log))

    def parse_command(self, raw: dict[str, Any]) -> Any:
        return COMMANDS.parse(raw)

    def command_to_json(self, command: Any) -> dict[str, Any]:
        return COMMANDS.dump(command)

    def decide(self, state: Any, command: Any, actor: Actor, at: int) -> Decision[State]:
        return self.rules.decide(state, command, actor, at)

    def evolve(self, state: Any, event: Any, at: int) -> State:
        return self.rules.evolve(state, event)

    def event_to_json(self, event: Any) -> dict[str, Any]:
        return EVENTS.dump(event)

    def event_from_json(self, payload: dict[str, Any]) -> Any:
        return EVENTS.parse(payload)

    def over(self, state: Any) -> bool:
        return bool(state.over)

    def joined(self, event: Any) -> str | None:
        if isinstance(event, PlayerJoined):
            return event.player_id
        if isinstance(event, dict) and event.get("type") == "player_joined":
            return str(event["player_id"])
        return None

    def view_for(self, state: Any, viewer: Viewer, rebinds: Sequence[str]) -> dict[str, Any]:
        view = view_for(state, viewer)
        # The lobby's door (kit/door.html): public; the game master's dashboard gets its buttons.
        view["door"] = door_view(state.door, state.phase == "lobby",
                                 [(seat.player_id, seat.name) for seat in state.seats], viewer.kind == "moderator")
        if viewer.kind == "moderator":
            # A new phone claims a seat with its PIN: the game master confirms (rebind_by).
            view["rebinds"] = [{"player_id": p, "name": state.name(p)} for p in rebinds
                               if any(seat.player_id == p for seat in state.seats)]
            view["journal"] = [{"step": v, "text": line.as_dict()} for v, line in state.journal[-60:]][::-1]
        return view

    def next_deadline(self, state: Any) -> int | None:
        return None  # no timers: the rules have none (4.2, RS-71)

    def tick_command(self, state: Any) -> dict[str, Any]:
        return {}


    def audience(self, before: Any, events: Sequence[Any], after: Any) -> Audience:
        return EVERYONE  # a table of a few: every change is worth every view
    def undo_preview(self, state: Any, to_version: int) -> dict[str, Any] | None:
        return undo.preview(self.rules, state, to_version)

    def picture(self, state: Any, name: str) -> str | None:
        return None  # no debrief picture (yet): the pages show the reveal and the ranking

    def export(self, code: str, seed: int, config: Mapping[str, Any], log: Sequence[StoredEventLike]) -> dict[str, Any]:
        return to_scenario(code, seed, config, log)
