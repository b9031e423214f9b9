"""A tap is decided on the hub's loop, and the store's thread only writes it (issue 11): deciding in that thread
competed for the GIL with a busy loop. A clash with another writer, and a refusal, are decided again in the
store's thread, on the log it read (tests/web/test_blind_commit.py checks the store's side)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from starlette.testclient import TestClient
from web_helpers import act, create_game, join, make_settings, on_the_loop

from app.live.pace import Pace
from app.store.repository import Batch
from app.web.app import create_app


@dataclass
class Table:
    client: TestClient  # the game master's browser
    code: str
    hub: Any
    phones: list[TestClient]
    where: list[bool]  # where each decision of the game was made (True: on the loop)


@pytest.fixture
def table(sqlite_url: str) -> Iterator[Table]:
    """A started game of six and its hub."""
    with TestClient(create_app(make_settings(sqlite_url))) as client:
        code, _ = create_game(client)
        phones = [join(client, code, f"J{i}")[0] for i in range(6)]
        assert act(client, code, {"type": "start"}, moderator=True).status_code == 200
        hub = client.app.state.games._hubs[code]  # type: ignore[attr-defined]
        hub._pace = Pace(local=False)  # the store's threads write every tap, as when taps crowd (app/live/pace.py)
        where: list[bool] = []
        decide = hub.definition.decide

        def recorded(*args: Any) -> Any:
            where.append(on_the_loop())
            return decide(*args)

        hub.definition.decide = recorded
        try:
            yield Table(client, code, hub, phones, where)
        finally:
            hub.definition.decide = decide


def _notes(hub: Any) -> list[str]:
    return [e.payload["text"] for e in hub.repo.load_events(hub.game.id) if e.payload.get("type") == "note_recorded"]


def test_a_tap_is_decided_once_on_the_loop_and_written_by_the_store(table: Table) -> None:
    client, code, hub, where = table.client, table.code, table.hub, table.where
    seq = hub.seq
    assert act(client, code, {"type": "mod_note", "text": "Foulques est sorti"}, moderator=True).status_code == 200
    assert where == [True]
    assert hub.seq == seq + 1 and _notes(hub)[-1] == "Foulques est sorti"


def test_a_clash_with_another_writer_is_decided_again_in_the_store_on_its_events(table: Table) -> None:
    client, code, hub, where = table.client, table.code, table.hub, table.where
    assert act(client, code, {"type": "mod_note", "text": "d'abord"}, moderator=True).status_code == 200
    mine = hub.repo.load_events(hub.game.id)[-1].payload
    # Another process appends a note this hub has not heard of: its blind write clashes on that seq.
    theirs = {**mine, "text": "l'autre processus"}
    stale = hub.seq
    assert hub.repo.commit(hub.game.id, stale, 0, None, lambda _fresh: Batch([theirs], {"ok": True}), blind=True) is None
    where.clear()
    assert act(client, code, {"type": "mod_note", "text": "ensuite"}, moderator=True).status_code == 200
    assert where == [True, False]  # on this hub's log first, then in the store's thread on the events it read
    assert _notes(hub)[-3:] == ["d'abord", "l'autre processus", "ensuite"]
    assert hub.seq == stale + 2


def test_a_refusal_is_decided_again_after_the_store_looked_for_its_key(table: Table) -> None:
    code, hub, where = table.code, table.hub, table.where
    seq = hub.seq
    answer = act(table.phones[0], code, {"type": "request_reveal", "target": "nobody", "kind": "complete"})
    assert answer.status_code == 409, answer.text
    assert where[0] is True and False in where[1:]  # a replayed tap would have been answered from its key
    assert hub.seq == seq


def test_a_replayed_tap_is_answered_from_its_key_without_a_second_note(table: Table) -> None:
    client, code, hub = table.client, table.code, table.hub
    first = act(client, code, {"type": "mod_note", "text": "une fois"}, key="same-key", moderator=True)
    again = act(client, code, {"type": "mod_note", "text": "une fois"}, key="same-key", moderator=True)
    assert first.status_code == again.status_code == 200
    assert _notes(hub).count("une fois") == 1

