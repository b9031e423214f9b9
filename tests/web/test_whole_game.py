"""An entire 8-player game through HTTP and websockets only, and a leak scan of everything each viewer got.

Phones play from the buttons they were pushed (random, seeded); the moderator
advances phases; every fragment each socket receives is kept and scanned:
no card a viewer never saw may appear in it, and no DOM id or class names a role.
"""

from __future__ import annotations

import html
import random
import re
from typing import Any

from markupsafe import escape
from starlette.testclient import TestClient, WebSocketTestSession
from web_helpers import act, create_game, join, receive

from app.games.deuxrois.cards import CARDS
from app.games.deuxrois.scenario import simulate_file_data
from app.store.export import export_game

BUTTONS = re.compile(r'<form hx-post="[^"]+"[^>]*>(.*?)</form>', re.S)
COMMAND = re.compile(r'name="command" value="([^"]+)"')
CHECKBOX = re.compile(r'type="checkbox" name="([^"]+)" value="([^"]+)"')
QUOTA = re.compile(r"Choisissez (\d+) joueur")
SELECT = re.compile(r'<select name="([^"]+)">\s*<option value="([^"]+)"')
ATTRS = re.compile(r'\b(?:id|class)="([^"]*)"')
NUMBER = re.compile(r"n° (\d+)<")
BY_LABEL = {str(escape(c.label("fr"))): n for n, c in CARDS.items()}
LABEL = re.compile(r"\b(" + "|".join(re.escape(k) for k in sorted(BY_LABEL, key=len, reverse=True)) + r")\b")


def drain(ws: WebSocketTestSession, into: list[str], wait: float = 0.003) -> None:
    # Pushes are queued before the POST answers; what a short wait misses, the next drain gets.
    while True:
        try:
            into.append(receive(ws, wait))
        except TimeoutError:
            return

# Where the phone's actions are: what waits now, the room-mates' boxes in pages, my card to the room, my powers.
ACTIONS = ("p-actions", *(f"p-mates-{n}" for n in range(1, 10)), "p-powers")

def region(messages: list[str], region_id: str) -> str:
    for message in reversed(messages):
        match = re.search(rf'<section id="{region_id}".*?</section>', message, re.S)
        if match:
            return match.group(0)
    return ""


def choose(actions_html: str, rng: random.Random) -> dict[str, str] | None:
    """A random form submission among the available actions a phone shows."""
    forms = BUTTONS.findall(actions_html)
    if not forms:
        return None
    form = rng.choice(forms)
    commands = COMMAND.findall(form)
    data: dict[str, Any] = {"command": html.unescape(rng.choice(commands))}
    boxes = CHECKBOX.findall(form)
    if boxes:
        quota = int(QUOTA.search(form).group(1))  # type: ignore[union-attr]
        data[boxes[0][0]] = [v for _, v in rng.sample(boxes, min(quota, len(boxes)))]
    for name, value in SELECT.findall(form):
        data[name] = value
    return data


def cards_in(node: Any) -> set[int]:
    """Every card number a view holds (dicts with a number and a key are cards)."""
    found: set[int] = set()
    if isinstance(node, dict):
        if isinstance(node.get("number"), int) and isinstance(node.get("key"), str):
            found.add(node["number"])
        for value in node.values():
            found |= cards_in(value)
    elif isinstance(node, list):
        for value in node:
            found |= cards_in(value)
    return found


def leaked(message: str, allowed: set[int]) -> set[int]:
    """Cards named in `message` that are not in `allowed` (longer allowed labels masked first)."""
    text = message
    # A card's own texts name other cards ("...sauf si le Chaman y est"): mask what may be shown.
    for number in allowed:
        card = CARDS[number]
        for words in [card.objective.fr, *(p.text.fr for p in card.powers), *(p.name.fr for p in card.powers)]:
            text = text.replace(str(escape(words)), "")
    for number in sorted(allowed, key=lambda n: -len(CARDS[n].label("fr"))):
        text = text.replace(str(escape(CARDS[number].label("fr"))), "")
    named = {int(n) for n in NUMBER.findall(text)} | {BY_LABEL[m] for m in LABEL.findall(text)}
    return named - allowed


def test_an_entire_game_over_http_and_websockets_leaks_no_card(client: TestClient) -> None:
    rng = random.Random(7)
    code, _ = create_game(client)
    phones = [join(client, code, f"Joueur {i + 1}")[0] for i in range(8)]
    hub = client.app.state.games._hubs[code]  # type: ignore[attr-defined]
    ids = [p.id for p in hub.state.players]
    got: dict[str, list[str]] = {pid: [] for pid in ids}
    allowed: dict[str, set[int]] = {pid: set() for pid in ids}
    screen_got: list[str] = []
    mod_got: list[str] = []
    stats = {"accepted": 0, "refused": 0, "advanced": 0}
    with (
        client.websocket_connect(f"/m/{code}/ws") as mod_ws,
        client.websocket_connect(f"/s/{code}/ws") as screen_ws,
    ):
        sockets = [p.websocket_connect(f"/g/{code}/ws") for p in phones]
        wss = [s.__enter__() for s in sockets]
        try:
            assert act(client, code, {"type": "start"}, moderator=True).status_code == 200
            for step in range(400):
                for pid, ws in zip(ids, wss, strict=True):
                    drain(ws, got[pid])
                    allowed[pid] |= cards_in(hub.view_for_player(pid))
                drain(screen_ws, screen_got)
                drain(mod_ws, mod_got)
                if hub.state.over:
                    break
                # A few phones act from what they were shown, then sometimes the moderator moves on.
                for i in rng.sample(range(8), 3):
                    data = choose("".join(region(got[ids[i]], r) for r in ACTIONS), rng)
                    if data is None:
                        continue
                    data["key"] = f"k-{step}-{i}-{rng.random():.6f}"
                    response = phones[i].post(f"/g/{code}/act", data=data, headers={"hx-request": "true"})
                    assert response.status_code in (200, 409), response.text
                    stats["accepted" if response.status_code == 200 else "refused"] += 1
                advance = hub.state.paused_at_ms is None and (step % 3 == 2 or not hub.state.prompts)
                if advance and act(client, code, {"type": "mod_advance"}, moderator=True).status_code == 200:
                    stats["advanced"] += 1
            assert hub.state.over, f"the game did not end: phase {hub.state.phase}, round {hub.state.round}, {stats}"
            for pid, ws in zip(ids, wss, strict=True):
                drain(ws, got[pid], 0.2)
            drain(screen_ws, screen_got, 0.2)
            drain(mod_ws, mod_got, 0.2)
        finally:
            for s in sockets:
                s.__exit__(None, None, None)
    assert stats["accepted"] > 20
    # Everyone saw the final result, all cards revealed (D11): the scan stops before it.
    assert all("Résultat" in "".join(got[pid]) for pid in ids)
    assert "Résultat" in "".join(screen_got) and "Résultat" in "".join(mod_got)
    # The result names the winning condition and explains every player's points, on every page.
    result = hub.state.result
    for pages in [*(got[pid] for pid in ids), screen_got, mod_got]:
        seen = html.unescape("".join(pages))
        assert result["headline"]["fr"] in seen
        for pid in ids:
            assert all(line["fr"] in seen for line in result["explain"][pid]), pid
    for pid in ids:
        before_end = [m for m in got[pid] if "Résultat" not in m]
        for message in before_end:
            assert not leaked(message, allowed[pid]), (pid, leaked(message, allowed[pid]))
    for message in screen_got:
        if "Résultat" not in message:
            assert not leaked(message, set())
    # No role name in any id or class anyone received.
    role_words = {c.key for c in CARDS.values()} | {CARDS[n].name.fr.split(",")[0].lower() for n in CARDS}
    for message in [m for ms in got.values() for m in ms] + screen_got + mod_got:
        for attr in ATTRS.findall(message):
            assert not any(word in attr.lower().split() or word in attr.lower().split("-") for word in role_words), attr
    # `deuxrois export` gives a scenario that `deuxrois simulate` replays to the same end.
    exported = export_game(code, client.app.state.settings.database_url)  # type: ignore[attr-defined]
    simulated = simulate_file_data(exported)
    real = {hub.state.name(pid): points for pid, points in hub.state.result["points"].items()}
    assert simulated["points"] == real
    assert simulated["events"] == hub.seq
    # Every push was a set of out-of-band regions with stable ids.
    for message in got[ids[0]]:
        assert message.lstrip().startswith(("<section id=\"p-", "<div id=\"flash\"", "<span id=\"srv-clock\""))
