"""Command and event bases, and one codec from JSON to a game's typed union and back.

Each game declares its commands and events as frozen pydantic models with a
`type: Literal[...]` field, assembles them in a discriminated union, and wraps
that union in a `Codec`: bad JSON from a phone, a file or the log becomes an
`EngineError` in both languages, never a traceback.
"""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError

from app.kernel.text import EngineError, Text

T = TypeVar("T")


class Message(BaseModel):
    """A command or an event: immutable, and unknown fields are refused."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class Codec(Generic[T]):
    """Parses and dumps one discriminated union (a game's commands, or its events)."""

    def __init__(self, union: Any, code: str, fr: str, en: str) -> None:
        self._adapter: TypeAdapter[T] = TypeAdapter(union)
        self._code, self._fr, self._en = code, fr, en

    def parse(self, data: object) -> T:
        """A message from JSON, or an EngineError saying what is wrong with it."""
        try:
            return self._adapter.validate_python(data)
        except ValidationError as exc:
            err = exc.errors()[0]
            where = ".".join(str(p) for p in err["loc"]) or "type"
            raise EngineError(
                self._code,
                Text(f"{self._fr} ({where}) : {err['msg']}", f"{self._en} ({where}): {err['msg']}"),
            ) from exc

    @staticmethod
    def dump(message: BaseModel) -> dict[str, Any]:
        return message.model_dump(mode="json")


def command_codec(union: Any) -> Codec[Any]:
    return Codec(union, "bad_command", "Commande invalide", "Invalid command")


def event_codec(union: Any) -> Codec[Any]:
    return Codec(union, "bad_event", "Événement invalide", "Invalid event")
