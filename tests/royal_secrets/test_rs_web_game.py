"""Whole Royal Secrets games from phones, over HTTP and real websockets, with the big screen and the dashboard.

The phones play only from the buttons they were pushed (seeded random choices, among them every Faveur a
phone is offered); after every tap each phone, the screen and the dashboard read their socket up to the new
version, and every message is scanned: a phone shows its own hand, écritoire and face-down cards, the public
table, and nothing else (rulings 4.3); the screen and the dashboard show the public table only; no page shows
a raw key, a seat id or an event type.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from web_helpers import make_settings, phone, receive

from app.games.royal_secrets.state import State
from app.web.app import create_app
from royal_secrets.phones import (
    CARDS,
    Form,
    Viewer_,
    create_table,
    hub_of,
    leaks,
    moderator,
    post,
    raw_words,
    seat,
    visible_text,
)


@pytest.fixture
def fast_client(tmp_path: Path) -> Iterator[TestClient]:
    settings = make_settings(f"sqlite:///{tmp_path / 'rs.db'}", rate_capacity=10_000, rate_per_second=10_000)
    with TestClient(create_app(settings)) as c:
        yield c


@pytest.fixture
def fixed_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    # The shuffles come from the game's seed: fix it so the game (and its length) is the same every run.
    monkeypatch.setattr("app.live.games.secrets.randbits", lambda bits: 20261201)


def _bold(form: Form) -> bool:
    c = form.command
    return c["type"] == "use_faveur" or c.get("use") is True or c.get("side") == "both" or bool(
        c.get("grace") or c.get("maitre"))


class Table:
    """Phones seated at one table, the big screen, the dashboard, and the checks run after every tap."""

    def __init__(self, client: TestClient, names: list[str], **form: str) -> None:
        self.client = client
        self.code, secret = create_table(client, **form)
        self.phones = [seat(client, self.code, n) for n in names]
        self.screen = Viewer_("screen", phone(client), kind="screen")
        self.mod = moderator(client, self.code, secret)
        self.everyone = [*self.phones, self.screen, self.mod]
        self.hub = hub_of(client, self.code)
        self.stats = {"taps": 0, "faveurs": 0, "played_for": 0, "scanned": 0}

    @property
    def state(self) -> State:
        s: State = self.hub.state
        return s

    def connect(self, stack: contextlib.ExitStack) -> None:
        for v in self.everyone:
            v.ws = stack.enter_context(v.client.websocket_connect(v.url.format(self.code) + "/ws"))
            v.take(receive(v.ws))  # the whole view at once on connect

    def settle(self) -> None:
        s = self.state
        for v in self.everyone:
            for message in v.sync(s.version):
                self.stats["scanned"] += 1
                assert not leaks(s, v, message), f"{v.name} was pushed {leaks(s, v, message)}"
                assert not raw_words(message), f"{v.name} reads raw words {raw_words(message)}"
        # The public regions are one fragment for everyone who shows them.
        for region in ("rs-players", "rs-banner", "rs-result"):
            seen = {v.region(region) for v in (*self.phones, self.mod) if region in v.regions}
            assert len(seen) <= 1, f"{region} differs between viewers"
        assert self.phones[0].region("rs-players") == self.screen.region("rs-players")
        for p in self.phones:
            hand = set(CARDS.findall(p.region("rs-hand")))
            if s.started:
                assert set(s.hands[p.player_id]) <= hand, f"{p.name}'s hand region misses a card"
            assert not (set(CARDS.findall(p.region("rs-moment"))) - set(s.hands.get(p.player_id, ())))
        assert "rs-hand" not in self.screen.regions and "rs-moment" not in self.screen.regions
        assert "rs-hand" not in self.mod.regions

    def tap(self, who: Viewer_, form: Form, rng: random.Random) -> None:
        fields: dict[str, list[str]] = {}
        for name, values in form.boxes.items():  # a pick-many: a proper, non-empty part
            k = rng.randint(1, len(values) - 1)
            fields[f"{name}[]"] = rng.sample(values, k)
        url = f"/{'m' if who.kind == 'moderator' else 'g'}/{self.code}/act"
        response = post(who.client, url, form.command, **fields)
        assert response.status_code == 200, (form.command, response.text)
        assert "flash-on" not in response.text, response.text
        self.stats["taps"] += 1
        self.settle()

    def play_to_the_end(self, rng: random.Random) -> None:
        for _ in range(3000):
            s = self.state
            if s.over:
                return
            mod_forms = {f.command["type"]: f for f in self.mod.forms("rs-controls")}
            if s.paused:
                self.tap(self.mod, mod_forms["mod_resume"], rng)
                continue
            offered = [(p, f) for p in self.phones for f in p.forms("rs-moment")]
            assert offered, f"nobody may act in {s.phase}"
            if rng.random() < 0.04 and "mod_play_for" in mod_forms:
                play_for = [f for f in self.mod.forms("rs-controls") if f.command["type"] == "mod_play_for"]
                self.stats["played_for"] += 1
                self.tap(self.mod, rng.choice(play_for), rng)
                continue
            if rng.random() < 0.01:
                self.tap(self.mod, mod_forms["mod_pause"], rng)
                continue
            bold = [(p, f) for p, f in offered if _bold(f)]  # a Faveur when one is offered, most of the time
            who, form = rng.choice(bold if bold and rng.random() < 0.7 else offered)
            self.stats["faveurs"] += form.command["type"] == "use_faveur"
            self.tap(who, form, rng)
        pytest.fail(f"the game did not end: {self.stats}")


def test_four_phones_play_seven_rounds_to_the_ranking_and_see_only_what_they_may(
        fast_client: TestClient, fixed_seed: None) -> None:
    table = Table(fast_client, ["Ana", "Bob", "Chloé", "Dan"])
    ana, bob = table.phones[0], table.phones[1]
    with contextlib.ExitStack() as stack:
        table.connect(stack)
        assert "Salle d'attente" in visible_text(table.screen.region("rs-status"))
        assert "Chloé" in visible_text(table.screen.region("rs-players"))
        assert [f.command["type"] for f in ana.forms("rs-moment")] == ["leave"]
        start = next(f for f in table.mod.forms("rs-controls") if f.command["type"] == "start")
        table.tap(table.mod, start, random.Random(0))
        s = table.state
        holder = next(p for p in table.phones if p.player_id == s.tuile)
        assert "À vous : choisissez une Audience." in visible_text(holder.region("rs-moment"))
        for p in table.phones:
            if p is not holder:
                assert f"{holder.name} choisit une Audience" in visible_text(p.region("rs-moment"))
                assert p.forms("rs-moment") == []
        assert "Ma main : 12 cartes" in visible_text(ana.region("rs-hand"))
        assert "Mon écritoire : 10 fleurs de lys" in visible_text(ana.region("rs-hand"))

        table.play_to_the_end(random.Random(4))

        s = table.state
        assert s.over and s.result is not None and table.stats["taps"] > 150, table.stats
        winners = {s.name(p) for p in s.result.ranking[0]}
        for v in table.everyone:
            result = visible_text(v.region("rs-result"))
            assert all(w in result for w in winners) and "Total" in result
            assert "Partie terminée" in visible_text(v.region("rs-status"))
        for p in table.phones:
            mine = s.result.finals[p.player_id]
            moment = visible_text(p.region("rs-moment"))
            assert f"= {mine.total}" in moment
            assert ("gagné" in moment or "victoire" in moment.lower()) == (p.player_id in s.result.ranking[0])
        # A tap after the end changes nothing and says why.
        version = s.version
        response = post(bob.client, f"/g/{table.code}/act", {"type": "w2_pass"})
        assert response.status_code == 409 and "La partie est terminée." in response.text
        assert table.state.version == version
    assert table.stats["played_for"] > 0 and table.stats["faveurs"] >= 3 and table.stats["scanned"] > 1000, table.stats


@pytest.mark.parametrize("count", [3, 5])
def test_random_tables_never_push_a_secret(fast_client: TestClient, count: int) -> None:
    """Real seeds, 3 and 5 players, the écritoires open (public scores): still no hand, no hidden card."""
    table = Table(fast_client, ["Ana", "Bob", "Chloé", "Dan", "Ève"][:count], rs_public_scores="on")
    with contextlib.ExitStack() as stack:
        table.connect(stack)
        start = next(f for f in table.mod.forms("rs-controls") if f.command["type"] == "start")
        table.tap(table.mod, start, random.Random(count))
        assert table.state.config.public_scores
        assert "10 fleurs de lys" in visible_text(table.screen.region("rs-players"))
        table.play_to_the_end(random.Random(count))
    assert table.state.over
