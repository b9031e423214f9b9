"""Régents through the real app: whole games played from phones over HTTP and real websockets.

The phones tap only buttons they were pushed (seeded random choices); after each tap every
socket (phones, big screen, dashboard) is read up to the new version and checked (phones.py):
each region is its own viewer's view rendered, no view carries another player's secret, the
public regions are the same on every phone, no raw key reaches a page, the public pages never
print a secret clan or domain.
"""

from __future__ import annotations

import contextlib
import random

import pytest
from starlette.testclient import TestClient

from app.games.regents.clans import CLAN_NAMES

from .helpers import started
from .phones import Table, create_table, post, shown_wrongly, visible

NAMES = ["Ana", "Bob", "Chloé", "Dan", "Eve"]


@pytest.fixture
def fixed_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    # The draws come from the game's seed: fix it so the game is the same on every run.
    monkeypatch.setattr("app.live.games.secrets.randbits", lambda bits: 20261201)


@pytest.mark.parametrize("count", [3, 5])  # 4 players: the engine playouts (the pages are the same)
def test_a_whole_game_played_from_phones_to_the_final_scores(client: TestClient, fixed_seed: None, count: int) -> None:
    code = create_table(client)
    table = Table(client, code, NAMES[:count])
    with contextlib.ExitStack() as stack:
        table.connect(stack)
        assert "Salle d'attente" in visible(table.screen.region("s-head") + table.phones[0].region("rg-status"))
        assert all(p.name in table.screen.region("s-players") for p in table.phones)
        # Only the game master starts: the dashboard's button.
        assert [c["type"] for c in table.dashboard.commands("m-controls")][:1] == ["start"]
        table.tap(table.dashboard, {"type": "start"})
        s = table.state
        assert s.phase == "placement" and (s.neutral is not None) == (count == 3)
        for p in table.phones:
            me = s.player(p.player_id)
            secret = p.region("rg-secret")
            # Its own clan and domain, behind the hold; nobody else's.
            assert 'id="rg-secret-face" class="card-face rg-face" hidden' in secret
            assert f"Clan {CLAN_NAMES[me.clan]}" in secret
            for q in s.players:
                if q.pid != me.pid:
                    assert f"Clan {CLAN_NAMES[q.clan]}" not in secret
        assert "rg-secret" not in table.screen.regions and "rg-secret" not in table.dashboard.regions

        table.play_to_the_end(random.Random(count))

        s = table.state
        assert s.phase == "over" and s.result is not None and s.round == 8
        seen = table.seen
        assert seen["place_agent"] >= 4 * count and seen.get("end_actions", 0) >= 8 * count - seen.get("mod_skip", 0)
        assert seen.get("move_agent", 0) > 0 and seen.get("move_king", 0) > 0, seen
        show = visible(table.screen.region("s-result"))
        assert "Gardien du Royaume" in show
        for st in s.result.standings:
            p = s.player(st.player)
            assert p.name in show and CLAN_NAMES[p.clan] in show  # every clan shown at the end (RG-53)
        for p in table.phones:
            moment = visible(p.region("rg-moment"))
            st = next(x for x in s.result.standings if x.player == p.player_id)
            assert ("Vous êtes Gardien du Royaume" in moment) == (p.player_id in s.result.winners)
            assert f"{st.total} point" in moment
            assert p.commands("rg-moment", "rg-map", "rg-actions") == []
        assert "Gardien du Royaume" in visible(table.dashboard.region("m-result"))
        # A tap after the end changes nothing and says why.
        version = s.version
        response = post(table.phones[0].client, code, {"type": "end_actions"})
        assert response.status_code == 409 and "terminée" in response.text
        assert table.state.version == version


def test_the_page_scan_catches_a_secret_a_raw_key_or_a_placeholder() -> None:
    s = started(3)
    p1, p2 = s.players[0], s.players[1]
    assert shown_wrongly(s, p1.pid, f"<p>{p1.name} : clan {CLAN_NAMES[p1.clan]}</p>") == []  # one's own
    assert shown_wrongly(s, p1.pid, f"<p>clan {CLAN_NAMES[p2.clan]}</p>") == [f"{p2.name}'s clan"]
    assert shown_wrongly(s, None, f"<p>clan {CLAN_NAMES[p2.clan]}</p>") == [f"{p2.name}'s clan"]
    assert shown_wrongly(s, None, '<button value="move_agent">Déplacer</button>') == []  # commands are attributes
    assert shown_wrongly(s, None, "<p>rg.m.title {name} agent_placed None</p>") == [
        "raw key 'rg.m'", "snake_case 'agent_placed'", "a placeholder", "None"]
