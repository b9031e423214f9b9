"""Request bodies have a size: a body over the limit is refused with 413, in the user's language, unread.

Every form and action of the game is a few kilobytes. Without a limit a client
could make the server hold megabytes per request before any route looks at
it; with one, the declared length is checked before anything is read, and a
body sent without a length (chunked) is counted as it arrives.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.web.actions import refusal
from app.web.i18n import t


class BodyTooLarge(Exception):
    """The body went past the limit while the app was reading it."""


class BodyLimit:
    """Runs inside the language middleware, so that the refusal speaks the user's language."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = next((v for k, v in scope.get("headers", []) if k == b"content-length"), None)
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            await self._refuse(scope, receive, send)
            return
        seen = 0
        started = False

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise BodyTooLarge
            return message

        async def watched(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counted, watched)
        except BodyTooLarge:
            if started:  # pragma: no cover - no route answers before it has read its body
                raise
            await self._refuse(scope, receive, send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        request = Request(scope, receive)
        response = refusal(request, 413, "too_large", t("error.too_large", kb=self.limit // 1024))
        response.headers["Connection"] = "close"  # the rest of the body is never read
        await response(scope, receive, send)
