"""Each socket's compression, through a real `deuxrois serve`: the narrower window the server asks for is
agreed in the handshake, and a phone inflates its pushes with it (app/web/serve.py, Websockets); the
socket leaves one line in the server's log."""

from __future__ import annotations

from pathlib import Path

import httpx2
from live_server import Served, create_game
from websockets.extensions.permessage_deflate import ClientPerMessageDeflateFactory
from websockets.sync.client import connect

from app.web.serve import DEFLATE_WINDOW_BITS


def test_a_phone_agrees_the_narrow_window_and_reads_its_page(tmp_path: Path) -> None:
    served = Served(tmp_path, f"sqlite:///{tmp_path / 'deflate.db'}").start()
    try:
        with httpx2.Client(base_url=served.url) as phone:
            code, _ = create_game(phone)
            assert phone.post(f"/g/{code}/join", data={"name": "Alix"}).status_code == 200
            cookie = f"seat_{code}={phone.cookies[f'seat_{code}']}"
        # What a browser offers: no limit on the server's window, its own up to 15 bits.
        offer = ClientPerMessageDeflateFactory(client_max_window_bits=True)
        with connect(f"ws://127.0.0.1:{served.port}/g/{code}/ws", extensions=[offer], open_timeout=30,
                     additional_headers={"Cookie": cookie, "Origin": served.url}) as ws:
            agreed = ws.response.headers["Sec-WebSocket-Extensions"]
            assert "permessage-deflate" in agreed
            assert f"server_max_window_bits={DEFLATE_WINDOW_BITS}" in agreed
            page = ws.recv(timeout=30)
        assert isinstance(page, str) and 'id="p-status"' in page and "Alix" in page
        # One line for the socket in the server's log (uvicorn's access line), not three: the websockets
        # library's "connection open" / "connection closed" would be 150 lines for a Wi-Fi blip.
        log = served.output()
        assert f'"WebSocket /g/{code}/ws" [accepted]' in log
        assert "connection open" not in log and "connection closed" not in log
    finally:
        served.stop()
