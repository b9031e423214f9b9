"""A whole débarquement game from four phones, over HTTP and real websockets, with a leak scan.

The phones play only from the buttons they were pushed (seeded random choices);
after every action each phone and the big screen read their socket up to the
new version, and every message is checked against the engine's state: a phone
sees its own hand, its own hidden card and its own captures, the public table,
and nothing else; the screen sees the public table only.
"""

from __future__ import annotations

import contextlib
import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from debarquement_helpers import Phone, cards_in, create_table, hub_of, post, sit
from starlette.testclient import TestClient
from web_helpers import make_settings, phone, receive

from app.games.debarquement import Phase, State
from app.web.app import create_app

TOTALS = re.compile(r"<tfoot><tr><th>[^<]*</th>(.*?)</tr></tfoot>", re.S)
CELL = re.compile(r"<th>(-?\d+)</th>")
PLAYERS = [("Ana", "30"), ("Bob", ""), ("Chloé", "64"), ("Dan", "")]


@pytest.fixture
def fast_client(tmp_path: Path) -> Iterator[TestClient]:
    # A whole game is hundreds of taps in seconds: lift the per-seat rate limit for this test only.
    settings = make_settings(f"sqlite:///{tmp_path / 'd.db'}", rate_capacity=10_000, rate_per_second=10_000)
    with TestClient(create_app(settings)) as c:
        yield c


def public_cards(s: State) -> set[int]:
    on_boats = {c for stacks in s.boats.values() for stack in stacks for c in stack}
    return on_boats | {c for c, _ in s.revealed}


def own_cards(s: State, pid: str) -> set[int]:
    mine = set(s.hands.get(pid, ()))
    if pid in s.chosen:
        mine.add(s.chosen[pid])
    return mine | {c for cap in s.captures.get(pid, ()) for c in cap.cards}


def scored_cards(s: State) -> set[int]:
    return {c for manche in s.history for caps in manche.values() for cap in caps for c in cap.cards}


def without_scores(message: str) -> str:
    return re.sub(r'<section id="d-scores".*?</section>', "", message, flags=re.S)


def scores_part(message: str) -> str:
    match = re.search(r'<section id="d-scores".*?</section>', message, re.S)
    return match.group(0) if match else ""


def check_message(viewer: Phone, message: str, s: State, is_screen: bool) -> None:
    """No card outside what this viewer may know may appear in what it was pushed."""
    allowed = public_cards(s) | (set() if is_screen else own_cards(s, viewer.player_id))
    leaked = cards_in(without_scores(message)) - allowed
    assert not leaked, f"{viewer.name} was pushed cards {sorted(leaked)} it may not see"
    # Captures are shown in the scores only once their manche is scored (F15).
    assert cards_in(scores_part(message)) <= scored_cards(s), f"{viewer.name}: unscored captures in the scores"
    for other, cards in s.hands.items():
        if other != viewer.player_id:
            assert not (cards_in(without_scores(message)) & set(cards) - public_cards(s)), "another hand leaked"


class Game:
    """Phones seated at one table, a big screen, and the checks run after every tap."""

    def __init__(self, client: TestClient, code: str, players: list[tuple[str, str]]) -> None:
        self.client, self.code = client, code
        self.phones = [sit(client, code, name, age) for name, age in players]
        self.screen = Phone("screen", phone(client))
        self.everyone = [*self.phones, self.screen]
        self.hub = hub_of(client, code)
        self.stats = {"cards": 0, "boats": 0, "manches": 0, "captures_seen": 0}

    @property
    def state(self) -> State:
        s: State = self.hub.state.state
        return s

    def connect(self, stack: contextlib.ExitStack) -> None:
        for viewer in self.everyone:
            url = f"/s/{self.code}/ws" if viewer is self.screen else f"/g/{self.code}/ws"
            viewer.ws = stack.enter_context(viewer.client.websocket_connect(url))
            viewer.take(receive(viewer.ws))  # the whole view at once on connect

    def settle(self) -> None:
        s = self.state
        for viewer in self.everyone:
            for message in viewer.sync(s.version):
                check_message(viewer, message, s, viewer is self.screen)
        # The boats are one public fragment: every phone and the screen show the very same HTML.
        boats = {viewer.region("d-boats") for viewer in self.everyone}
        assert len(boats) == 1, "the phones do not all see the same boats"
        for p in self.phones:
            hand = p.region("d-hand")
            expected = set(s.hands.get(p.player_id, ())) | ({s.chosen[p.player_id]} if p.player_id in s.chosen else set())
            if s.awaiting_boat and s.awaiting_boat[1] == p.player_id:
                expected.add(s.awaiting_boat[0])  # my revealed card, waiting for my boat choice
            if s.phase is not Phase.LOBBY:
                assert cards_in(hand) == expected, f"{p.name}'s hand region is not exactly its own cards"
            mine = {c for cap in s.captures.get(p.player_id, ()) for c in cap.cards}
            assert cards_in(p.region("d-mine")) == mine
            self.stats["captures_seen"] += bool(mine)
            # Only the awaited owner gets boat buttons.
            boat_buttons = [c for c in p.buttons("d-hand") if c["type"] == "choose_boat"]
            owner = s.awaiting_boat[1] if s.awaiting_boat else None
            assert bool(boat_buttons) == (owner == p.player_id)
        for pid, boat in s.turn_captures:
            who = next(x.name for x in self.phones if x.player_id == pid)
            label = {"normand": "bateau normand", "anglais": "bateau anglais"}[boat.value]
            for viewer in self.everyone:
                assert f"{who} prend le {label}." in viewer.region("d-boats")

    def tap(self, p: Phone, command: dict[str, object]) -> None:
        response = post(p.client, self.code, command)
        assert response.status_code == 200, response.text
        assert "flash-on" not in response.text
        self.settle()

    def play_to_the_end(self, rng: random.Random) -> None:
        """Every tap comes from a button the phone was pushed; stops when the game is over."""
        host, phones = self.phones[0], self.phones
        for _ in range(5000):
            s = self.state
            if s.phase is Phase.GAME_OVER:
                return
            if any(c["type"] == "next_manche" for c in host.buttons("d-actions")):
                self.stats["manches"] += 1
                self.tap(host, {"type": "next_manche"})
                continue
            boat_phone = next((p for p in phones if any(c["type"] == "choose_boat" for c in p.buttons("d-hand"))), None)
            if boat_phone is not None:
                self.stats["boats"] += 1
                self.tap(boat_phone, rng.choice([c for c in boat_phone.buttons("d-hand") if c["type"] == "choose_boat"]))
                continue
            player = next((p for p in phones if any(c["type"] == "play_card" for c in p.buttons("d-hand"))), None)
            assert player is not None, f"nobody can act in phase {s.phase}"
            choice = rng.choice([c for c in player.buttons("d-hand") if c["type"] == "play_card"])
            before = {p.name: p.region("d-hand") for p in phones if p is not player}
            self.stats["cards"] += 1
            self.tap(player, choice)
            after = self.state
            if after.phase is Phase.CHOOSING and player.player_id in after.chosen:
                # Still hidden: the chooser's phone shows it, the others only learn that someone chose.
                assert "Ma carte choisie" in player.region("d-hand")
                for other in phones:
                    if other is not player:
                        assert other.region("d-hand") == before[other.name]
                        assert "✓ a choisi" in other.region("d-players")
        pytest.fail(f"the game did not end: {self.stats}")


@pytest.fixture
def fixed_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    # The deal comes from the game's seed: fix it so the game (and its length) is the same every run.
    monkeypatch.setattr("app.live.games.secrets.randbits", lambda bits: 20261130)


def test_four_phones_play_a_whole_game_and_see_what_they_should(fast_client: TestClient, fixed_seed: None) -> None:
    client = fast_client
    code = create_table(client)
    game = Game(client, code, PLAYERS)
    phones, screen, hub = game.phones, game.screen, game.hub
    ana = phones[0]
    with contextlib.ExitStack() as stack:
        game.connect(stack)
        assert "Salle d&#39;attente" in screen.region("d-status")
        # The host also runs the lobby's door: a "Retirer" for each other seat, and the lock.
        assert [c["type"] for c in ana.buttons("d-actions")] == ["start", "leave", *["mod_remove_seat"] * 3,
                                                                  "mod_lock_lobby"]
        assert [c["type"] for c in phones[1].buttons("d-actions")] == ["leave"]
        assert "Seul l&#39;hôte (Ana) peut lancer la partie." in phones[1].region("d-actions")
        game.tap(ana, {"type": "start"})
        s = game.state
        assert s.start_player == phones[2].player_id  # Chloé, 64, is closest to 66 (L438)
        for p in phones:
            assert len(p.buttons("d-hand")) == 6 and "Touchez la carte" in p.region("d-hand")
        assert "d-hand" not in screen.regions and "dnum" not in screen.region("d-players")

        game.play_to_the_end(random.Random(6))

        s = game.state
        stats = game.stats
        assert s.result is not None and len(s.history) >= 2
        assert stats["manches"] == len(s.history) - 1 and stats["boats"] > 0, stats
        assert stats["cards"] >= 4 * 12 * len(s.history) and stats["captures_seen"] > 0, stats
        names = {p.player_id: p.name for p in phones}
        for viewer in game.everyone:
            scores = viewer.region("d-scores")
            assert "Résultat" in scores
            # Scores per manche (one row each) and in total (the footer), in seat order.
            assert scores.count("<tr><td>") == len(s.history)
            totals = TOTALS.search(scores)
            assert totals is not None
            assert [int(x) for x in CELL.findall(totals.group(1))] == [s.totals[p.player_id] for p in phones]
            winners = scores.split("Gagne :")[1].split("</p>")[0]
            assert all(f"<strong>{names[w]}</strong>" in winners for w in s.result.winners)
            # Who captured what, once scored: the last manche's boats with their cards.
            for caps in s.history[-1].values():
                for cap in caps:
                    assert all(f">{c} " in scores for c in cap.cards)
            assert "Partie terminée" in viewer.region("d-status")
            top = viewer.region("d-status").split("Gagne :")[1]  # the winners, at the top of every page
            assert all(f"<strong>{names[w]}</strong>" in top for w in s.result.winners)
        for p in phones:
            assert not [c for c in p.buttons("d-hand") if c["type"] in ("play_card", "choose_boat")]
            assert p.buttons("d-actions") == []
        # A tap after the end changes nothing and says why.
        version = s.version
        response = post(phones[1].client, code, {"type": "play_card", "card": 1})
        assert response.status_code == 409 and "La partie est terminée." in response.text
        assert hub.state.state.version == version


@pytest.mark.parametrize("count", [2, 5, 8])
def test_no_phone_ever_receives_another_hand_or_hidden_choice(fast_client: TestClient, count: int) -> None:
    """Random deals (the real seeds), quick games: every message to every socket is scanned."""
    code = create_table(fast_client, quick=True)
    game = Game(fast_client, code, [(f"J{i}", "") for i in range(count)])
    with contextlib.ExitStack() as stack:
        game.connect(stack)
        game.tap(game.phones[0], {"type": "start"})
        game.play_to_the_end(random.Random(count))
    assert game.state.result is not None
    assert sum(len(v.messages) for v in game.everyone) > 50 * count
