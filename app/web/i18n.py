"""The user's language: French by default, English by `?lang=en` or the `lang` cookie.

A pure ASGI middleware sets a ContextVar for the request (pages and sockets);
websocket pushes set it around each render from the connection's own language.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import parse_qs

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.web.catalogue import CATALOGUE

LANGS = ("fr", "en")
DEFAULT = "fr"
COOKIE = "lang"
LANG: ContextVar[str] = ContextVar("lang", default=DEFAULT)


def t(key: str, **kwargs: Any) -> str:
    """The catalogue's text for `key` in the current language."""
    entry = CATALOGUE[key]
    text = entry[1] if LANG.get() == "en" else entry[0]
    return text.format(**kwargs) if kwargs else text


def t_or(key: str, default: str) -> str:
    """The catalogue's text for `key`, or `default` for keys the engine invents (new powers, values)."""
    return t(key) if key in CATALOGUE else default


def pick(value: Any) -> str:
    """A bilingual value from the engine ({"fr", "en"} or Text) in the current language."""
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


def _from_scope(scope: Scope) -> tuple[str, bool]:
    """(language, chosen by the query string now) from `?lang=` then the cookie."""
    query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
    asked = query.get("lang", [""])[0]
    if asked in LANGS:
        return asked, True
    for name, value in scope.get("headers", []):
        if name == b"cookie":
            cookie: SimpleCookie = SimpleCookie()
            try:
                cookie.load(value.decode("latin-1"))
            except Exception:  # a broken cookie header from some phone: keep the default
                continue
            morsel = cookie.get(COOKIE)
            if morsel is not None and morsel.value in LANGS:
                return morsel.value, False
    return DEFAULT, False


class LanguageMiddleware:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        lang, chosen = _from_scope(scope)
        scope.setdefault("state", {})["lang"] = lang

        async def send_with_cookie(message: Message) -> None:
            if chosen and message["type"] == "http.response.start":
                cookie = f"{COOKIE}={lang}; Path=/; Max-Age=31536000; SameSite=Lax".encode()
                message["headers"] = [*message.get("headers", []), (b"set-cookie", cookie)]
            await send(message)

        with speaking(lang):
            await self.app(scope, receive, send_with_cookie)
