"""Words, never keys: whole games of both games, and every page and push anyone got, read for internal words.

Phones play from the buttons they were pushed (seeded random), the game master moves the phases on, and
everything each viewer could read is kept: every websocket push, every page (door, phone, dashboard,
screen, created page, undo preview) and the debrief pictures. Its visible text (text nodes, and the
attributes a person reads: alt, title, aria-label, placeholder, a confirmation's question) must hold no
seat id (`p3`), no snake_case key (`envoys_named`, `departure_changed`) and, on French pages, none of the
internal kind names that are not French words (`general`, `crossing`, `moved`...). Half the phones read
English, so both catalogues are read.
"""

from __future__ import annotations

import contextlib
import html
import random
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from test_debarquement_game import Game as DebGame
from test_whole_game import ACTIONS, BUTTONS, CHECKBOX, COMMAND, SELECT, drain, region
from web_helpers import act, create_game, join, make_settings

from app.web.app import create_app

SEAT_ID = re.compile(r"\bp\d{1,2}\b")
SNAKE = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")
# Kinds the views use as keys that are no French word: seen raw on phones before (report #22).
NOT_FRENCH = re.compile(r"\b(general|crossing|moved|survey|runoff|revote|rally|complete|privee|forcee)\b")
READ_ATTRS = {"alt", "title", "aria-label", "placeholder", "hx-confirm", "data-done"}


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self._skip += 1
        self.parts += [v for k, v in attrs if k in READ_ATTRS and v]

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style") and self._skip:
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self.parts.append(data)


def readable(markup: str) -> str:
    """What a person can read of a page or a push (SVG text included)."""
    parser = _Text()
    parser.feed(markup)
    return " ".join(parser.parts)


# Links are shown to be copied, not read: the game master's carries a random secret, whose letters may
# happen to look like a key ("…-ch_p-…").
LINK = re.compile(r"\S*[?&]k=\S*|https?://\S+")


def internal_words(markup: str, french: bool) -> set[str]:
    text = LINK.sub(" ", readable(markup))
    found = set(SEAT_ID.findall(text)) | set(SNAKE.findall(text))
    if french:
        found |= {m.group(1) for m in NOT_FRENCH.finditer(text)}
    return found


QUOTA = re.compile(r"(?:Choisissez|Choose) (\d+)")


def choose(actions_html: str, rng: random.Random) -> dict[str, Any] | None:
    """A random form among those a phone shows, in either language (test_whole_game.choose, bilingual)."""
    forms = BUTTONS.findall(actions_html)
    if not forms:
        return None
    form = rng.choice(forms)
    data: dict[str, Any] = {"command": html.unescape(rng.choice(COMMAND.findall(form)))}
    boxes = CHECKBOX.findall(form)
    quota = QUOTA.search(form)
    if boxes and quota:
        data[boxes[0][0]] = [v for _, v in rng.sample(boxes, min(int(quota.group(1)), len(boxes)))]
    for name, value in SELECT.findall(form):
        data[name] = value
    return data


def test_the_scan_catches_keys_and_seat_ids_but_not_words() -> None:
    assert internal_words("<li>envoys_named — p3</li>", french=True) == {"envoys_named", "p3"}
    assert internal_words("<li>general</li><li>moved — Hugo</li>", french=True) == {"general", "moved"}
    assert internal_words('<button value=\'{"type":"use_power","target":"p2"}\'>Hugo</button>', french=True) == set()
    assert internal_words('<div hx-confirm="Retirer p4 ?"></div>', french=False) == {"p4"}
    assert internal_words("<li>Julien est élu général</li><p>The général names Hugo</p>", french=True) == set()


@pytest.fixture
def fast_client(tmp_path: Path) -> Any:
    settings = make_settings(f"sqlite:///{tmp_path / 'w.db'}", rate_capacity=10_000, rate_per_second=10_000)
    with TestClient(create_app(settings)) as c:
        yield c


def _deux_rois(client: TestClient, seed: int, **form: str) -> list[tuple[str, str, bool]]:
    """A whole Deux Rois game: (who, markup, french) for everything anyone got."""
    rng = random.Random(seed)
    code, _ = create_game(client, **form)
    got: list[tuple[str, str, bool]] = [("created", client.get(f"/m/{code}/created").text, True),
                                        ("home", client.get("/").text, True)]
    phones = []
    for i in range(8):
        p, _ = join(client, code, f"Joueur {i + 1}")
        if i % 2:
            p.cookies.set("lang", "en")
        phones.append(p)
    hub = client.app.state.games._hubs[code]  # type: ignore[attr-defined]
    ids = [p.id for p in hub.state.players]
    french = [i % 2 == 0 for i in range(8)]
    pushed: dict[str, list[str]] = {pid: [] for pid in ids}
    mod_got: list[str] = []
    screen_got: list[str] = []
    got.append(("door", phones[0].get(f"/g/{code}").text, True))
    with client.websocket_connect(f"/m/{code}/ws") as mod_ws, client.websocket_connect(f"/s/{code}/ws") as screen_ws:
        sockets = [p.websocket_connect(f"/g/{code}/ws") for p in phones]
        wss = [s.__enter__() for s in sockets]
        try:
            assert act(client, code, {"type": "start"}, moderator=True).status_code == 200
            for step in range(500):
                for pid, ws in zip(ids, wss, strict=True):
                    drain(ws, pushed[pid])
                drain(mod_ws, mod_got)
                drain(screen_ws, screen_got)
                if hub.state.over:
                    break
                if step % 25 == 5:  # the pages too, now and then, as a reload would show them
                    got += [(f"page {ids[i]}", phones[i].get(f"/g/{code}").text, french[i]) for i in (0, 1)]
                    got.append(("dashboard", client.get(f"/m/{code}").text, True))
                    got.append(("screen", client.get(f"/s/{code}").text, True))
                    got.append(("undo", client.get(f"/m/{code}/undo-preview?to_version={max(1, hub.seq - 3)}").text,
                                True))
                for i in rng.sample(range(8), 4):
                    data = choose("".join(region(pushed[ids[i]], r) for r in (*ACTIONS, "p-moment")), rng)
                    if data is None:
                        continue
                    data["key"] = f"k-{step}-{i}-{rng.random():.6f}"
                    phones[i].post(f"/g/{code}/act", data=data, headers={"hx-request": "true"})
                if hub.state.paused_at_ms is None and (step % 3 == 2 or not hub.state.prompts):
                    act(client, code, {"type": "mod_advance"}, moderator=True)
            assert hub.state.over, f"the game did not end: {hub.state.phase}, round {hub.state.round}"
            for pid, ws in zip(ids, wss, strict=True):
                drain(ws, pushed[pid], 0.2)
            drain(mod_ws, mod_got, 0.2)
            drain(screen_ws, screen_got, 0.2)
        finally:
            for s in sockets:
                s.__exit__(None, None, None)
    for i, pid in enumerate(ids):
        got += [(f"push {pid}", m, french[i]) for m in pushed[pid]]
    got += [("push dashboard", m, True) for m in mod_got] + [("push screen", m, True) for m in screen_got]
    for lang in ("fr", "en"):
        for picture in ("graph", "timeline"):
            got.append((f"{picture}.svg {lang}", client.get(f"/s/{code}/debrief/{picture}.svg?lang={lang}").text,
                        lang == "fr"))
    got.append(("results page", phones[0].get(f"/g/{code}?lang=fr").text, True))
    return got


def _report(got: list[tuple[str, str, bool]]) -> dict[str, set[str]]:
    bad: dict[str, set[str]] = {}
    for who, markup, french in got:
        words = internal_words(markup, french)
        if words:
            bad.setdefault(who, set()).update(words)
    return bad


def test_a_whole_deux_rois_game_shows_words_never_keys(fast_client: TestClient) -> None:
    got = _deux_rois(fast_client, seed=11)
    assert sum(1 for who, _, _ in got if who.startswith("push")) > 200  # a real game was read
    assert not _report(got)


def test_a_whole_mode_historique_game_shows_words_never_keys(fast_client: TestClient) -> None:
    got = _deux_rois(fast_client, seed=12, historique="on")
    assert not _report(got)


def test_a_whole_debarquement_game_shows_words_never_keys(fast_client: TestClient) -> None:
    client = fast_client
    response = client.post("/games", data={"game": "debarquement", "quick": "on"})
    code = re.search(r'id="join-link">[^<]*/g/([A-Z]{4})<', response.text).group(1)  # type: ignore[union-attr]
    game = DebGame(client, code, [("Ana", "30"), ("Bob", ""), ("Chloé", "64"), ("Dan", "")])
    with contextlib.ExitStack() as stack:
        game.connect(stack)
        game.tap(game.phones[0], {"type": "start"})
        game.play_to_the_end(random.Random(3))
    got = [("created", response.text, True)]
    got += [(v.name, m, True) for v in game.everyone for m in v.messages]
    # Its pushes are French (the table checks every phone sees the very same boats); its pages in both.
    got += [(p.name, p.client.get(f"/g/{code}?lang={lang}").text, lang == "fr") for p in game.phones
            for lang in ("en", "fr")]
    got += [("screen", client.get(f"/s/{code}?lang={lang}").text, lang == "fr") for lang in ("en", "fr")]
    assert game.state.result is not None and len(got) > 100
    assert not _report(got)
