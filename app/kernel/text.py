"""Bilingual text: the engine speaks French first, English a switch away."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Lang = Literal["fr", "en"]
LANGS: tuple[Lang, ...] = ("fr", "en")


@dataclass(frozen=True, slots=True)
class Text:
    fr: str
    en: str

    def __call__(self, lang: Lang = "fr") -> str:
        return self.en if lang == "en" else self.fr

    def format(self, **kwargs: object) -> Text:
        return Text(self.fr.format(**kwargs), self.en.format(**kwargs))

    def as_dict(self) -> dict[str, str]:
        return {"fr": self.fr, "en": self.en}


class EngineError(Exception):
    """A refusal: the command changes nothing, and the message says why in both languages."""

    def __init__(self, code: str, message: Text) -> None:
        super().__init__(message.en)
        self.code = code
        self.message = message

    def text(self, lang: Lang = "fr") -> str:
        return self.message(lang)
