"""A long-running server's heap: the collector's pauses, and freed memory given back after bursts."""

from __future__ import annotations

import gc
import time
import weakref
from collections.abc import Callable, Iterator

import pytest
from starlette.testclient import TestClient
from web_helpers import create_game, join, make_settings

from app.live import heap
from app.web.app import create_app


@pytest.fixture(autouse=True)
def _pythons_collector() -> Iterator[None]:
    """A server's app tunes the collector for its whole process: the rest of this test process keeps Python's."""
    before = gc.get_threshold()
    yield
    heap.pythons_collections()
    gc.set_threshold(*before)


def test_a_game_loaded_from_the_log_is_frozen_out_of_the_collectors_walks(sqlite_url: str) -> None:
    with TestClient(create_app(make_settings(sqlite_url, freeze_heap=True))) as client:
        code, _ = create_game(client)
        for i in range(6):
            join(client, code, f"J{i}")
        games = client.app.state.games  # type: ignore[attr-defined]
        client.portal.call(games.sweep, 0.0)  # type: ignore[union-attr]  # idle: the game leaves memory
        assert code not in games.loaded()
        gc.unfreeze()
        assert gc.get_freeze_count() == 0
        hub = client.portal.call(games.get, code)  # type: ignore[union-attr]
        assert hub is not None and len(hub.state.players) == 6
        # Everything alive at the load, the game's state among it, is out of the collector's sight.
        assert gc.get_freeze_count() > 0


def test_a_burst_of_phones_attaching_gives_freed_memory_back_once_it_is_over(
        sqlite_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(heap, "RELEASE_AFTER_S", 0.2)
    with TestClient(create_app(make_settings(sqlite_url, freeze_heap=True))) as client:
        assert heap.tune_for_server()  # glibc here, as in the Docker image: the server's start did it too
        code, _ = create_game(client)
        phones = [join(client, code, f"J{i}") for i in range(4)]
        before = heap.releases
        for phone, _pin in phones:  # four first pages rendered within the window: one release after the last
            with phone.websocket_connect(f"/g/{code}/ws") as ws:
                assert 'id="srv-clock"' in ws.receive_text()
        deadline = time.monotonic() + 5
        while heap.releases == before and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(0.4)
        assert heap.releases == before + 1


class _Cycle:
    def __init__(self) -> None:
        self.me = self


def test_what_lives_through_a_young_collection_is_frozen_and_the_last_games_unload_collects_it_all(
        sqlite_url: str) -> None:
    """At 100 games a middle collection walked 170-240 ms of survivors every ~17 s, a full one ~800 ms: a
    server freezes the survivors of each collection, so each is walked once. A cycle that became garbage
    after it was frozen is collected when the process's last game leaves."""
    with TestClient(create_app(make_settings(sqlite_url, freeze_heap=True))) as client:
        assert gc.get_threshold() == heap.COLLECT_AFTER
        code, _ = create_game(client)
        join(client, code, "Ana")
        frozen = gc.get_freeze_count()
        alive = [[] for _ in range(1000)]  # young, tracked, alive
        cycle = weakref.ref(_Cycle())  # garbage only a collection finds, young for now
        gc.collect(0)
        assert gc.get_freeze_count() >= frozen + len(alive)
        assert gc.get_count() == (0, 0, 0)  # nothing left in the generations: no middle or full walk comes due
        assert cycle() is None  # found by the young collection, as before
        kept = _Cycle()
        cycle = weakref.ref(kept)
        gc.collect(0)  # it lives through a collection: frozen
        del kept
        gc.collect()
        assert cycle() is not None  # garbage now, but frozen: out of the collector's sight
        games = client.app.state.games  # type: ignore[attr-defined]
        assert client.portal.call(games.sweep, 0.0) == [code]  # type: ignore[union-attr]
        assert cycle() is None
        assert gc.get_freeze_count() > 0  # what is left, code and templates, frozen again
    assert heap.COLLECT_AFTER[0] > 5 * heap.PYTHONS[0]


def _wait_for(check: Callable[[], bool], seconds: float = 5.0) -> bool:
    deadline = time.monotonic() + seconds
    while not check() and time.monotonic() < deadline:
        time.sleep(0.01)
    return check()


def test_a_young_collection_is_made_in_the_quiet_after_a_tap_not_inside_the_next(sqlite_url: str) -> None:
    """A young collection takes up to ~20 ms at 100 games: started by an allocation, it lands inside a tap.
    Three quarters full, the generation is collected in the quiet moment after a fan-out instead."""
    with TestClient(create_app(make_settings(sqlite_url, freeze_heap=True))) as client:
        code, _ = create_game(client)
        gc.collect()
        before = heap.quiet_collections
        join(client, code, "Ana")  # a tap's fan-out, the youngest generation far from full: left alone
        time.sleep(5 * heap.IDLE_AFTER_S)
        assert heap.quiet_collections == before
        gc.collect()  # counted from nothing: the collector's own rule (at 5,000) does not come first
        alive = [[] for _ in range(int(heap.COLLECT_AFTER[0] * heap.EARLY) + 500)]  # young, tracked, alive
        join(client, code, "Bea")
        assert _wait_for(lambda: heap.quiet_collections == before + 1)
        assert gc.get_count()[0] < len(alive)  # they were walked, found alive and moved on
