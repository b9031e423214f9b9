"""Security headers on every page: only our own scripts, no framing, no referrer leaving the site.

The moderator's secret comes in once as `?k=`; `Referrer-Policy: same-origin`
keeps it from ever being sent to another site, and framing is refused so no
page can trick a game master into clicking the dashboard's buttons.
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

# 'unsafe-inline' for styles only: Pico and htmx's swap classes, never scripts.
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
    "connect-src 'self' ws: wss:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
)
HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
    (b"x-frame-options", b"DENY"),
]
# Served over HTTPS (SECURE_COOKIES): a browser that has seen the site once never tries plain HTTP
# again for a year, so nobody on the venue's Wi-Fi can downgrade it. Not sent on a plain LAN setup,
# where it would be ignored anyway, and not for subdomains, which this server does not own.
HSTS = (b"strict-transport-security", b"max-age=31536000")


class SecurityHeaders:
    def __init__(self, app: ASGIApp, hsts: bool = False) -> None:
        self.app = app
        self.headers = [*HEADERS, HSTS] if hsts else HEADERS

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *self.headers]
            await send(message)

        await self.app(scope, receive, send_with_headers)
