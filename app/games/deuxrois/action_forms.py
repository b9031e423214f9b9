"""A legal action from a view -> the buttons and fields a page shows for it, generically.

The command's own pydantic model says which of the action's values are
command fields, so a new power (a new action with `targets` or `options`)
appears on the phones without template work. Each button carries its whole
command as JSON (`command`); checkboxes (`name[]`) and selects add the values
the user picks (see forms.py).
"""

from __future__ import annotations

import typing
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

import orjson
from markupsafe import Markup

from app.games.deuxrois import memo
from app.games.deuxrois.actions import MATE_KEYS, WITH_A_MATE
from app.games.deuxrois.cards import CARDS
from app.games.deuxrois.commands import Command
from app.kernel.i18n import LANG, known, pick, say, t, t_or

# Asked once before they happen: what cannot be taken back (leaving; a card shown to the whole room).
CONFIRM = {"leave": "actions.leave_confirm", "reveal_public": "actions.reveal_public_confirm"}
# Lists in an action that are the user's choice, and the command field each fills.
CHOICE_LISTS = (("candidates", "candidate"), ("options", "choice"))


def _models(tp: Any) -> list[Any]:
    """The command classes in a (possibly nested, possibly Annotated) union."""
    if isinstance(tp, type) and "type" in getattr(tp, "model_fields", {}):
        return [tp]
    return [m for arg in typing.get_args(tp) for m in _models(arg)]


@cache
def command_models() -> dict[str, Any]:
    return {m.model_fields["type"].default: m for m in _models(Command)}


@cache
def command_fields() -> dict[str, frozenset[str]]:
    return {kind: frozenset(m.model_fields) - {"type"} for kind, m in command_models().items()}


def _typed(kind: str, wanted: type) -> list[str]:
    """The command's fields whose annotation admits `wanted` (int, str, bool), in declaration order."""
    model = command_models().get(kind)
    if model is None:
        return []
    out = []
    for name, info in model.model_fields.items():
        annotation = info.annotation
        args = typing.get_args(annotation) or (annotation,)
        if name != "type" and wanted in args:
            out.append(name)
    return out


def _dump(command: Mapping[str, Any]) -> str:
    return orjson.dumps(command).decode()


def _value_label(value: Any) -> str:
    if value is None:
        return t("action.abstain")
    return t_or(f"value.{value}", str(value))


@cache
def power_names() -> dict[str, dict[str, str]]:
    """Power key -> its bilingual name, for options that name a power (the Moine's copy)."""
    return {p.key: p.name.as_dict() for c in CARDS.values() for p in c.powers}


def option_label(action: Mapping[str, Any], value: str, names: Mapping[str, str]) -> str:
    """A choice's label: a player's name, `value.<kind>.<v>`, `value.<v>`, a card, a power, else the raw value."""
    if value in names:
        return names[value]
    kind = action.get("kind") or action.get("power")  # a prompt's kind, or the power offering the choice
    if isinstance(kind, str) and known(f"value.{kind}.{value}"):
        return t(f"value.{kind}.{value}")
    if known(f"value.{value}"):
        return t(f"value.{value}")
    if value.isdigit() and int(value) in CARDS:  # a guessed card (the Devin)
        card = CARDS[int(value)]
        return pick({"fr": card.label("fr"), "en": card.label("en")})
    if value in power_names():
        return pick(power_names()[value])
    return value


def action_label(action: Mapping[str, Any]) -> str:
    if action.get("name"):
        return pick(action["name"])
    kind = action.get("kind")
    kind_key = f"action.{action['type']}.{kind}" if isinstance(kind, str) else ""
    return t_or(kind_key, "") or t_or(f"action.{action['type']}", str(action["type"]).replace("_", " "))


def _about(label: str, action: Mapping[str, Any], names: Mapping[str, str]) -> str:
    """A question about someone (a prompt's `about`) names them: "Bénir ce joueur ? (Aude)"."""
    about = action.get("about")
    return f"{label} ({names[about]})" if isinstance(about, str) and about in names else label


def build(action: Mapping[str, Any], names: Mapping[str, str]) -> dict[str, Any]:
    """{label, available, reason, buttons: [{label, command}], multi, select} for one action."""
    kind = str(action.get("type", ""))
    fields = command_fields().get(kind, frozenset())
    numeric = "min" in action and "max" in action
    fixed: dict[str, Any] = {"type": kind}
    flags: list[str] = []  # bool fields the action offers as a second button ("hasard")
    for key, value in action.items():
        if key not in fields or key in ("targets", "target", "candidate", "choice"):
            continue
        if numeric and value is True and key in _typed(kind, bool):
            flags.append(key)
        elif isinstance(value, str | int | bool):
            fixed[key] = value
    out: dict[str, Any] = {
        "kind": kind,
        "label": _about(action_label(action), action, names),
        "available": bool(action.get("available")),
        "reason": pick(action.get("reason")) if action.get("reason") else "",
        "buttons": [],
        "multi": None,
        "select": None,
        "number": None,
        "done": bool(action.get("voted")),
        # Asked once before it happens: leaving the table cannot be taken back.
        "confirm": t(CONFIRM[kind]) if kind in CONFIRM else "",
    }
    if not out["available"]:
        return out
    if action.get("colours") and "colour" in fields:
        out["select"] = {"name": "colour", "label": t("action.colour"),
                         "options": [{"value": c, "label": _value_label(c)} for c in action["colours"]]}
    choices = action.get("choices")  # a power's own choice (the Devin's guess, the Commandant's 1 or 2...)
    if isinstance(choices, list) and choices and "choice" in fields and out["select"] is None:
        out["select"] = {"name": "choice", "label": t("action.choice"),
                         "options": [{"value": c, "label": option_label(action, str(c), names)} for c in choices]}
    if numeric:
        field = next((f for f in _typed(kind, int) if f not in action), None)
        if field is not None:
            out["number"] = {"name": field, "min": action["min"], "max": action["max"]}
            out["buttons"] = [{"label": t("actions.send"), "command": _dump(fixed)}]
            out["buttons"] += [{"label": t_or(f"action.{kind}.{flag}", flag), "command": _dump({**fixed, flag: True}),
                                "novalidate": True} for flag in flags]
            return out
    targets = action.get("targets")
    if isinstance(targets, list) and "quota" in action and "targets" in fields:
        chosen = set(action.get("named") or ())
        out["multi"] = {"name": "targets[]", "quota": action["quota"],
                        "options": [{"value": p, "label": names.get(p, p), "checked": p in chosen} for p in targets]}
        out["buttons"] = [{"label": out["label"], "command": _dump(fixed)}]
        return out
    if isinstance(targets, list) and "target" in fields:
        out["buttons"] = [{"label": names.get(p, p), "command": _dump({**fixed, "target": p})} for p in targets]
        return out
    for list_key, field in CHOICE_LISTS:
        values = action.get(list_key)
        if list_key == "options" and field not in fields:
            # No `choice` field: the options fill the command's first text field (set_zone's `zone`).
            field = next(iter(_typed(kind, str)), field)
        if isinstance(values, list) and field in fields:
            out["buttons"] = [
                {"label": option_label(action, v, names) if isinstance(v, str) else _value_label(v),
                 "command": _dump({**fixed, field: v})}
                for v in values
            ]
            if action.get("abstain") and field == "candidate":
                out["buttons"].append({"label": t("action.abstain"), "command": _dump({**fixed, field: None})})
            return out
    if "accept" in fields:
        accept = [] if action.get("accept_reason") else [  # accepting barred to him alone (the Berserker, S6)
            {"label": t("action.accept"), "command": _dump({**fixed, "accept": True})}]
        out["buttons"] = [*accept, {"label": t("action.refuse"), "command": _dump({**fixed, "accept": False}),
                                    "secondary": True}]
        if action.get("accept_reason"):
            out["reason"] = pick(action["accept_reason"])
        return out
    out["buttons"] = [{"label": out["label"], "command": _dump(fixed)}]
    return out


_SAID = memo.Keep(16384)  # the journal's 80 lines and the feeds of about 100 live games, in two languages


def say_kept(sentence: Any) -> str:
    """`say`, once per sentence and language: the journal's lines and the feed items are the same sentence
    objects from one state to the next (views.py keeps them), so the dashboard's 80 lines are not said
    again after every event."""
    return _SAID.get((sentence, LANG.get()), lambda: say(sentence))


def known_once(knowledge: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """What others showed me, newest first, each (player, card or colour) once: a complète and then the song
    about the same card is one line, not two. The Cartographe's glances are left to their moment. (In the
    template this walk built a new list for each snapshot: half of a phone's info region.)"""
    seen: set[tuple[Any, Any]] = set()
    known: list[Mapping[str, Any]] = []
    for snap in reversed(knowledge):
        if snap.get("kind") == "survey":
            continue
        card = snap.get("card")
        key = (snap["player"]["id"], card["number"] if card else snap.get("colour"))
        if key not in seen:
            seen.add(key)
            known.append(snap)
    return known


# The journal's lines of about 100 live games, a Keep per language (one input each: the cheapest lookup).
_LINES: dict[str, memo.Keep] = {}


def log_items(lines: list[Mapping[str, Any]]) -> Markup:
    """The journal's lines as list items. Each state's journal is the last one's lines with one on top,
    the very same objects (views._log): a line is made into HTML once per language, not after every event
    (80 lines were 2 ms of each dashboard push)."""
    lang = LANG.get()
    kept = _LINES.get(lang) or _LINES.setdefault(lang, memo.Keep(8192))

    def item(line: Mapping[str, Any]) -> Markup:
        return Markup('<li value="{}">{}</li>').format(line["version"], say_kept(line["text"]))

    # Every item is Markup already: joined as plain strings, not escaped again one by one.
    return Markup("\n".join([kept.of(line, item) for line in lines]))


def names_in(view: Mapping[str, Any]) -> dict[str, str]:
    """Player id -> name from whatever rosters the view holds (the actions list only has ids)."""
    if "names" in view:  # the phone's action regions: every seat (views.names)
        return typing.cast(dict[str, str], view["names"])
    # Two regions of one phone read the same parts of its view: walked once.
    return _WALKED.get((*view.keys(), *view.values()), lambda: _walk(view))


_WALKED = memo.Keep(512)


def _walk(view: Mapping[str, Any]) -> dict[str, str]:
    names: dict[str, str] = {}
    # Depth first, in order, as a recursive walk goes; every phone region asks (a few thousand nodes), so
    # the plain dicts, lists and scalars of a view are told apart by their type before any Mapping check.
    stack: list[Any] = [view]
    leaves = _LEAVES
    while stack:
        node = stack.pop()
        if isinstance(node, list):
            values = node
        else:
            who, name = node.get("id"), node.get("name")
            if isinstance(who, str) and isinstance(name, str):
                names[who] = name
            values = node.values()
        inner = [v for v in values if type(v) not in leaves and isinstance(v, Mapping | list)]
        inner.reverse()
        stack += inner
    return names


_LEAVES = frozenset({str, int, float, bool, type(None)})  # what a view's leaves are: never walked into


# What the calm screen groups: what waits for me now, what I may do with one room-mate, my powers.
NOW = ("answer_reveal", "answer_prompt", "vote", "designate", "lock_envoys", "volunteer")
PARTS = ("now", "leave", "mates", "public", "powers")


def mate_forms(mate: Mapping[str, Any], actions: list[Mapping[str, Any]]) -> dict[str, Any]:
    """One room-mate's box (an entry of a page of the view's mates, with that page's `actions`): the reveals
    I may make with him as forms, each button saying what it asks ("Demander une complète": the name is
    the box's title), and the cancel of my request waiting for his answer."""
    names = {mate["id"]: mate["name"]}
    forms = []
    for i in mate.get("can") or ():
        a = actions[i]
        form = build({**a, "targets": [mate["id"]]}, names)
        kind = f"mate.{a['type']}" + (f".{a['kind']}" if a.get("kind") else "")
        label = t_or(kind, form["label"])
        form["buttons"] = [{**b, "label": label} for b in form["buttons"]]
        if a["type"] == "reveal_private":  # one tap shows my card: asked once, naming who sees it
            form["confirm"] = t("actions.reveal_private_confirm", name=mate["name"])
        forms.append(form)
    cancel = mate.get("cancel")
    return {"forms": forms, "cancel": build(cancel, names) if cancel else None}


def _mates(view: Mapping[str, Any], actions: list[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Each room-mate with the forms of his box, from the view's pages (`mates_1`...), or read from its
    actions and rosters for a view without them."""
    if MATE_KEYS[0] in view:
        return [{"id": m["id"], "name": m["name"], "waiting": m["waiting"], **mate_forms(m, page["actions"])}
                for key in MATE_KEYS if (page := view.get(key)) for m in page["mates"]]
    me = (view.get("viewer") or {}).get("id")
    outgoing = {r["to"]["id"]: r for r in (view.get("requests") or {}).get("outgoing", ())}
    cancels = {a.get("request_id"): a for a in actions if a["type"] == "cancel_reveal"}
    with_a_mate = [a for a in actions if a["type"] in WITH_A_MATE]
    mates = []
    for mate in (view.get("room") or {}).get("roster") or ():
        if mate["id"] == me:
            continue
        waiting = outgoing.get(mate["id"])
        entry = {"id": mate["id"], "name": mate["name"], "waiting": waiting,
                 "can": [i for i, a in enumerate(with_a_mate) if mate["id"] in (a.get("targets") or ())],
                 "cancel": cancels.get(waiting["id"]) if waiting else None}
        mates.append({**entry, **mate_forms(entry, with_a_mate)})
    return mates if any(m["forms"] or m["waiting"] for m in mates) else []


def grouped(view: Mapping[str, Any], *parts: str) -> dict[str, Any]:
    """The view's actions as the phone lays them out: `now` (answers, vote, designation, and any action
    the game adds), `mates` (per room-mate: the reveals I may ask or give, a request of mine waiting),
    `public` (show my card to the room), `powers` (my card's, in the closed box), `leave`.

    `parts`: only those (each phone region asks for its own); all of them by default. A power is a
    card's secret, so every phone shows the same closed box; a power whose window is short also comes
    as a moment (moments.py), which is where it asks for attention.
    """
    wanted = parts or PARTS
    # A phone's action regions read their own part of its actions (actions.parts), a whole view all of them.
    actions = list(view["actions"] if "actions" in view else
                   [*(view.get("actions_now") or ()), *(view.get("actions_more") or ())])
    names = names_in(view) if set(wanted) - {"mates"} else {}
    out: dict[str, Any] = {}
    if "now" in wanted:
        out["now"] = [build(a, names) for a in actions if a["type"] in NOW or a["type"] not in (
            *WITH_A_MATE, "cancel_reveal", "reveal_public", "use_power", "leave")]
    if "leave" in wanted:
        out["leave"] = [build(a, names) for a in actions if a["type"] == "leave"]
    if "mates" in wanted:
        out["mates"] = _mates(view, actions)
    if "public" in wanted:
        out["public"] = [build(a, names) for a in actions if a["type"] == "reveal_public"]
    if "powers" in wanted:
        out["powers"] = [build(a, names) for a in actions if a["type"] == "use_power"]
    return out
