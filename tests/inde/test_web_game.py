"""Whole games through the real server: phones over HTTP and websockets, the big screen, the hub's timer.

One person plays the computer: they seat it from their phone, start, and place
only on the cells their pushed board highlights, through the confirm bar's form;
the computer moves when the hub's timer sends `bot_play` (a 5 ms "thinking"
time from the home page's form). Two people play each other the same way. Every
message any phone or the screen receives is scanned: no seed, no raw key, the
highlighted cells only on the phone whose turn it is, no form on the screen.
"""

from __future__ import annotations

import contextlib
import random
import re

from starlette.testclient import TestClient

from app.games.inde.pieces import Colour
from app.games.inde.scoring import scores
from inde.web import Phone, create, raw_words, sit, state_of, visible_text, watch

TURN_TIMEOUT = 10.0  # a deadline for a push, not a measured expectation


def check(viewer: Phone, message: str, seed: int, screen: bool) -> None:
    assert str(seed) not in message, f"{viewer.name} was pushed the seed"
    assert raw_words(message) == [], f"{viewer.name} reads raw words: {raw_words(message)}"
    if screen:
        assert "<form" not in message and "<input" not in message and "<button" not in message
    elif 'name="cell"' in message:  # cells to place on: only in the message that says it is my turn
        assert 'class="now my-turn"' in message, f"{viewer.name} was shown cells to place on out of turn"


def connect(stack: contextlib.ExitStack, viewer: Phone, code: str, screen: bool = False) -> None:
    viewer.ws = stack.enter_context(viewer.client.websocket_connect(f"/{'s' if screen else 'g'}/{code}/ws"))
    viewer.read()  # the whole page at once on connect


def play_out(client: TestClient, code: str, people: list[Phone], screen: Phone, rng: random.Random) -> int:
    """Each person, on their turn, taps a random highlighted cell and confirms; the timer plays the computer.
    Returns how many placements the people made. Every message is checked as it comes."""
    placed = 0
    while True:
        state = state_of(client, code)
        for viewer in [*people, screen]:
            while viewer.version < state.version:
                check(viewer, viewer.read(TURN_TIMEOUT), state.seed, viewer is screen)
        if state.phase == "over":
            return placed
        assert state.turn is not None
        seat = state.player_of(state.turn.colour)
        if seat.bot is not None:
            # The computer's turn: its move comes from the hub's timer; the screen hears it.
            check(screen, screen.read(TURN_TIMEOUT), state.seed, True)
            continue
        mover = next(p for p in people if p.name == seat.name)
        assert f'data-version="{state.version}"' in mover.region("i-moment")
        cells = mover.legal_cells()
        assert cells, f"{mover.name}'s board shows no cell on their turn"
        assert all(other.legal_cells() == [] for other in people if other is not mover)
        response = mover.place(code, rng.choice(cells))
        assert response.status_code == 200, response.text
        placed += 1


def final_checks(client: TestClient, code: str, people: list[Phone], screen: Phone) -> None:
    state = state_of(client, code)
    assert state.phase == "over" and state.actions == 44 and state.result is not None
    totals = {c: sc.total for c, sc in scores(state.board).items()}
    assert state.result.totals == totals
    for p in people:
        moment = visible_text(p.region("i-moment"))
        colour = state.colour_of(next(s.player_id for s in state.seats if s.name == p.name))
        assert colour is not None
        mine, theirs = totals[colour], totals[colour.other]
        if state.result.winner is None:
            assert f"Match nul : {mine} partout." in moment
        elif state.result.winner is colour:
            assert f"Vous avez gagné : {mine} à {theirs} !" in moment
        else:
            assert f"{state.name_of(colour.other)} gagne : {theirs} à {mine}." in moment
        # Every point explained, pair by pair, on the phone too.
        score = visible_text(p.region("i-score"))
        assert "Le score final" in score
        assert all(line.text.fr in score for sc in scores(state.board).values() for line in sc.lines)
    head = visible_text(screen.region("i-s-head"))
    assert state.result.winner is None or f"{state.name_of(state.result.winner)} gagne" in head
    side = screen.region("i-s-side")
    steps = len(re.findall(r'<li class="s-step"', side))
    assert steps == sum(len(sc.lines) for sc in scores(state.board).values()) > 0
    assert "@keyframes inde-walk" in side  # the walk-through runs pair after pair
    assert len(re.findall(r'class="lit"', screen.region("i-s-board"))) == sum(
        len(line.cells) for sc in scores(state.board).values() for line in sc.lines)


def test_one_person_plays_a_whole_game_against_the_computer_through_the_phone_and_the_timer(client: TestClient) -> None:
    code = create(client, inde_first="fuchsia", inde_bot_delay_ms="5")
    vera, screen = sit(client, code, "Vera"), watch(client)
    with contextlib.ExitStack() as stack:
        connect(stack, vera, code)
        connect(stack, screen, code, screen=True)
        assert "Jouer contre l'ordinateur" in visible_text(vera.region("i-moment"))
        assert vera.post(code, vera.command("i-moment", "add_bot", level="greedy")).status_code == 200
        vera.sync(state_of(client, code).version)
        assert "En face de vous : Maharadja, l'ordinateur." in visible_text(vera.region("i-moment"))
        assert vera.post(code, vera.command("i-moment", "start")).status_code == 200
        placed = play_out(client, code, [vera], screen, random.Random(4))
        final_checks(client, code, [vera], screen)
    state = state_of(client, code)
    assert state.first is Colour.FUCHSIA  # the home page's "who goes first": the computer (fuchsia) began
    vert = state.sides[Colour.VERT]
    assert vert.player_id == "p1" and vert.actions == 22
    assert placed + len(vert.lost) == 22  # Vera placed every piece herself, from her board (or it had no cell)


def test_two_people_play_a_whole_game_each_on_their_own_turned_board(client: TestClient) -> None:
    code = create(client, inde_first="vert")
    vera, faisal, screen = sit(client, code, "Vera"), sit(client, code, "Faisal"), watch(client)
    with contextlib.ExitStack() as stack:
        for p in (vera, faisal):
            connect(stack, p, code)
        connect(stack, screen, code, screen=True)
        # Either person may start (no game master).
        assert faisal.post(code, faisal.command("i-moment", "start")).status_code == 200
        vera.sync(state_of(client, code).version)
        faisal.sync(state_of(client, code).version)
        # Vert's phone draws row 9 (fuchsia's edge) on top; fuchsia's phone is turned 180° (A12).
        assert vera.region("i-board").index('<span class="rank" aria-hidden="true">9</span>') < \
            vera.region("i-board").index('<span class="rank" aria-hidden="true">1</span>')
        assert faisal.region("i-board").index('<span class="rank" aria-hidden="true">1</span>') < \
            faisal.region("i-board").index('<span class="rank" aria-hidden="true">9</span>')
        placed = play_out(client, code, [vera, faisal], screen, random.Random(11))
        final_checks(client, code, [vera, faisal], screen)
    state = state_of(client, code)
    assert placed + sum(len(side.lost) for side in state.sides.values()) == 44
