"""The tiger push on the phones and the screen (A61, T-S10): before confirming, the phone says which village a
tiger there would chase and marks where it would go; after, every board shows the move and the story tells it.

The table is made with T-S10's deal (fixed tiles) through the hub, then played from two phones' boards.
"""

from __future__ import annotations

import contextlib
import re

from starlette.testclient import TestClient

from app.games.inde.pieces import Kind
from inde.test_scenario import CONFIG, PLACEMENTS
from inde.web import Phone, raw_words, sit, state_of, visible_text, watch


def test_the_phone_previews_the_village_a_tiger_would_chase_then_every_screen_shows_the_push(client: TestClient) -> None:
    games = client.app.state.games  # type: ignore[attr-defined]
    hub, _ = client.portal.call(games.create, CONFIG, "inde")  # type: ignore[union-attr]
    code = hub.code
    vera, faisal, screen = sit(client, code, "Vera"), sit(client, code, "Faisal"), watch(client)
    phones = {"v": vera, "f": faisal}
    with contextlib.ExitStack() as stack:
        for p in (vera, faisal):
            p.ws = stack.enter_context(p.client.websocket_connect(f"/g/{code}/ws"))
            p.read()
        screen.ws = stack.enter_context(screen.client.websocket_connect(f"/s/{code}/ws"))
        screen.read()
        assert vera.post(code, vera.command("i-moment", "start")).status_code == 200
        for token in PLACEMENTS.split()[:13]:  # up to vT(3,2), which chases fV(3,3) to (3,4)
            mover: Phone = phones[token[0]]
            cell = ",".join(re.findall(r"\d", token))
            mover.sync(state_of(client, code).version)
            assert cell in mover.legal_cells(), token
            if token == "vT(3,2)":
                board = mover.region("i-board")
                # The preview names the village, where it stands and where it would go, in words ...
                assert "Le village de Faisal en d6 sera chassé en e6." in visible_text(board)
                # ... and marks both cells, shown while (3,2) is the selected cell.
                assert 'class="mk mk-from" data-for="3,2"' in board and 'class="mk mk-to" data-for="3,2"' in board
                assert ':has(input[value="3,2"]:checked) .mk[data-for="3,2"]' in board
            assert mover.place(code, cell).status_code == 200
        state = state_of(client, code)
        assert state.board[(3, 4)] == ("fuchsia", Kind.V) and (3, 3) not in state.board
        for viewer in (vera, faisal, screen):
            viewer.sync(state.version)
            head = " ".join(visible_text(viewer.region("i-s-head" if viewer is screen else "i-moment")).split())
            assert "Vera a posé un tigre en c6. Le tigre chasse le village de Faisal de d6 en e6." in head
            board = viewer.region("i-s-board" if viewer is screen else "i-board")
            assert '<span class="ghost"' in board and 'class="slide"' in board  # where it was, and it sliding in
            assert raw_words(viewer.messages[-1]) == []
