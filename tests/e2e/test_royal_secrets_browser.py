"""Royal Secrets in real Chromium: a table made on the home page, three phones join by the link, the game master
orders the table and starts from his dashboard, the phones play seven rounds from their moments to the ranking,
and the big screen follows (the court, the reveal as a moment, the end as a show). Screenshots at each step.
"""

from __future__ import annotations

import random
import re

import pytest
from browser_harness import Contexts, Shoot
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

NAMES = ["Ana", "Bob", "Chloé"]


def sit(contexts: Contexts, code: str, name: str) -> Page:
    page = contexts.phone(name).new_page()
    page.goto(f"/g/{code}")
    page.get_by_label("Votre nom").first.fill(name)
    page.get_by_role("button", name="M'asseoir à la table").click()
    expect(page.locator("#pin")).to_have_text(re.compile(r"^\d{6}$"))  # the recovery PIN, shown once
    page.get_by_role("button", name="Continuer").click()
    expect(page.locator("#conn")).to_have_attribute("data-state", "open")
    return page


def version(page: Page) -> int:
    return int(page.locator("#rs-status").get_attribute("data-version") or "0")


def calm(page: Page) -> None:
    """Ends the page's running animations (the reveal's full-screen moment) at once."""
    page.evaluate("() => document.getAnimations().forEach((a) => a.finish())")


def my_moment(phones: list[Page]) -> tuple[Page, int] | None:
    """The phone whose moment asks something now, and how many buttons it offers."""
    for page in phones:
        buttons = page.locator("#rs-moment .moment.mine form button[type=submit]")
        if buttons.count():
            return page, buttons.count()
    return None


def test_three_phones_play_to_the_ranking_and_the_screen_tells_the_story(contexts: Contexts, shoot: Shoot) -> None:
    gm = contexts.desktop("game master").new_page()
    gm.goto("/")
    gm.locator('input[name="game"][value="royal_secrets"]').check()
    expect(gm.locator('.game-settings[data-game="royal_secrets"]')).to_be_visible()
    shoot(gm, "home")
    gm.get_by_role("button", name="Créer la partie").click()
    link = gm.locator("#join-link")
    expect(link).to_be_visible()
    code = link.inner_text().rsplit("/", 1)[-1]
    shoot(gm, "created")

    screen = contexts.screen("big screen").new_page()
    screen.goto(f"/s/{code}")
    expect(screen.locator("#conn, .live")).to_have_count(1)
    phones = [sit(contexts, code, name) for name in NAMES]
    expect(screen.locator("#rs-players")).to_contain_text("Chloé")
    shoot(screen, "screen-lobby")
    shoot(phones[0], "phone-lobby")

    troll = sit(contexts, code, "Troll")
    gm.get_by_role("button", name="Ouvrir le tableau de bord").click()
    expect(gm.locator("#rs-seats")).to_contain_text("Chloé")
    gm.locator('#rs-controls [data-action="move_seat"]').get_by_role("button", name="Chloé").click()
    expect(gm.locator("#rs-log")).to_contain_text("Chloé passe devant Bob")
    shoot(gm, "dashboard-lobby")
    # The lobby's door: the game master takes the troll's seat back (asked once: the harness says yes) and
    # locks the lobby. The troll's phone, cut off, reloads into the door and is told why.
    gm.get_by_role("button", name="Retirer Troll").click()
    expect(troll.locator("#flash")).to_contain_text("Le meneur vous a retiré de la partie.")
    expect(troll.locator('form[action$="/join"]')).to_be_visible()
    gm.get_by_role("button", name="Fermer les inscriptions").click()
    expect(screen.locator("#rs-players")).to_contain_text("Inscriptions fermées")
    expect(gm.locator("#rs-seats")).not_to_contain_text("Troll")
    shoot(troll, "phone-removed")
    gm.get_by_role("button", name="Commencer la partie").click()
    expect(screen.locator("#rs-status")).to_contain_text("Tour 1 sur 7")
    expect(gm.locator("#rs-seats")).to_contain_text("choisit une Audience")
    first = None
    for _ in range(100):  # the dashboard's push may arrive before the phones': wait for theirs
        if (first := my_moment(phones)) is not None:
            break
        screen.wait_for_timeout(100)
    assert first is not None
    holder = first[0]
    expect(holder.locator("#rs-moment")).to_contain_text("À vous : choisissez une Audience.")
    shoot(holder, "phone-choose")
    shoot(gm, "dashboard-round1")

    # The holder goes to the Reine, then gives the Parole: one moment after the other.
    holder.get_by_role("button", name="Aller auprès de la Reine").click()
    expect(holder.locator("#rs-moment")).to_contain_text("À vous : donnez la parole à…")
    shoot(holder, "phone-parole")
    expect(screen.locator("#rs-court .rs-reine .rs-pawns")).to_contain_text(NAMES[phones.index(holder)])

    # The écritoire shows only while held.
    face = holder.locator("#rs-fleurs-face")
    expect(face).to_be_hidden()
    box = holder.locator("#rs-hand .card-hold").bounding_box()
    assert box is not None
    holder.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    holder.mouse.down()
    expect(face).to_be_visible()
    expect(face).to_contain_text("10 fleurs de lys")
    shoot(holder, "phone-ecritoire")
    holder.mouse.up()
    expect(face).to_be_hidden()

    rng = random.Random(3)
    shots = {"bet1": False, "bet2": False, "w2": False, "reveal": False, "tiebreak": False, "w3": False}
    for _ in range(400):
        if "Partie terminée" in screen.locator("#rs-status").inner_text():
            break
        asked = my_moment(phones)
        if asked is None:
            screen.wait_for_timeout(150)
            continue
        page, count = asked
        phase = page.locator("#rs-status").get_attribute("data-phase") or ""
        if phase in shots and not shots[phase]:
            shots[phase] = True
            shoot(page, f"phone-{phase}")
            calm(screen)  # past the reveal's moment, to see the table
            shoot(screen, f"screen-{phase}")
        boxes = page.locator("#rs-moment input[type=checkbox]")
        if boxes.count():
            boxes.first.check()
        before = version(page)
        page.locator("#rs-moment .moment.mine form button[type=submit]").nth(rng.randrange(count)).click()
        expect(page.locator("#rs-status")).not_to_have_attribute("data-version", str(before))
        if not shots["reveal"] and screen.locator("#rs-reveal .rs-show").count():
            shots["reveal"] = True
            expect(screen.locator("#rs-reveal .rs-show")).to_be_visible()
            shoot(screen, "screen-reveal-moment")
            shoot(page, "phone-after-reveal")
            shoot(gm, "dashboard-after-reveal")
    expect(screen.locator("#rs-status")).to_contain_text("Partie terminée")
    # The end as a show: first the 7th round's reveal, then the ranking (it stays).
    expect(screen.locator("#rs-reveal .rs-show")).to_contain_text("Révélation du tour 7")
    shoot(screen, "screen-last-reveal")
    calm(screen)
    expect(screen.locator("#rs-result .rs-final-show")).to_be_visible()
    expect(screen.locator("#rs-result")).to_contain_text("Total")
    shoot(screen, "screen-end")
    for page in phones:
        expect(page.locator("#rs-moment .rs-end")).to_be_visible()
    shoot(phones[0], "phone-end")
    shoot(gm, "dashboard-end")
    assert screen.locator("#rs-hand").count() == 0 and screen.locator("#rs-moment").count() == 0

    # A phone that slept (or reloaded) is back on its own seat; a tap after the end says why, in French.
    phones[1].reload()
    expect(phones[1].locator("#conn")).to_have_attribute("data-state", "open")
    expect(phones[1].locator("#rs-moment .rs-end")).to_be_visible()
    phones[1].evaluate("""() => htmx.ajax('POST', location.pathname + '/act',
        {target: '#flash', swap: 'outerHTML', values: {command: '{"type":"w2_pass"}', key: 'k-' + Date.now()}})""")
    expect(phones[1].locator("#flash")).to_contain_text("La partie est terminée.")
