"""Turn an action request (form fields or JSON) into (command dict, idempotency key), or say why not.

Form encoding, the same for every action so new powers need no template work:
`command` holds the fixed part as a JSON object (from the view's legal action),
`key` the client's idempotency id, and any other field is a value the user
chose: `name[]` collects a list (checkboxes), `name` a single string.
"""

from __future__ import annotations

import re
from typing import Any

import orjson
from starlette.datastructures import FormData

from app.kernel.text import EngineError, Text

KEY = re.compile(r"^[A-Za-z0-9_.:-]{8,80}$")
FIELD = re.compile(r"^[a-z_]{1,32}(\[\])?$")
MAX_VALUE = 2000
MAX_FIELDS = 60


def bad(code: str, fr: str, en: str) -> EngineError:
    return EngineError(code, Text(fr, en))


def check_key(key: Any) -> str:
    if not isinstance(key, str) or not KEY.match(key):
        raise bad("bad_key", "Requête invalide : identifiant d'action manquant ou incorrect.",
                  "Invalid request: missing or malformed action id.")
    return key


def _object(raw: Any) -> dict[str, Any]:
    if isinstance(raw, str):
        if len(raw) > 4 * MAX_VALUE:
            raise bad("too_long", "Requête trop longue.", "Request too long.")
        try:
            raw = orjson.loads(raw)
        except orjson.JSONDecodeError:
            raise bad("bad_json", "Requête invalide : JSON illisible.", "Invalid request: unreadable JSON.") from None
    if not isinstance(raw, dict) or not isinstance(raw.get("type"), str):
        raise bad("bad_command", "Requête invalide : commande sans type.", "Invalid request: command without a type.")
    return raw


def from_form(form: FormData) -> tuple[dict[str, Any], str]:
    if len(form.multi_items()) > MAX_FIELDS:
        raise bad("too_many", "Requête trop longue.", "Request too long.")
    command = _object(form.get("command"))
    key = check_key(form.get("key"))
    for name in {n for n, _ in form.multi_items()} - {"command", "key"}:
        if not FIELD.match(name) or name.rstrip("[]") in ("type",):
            raise bad("bad_field", f"Champ inattendu : {name[:32]}.", f"Unexpected field: {name[:32]}.")
        values = [v for v in form.getlist(name) if isinstance(v, str)]
        if any(len(v) > MAX_VALUE for v in values):
            raise bad("too_long", "Valeur trop longue.", "Value too long.")
        if name.endswith("[]"):
            command[name[:-2]] = values
        elif values and values[-1] != "":
            command[name] = values[-1]  # an empty optional input means "not given"
    return command, key


def from_json(body: bytes) -> tuple[dict[str, Any], str]:
    """JSON body: {"key": "...", "command": {...}} (scripts, tests, the bench)."""
    if len(body) > 16 * MAX_VALUE:
        raise bad("too_long", "Requête trop longue.", "Request too long.")
    try:
        data = orjson.loads(body)
    except orjson.JSONDecodeError:
        raise bad("bad_json", "Requête invalide : JSON illisible.", "Invalid request: unreadable JSON.") from None
    if not isinstance(data, dict):
        raise bad("bad_json", "Requête invalide : un objet JSON est attendu.", "Invalid request: a JSON object is expected.")
    return _object(data.get("command")), check_key(data.get("key"))
