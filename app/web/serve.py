"""`deuxrois serve`: print the address phones open (and its QR code), then run uvicorn."""

from __future__ import annotations

import socket
import sys

import uvicorn

from app.settings import Settings
from app.web.app import create_app
from app.web.links import qr_terminal


def lan_address() -> str:
    """This machine's address on the venue's network (no packet is sent: UDP connect only routes)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.255.255.255", 1))
            return str(s.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def public_url(settings: Settings, host: str, port: int) -> str:
    if settings.base_url:
        return settings.base_url.rstrip("/")
    shown = lan_address() if host in ("0.0.0.0", "::", "") else host
    return f"http://{shown}:{port}"


def serve(host: str, port: int) -> None:
    settings = Settings()
    url = public_url(settings, host, port)
    sys.stdout.write(f"\nSoirée de jeux — les téléphones ouvrent / phones open:\n\n    {url}/\n\n")
    qr_terminal(f"{url}/")
    sys.stdout.flush()
    # Pings every 10 s notice a phone that went away sooner than uvicorn's 20/20 default.
    app = create_app(settings)
    if not settings.base_url and host in ("0.0.0.0", "::", ""):
        app.state.lan_url = url  # links made for a page opened as localhost point phones here instead
    uvicorn.run(
        app,
        host=host,
        port=port,
        ws_ping_interval=10,
        ws_ping_timeout=10,
        proxy_headers=True,
        log_level="info",
    )
