"""The viewer's language and the message catalogue every game and page reads its words from.

Whoever renders for a viewer (a page, a push, a picture) sets the language
with `speaking(lang)`; `t(key)` then answers in it. The catalogues themselves
are data the web loads at start-up (`install`): games never read files.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

LANGS = ("fr", "en")
DEFAULT = "fr"
LANG: ContextVar[str] = ContextVar("lang", default=DEFAULT)
_CATALOGUE: dict[str, tuple[str, str]] = {}  # key -> (fr, en), filled once at start-up by `install`


def install(entries: Mapping[str, tuple[str, str]]) -> None:
    """Adds entries to the catalogue; a key given twice with other words is a mistake."""
    for key, words in entries.items():
        known = _CATALOGUE.get(key)
        if known is not None and known != words:
            raise ValueError(f"catalogue key {key!r} is defined twice with different words")
        _CATALOGUE[key] = words


def known(key: str) -> bool:
    return key in _CATALOGUE


def keys() -> list[str]:
    return sorted(_CATALOGUE)


def t(key: str, **kwargs: Any) -> str:
    """The catalogue's text for `key` in the current language."""
    entry = _CATALOGUE[key]
    text = entry[1] if LANG.get() == "en" else entry[0]
    return text.format(**kwargs) if kwargs else text


def t_or(key: str, default: str) -> str:
    """The catalogue's text for `key`, or `default` for keys a game invents (new powers, values)."""
    return t(key) if key in _CATALOGUE else default


def pick(value: Any) -> str:
    """A bilingual value ({"fr", "en"} or Text) in the current language."""
    if value is None:
        return ""
    if isinstance(value, Mapping):
        return str(value.get(LANG.get()) or value.get(DEFAULT) or "")
    fr, en = getattr(value, "fr", None), getattr(value, "en", None)
    if fr is not None:
        return str(en if LANG.get() == "en" else fr)
    return str(value)


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    token = LANG.set(lang if lang in LANGS else DEFAULT)
    try:
        yield
    finally:
        LANG.reset(token)
