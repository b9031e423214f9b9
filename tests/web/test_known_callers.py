"""Who asks is known from memory (issue 11, item 4): a tap reads nothing of the store to know its caller.

A seated phone's token and the game master's session are asked of every tap and socket. The hub keeps
the store's yes (`app.live.known`), so after the first, a tap of either reads neither table; a session
still ends at its age, a new link ends every session at once, and an answer read before such a change is
not kept.
"""

from __future__ import annotations

import asyncio
import threading
import time
from datetime import timedelta
from typing import Any

from sqlalchemy import event
from sqlmodel import Session, select
from starlette.testclient import TestClient
from web_helpers import act, create_game, join, phone

from app.live.known import Known
from app.store.models import Game, ModeratorSession, utcnow
from app.store.tokens import hash_token, new_token, seal
from app.web.auth import SESSION_AGE


def _reads_of(client: TestClient, tables: tuple[str, ...]) -> list[str]:
    """Every statement the app sends to the database from now on that names one of `tables`."""
    seen: list[str] = []

    def heard(_conn: Any, _cursor: Any, sql: str, *_: Any) -> None:
        if any(table in sql for table in tables):
            seen.append(sql)

    event.listen(client.app.state.engine, "before_cursor_execute", heard)  # type: ignore[attr-defined]
    return seen


def test_taps_of_a_seated_phone_and_of_the_game_master_ask_the_store_once(client: TestClient) -> None:
    code, _ = create_game(client)
    marie, _ = join(client, code, "Marie")
    stranger = phone(client)
    reads = _reads_of(client, ("seats", "moderator_sessions"))
    first = [act(client, code, {"type": "mod_note", "text": "un"}, moderator=True),
             act(marie, code, {"type": "mod_note", "text": "pas à moi"})]
    assert first[0].status_code == 200
    assert first[1].status_code != 403  # Marie is known as seated (the rules refuse a player's note)
    assert any("FROM seats" in sql for sql in reads)  # Marie's seat, asked once (the dashboard's session was
    reads.clear()                                    # known from the page after creation)
    for n in range(5):
        assert act(client, code, {"type": "mod_note", "text": f"note {n}"}, moderator=True).status_code == 200
        assert act(marie, code, {"type": "mod_note", "text": "encore"}).status_code == first[1].status_code
    assert reads == []
    # A stranger's cookie is asked of the store every time: only a yes is kept.
    stranger.cookies.set(f"seat_{code}", "not-a-seat", path=f"/g/{code}")
    stranger.cookies.set(f"mod_{code}", "not-a-session", path=f"/m/{code}")
    for _ in range(2):
        assert act(stranger, code, {"type": "mod_note", "text": "x"}, moderator=True).status_code == 403
        assert act(stranger, code, {"type": "mod_note", "text": "x"}).status_code == 403
    assert len(reads) == 4, reads


def test_a_kept_session_still_ends_at_its_age(client: TestClient) -> None:
    code, secret = create_game(client)
    cookie = new_token()
    engine = client.app.state.engine  # type: ignore[attr-defined]
    with Session(engine) as session:  # a session opened a fortnight ago, less a second and a half
        game = session.exec(select(Game).where(Game.code == code)).one()
        session.add(ModeratorSession(game_id=game.id, session_hash=hash_token(cookie),
                                     sealed_link=seal(secret, cookie),
                                     created_at=utcnow() - SESSION_AGE + timedelta(seconds=1.5)))
        session.commit()
    laptop = phone(client)
    laptop.cookies.set(f"mod_{code}", cookie, path=f"/m/{code}")
    assert act(laptop, code, {"type": "mod_note", "text": "encore là"}, moderator=True).status_code == 200
    time.sleep(1.6)
    refused = act(laptop, code, {"type": "mod_note", "text": "trop tard"}, moderator=True)
    assert refused.status_code == 403 and "meneur" in refused.text
    assert laptop.get(f"/m/{code}").status_code == 403


def test_an_answer_on_its_way_when_its_caller_is_forgotten_is_not_kept() -> None:
    # The store said yes just before a new link; the hub forgot every session while that answer was in the
    # store's thread. Kept, it would let the old session in until the game unloads.
    asked: list[str] = []
    reading, release = threading.Event(), threading.Event()

    def slow_yes() -> str:
        asked.append("slow")
        reading.set()
        release.wait(5)
        return "yes, before the change"

    async def scene() -> tuple[str | None, str | None]:
        known: Known[str, str] = Known()
        on_its_way = asyncio.create_task(known.ask("session", slow_yes))
        await asyncio.to_thread(reading.wait, 5)
        known.forget()  # the new link
        release.set()
        first = await on_its_way

        def now_no() -> None:
            asked.append("again")
        return first, await known.ask("session", now_no)

    assert asyncio.run(scene()) == ("yes, before the change", None)
    assert asked == ["slow", "again"]  # asked again, and the store's no is what counts
