"""The user's language: French by default, English by `?lang=en` or the `lang` cookie.

A pure ASGI middleware sets a ContextVar for the request (pages and sockets);
websocket pushes set it around each render from the connection's own language.
"""

from __future__ import annotations

from urllib.parse import parse_qs

from starlette.requests import cookie_parser
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.kernel.i18n import DEFAULT, LANG, LANGS, catalogue, pick, say, speaking, t, t_or
from app.web import catalogues

COOKIE = "lang"
catalogues.load()
# key -> (French, English), the singular forms: what tests and checks read.
CATALOGUE: dict[str, tuple[str, str]] = {
    key: (langs["fr"][0], langs.get("en", langs["fr"])[0]) for key, langs in catalogue().items() if "fr" in langs}

__all__ = ["CATALOGUE", "DEFAULT", "LANG", "LANGS", "pick", "say", "speaking", "t", "t_or"]


def _from_scope(scope: Scope) -> tuple[str, bool]:
    """(language, chosen by the query string now) from `?lang=` then the cookie. Every request and socket
    asks, a tap too: a query string or a cookie header that does not name the language is not parsed
    (the standard library's cookie parser cost ~10 µs a request); Starlette's lenient parser reads the rest,
    so a phone's broken cookie header only means the default."""
    query = scope.get("query_string", b"")
    if b"lang=" in query:
        asked = parse_qs(query.decode("latin-1")).get("lang", [""])[0]
        if asked in LANGS:
            return asked, True
    for name, value in scope.get("headers", []):
        if name == b"cookie" and b"lang=" in value:
            chosen = cookie_parser(value.decode("latin-1")).get(COOKIE)
            if chosen in LANGS:
                return chosen, False
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
        if scope["type"] == "websocket" or not chosen:
            # Nothing to add: a socket's every push, and most pages, go straight through (no wrapper a message).
            with speaking(lang):
                await self.app(scope, receive, send)
            return

        async def send_with_cookie(message: Message) -> None:
            if message["type"] == "http.response.start":
                cookie = f"{COOKIE}={lang}; Path=/; Max-Age=31536000; SameSite=Lax".encode()
                message["headers"] = [*message.get("headers", []), (b"set-cookie", cookie)]
            await send(message)

        with speaking(lang):
            await self.app(scope, receive, send_with_cookie)
