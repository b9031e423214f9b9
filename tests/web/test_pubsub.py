"""Several server processes on one database: pub/sub notes carry pushes, (game_id, seq) arbitrates writes."""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis
from sqlalchemy import event
from starlette.testclient import TestClient
from web_helpers import act, create_game, join, make_settings, phone, receive, receive_until

from app.games import DEFAULT, GAMES
from app.live import hub as hub_module
from app.live.pubsub import MemoryPubSub, make_pubsub
from app.settings import Settings
from app.store.tokens import hash_token
from app.web.app import create_app

REDIS = "redis://127.0.0.1:6379/15"


def hub_of(client: TestClient, code: str):  # type: ignore[no-untyped-def]
    return client.app.state.games._hubs[code]  # type: ignore[attr-defined]


@contextlib.contextmanager
def _two_on_one_bus(sqlite_url: str) -> Iterator[tuple[TestClient, TestClient, str]]:
    """Two apps ("processes") on one database and one bus, a game of six players loaded in both."""
    bus = f"memory://{secrets.token_hex(4)}"
    with TestClient(create_app(make_settings(sqlite_url, pubsub_url=bus))) as a, \
            TestClient(create_app(make_settings(sqlite_url, pubsub_url=bus))) as b:
        code, _ = create_game(a)
        for i in range(6):
            join(a, code, f"J{i}")
        b.get(f"/g/{code}")  # b loads the game too
        yield a, b, code


def _caught_up(a: TestClient, b: TestClient, code: str) -> None:
    """Wait until b's hub is where a's is: b's loop runs in its own thread, and a note put there from a's
    thread waits for that loop to wake."""
    deadline = time.monotonic() + 5
    while hub_of(b, code).seq != hub_of(a, code).seq and time.monotonic() < deadline:
        assert b.get("/healthz").status_code == 200
        time.sleep(0.01)
    assert hub_of(b, code).seq == hub_of(a, code).seq


def test_memory_pubsub_delivers_to_every_subscriber_of_a_channel() -> None:
    async def scenario() -> list[str]:
        bus = MemoryPubSub()
        async with bus.subscribe("a") as one, bus.subscribe("a") as two, bus.subscribe("b") as other:
            await bus.publish("a", "hello")
            got = [await one.queue.get(), await two.queue.get()]
            assert other.queue.empty()
        assert not bus._subs  # unsubscribed on exit
        return got

    assert asyncio.run(scenario()) == ["hello", "hello"]
    assert make_pubsub("memory://x") is make_pubsub("memory://x")

    async def from_one() -> tuple[list[str], bool]:
        bus = MemoryPubSub()
        async with bus.subscribe("a") as one, bus.subscribe("a") as two:
            await bus.publish("a", "from one", sender=one)
            return [await two.queue.get()], one.queue.empty()

    assert asyncio.run(from_one()) == (["from one"], True)  # the sender does not hear itself
    with pytest.raises(ValueError, match="unknown pub/sub URL"):
        make_pubsub("carrier-pigeon://")


def test_a_hub_hears_the_other_processes_notes_but_never_its_own(sqlite_url: str) -> None:
    # Two apps on one bus: each tap of one is a note the other's hub catches up with; the hub that tapped is
    # not woken by its own note (in a single process it is the channel's only subscriber: every tap did).
    with _two_on_one_bus(sqlite_url) as (a, b, code):
        heard: dict[str, list[str]] = {"a": [], "b": []}
        for name, client in (("a", a), ("b", b)):
            sub = hub_of(client, code)._subscription
            put = sub.put
            sub.put = lambda message, put=put, name=name: (heard[name].append(message), put(message))[1]
        assert act(a, code, {"type": "start"}, moderator=True).status_code == 200
        assert act(a, code, {"type": "mod_note", "text": "hello"}, moderator=True).status_code == 200
        _caught_up(a, b, code)
        assert [m for m in heard["b"] if '"seq"' in m], heard
        assert heard["a"] == []


def test_two_processes_without_a_bus_still_never_lose_or_fork_a_move(sqlite_url: str) -> None:
    # Different memory:// buses: the second server hears nothing, its hub goes stale.
    with TestClient(create_app(make_settings(sqlite_url))) as a, TestClient(create_app(make_settings(sqlite_url))) as b:
        code, _ = create_game(a)
        for i in range(6):
            join(a, code, f"J{i}")
        b.get(f"/g/{code}")  # b loads the game (six players, lobby)
        assert act(a, code, {"type": "start"}, moderator=True).status_code == 200
        b_hub = hub_of(b, code)
        assert b_hub.state.phase == "lobby"  # stale
        b_mod = TestClient(b.app, cookies=dict(a.cookies))
        b_mod.portal = b.portal
        # b appends at a taken seq, catches up from the log and decides again on the fresh state.
        response = act(b_mod, code, {"type": "mod_note", "text": "from b"}, moderator=True)
        assert response.status_code == 200, response.text
        assert b_hub.state.phase == "N" and b_hub.seq == hub_of(a, code).seq + 1


@pytest.fixture
def redis_url() -> str:
    try:
        redis.Redis.from_url(REDIS, socket_connect_timeout=2).ping()
    except redis.ConnectionError as exc:  # pragma: no cover - the service is part of the test set-up
        pytest.fail(f"Redis at 127.0.0.1:6379 is needed for this test: {exc}")
    return REDIS


def test_a_move_on_one_process_reaches_phones_on_another_through_redis(sqlite_url: str, redis_url: str) -> None:
    settings = make_settings(sqlite_url, pubsub_url=redis_url)
    with TestClient(create_app(settings)) as a, TestClient(create_app(settings)) as b:
        code, _ = create_game(a)
        phones = [join(a, code, f"J{i}")[0] for i in range(6)]
        # The first phone's socket lives on server b; the moderator acts on server a.
        on_b = TestClient(b.app, cookies=dict(phones[0].cookies))
        on_b.portal = b.portal
        with on_b.websocket_connect(f"/g/{code}/ws") as ws:
            assert "Joueurs inscrits : 6" in receive(ws)
            assert act(a, code, {"type": "start"}, moderator=True).status_code == 200
            pushed = receive_until(ws, "Négociation", timeout=5)[-1]
            assert 'id="p-card"' in pushed and "Maintenir pour voir" in pushed
        assert hub_of(b, code).seq == hub_of(a, code).seq
        unique = secrets.token_hex(4)
        assert act(a, code, {"type": "mod_note", "text": unique}, moderator=True).status_code == 200
        b_mod = TestClient(b.app, cookies=dict(a.cookies))
        b_mod.portal = b.portal
        with b_mod.websocket_connect(f"/m/{code}/ws") as mod_ws:
            # Redis delivers the note to b's hub in its own time: the first view or a push right after.
            assert unique in receive_until(mod_ws, unique, timeout=10)[-1]


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def two_databases(request: pytest.FixtureRequest, tmp_path: Path) -> tuple[str, str]:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'a.db'}", f"sqlite:///{tmp_path / 'b.db'}"
    return str(request.getfixturevalue("postgres_url")), str(request.getfixturevalue("other_postgres_url"))


def test_two_deployments_sharing_a_redis_never_hear_each_other(two_databases: tuple[str, str], redis_url: str) -> None:
    """Two deployments (two databases), one Redis, one game code in both: a seat rebound in one
    must not cut the phone of the same seat in the other (issue 13, item 7)."""
    listener = redis.Redis.from_url(redis_url).pubsub()
    one, other = two_databases
    with TestClient(create_app(make_settings(one, pubsub_url=redis_url))) as a, \
            TestClient(create_app(make_settings(other, pubsub_url=redis_url))) as b:
        code, _ = create_game(a)
        mine, _ = join(a, code, "Jo")  # p1 in deployment a
        # Deployment b happens to draw the same code (one chance in 331,776 per pair of games).
        definition = GAMES[DEFAULT]
        secret = secrets.token_urlsafe(24)
        b.app.state.games.repo.create_game(  # type: ignore[attr-defined]
            lambda: code, hash_token(secret), definition.id, definition.config_model().model_dump(mode="json"), 7,
            definition.new_game(definition.config_model(), 7, 0), 0)
        _, pin = join(b, code, "Jo")  # p1 in deployment b
        assert phone(b).post(f"/g/{code}/recover", data={"name": "Jo", "pin": pin}).status_code == 200
        assert b.get(f"/m/{code}?k={secret}").status_code == 200
        listener.psubscribe(f"*game:{code}")
        with mine.websocket_connect(f"/g/{code}/ws") as ws:
            receive(ws)
            # b's game master confirms the new phone: b cuts its p1's old phone, and says so on Redis.
            assert b.post(f"/m/{code}/rebind/p1").status_code == 204
            heard: list[bytes] = []
            while not any(b"rebinds" in data for data in heard):  # Redis has passed b's notes on to everyone
                message = listener.get_message(timeout=10)
                assert message is not None, heard
                if message["type"] == "pmessage":
                    heard.append(message["data"])
            # a's p1 still has its phone: the next push of a's lobby reaches it.
            join(a, code, "Lu")
            assert "Lu" in receive_until(ws, "Lu")[-1]
    listener.close()


def test_the_channel_prefix_comes_from_the_database_unless_set() -> None:
    assert Settings(database_url="postgresql+psycopg://u:p@db:5432/soirees").prefix == "db:soirees"
    assert Settings(database_url="sqlite:////srv/jeux/deuxrois.db").prefix == "db:/srv/jeux/deuxrois.db"
    assert Settings(database_url="sqlite:////srv/jeux/deuxrois.db", pubsub_prefix="club").prefix == "club"


def test_a_note_carries_its_events_and_a_note_that_does_not_follow_on_is_read_from_the_store(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The other process folds the events a note carries without a look at the store, to the same state as the
    # store's; a note lost on the way (or one too large to carry them) makes it read what it lacks instead.
    with _two_on_one_bus(sqlite_url) as (a, b, code):
        reads: list[str] = []
        event.listen(b.app.state.engine, "before_cursor_execute",  # type: ignore[attr-defined]
                     lambda _c, _cur, sql, *_: reads.append(sql) if "FROM events" in sql else None)
        sub = hub_of(b, code)._subscription
        put, lose = sub.put, {"next": False}

        def delivered(message: str) -> None:
            if lose["next"]:
                lose["next"] = False
                return
            put(message)
        sub.put = delivered

        def tap(command: dict[str, object]) -> None:
            assert act(a, code, command, moderator=True).status_code == 200
            _caught_up(a, b, code)
            assert hub_of(b, code).state == hub_of(a, code).state

        tap({"type": "start"})
        for n in range(3):
            tap({"type": "mod_note", "text": f"carried {n}"})
        assert reads == []
        lose["next"] = True
        assert act(a, code, {"type": "mod_note", "text": "lost on the way"}, moderator=True).status_code == 200
        tap({"type": "mod_note", "text": "after the lost one"})
        assert len(reads) == 1  # b read the two it lacked
        reads.clear()
        monkeypatch.setattr(hub_module, "NOTE_EVENTS_BYTES", 10)
        tap({"type": "mod_note", "text": "too large to carry"})
        assert len(reads) == 1
