"""The viewer's language and the message catalogue every game and page reads its words from.

Whoever renders for a viewer (a page, a push, a picture) sets the language
with `speaking(lang)`; `t(key)` then answers in it. The words themselves are
gettext catalogues (`locale/<lang>/LC_MESSAGES/<domain>.po`, one domain per
game plus the web's own) that the web loads at start-up with `install`:
games never read files. Messages are keyed (`lobby.title`), so a game's
templates and a translator's `.po` name the same thing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

LANGS = ("fr", "en")
DEFAULT = "fr"
LANG: ContextVar[str] = ContextVar("lang", default=DEFAULT)
Forms = tuple[str, ...]  # one text, or a message's plural forms in the language's order
_ENTRIES: dict[str, dict[str, Forms]] = {}  # key -> language -> forms, filled at start-up by `install`
_PLURAL: dict[str, Callable[[int], int]] = {}  # language -> which plural form a count takes


def _germanic(n: int) -> int:
    return 0 if n == 1 else 1


def install(lang: str, entries: Mapping[str, Forms], plural: Callable[[int], int]) -> None:
    """Adds one language's entries; a key given twice with other words is a mistake."""
    _PLURAL[lang] = plural
    for key, forms in entries.items():
        known_forms = _ENTRIES.setdefault(key, {}).get(lang)
        if known_forms is not None and known_forms != forms:
            raise ValueError(f"catalogue key {key!r} is defined twice with different words in {lang}")
        _ENTRIES[key][lang] = forms


def known(key: str) -> bool:
    return key in _ENTRIES


def catalogue() -> dict[str, dict[str, Forms]]:
    """Every key with its forms per language (for tests and translators' checks)."""
    return {key: dict(langs) for key, langs in _ENTRIES.items()}


def t(key: str, **kwargs: Any) -> str:
    """The catalogue's text for `key` in the current language; a count `n` picks the plural form."""
    langs = _ENTRIES[key]
    lang = LANG.get()
    forms = langs.get(lang) or langs[DEFAULT]
    text = forms[0]
    if len(forms) > 1 and isinstance(kwargs.get("n"), int):
        index = _PLURAL.get(lang if lang in langs else DEFAULT, _germanic)(kwargs["n"])
        text = forms[min(index, len(forms) - 1)]
    return text.format(**kwargs) if kwargs else text


def t_or(key: str, default: str) -> str:
    """The catalogue's text for `key`, or `default` for keys a game invents (new powers, values)."""
    return t(key) if key in _ENTRIES else default


def sentence(key: str, n: int | None = None, **args: Any) -> dict[str, Any]:
    """A sentence to say later, in the viewer's language: a catalogue key and its arguments.

    Views are built once for every language, so a game puts sentences in them and the page
    says them (`say`) when it renders. An argument is a text, a number, a bilingual value
    ({"fr", "en"}), another sentence, or a list of those (said as "A, B et C").
    """
    out: dict[str, Any] = {"key": key, "args": args}
    if n is not None:
        out["n"] = n
    return out


def _said(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, Mapping) and "key" in value:
        return say(value)
    if isinstance(value, list | tuple):
        return join([_said(v) for v in value])
    if isinstance(value, Mapping) or hasattr(value, "fr"):
        return pick(value)
    return str(value)


def join(items: list[str]) -> str:
    """"A, B et C" in the current language: the last two joined by the catalogue's `list.and`."""
    if len(items) < 2:
        return "".join(items)
    last = t("list.and") if "list.and" in _ENTRIES else ", "
    return ", ".join(items[:-1]) + last + items[-1]


def say(value: Any) -> str:
    """A sentence (`sentence(...)`) in the current language; a key the catalogue lacks says nothing (never
    itself). Anything else a view holds as words (a bilingual value, a name, a list) is said too."""
    if not isinstance(value, Mapping) or "key" not in value:
        return _said(value)
    key = str(value.get("key", ""))
    if key not in _ENTRIES:
        return ""
    args = {name: _said(arg) for name, arg in (value.get("args") or {}).items()}
    if isinstance(value.get("n"), int):
        args["n"] = value["n"]
    return t(key, **args)


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
