"""Régents in real Chromium: a table created from the home page, three phones join at the door, the game
master starts from the dashboard, the phones place agents and move them by tapping the castle, hold their
secrets to see them, accuse, and the game goes on to the final scores on the big screen. Screenshots at
each step (tests/e2e/screenshots/).

The first moves are taps on the pages; the rest of the eight rounds are the phones' own buttons sent as
the page would (each command read from the phone's DOM), so the test reaches the end in reasonable time.
"""

from __future__ import annotations

import json
import random
import re
import secrets

import pytest
from browser_harness import Contexts, Shoot
from game_steps import finger_on
from playwright.sync_api import Locator, Page, expect

pytestmark = pytest.mark.browser

NAMES = ["Ana", "Bob", "Chloé"]
MAX_POSTS = 1500  # a bound on the loop, not an expectation (a game is ~150 taps)


def sit(contexts: Contexts, code: str, name: str) -> Page:
    page = contexts.phone(name).new_page()
    page.goto(f"/g/{code}")
    page.locator("#join-name").fill(name)
    page.get_by_role("button", name="M'asseoir").click()
    expect(page.locator("#pin")).to_have_text(re.compile(r"^\d{6}$"))
    page.get_by_role("button", name="Continuer").click()
    expect(page.locator("#conn")).to_have_attribute("data-state", "open")
    return page


def version(page: Page, region: str) -> int:
    return int(page.locator(f"#{region}").get_attribute("data-version") or "0")


def awaited(phones: dict[str, Page]) -> tuple[str, Page] | None:
    """The phone whose moment asks something of it now (and that shows something to tap)."""
    for name, page in phones.items():
        if page.locator("#rg-moment .rg-prompt:not(.rg-end)").count() and commands(page):
            return name, page
    return None


def dismiss(page: Page) -> None:
    ok = page.locator(".alert-overlay:not([hidden]) .alert-ok")
    if ok.count():
        ok.click()


def commands(page: Page) -> list[dict[str, object]]:
    """Every whole command the phone's moment, castle and actions offer (forms that need boxes ticked aside)."""
    raw = page.locator("#rg-moment, #rg-map, #rg-actions").locator("button[name=command]").evaluate_all(
        "buttons => buttons.map(b => b.value)")
    out = [json.loads(v) for v in raw]
    return [c for c in out if not (c.get("card") == "TRAHISON" and "agents" not in c) and c["type"] != "leave"
            and not (c["type"] in ("choose_gain", "choose_loss") and "domains" not in c)
            and not (c["type"] == "move_agent" and "from_space" not in c)]


def send(page: Page, command: dict[str, object]) -> None:
    """What a tap on that button sends (its command and a fresh idempotency key), from this phone."""
    origin = re.match(r"https?://[^/]+", page.url).group(0)  # type: ignore[union-attr]
    code = page.url.rstrip("/").rsplit("/", 1)[-1].split("?")[0]
    response = page.request.post(f"/g/{code}/act", form={"command": json.dumps(command), "key": secrets.token_hex(8)},
                                 headers={"origin": origin, "hx-request": "true"})
    assert response.status == 200, (command, response.text())


def in_step(screen: Page, phones: dict[str, Page], before: int) -> None:
    """Wait until the screen moved past `before` and every phone shows the same version."""
    expect(screen.locator("#s-head")).not_to_have_attribute("data-version", str(before))
    now = str(version(screen, "s-head"))
    for page in phones.values():
        expect(page.locator("#rg-status")).to_have_attribute("data-version", now)


def answer_splits(screen: Page, phones: dict[str, Page], until: Locator) -> None:
    """An accusation may ask for a split (the accused's loss, the accuser's gain) before the turn goes on:
    whoever is asked answers with the first split offered, until `until` shows."""
    for _ in range(40):
        if until.count():
            return
        for page in phones.values():
            dismiss(page)
            splits = [c for c in commands(page) if c["type"] in ("choose_gain", "choose_loss")]
            if splits:
                before = version(screen, "s-head")
                send(page, splits[0])
                in_step(screen, phones, before)
                break
        else:
            screen.wait_for_timeout(250)
    expect(until).to_be_visible()


def test_three_phones_play_regents_to_the_final_scores(contexts: Contexts, shoot: Shoot) -> None:
    creator = contexts.desktop("game master").new_page()
    creator.goto("/")
    creator.locator('input[name="game"][value="regents"]').check()
    expect(creator.locator('input[name="rg_prompt_seconds"]')).to_be_visible()
    creator.get_by_role("button", name="Créer la partie").click()
    expect(creator.locator("#mod-link")).to_be_visible()
    code = creator.locator("#join-link").inner_text().rsplit("/", 1)[-1]
    shoot(creator, "created")

    screen = contexts.screen("big screen").new_page()
    screen.goto(f"/s/{code}")
    expect(screen.locator(".rg-join .code")).to_have_text(code)
    creator.get_by_role("button", name="Ouvrir le tableau de bord").click()
    dashboard = creator
    expect(dashboard.locator("#conn")).to_have_attribute("data-state", "open")

    phones = {name: sit(contexts, code, name) for name in NAMES}
    expect(screen.locator("#s-players")).to_contain_text("Chloé")
    expect(dashboard.locator("#m-seats")).to_contain_text("connecté")
    shoot(screen, "1-lobby-screen")
    shoot(phones["Ana"], "1-lobby-phone")
    shoot(dashboard, "1-lobby-dashboard")

    before = version(screen, "s-head")
    dashboard.get_by_role("button", name="Lancer la partie").click()
    in_step(screen, phones, before)
    expect(screen.locator("#s-head")).to_contain_text("Mise en place")

    # The set-up: whoever is asked taps "Poser ici" on a space of the castle (four agents each).
    spaces = ["trone", "tresor", "armes", "chapelle", "intendance", "trone"]
    for i in range(4 * len(NAMES)):
        got = awaited(phones)
        assert got is not None, "nobody is asked to place an agent"
        name, page = got
        expect(page.locator("#rg-moment")).to_contain_text("À vous : posez un agent")
        if i == 0:
            shoot(page, "2-placement-phone")
        before = version(screen, "s-head")
        page.locator(f"#rg-map .rg-base .rg-at-{spaces[i % len(spaces)]} .rg-dest").click()
        in_step(screen, phones, before)
    expect(screen.locator("#s-head")).to_contain_text("Au tour de")
    shoot(screen, "3-first-turn-screen")

    # My turn: the moment says what I may do; the castle moves an agent by two taps.
    got = awaited(phones)
    assert got is not None
    name, page = got
    expect(page.locator("#rg-moment")).to_contain_text("À vous : 3 actions payantes et les actions gratuites")
    source = page.locator("#rg-map .rg-base label.rg-pick-agent").first
    key = (source.get_attribute("for") or "").removeprefix("rg-src-")
    source.click()
    layer = page.locator(f'#rg-map .rg-over[data-src="{key}"]')
    expect(layer.locator(".rg-dest").first).to_be_visible()
    expect(layer.locator(".rg-from")).to_be_visible()
    shoot(page, "4-tap-to-move-phone")
    before = version(screen, "s-head")
    layer.locator(".rg-dest").first.click()
    expect(screen.locator("#s-banner")).to_contain_text(f"{name} déplace un agent")
    assert version(screen, "s-head") > before
    expect(page.locator("#rg-moment")).to_contain_text("À vous : 2 actions payantes")

    # The secret is held to be seen: the face shows under the finger only.
    face = page.locator("#rg-secret-face")
    expect(face).to_be_hidden()
    with finger_on(page, page.locator("#rg-secret .card-hold")):
        expect(face).to_be_visible()
        expect(face).to_contain_text("Clan ")
        shoot(page, "5-secret-held-phone")
    expect(face).to_be_hidden()

    # An accusation, as a clear moment: open it on purpose, pick a tile, then confirm.
    box = page.locator("#rg-accuse-box")
    if box.count():
        box.locator("summary").click()
        box.locator("label.rg-acct-chip").first.click()  # whom, then which clan
        box.locator("label.rg-acc-tile:visible").first.click()
        confirm = box.locator(".rg-acc-confirm button:visible")
        expect(confirm).to_have_count(1)
        expect(confirm).to_contain_text("Confirmer :")
        shoot(page, "6-accusation-confirm-phone")
        confirm.click()
        expect(screen.locator("#s-banner")).to_contain_text(f"{name} accuse")
        shoot(screen, "6-accusation-screen")
        for other in phones.values():
            if other.locator(".alert-overlay:not([hidden])").count():
                shoot(other, "6-accusation-alert-phone")
            dismiss(other)
    answer_splits(screen, phones, until=page.locator("#rg-actions").get_by_role("button", name="Fin des actions"))
    page.locator("#rg-actions").get_by_role("button", name="Fin des actions").click()
    expect(screen.locator("#s-banner")).not_to_contain_text(f"{name} accuse")
    for other in phones.values():
        dismiss(other)
    shoot(screen, "7-after-first-turn-screen")
    shoot(dashboard, "7-after-first-turn-dashboard")

    # The rest of the eight rounds: each asked phone sends one of the buttons it shows.
    rng = random.Random(7)
    shots = {"prompt": False, "count": False}
    idle = 0
    for _ in range(MAX_POSTS):
        if screen.locator("#s-result .rg-show").count():
            break
        got = awaited(phones)
        cmds = commands(got[1]) if got is not None else []
        if not cmds:
            idle += 1
            assert idle < 60, f"stuck: {[p.locator('#rg-moment').inner_text() for p in phones.values()]}"
            skip = dashboard.locator("#m-controls").get_by_role("button", name=re.compile("Passer pour"))
            if got is None and skip.count():
                skip.click()
            screen.wait_for_timeout(200)
            continue
        idle = 0
        assert got is not None
        name, page = got
        if not shots["prompt"] and page.locator("#rg-moment .rg-splits").count():
            shots["prompt"] = True
            shoot(page, "8-prompt-phone")
        ends = [c for c in cmds if c["type"] in ("end_actions", "skip_neutral")]
        rest = [c for c in cmds if c not in ends]
        choice = rng.choice(ends) if ends and (not rest or rng.random() < 0.45) else rng.choice(rest)
        before = version(screen, "s-head")
        send(page, choice)
        in_step(screen, phones, before)
        if not shots["count"] and screen.locator("#s-count .rg-story").count() and choice["type"] == "end_actions":
            shots["count"] = True
            screen.wait_for_timeout(3000)  # the count's story, line after line
            shoot(screen, "8-count-story-screen")
    expect(screen.locator("#s-result .rg-show")).to_be_visible()

    # The end as a show: the Guardian, every clan, the points explained; each phone its own result.
    screen.wait_for_timeout(9000)  # the rows arrive one after another
    show = screen.locator("#s-result")
    expect(show).to_contain_text("Gardien du Royaume")
    for n in NAMES:
        expect(show).to_contain_text(n)
    shoot(screen, "9-final-screen")
    for page in phones.values():
        dismiss(page)
        expect(page.locator("#rg-moment")).to_contain_text(re.compile(r"Vous êtes Gardien du Royaume|Vous finissez"))
    shoot(phones["Ana"], "9-final-phone")
    expect(dashboard.locator("#m-result")).to_contain_text("Gardien du Royaume")
    shoot(dashboard, "9-final-dashboard")
