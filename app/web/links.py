"""The address phones open (join links and QR codes), one place for every page."""

from __future__ import annotations

import io
import sys

import segno
from fastapi import Request

_LOOPBACK = {"localhost", "127.0.0.1", "::1", "[::1]"}


def base_url(request: Request, configured: str | None) -> str:
    """BASE_URL if set; else the address this page was opened with.

    A game master who opens the server as localhost would hand phones a link to
    their own phone: when `deuxrois serve` listens on every interface it records
    the LAN address (app.state.lan_url), and links use that instead.
    """
    if configured:
        return configured.rstrip("/")
    lan = getattr(request.app.state, "lan_url", None)
    if lan and request.url.hostname in _LOOPBACK:
        return str(lan).rstrip("/")
    return str(request.base_url).rstrip("/")


def qr_svg(url: str) -> str:
    """The QR code inline in a page (created page, big screen)."""
    # A viewBox and no fixed size: the page sizes it (a phone's column, half a projector).
    return str(segno.make(url, error="m").svg_inline(scale=6, border=2, dark="#000", light="#fff", omitsize=True))


def qr_file(url: str) -> bytes:
    """The QR code as an SVG file (to print or to open on another screen)."""
    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="svg", scale=8, border=2)
    return out.getvalue()


def qr_terminal(url: str) -> None:
    """The QR code in the terminal `deuxrois serve` runs in."""
    segno.make(url, error="m").terminal(out=sys.stdout, compact=True)
