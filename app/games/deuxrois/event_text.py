"""Events and feed items as sentences (a catalogue key and its arguments), never as keys or seat ids.

`feed_sentence` says a room's public happening to its witnesses ("Julien est élu
général", "Hugo part en Angleterre"); `describe` says any event of the log to the
game master (the dashboard's journal, the undo preview), who may read everything.
The words are in the game's catalogue (`feed.*`, `log.*`); the page says the
sentence in the viewer's language (`say`). Arguments are names, bilingual values
(rooms, cards, powers) or other sentences (a phase, a colour), never a raw key.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any

from app.games.deuxrois.cards import CARDS, COLOUR_NAMES, Colour
from app.games.deuxrois.deal import ROOM_NAMES, Room
from app.games.deuxrois.model.events import EventBase
from app.games.deuxrois.state import FeedItem, GameState
from app.kernel.i18n import known, sentence

Sentence = dict[str, Any]
# What a room may hear about an envoy who came off the list (the reason stays private but for a refusal).
_WITHDRAWN = {"royal_refusal", "withdrawn", "emissaire_immunity", "became_general", "left_room"}
_GENERAL_HOW = {"plurality", "runoff", "incumbent", "draw", "usurped", "moderator", "revote", "relic"}
_CHANGES = {"stays", "not_held", "joins", "sent_back", "not_sent_back"}
_OUTCOMES = {"refused", "cancelled", "expired"}
_REVEALS = {"complete", "couleur", "forcee", "privee", "publique", "couleur_publique", "proof", "annonce", "survey"}
ROLES = {"asked", "bounced", "council", "declined", "legate", "lieutenant", "oath_shown", "outside", "raider",
         "report", "sworn", "tostig", "viking", "delegated"}


@cache
def _power_names() -> dict[str, dict[str, str]]:
    return {p.key: p.name.as_dict() for c in CARDS.values() for p in c.powers}


def power_name(key: object) -> dict[str, str] | None:
    """A power's bilingual name by its key, or None when `key` names no power (a rule, an event)."""
    return _power_names().get(str(key)) if key is not None else None


def card_label(number: int) -> dict[str, str]:
    card = CARDS[number]
    return {"fr": card.label("fr"), "en": card.label("en")}


def room_name(room: object) -> dict[str, str]:
    try:
        return ROOM_NAMES[Room(str(room))].as_dict()
    except ValueError:
        return {"fr": "?", "en": "?"}


def colour_word(colour: object) -> Sentence | dict[str, str]:
    """A colour in words: "rouge", "bleu" (the catalogue's), or the card colours' own names."""
    if colour in ("red", "blue"):
        return sentence(f"value.{colour}")
    try:
        return COLOUR_NAMES[Colour(str(colour))].as_dict()
    except ValueError:
        return sentence("words.unknown")


def _names(state: GameState, value: Any) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        return [state.name(value)]
    return [state.name(str(v)) for v in value]


def _with_power(key: str, power: Any, **args: Any) -> Sentence:
    """`key.power` naming the power when `power` is one, else plain `key`."""
    name = power_name(power)
    return sentence(f"{key}.power", power=name, **args) if name is not None else sentence(key, **args)


# ------------------------------------------------------------------ the room's feed (players)
def feed_sentence(state: GameState, item: FeedItem) -> Sentence:
    """One public happening as its witnesses heard it."""
    data: Mapping[str, Any] = item.data
    kind = item.kind
    who = state.name(str(data["player"])) if data.get("player") else ""
    players = _names(state, data.get("players"))
    if kind == "general":
        how = str(data.get("how"))
        if data.get("general") is None:
            return sentence("feed.general.none")
        return sentence(f"feed.general.{how if how in _GENERAL_HOW else 'plurality'}",
                        who=state.name(str(data["general"])))
    if kind in ("runoff", "revote"):
        return sentence(f"feed.{kind}", players=players)
    if kind in ("envoys_named", "envoys_locked"):
        return sentence(f"feed.{kind}", players=players, n=len(players)) if players else sentence("feed.envoys_none")
    if kind == "envoy_withdrawn":
        reason = str(data.get("reason"))
        return sentence(f"feed.envoy_withdrawn.{'royal_refusal' if reason == 'royal_refusal' else 'withdrawn'}",
                        who=who)
    if kind == "crossing":
        return sentence("feed.crossing", players=players, n=len(players)) if players else sentence("feed.crossing_none")
    if kind == "moved":
        return sentence("feed.moved", who=who, room=room_name(data.get("to_room")))
    if kind == "quota_raised":
        return sentence("feed.quota_raised", who=state.name(str(data.get("by"))), n=int(data.get("extra") or 1))
    if kind == "rally":
        return sentence("feed.rally", who=who, colour=colour_word(data.get("colour")))
    if kind == "rally_joined":
        return sentence("feed.rally_joined", colour=colour_word(data.get("colour")))
    if kind == "departure_declared":
        target = players[0] if players else None
        name = power_name(data.get("power")) or sentence("words.a_power")
        if target:
            return sentence("feed.departure_declared.target", who=who, power=name, target=target)
        return sentence("feed.departure_declared", who=who, power=name)
    if kind == "departure_changed":
        change = str(data.get("change"))
        return _with_power(f"feed.departure_changed.{change if change in _CHANGES else 'stays'}", data.get("by"),
                           who=who)
    if kind == "survey":
        return sentence("feed.survey", who=who, card=card_label(int(data["card"])))
    if kind == "envoy_substituted":
        return sentence("feed.envoy_substituted", who=who, instead=players)
    if kind == "envoy_delegated":
        return sentence("feed.envoy_delegated", who=who, to=players)
    if kind == "historical_event":
        return sentence("feed.historical_event", number=data.get("number"), name=data.get("name") or "")
    if kind == "historical_event_cancelled":
        return sentence("feed.historical_event_cancelled", number=data.get("number"))
    if kind in ("publique", "annonce") and data.get("card") is not None:
        return _with_power(f"feed.{kind}", data.get("source"), who=who, card=card_label(int(data["card"])))
    if kind in ("couleur_publique", "publique", "annonce"):
        return _with_power("feed.couleur_publique", data.get("source"), who=who, colour=colour_word(data.get("colour")))
    return sentence("feed.other")


# ------------------------------------------------------------------ the journal (game master)
def _reveal_kind(kind: object) -> Sentence:
    return sentence(f"words.reveal.{kind if kind in _REVEALS else 'complete'}")


def state_words(state: GameState, field: str, value: Any) -> Any:
    """A card state's value as the page says it: power names, player names, card names, never keys.

    True and False stay as they are (the page says yes or no); everything else becomes words. Values
    come from the state (sets, tuples) or from an event's JSON (lists).
    """
    if value is None or isinstance(value, bool):
        return value
    many = sorted(value, key=str) if isinstance(value, frozenset | set | list | tuple) else [value]
    if field in ("used_game", "copied_power"):
        return [power_name(k) or sentence("words.a_power") for k in many] or None
    if field == "used_round":
        return [sentence("undo.used_times", power=power_name(k) or sentence("words.a_power"), n=int(n))
                for k, n in many] or None
    if field == "partners":
        return [state.name(str(p)) for p in many] or None
    if field in ("met_principals", "copied_from"):
        return [card_label(int(c)) for c in many if int(c) in CARDS] or None
    if field == "treaty":
        return sentence(f"undo.treaty.{value}") if known(f"undo.treaty.{value}") else sentence("words.a_state")
    if field == "infidel_colour":
        return colour_word(value)
    if isinstance(value, int | float):
        return str(value)
    return sentence("words.a_state")  # an unknown text value is a key: never shown as such


def _changes(state: GameState, changes: Mapping[str, Any]) -> list[Any]:
    out: list[Any] = []
    for field, value in changes.items():
        label = sentence(f"cardstate.{field}") if known(f"cardstate.{field}") else sentence("words.a_state")
        if value is True or value is False:
            out.append(sentence("log.change.flag" if value else "log.change.unflag", what=label))
        else:
            said = state_words(state, field, value)
            out.append(sentence("log.change.value", what=label, value=said if said is not None else "—"))
    return out


def closed_id(ev: EventBase) -> str | None:
    """The request or question this event closes, if it closes one."""
    closed = getattr(ev, "request_id", None) if ev.type == "reveal_request_closed" else (
        getattr(ev, "prompt_id", None) if ev.type == "prompt_closed" else None)
    return closed if isinstance(closed, str) else None


def closed_ids(events: Iterable[EventBase]) -> set[str]:
    """The requests and questions these events close (their lines name who asked what)."""
    return {closed for ev in events if (closed := closed_id(ev)) is not None}


def opened_id(ev: EventBase) -> str | None:
    """The request or question this event opens, if it opens one."""
    opened = getattr(ev, "request_id", None) if ev.type == "reveal_requested" else (
        getattr(ev, "prompt_id", None) if ev.type == "prompt_opened" else None)
    return opened if isinstance(opened, str) else None


def openings(state: GameState, wanted: set[str]) -> dict[str, EventBase]:
    """Request and question id -> the event that opened it, for those `wanted`: read back from the
    newest event, and no further than the oldest one wanted."""
    out: dict[str, EventBase] = {}
    node = state.history
    while node is not None and len(out) < len(wanted):
        ev = node.event
        opened_id = getattr(ev, "request_id", None) if ev.type == "reveal_requested" else (
            getattr(ev, "prompt_id", None) if ev.type == "prompt_opened" else None)
        if isinstance(opened_id, str) and opened_id in wanted:
            out.setdefault(opened_id, ev)
        node = node.prev
    return out


def describe(state: GameState, event: EventBase, opened: Mapping[str, EventBase] | None = None) -> Sentence:
    """One line about `event` for the game master, naming players as `state` knows them.

    `opened` finds the request or question a closing event ends (by id), when the caller has it.
    """
    d = event.model_dump(mode="json")
    kind = event.type
    name = state.name

    def who(field: str = "player_id") -> str:
        return name(str(d.get(field)))

    def room(field: str = "room") -> dict[str, str]:
        return room_name(d.get(field))

    if kind == "game_created":
        return sentence("log.game_created")
    if kind in ("player_joined", "player_left"):
        return sentence(f"log.{kind}", who=d.get("name") or who())
    if kind == "seat_removed":  # the lobby's door (app/kernel/seats.py)
        return sentence("log.seat_removed", who=d.get("name") or who())
    if kind == "lobby_locked":
        return sentence("log.lobby_locked" if d.get("locked") else "log.lobby_unlocked")
    if kind == "game_started":
        return sentence("log.game_started", n=len(d.get("cards") or {}))
    if kind == "phase_started":
        return sentence("log.phase_started", round=d.get("round"), phase=sentence(f"phase.{d.get('phase')}"))
    if kind == "game_ended":
        return sentence("log.game_ended")
    if kind == "prompt_opened":
        return sentence("log.prompt_opened", who=who(), question=_question(str(d.get("kind"))))
    if kind == "prompt_closed":
        asked = (opened or {}).get(str(d.get("prompt_id")))
        if d.get("choice") is None:
            return sentence("log.prompt_lapsed", who=name(str(getattr(asked, "player_id", ""))) if asked else "?")
        question = _question(str(getattr(asked, "kind", ""))) if asked else sentence("words.a_question")
        return sentence("log.prompt_closed", who=name(str(getattr(asked, "player_id", ""))) if asked else "?",
                        question=question, choice=_choice(getattr(asked, "kind", None), str(d.get("choice"))))
    if kind == "ballot_cast":
        if d.get("candidate") is None:
            return sentence("log.ballot_abstain", who=who("voter"))
        return sentence("log.ballot_cast", who=who("voter"), candidate=who("candidate"))
    if kind == "runoff_started":
        return sentence("log.revote" if d.get("revote") else "log.runoff", room=room(),
                        players=_names(state, d.get("candidates")))
    if kind == "general_chosen":
        if d.get("general") is None:
            return sentence("log.general_none", room=room())
        how = str(d.get("how"))
        return sentence("log.general_chosen", room=room(), who=who("general"),
                        how=sentence(f"words.how.{how if how in _GENERAL_HOW else 'plurality'}"))
    if kind == "vote_bound":
        return sentence("log.vote_bound", who=who("voter"), by=who("tresorier"))
    if kind in ("envoys_named", "envoys_locked"):
        envoys = _names(state, d.get("envoys"))
        line = sentence(f"log.{kind}", room=room(), players=envoys or sentence("words.nobody"))
        drawn = _names(state, d.get("drawn"))
        return sentence("log.with_drawn", line=line, players=drawn) if drawn else line
    if kind == "envoy_withdrawn":
        reason = str(d.get("reason"))
        return sentence("log.envoy_withdrawn", who=who(),
                        reason=sentence(f"words.withdrawn.{reason if reason in _WITHDRAWN else 'withdrawn'}"))
    if kind == "volunteered":
        return sentence("log.volunteered", who=who())
    if kind == "envoys_crossed":
        moves = d.get("moves") or {}
        return sentence("log.envoys_crossed", players=_names(state, list(moves)) or sentence("words.nobody"))
    if kind == "player_moved":
        return sentence("log.player_moved", who=who(), room=room("to_room"))
    if kind == "envoy_quota_raised":
        return sentence("log.envoy_quota_raised", who=who("by"), room=room(), n=int(d.get("extra") or 1))
    if kind == "envoy_substituted":
        return sentence("log.envoy_substituted", who=who("substitute"), instead=who("replaced"))
    if kind == "rally_raised":
        return sentence("log.rally_raised", who=who("bearer"), colour=colour_word(d.get("colour")))
    if kind == "rally_joined":
        return sentence("log.rally_joined", who=who(), colour=colour_word(d.get("colour")))
    if kind == "departure_declared":
        power = power_name(d.get("power")) or sentence("words.a_power")
        if d.get("target"):
            return sentence("log.departure_declared.target", who=who(), power=power, target=who("target"))
        return sentence("log.departure_declared", who=who(), power=power)
    if kind == "departure_changed":
        change = str(d.get("change"))
        return _with_power(f"feed.departure_changed.{change if change in _CHANGES else 'stays'}", d.get("by"),
                           who=who())
    if kind == "departure_resolved":
        return sentence("log.departure_resolved", players=_names(state, list(d.get("arrivals") or {}))
                        or sentence("words.nobody"))
    if kind == "envoys_surveyed":
        return sentence("log.envoys_surveyed", who=who("viewer"), players=_names(state, d.get("envoys")))
    if kind == "reveal_requested":
        return sentence("log.reveal_requested", who=who("from_id"), target=who("to_id"),
                        what=_reveal_kind(d.get("kind")))
    if kind == "reveal_request_closed":
        asked = (opened or {}).get(str(d.get("request_id")))
        outcome = str(d.get("outcome"))
        return sentence(f"log.reveal_request_closed.{outcome if outcome in _OUTCOMES else 'cancelled'}",
                        who=name(str(getattr(asked, "from_id", ""))) if asked else "?",
                        target=name(str(getattr(asked, "to_id", ""))) if asked else "?",
                        what=_reveal_kind(getattr(asked, "kind", "complete")))
    if kind == "cards_exchanged":
        if d.get("forced"):
            return sentence("log.forced", who=who("a"), target=who("b"))
        return sentence("log.cards_exchanged", who=who("a"), target=who("b"), what=_reveal_kind(d.get("kind")))
    if kind == "card_shown":
        shown = kind_ = str(d.get("kind"))
        if kind_ in ("publique", "couleur_publique", "annonce"):
            return _with_power(f"log.card_shown.{shown}", d.get("source"), who=who("shower"), room=room())
        return sentence("log.card_shown", who=who("shower"), what=_reveal_kind(kind_),
                        players=_names(state, d.get("viewers")) or sentence("words.nobody"))
    if kind == "cards_swapped":
        return sentence("log.cards_swapped", who=who("a"), target=who("b"))
    if kind == "card_state_changed":
        card = int(d.get("card") or 0)
        label = card_label(card) if card in CARDS else sentence("words.a_card")
        return sentence("log.card_state_changed", card=label, what=_changes(state, d.get("changes") or {}))
    if kind == "power_used":
        return sentence("log.power_used", who=who(), power=power_name(d.get("power")) or sentence("words.a_power"))
    if kind in ("timer_changed", "game_paused", "game_resumed"):
        return sentence(f"log.{kind}")
    if kind == "note_recorded":
        return sentence("log.note_recorded", text=str(d.get("text") or ""))
    if kind == "reverted":
        return sentence("log.reverted", version=d.get("to_version"))
    return _historique(state, kind, d)


def _question(kind: str) -> Sentence:
    return sentence(f"action.answer_prompt.{kind}") if known(f"action.answer_prompt.{kind}") else sentence(
        "words.a_question")


def _choice(kind: object, value: str) -> Sentence | str:
    """A prompt's answer in words: `value.<kind>.<v>`, `value.<v>`, a card, else as given."""
    for key in (f"value.{kind}.{value}", f"value.{value}"):
        if known(key):
            return sentence(key)
    if value.isdigit() and int(value) in CARDS:
        return sentence("words.card", card=card_label(int(value)))
    return value


def _historique(state: GameState, kind: str, d: Mapping[str, Any]) -> Sentence:
    """Mode Historique's own steps (its events share the log)."""
    if kind == "historique_number_given":
        return sentence("log.historique_number_given", room=room_name(d.get("room")))
    if kind == "historical_event_drawn":  # its name is in the feed item; the core never reads Mode Historique
        return sentence("log.historical_event_drawn", number=d.get("number"))
    if kind == "historical_event_cancelled":
        return sentence("log.historical_event_cancelled", round=d.get("round"))
    if kind == "historique_round_set_up":
        return sentence("log.historique_round_set_up", round=d.get("round"))
    if kind == "historique_role_set":
        role = str(d.get("role") or "").split(":")[0]
        what = sentence(f"words.role.{role}") if role in ROLES else sentence("words.a_role")
        return sentence("log.role_on" if d.get("on", True) else "log.role_off", who=state.name(str(d.get("player"))),
                        role=what)
    if kind == "zone_set":
        zone = f"value.{d.get('zone')}"
        return sentence("log.zone_set", who=state.name(str(d.get("player"))),
                        zone=sentence(zone) if known(zone) else sentence("words.a_zone"))
    if kind == "historique_power_spent":
        return sentence("log.historique_power_spent", who=state.name(str(d.get("player"))))
    if kind == "historique_timer_set":
        return sentence("log.historique_timer_set")
    if kind == "historique_step_done":
        return sentence("log.historique_step_done")
    if kind == "envoy_delegated":
        return sentence("log.envoy_delegated", who=state.name(str(d.get("envoy"))),
                        to=state.name(str(d.get("replacement"))))
    return sentence("log.other")
