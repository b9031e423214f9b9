"""The audience scan for Deux Rois: in random games (Mode Historique too), after every decision, each
viewer the audience leaves out would have been sent exactly nothing by a full rebuild (same HTML in
both languages), and the audience does leave most phones out of an ordinary tap. A swap of two
room-mates' cards is also tried on every few states of those games, whatever powers are in play."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from play_helpers import Game, bot_step, random_game, table
from test_historique_playouts import historique_game, historique_step
from test_historique_support import hgame, to_x_with
from web_helpers import same_page

from app.games.deuxrois import memo
from app.games.deuxrois.deal import Room
from app.games.deuxrois.definition import GAME
from app.games.deuxrois.historique.powers import COIN_TOKEN, POWERS
from app.games.deuxrois.model.events import CardsSwapped
from app.games.deuxrois.powers.registry import CARD_POWER_KEYS, holders, holds_power
from app.games.deuxrois.state import GameState
from app.games.deuxrois.views import player_view
from app.kernel.audience import Audience
from app.kernel.testing.audience import Scan

# 50 players, every card dealt; these cards start in Normandie (the Interprète, 45, among them).
KEYS = sorted(CARD_POWER_KEYS | set(POWERS) | {COIN_TOKEN.key})
NORTH = (1, 2, 5, 6, 9, 10, 13, 15, 19, 21, 22, 25, 26, 27, 31, 32, 35, 36, 37, 41, 42, 44, 45, 50)


def _seats(state: GameState) -> list[str]:
    return [p.id for p in state.players]


def _moderator_move(game: Game, rng: random.Random) -> dict[str, object] | None:
    """Now and then the game master notes, moves the clock or pauses, as a dashboard does."""
    roll = rng.random()
    if game.state.paused_at_ms is not None:
        return {"type": "mod_resume"}
    if roll < 0.5:
        return {"type": "mod_note", "text": f"note {len(game.log)}"}
    if roll < 0.8:
        return {"type": "mod_timer", "mode": "extend", "seconds": 10}
    return {"type": "mod_pause"}


def _swap_in_a_room(probe: Scan, state: GameState, rng: random.Random) -> None:
    """Two room-mates' cards swapped on this state, as the Faussaire, a pact or a Serment du sang would (a
    swap is always between two players together), whatever the phase, the prompts and the powers in play:
    the audience (that room) must hold every page the swap changes."""
    room = rng.choice(list(Room))
    mates = [p for p in state.cards if state.rooms.get(p) is room]
    if state.over or len(mates) < 2:
        return
    a, b = rng.sample(mates, 2)
    swap = CardsSwapped(a=a, b=b, reason="faussaire", refresh=rng.random() < 0.5)
    missed = probe.step(state, [swap], state.rules.fold(state, [swap]))
    assert not missed, f"left out of a swap of {a} and {b} but changed: {missed}"


def scan(game: Game, seed: int, historique: bool = False,
         each: Callable[[GameState], None] | None = None, swaps: Scan | None = None) -> Scan:
    rng = random.Random(seed)
    check = Scan(GAME, same_page(GAME.pages), _seats)
    budget, acted, phase = max(8, len(game.state.players)), 0, None
    for _ in range(6000):
        if game.state.over:
            break
        if (game.state.round, game.state.phase) != phase:
            phase, acted = (game.state.round, game.state.phase), 0
        before = game.state
        roll = rng.random()
        if (roll < 0.05 or game.state.paused_at_ms is not None) and (command := _moderator_move(game, rng)):
            events = game.do("moderator", command)
        else:
            move = None
            if acted < budget and roll < 0.9:
                move = historique_step(game, rng) if historique and roll < 0.3 else bot_step(game, rng)
            if move is None:
                events = game.tick()
            else:
                events = game.do(*move)
                acted += 1
        missed = check.step(before, events, game.state)
        assert not missed, f"left out but changed: {missed}"
        if swaps is not None and rng.random() < 0.25:
            _swap_in_a_room(swaps, game.state, rng)
        if each is not None:
            each(game.state)
    assert game.state.over, "the game never ended"
    return check


@pytest.mark.parametrize(("n", "seed"), [(6, 1), (9, 2), (14, 3)])
def test_a_viewer_left_out_is_sent_nothing(n: int, seed: int) -> None:
    swaps = Scan(GAME, same_page(GAME.pages), _seats)
    check = scan(random_game(n, seed, rounds=3), seed, swaps=swaps)
    # Reveals, ballots and notes concern a few: the scan did spare most phones most of the time.
    assert check.left_out > check.concerned / 4, (check.left_out, check.concerned)
    assert swaps.left_out > swaps.concerned / 4, (swaps.left_out, swaps.concerned)  # the other room, mostly


@pytest.mark.parametrize(("n", "seed"), [(36, 1), (50, 13)])
def test_a_viewer_left_out_is_sent_nothing_at_a_full_table(n: int, seed: int) -> None:
    """From 36 seats the deck holds the Roi de France and the Church, at 50 every card (a rally's opt-ins,
    whose expiry moves every page's clock: seed 13 found it)."""
    swaps = Scan(GAME, same_page(GAME.pages), _seats)
    check = scan(random_game(n, seed, rounds=3), seed, swaps=swaps)
    assert check.left_out > check.concerned and swaps.left_out > swaps.concerned / 2, (check.left_out, swaps.left_out)


def test_a_viewer_left_out_is_sent_nothing_in_mode_historique() -> None:
    swaps = Scan(GAME, same_page(GAME.pages), _seats)
    check = scan(historique_game(8, 4, rounds=3), 4, historique=True, swaps=swaps)
    assert check.left_out > 0 and swaps.left_out > 0


def _same_holders(state: GameState) -> None:
    """`holders` asks only the sources that say they may grant a key, and of those only the players they
    name (the Moine's copy: who copied): it must name those holds_power names, kept or not."""
    if not state.cards:
        return
    for key in KEYS:
        with memo.straight():
            held = {pid for pid in state.cards if holds_power(state, pid, key)}
            assert holders(state, key) == held, key
        assert holders(state, key) == held, key


@pytest.mark.parametrize("historique", [False, True])
def test_the_holders_of_a_power_are_those_who_hold_it(historique: bool) -> None:
    game = historique_game(9, 6, rounds=3) if historique else random_game(9, 6, rounds=3)
    scan(game, 6, historique=historique, each=_same_holders)


def test_a_reveal_request_concerns_the_two_players_and_the_game_master() -> None:
    game = random_game(10, 5, rounds=3)
    while game.state.phase != "N":
        game.tick()
    asker = game.state.players[0].id
    room = game.state.rooms[asker]
    target = next(p for p in game.state.present(room) if p != asker)
    before = game.state
    events = game.do(asker, {"type": "request_reveal", "target": target, "kind": "complete"})
    audience = GAME.audience(before, events, game.state)
    assert audience.players == {asker, target} and audience.moderator and not audience.everyone
    before = game.state
    events = game.do("moderator", {"type": "mod_timer", "mode": "extend", "seconds": 30})
    assert GAME.audience(before, events, game.state).everyone  # every page shows the clock


def _scanned_steps(game: Game, check: Scan) -> Callable[[str, dict[str, object]], Audience]:
    """A move of the game, checked by the audience scan (nobody left out was sent anything): its audience."""

    def step(actor: str, command: dict[str, object]) -> Audience:
        before = game.state
        events = game.do(actor, command)
        missed = check.step(before, events, game.state)
        assert not missed, f"left out but changed: {missed}"
        return GAME.audience(before, events, game.state)

    return step


def test_the_interprete_hears_of_each_complete_in_his_room() -> None:
    """His Traduction joins a complète of two others for 30 s (C71): every complète in his room, and every
    event that moves the clock past a session's end, changes what his phone offers."""
    game = table(50, normandie=NORTH)
    interprete, a, b = game.pid("interprete"), game.pid("guillaume"), game.pid("harold")
    check = Scan(GAME, same_page(GAME.pages), _seats)
    step = _scanned_steps(game, check)
    step(a, {"type": "request_reveal", "target": b, "kind": "complete"})
    rid = next(r.id for r in game.state.requests.values() if r.from_id == a)
    audience = step(b, {"type": "answer_reveal", "request_id": rid, "accept": True})
    assert not audience.everyone and interprete in audience.players
    assert set(next(x for x in player_view(game.state, interprete)["actions"]
                    if x.get("power") == "translation")["targets"]) == {a, b}
    game.now += 31_000  # the session is over: the next tap anywhere closes it on his phone
    audience = step(b, {"type": "request_reveal", "target": a, "kind": "couleur"})
    assert not audience.everyone and interprete in audience.players
    assert check.left_out > 0


def test_the_interprete_is_left_out_while_his_sessions_stay() -> None:
    """What his phone offers beyond his own parts is the room's open sessions (ActivePower.watches): a
    request, or a tap once no session is open, changes none of them, so his view is not rebuilt."""
    game = table(50, normandie=NORTH)
    interprete, a, b = game.pid("interprete"), game.pid("guillaume"), game.pid("harold")
    step = _scanned_steps(game, Scan(GAME, same_page(GAME.pages), _seats))
    assert interprete not in step(a, {"type": "request_reveal", "target": b, "kind": "complete"}).players
    rid = next(r.id for r in game.state.requests.values() if r.from_id == a)
    assert interprete in step(b, {"type": "answer_reveal", "request_id": rid, "accept": True}).players
    game.now += 31_000
    assert interprete in step(b, {"type": "request_reveal", "target": a, "kind": "couleur"}).players  # it closed
    rid = next(r.id for r in game.state.requests.values() if r.from_id == b)
    assert interprete not in step(a, {"type": "answer_reveal", "request_id": rid, "accept": False}).players


def test_the_espions_points_concern_his_phone_not_the_table() -> None:
    """A complète banks half a point on the Espion's card (C30): his card's status, which only his phone and
    the dashboard show. The answer concerns the two players (and the Interprète, who follows every
    complète of his room), not the 47 others, and the scan shows those others' pages did not change."""
    game = table(50, normandie=NORTH)
    espion, guillaume = game.pid("espion"), game.pid("guillaume")
    check = Scan(GAME, same_page(GAME.pages), _seats)
    game.do(espion, {"type": "request_reveal", "target": guillaume, "kind": "complete"})
    rid = next(r.id for r in game.state.requests.values() if r.from_id == espion)
    before = game.state
    events = game.do(guillaume, {"type": "answer_reveal", "request_id": rid, "accept": True})
    assert game.state.card_state(9).banked == 0.5  # the Espion's card (9) banked his first partner
    assert not check.step(before, events, game.state)
    audience = GAME.audience(before, events, game.state)
    assert not audience.everyone and audience.moderator
    assert audience.players == {espion, guillaume, game.pid("interprete")}


def _complete(step: Callable[[str, dict[str, object]], Audience], game: Game, asker: str, partner: str) -> Audience:
    """A complète asked and accepted, each tap checked by the scan: the answer's audience."""
    step(asker, {"type": "request_reveal", "target": partner, "kind": "complete"})
    rid = next(r.id for r in game.state.requests.values() if r.from_id == asker)
    return step(partner, {"type": "answer_reveal", "request_id": rid, "accept": True})


def test_the_faussaires_swap_concerns_his_room_not_the_other() -> None:
    """A complète with the Faussaire swaps the two cards (L340): the two phones change, and so may every
    room-mate's offers (whom a reveal or a power may reach reads the card), so the room is concerned; the
    other room's 25 phones are left out, and the scan shows their pages did not change."""
    game = table(50, normandie=NORTH)
    faussaire, guillaume = game.pid("faussaire"), game.pid("guillaume")
    audience = _complete(_scanned_steps(game, Scan(GAME, same_page(GAME.pages), _seats)), game, faussaire, guillaume)
    assert game.state.cards[faussaire] == 1 and game.state.cards[guillaume] == 21  # they did swap
    assert not audience.everyone and audience.moderator and audience.screen
    assert audience.players == set(game.state.present(Room.NORMANDIE))
    assert len(audience.players) == len(NORTH)


def test_a_swap_across_the_rooms_concerns_everyone() -> None:
    """The Tempête deals the envoys' cards back among them, both rooms' (E7): every page may change."""
    game = table(10, normandie=(1, 5, 6, 9))
    north, south = game.pid("guillaume"), game.pid("harold")
    assert game.state.rooms[north] is not game.state.rooms[south]
    swap = CardsSwapped(a=north, b=south, reason="tempete", refresh=False)
    assert GAME.audience(game.state, [swap], game.state.rules.fold(game.state, [swap])).everyone


def _oath_targets(game: Game, who: str) -> list[str]:
    offer = next(a for a in player_view(game.state, game.pid(who))["actions"] if a.get("power") == "blood_oath")
    return list(offer["targets"] or [])


def test_an_oath_answered_gives_the_room_its_targets_back() -> None:
    """Mode Historique, event 23 (E27): while an oath waits for its answer, its two players are nobody else's
    target; the answer (a prompt closed, the asked player's own part) makes them targets again for every
    holder of the oath in the room, so those phones follow the oaths (ActivePower.watches)."""
    game = hgame()
    to_x_with(game, 1, ["assassin", "espion"], ["armurier", "troubadour"], number=23)
    g, s, tresorier = game.pid("guillaume"), game.pid("sang_royal_rouge"), game.pid("tresorier_ducal")
    step = _scanned_steps(game, Scan(GAME, same_page(GAME.pages), _seats))
    assert {g, s} <= set(_oath_targets(game, "tresorier_ducal"))
    game.now += 1000
    offered = step(g, {"type": "use_power", "power": "blood_oath", "target": s})
    assert offered.everyone or tresorier in offered.players  # a use is counted in Mode Historique's state
    assert not {g, s} & set(_oath_targets(game, "tresorier_ducal"))
    prompt = next(p for p in game.state.prompts.values() if p.kind == "blood_oath")
    audience = step(s, {"type": "answer_prompt", "prompt_id": prompt.id, "choice": "decline"})
    assert tresorier in audience.players and not audience.everyone
    assert {g, s} <= set(_oath_targets(game, "tresorier_ducal"))


def test_a_subjugation_concerns_the_new_subject_not_the_table() -> None:
    """The Roi de France's complète makes his partner a subject (L115): the partner's card status and alert
    change, which only his phone and the dashboard show; the other players' pages do not change."""
    game = table(50, normandie=NORTH)
    roi, assassin = game.pid("roi_de_france"), game.pid("assassin")
    audience = _complete(_scanned_steps(game, Scan(GAME, same_page(GAME.pages), _seats)), game, roi, assassin)
    assert game.state.state_of(assassin).subject
    assert not audience.everyone and audience.moderator
    assert audience.players == {roi, assassin, game.pid("interprete")}  # he follows every complète of his room
