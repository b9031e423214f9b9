"""The moments a phone must feel, through the app: prompts with their deadline (the system timer answers
a silent phone), the game master's pause, resume and skip, an accusation and a spy seen from both sides
(and not at all by a third player), the hold-to-see secrets."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator

import pytest
from starlette.testclient import TestClient

from app.games.regents import GAME
from app.games.regents.board import Space
from app.games.regents.clans import CARD_NAMES, CLAN_NAMES, CLANS, Clan
from app.kernel.i18n import speaking
from app.kernel.viewer import Viewer
from app.web.presenter import HtmlPresenter

from .helpers import P, act, position
from .phones import Table, Viewer_, create_table, visible

NAMES = ["Ana", "Bob", "Chloé", "Dan"]


@contextlib.contextmanager
def table_at_actions(client: TestClient, first_player_on: Space = Space.TRONE, **form: str) -> Iterator[Table]:
    """Four phones connected, the set-up done from the phones' own buttons: the first player's agents on
    `first_player_on`, everybody else's in the throne room (where the King stands)."""
    code = create_table(client, **form)
    table = Table(client, code, NAMES)
    with contextlib.ExitStack() as stack:
        table.connect(stack)
        table.tap(table.dashboard, {"type": "start"})
        while table.state.phase == "placement":
            s = table.state
            placer = phone_of(table, s.placer.pid)
            where = first_player_on if s.placer.pid == s.players[0].pid else Space.TRONE
            offered = [c for c in placer.commands("rg-map") if c["type"] == "place_agent"]
            assert {"type": "place_agent", "space": str(where)} in offered  # "Poser ici" on that space
            table.tap(placer, {"type": "place_agent", "space": str(where)})
        yield table


def phone_of(table: Table, pid: str) -> Viewer_:
    return next(p for p in table.phones if p.player_id == pid)


def new_messages(v: Viewer_, since: int) -> str:
    return "\n".join(v.messages[since:])


def test_the_system_timer_answers_a_silent_phone_with_the_default(client: TestClient) -> None:
    with table_at_actions(client, Space.GARDE_TOUR, rg_prompt_seconds="1") as table:
        s = table.state
        first = phone_of(table, s.players[0].pid)
        assert "À vous : 3 actions payantes et les actions gratuites" in visible(first.region("rg-moment"))
        table.tap(first, {"type": "end_actions"})
        s = table.state
        assert s.prompt is not None and s.prompt.kind == "tower"  # the tower walk won: which track?
        moment = first.region("rg-moment")
        assert "Chemin de la tour" in moment and 'data-deadline="' in moment and 'data-buzz="1"' in moment
        assert len(first.commands("rg-moment")) == 5  # one button per track, each with its preview
        for other in (p for p in table.phones if p is not first):
            status = visible(other.region("rg-status"))
            assert f"En attente de {first.name}" in status and "data-deadline" in other.region("rg-status")
            assert "Chemin de la tour" not in other.region("rg-moment")  # what the prompt is about stays his
        version = s.version
        time.sleep(1.6)  # nobody answers: the hub's timer sends the tick
        table.settle()
        s = table.state
        assert s.version > version and s.prompt is None
        assert s.player(first.player_id).score[0] == 1  # RG-77: the first legal option, POLITIQUE
        assert f"Décompte de {first.name}" in visible(table.screen.region("s-count"))


def test_the_game_master_pauses_resumes_and_skips(client: TestClient) -> None:
    with table_at_actions(client, Space.GARDE_TOUR) as table:
        s = table.state
        first = phone_of(table, s.players[0].pid)
        table.tap(first, {"type": "end_actions"})
        controls = table.dashboard.region("m-controls")
        assert f"La table attend {first.name}." in visible(controls)
        assert {c["type"] for c in table.dashboard.commands("m-controls")} == {"mod_pause", "mod_skip"}
        table.tap(table.dashboard, {"type": "mod_pause"})
        assert table.hub.definition.next_deadline(table.state) is None
        for v in (*table.phones, table.screen):
            assert "pause" in visible(v.region("rg-status") + v.region("s-head"))
        assert "data-deadline" not in first.region("rg-moment")
        table.tap(table.dashboard, {"type": "mod_resume"})
        assert "data-deadline" in first.region("rg-moment")
        table.tap(table.dashboard, {"type": "mod_skip"})
        s = table.state
        assert s.prompt is None and s.player(first.player_id).score[0] == 1
        seats = visible(table.dashboard.region("m-seats"))
        assert all(name in seats for name in NAMES) and "connecté" in seats


def test_a_failed_accusation_is_felt_by_both_sides_and_names_no_clan_to_anyone_else(client: TestClient) -> None:
    with table_at_actions(client) as table:
        s = table.state
        accuser, accused, third = (phone_of(table, p.pid) for p in s.players[:3])
        a, b = s.player(accuser.player_id), s.player(accused.player_id)
        wrong = next(c for c in CLANS if c not in (a.clan, b.clan))
        command = {"type": "accuse", "target": b.pid, "clan": str(wrong)}
        actions = accuser.region("rg-actions")
        assert command in accuser.commands("rg-actions") and f"Confirmer : {accused.name} est" in visible(actions)
        assert 'id="rg-accuse-box"' in actions  # opened on purpose: the tiles show one's own clan
        since = {p.name: len(p.messages) for p in table.everyone}
        table.tap(accuser, command)
        shown = accuser.region("rg-alert")
        assert f"{accused.name} vous montre son clan, à vous seul" in visible(shown) and 'id="rg-alert-face" class="rg-alert-face" hidden' in shown
        assert f"{accused.name} vous a montré son clan : {CLAN_NAMES[b.clan]}" in shown
        assert f"{accused.name} vous a montré son clan : {CLAN_NAMES[b.clan]}" in accuser.region("rg-know")
        accused_alert = accused.region("rg-alert")
        assert f"{accuser.name} vous accuse." in visible(accused_alert)
        assert f"vous a accusé d'être {CLAN_NAMES[wrong]} (échec)" in visible(accused_alert)
        fourth = next(p for p in table.phones if p not in (accuser, accused, third))
        for v in (third, fourth, table.screen, table.dashboard):
            pushed = new_messages(v, since[v.name])
            assert f"{accuser.name} accuse {accused.name} : échec" in visible(pushed)
            assert CLAN_NAMES[b.clan] not in pushed and CLAN_NAMES[wrong] not in pushed, v.name
        assert "3 tuiles" not in visible(third.region("rg-players"))  # 6 − 2 = 4 tiles left, public
        assert "4 tuiles" in visible(third.region("rg-players"))


def test_a_successful_accusation_unmasks_and_asks_the_accuser_for_his_gain(client: TestClient) -> None:
    with table_at_actions(client) as table:
        s = table.state
        accuser, accused = phone_of(table, s.players[0].pid), phone_of(table, s.players[1].pid)
        b = s.player(accused.player_id)
        table.tap(accuser, {"type": "accuse", "target": b.pid, "clan": str(b.clan)})
        s = table.state
        assert s.player(b.pid).clan_public and s.prompt is not None and s.prompt.kind == "gain"
        assert f"clan {CLAN_NAMES[b.clan]}" in visible(table.screen.region("s-players"))
        moment = accuser.region("rg-moment")
        assert "Accusation réussie : répartissez vos 2 cases." in visible(moment)
        splits = accuser.commands("rg-moment")
        assert {"type": "choose_gain", "domains": ["POLITIQUE"]} in splits and len(splits) == 15  # 5 + 10 splits
        assert "+2 Politique" in visible(moment) and "+1 Politique · +1 Militaire" in visible(moment)
        assert "→ 2 points au total" in visible(moment)
        table.tap(accuser, {"type": "choose_gain", "domains": ["POLITIQUE", "RELIGIEUX"]})
        assert table.state.player(accuser.player_id).score == (1, 0, 0, 1, 0)
        assert "Vous avez" not in accused.region("rg-moment")


def test_spying_shows_the_card_to_the_spy_and_tells_the_target_but_nobody_else(client: TestClient) -> None:
    with table_at_actions(client) as table:
        s = table.state
        spy, target, third = (phone_of(table, p.pid) for p in s.players[:3])
        since = len(third.messages)
        assert {"type": "spy", "target": target.player_id} in spy.commands("rg-actions")
        table.tap(spy, {"type": "spy", "target": target.player_id})
        seen = table.state.player(spy.player_id).seen[-1]
        card = CARD_NAMES[seen.card].fr
        alert = spy.region("rg-alert")
        assert f"vous avez vu {card} chez {target.name}" in alert and f"Vous espionnez {target.name}" in alert
        assert f"{spy.name} a vu votre carte {card}" in target.region("rg-alert")
        assert f"vu {card}" not in new_messages(third, since) and "espionne" in visible(third.region("rg-feed"))
        assert third.region("rg-alert").count("alert-overlay") == 0


@pytest.mark.parametrize("region", ["rg-secret", "rg-know"])
def test_secrets_wait_behind_a_hold(client: TestClient, region: str) -> None:
    with table_at_actions(client) as table:
        for p in table.phones:
            html = p.region(region)
            assert 'class="card-hold big-button rg-hold"' in html and "hidden" in html


def test_the_wrongly_accused_splits_the_accusers_loss_on_buttons_that_name_the_accuser() -> None:
    """Rendered from a crafted position (the count to get there would take rounds): p1 (Mac Duff, on the
    King's room, cases 2 and 1) accuses p2 (Campbell) of Mac Leod; p2's phone asks how p1 loses 2 cases."""
    s = position({"p1": [Space.TRONE], "p2": [Space.CHAPELLE], "p3": [Space.ARMES]},
                 clans=(Clan.MAC_DUFF, Clan.CAMPBELL, Clan.MAC_LEOD), scores={"p1": (2, 1, 0, 0, 0)})
    s = act(s, P("p1"), {"type": "accuse", "target": "p2", "clan": "MAC_LEOD"}, at=5_000)
    assert s.prompt is not None and s.prompt.kind == "loss" and s.prompt.player == "p2"
    presenter = HtmlPresenter(GAME.pages)
    with speaking("fr"):
        accused = "".join(presenter.regions(Viewer("T", "player", "p2"), GAME.view_for(s, Viewer("T", "player", "p2"), [])))
        third = "".join(presenter.regions(Viewer("T", "player", "p3"), GAME.view_for(s, Viewer("T", "player", "p3"), [])))
    moment = visible(accused.split('id="rg-moment"')[1].split("</section>")[0])
    assert "Rouge vous a accusé à tort : choisissez comment il perd 2 cases." in moment
    assert "−2 Politique" in moment and "−1 Politique · −1 Militaire" in moment and "Rouge : 1 point ensuite" in moment
    assert 'data-deadline="65000"' in accused  # 60 s from the accusation (the system timer ticks it)
    assert "choisissez comment il perd" not in third and "En attente de Jaune" in visible(third)


def test_privilege_moves_two_agents_in_one_action_from_the_phones_form(client: TestClient,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("app.live.games.secrets.randbits", lambda bits: 20261201)
    with table_at_actions(client) as table:
        s = table.state
        first = phone_of(table, s.players[0].pid)
        assert s.players[0].clan != Clan.CAMPBELL  # this seed: the first player holds Privilège
        table.tap(first, {"type": "play_card", "card": "PRIVILEGE"})
        actions = first.region("rg-actions")
        assert 'name="also_from"' in actions and "Privilège : deux agents pour une seule action" in visible(actions)
        assert "Trône mène à : Armes, Trésor, Chapelle, Intendance" in visible(actions)
        response = first.client.post(f"/g/{table.code}/act", headers={"hx-request": "true"}, data={
            "command": '{"type": "move_agent"}', "key": "k-privilege-1", "from_space": "TRONE", "to_space": "ARMES",
            "also_from": "TRONE", "also_to": "TRESOR"})
        assert response.status_code == 200 and "flash-on" not in response.text
        table.settle()
        s = table.state
        me = s.player(first.player_id)
        assert me.at(Space.ARMES) == 1 and me.at(Space.TRESOR) == 1 and me.at(Space.TRONE) == 2
        assert s.turn.actions_left == 2 and not s.turn.privilege
        assert "Privilège : deux agents pour une action" in visible(table.screen.region("s-banner"))
        assert 'name="also_from"' not in first.region("rg-actions")  # spent


def test_the_accuser_waits_calmly_while_the_accused_chooses() -> None:
    s = position({"p1": [Space.TRONE], "p2": [Space.CHAPELLE], "p3": [Space.ARMES]},
                 clans=(Clan.MAC_DUFF, Clan.CAMPBELL, Clan.MAC_LEOD), scores={"p1": (2, 1, 0, 0, 0)})
    s = act(s, P("p1"), {"type": "accuse", "target": "p2", "clan": "MAC_LEOD"}, at=5_000)
    with speaking("fr"):
        page = "".join(HtmlPresenter(GAME.pages).regions(Viewer("T", "player", "p1"),
                                                         GAME.view_for(s, Viewer("T", "player", "p1"), [])))
    moment = visible(page.split('id="rg-moment"')[1].split("</section>")[0])
    assert "En attente de Jaune" in moment and "À vous" not in moment
    assert 'name="command"' not in page.split('id="rg-actions"')[1].split("</section>")[0]
