"""The lobby and the set-up (2.2): join, leave, start with the ring fixed by the host (RS-1, RS-2, RS-9, RS-11)."""

from __future__ import annotations

from collections import Counter

import pytest

from app.games.royal_secrets.cards import AUDIENCE_CARDS
from app.games.royal_secrets.config import RoyalSecretsConfig
from app.games.royal_secrets.state import State
from app.kernel.actor import Actor
from app.kernel.testing.playout import Stored
from royal_secrets.helpers import GAME, MOD, NAMES, refused, send

NEWCOMER = Actor.player(None)


def created(config: RoyalSecretsConfig | None = None, seed: int = 5) -> State:
    return GAME.replay([Stored(p, 0) for p in GAME.new_game(config or RoyalSecretsConfig(), seed, 0)])


def seated(n: int, **kw: object) -> State:
    s = created(**kw)  # type: ignore[arg-type]
    for name in NAMES[:n]:
        s = send(s, NEWCOMER, {"type": "join", "name": name})
    return s


def test_join_gives_seats_in_order_and_strips_the_name() -> None:
    s = send(created(), NEWCOMER, {"type": "join", "name": "  Anne   Marie "})
    s = send(s, NEWCOMER, {"type": "join", "name": "Bob"})
    assert [(x.player_id, x.name) for x in s.seats] == [("p1", "Anne Marie"), ("p2", "Bob")]


@pytest.mark.parametrize(("name", "code"), [
    ("   ", "name_empty"),
    ("x" * 25, "name_too_long"),
    ("bleu", "name_taken"),
    (" BLEU ", "name_taken"),
])
def test_join_refusals(name: str, code: str) -> None:
    s = seated(1)
    assert refused(s, NEWCOMER, {"type": "join", "name": name}) == code


def test_a_24_character_name_is_fine_and_a_sixth_player_is_refused() -> None:
    s = send(seated(4), NEWCOMER, {"type": "join", "name": "y" * 24})
    assert refused(s, NEWCOMER, {"type": "join", "name": "Zoé"}) == "table_full"


def test_seat_ids_are_never_reused_after_a_leave() -> None:
    s = seated(3)
    s = send(s, "p2", {"type": "leave"})
    s = send(s, NEWCOMER, {"type": "join", "name": "Rouge"})  # the name is free again
    assert [x.player_id for x in s.seats] == ["p1", "p3", "p4"]


def test_leave_refusals_and_the_moderator_removes_a_player() -> None:
    s = seated(3)
    assert refused(s, "p1", {"type": "leave", "player_id": "p2"}) == "not_allowed"
    assert refused(s, MOD, {"type": "leave", "player_id": "p9"}) == "unknown_player"
    s = send(s, MOD, {"type": "leave", "player_id": "p3"})
    assert [x.player_id for x in s.seats] == ["p1", "p2"]
    assert refused(s, "p1", {"type": "join", "name": "Bis"}) == "already_seated"


def test_leave_is_lobby_only() -> None:
    s = send(seated(3), MOD, {"type": "start"})
    assert refused(s, "p1", {"type": "leave"}) == "wrong_phase"
    assert refused(s, NEWCOMER, {"type": "join", "name": "Late"}) == "wrong_phase"


@pytest.mark.parametrize("n", [0, 1, 2])
def test_rs_1_three_to_five_players(n: int) -> None:
    """Fewer than 3 cannot start; a 6th cannot even sit (table_full, above)."""
    assert refused(seated(n), MOD, {"type": "start"}) == "player_count"


def test_only_the_game_master_starts() -> None:
    assert refused(seated(3), "p1", {"type": "start"}) == "not_allowed"


@pytest.mark.parametrize(("ring", "colours", "code"), [
    (["p1", "p2"], None, "bad_ring"),
    (["p1", "p2", "p2"], None, "bad_ring"),
    (["p1", "p2", "p9"], None, "bad_ring"),
    (None, {"p1": "bleu", "p2": "bleu", "p3": "vert"}, "bad_colours"),
    (None, {"p1": "bleu", "p2": "rouge", "p3": "noir"}, "bad_colours"),
    (None, {"p1": "bleu", "p2": "rouge"}, "bad_colours"),
])
def test_start_refusals(ring: list[str] | None, colours: dict[str, str] | None, code: str) -> None:
    assert refused(seated(3), MOD, {"type": "start", "ring": ring, "colours": colours}) == code


@pytest.mark.parametrize("n", [3, 4, 5])
def test_setup_deals_everything(n: int) -> None:
    s = send(seated(n), MOD, {"type": "start"})
    assert s.phase == "choose" and s.rnd.number == 1 and s.tuile in s.ring
    for p in s.ring:
        hand = [s.card(x) for x in s.hands[p]]
        assert Counter((x.kind, x.value) for x in hand if x.kind != "valet") == Counter(
            {("courtisan", 0): 2, ("courtisan", 10): 3, ("courtisan", 20): 3, ("courtisan", 30): 1,
             ("courtisan", 40): 1, ("excuse", 0): 1})
        assert sum(x.kind == "valet" for x in hand) == 1  # one dealt Valet, private
        assert s.fleurs[p] == 10
    assert len(s.valet_pile) == 10 - n and len(s.cardinal_pile) == 14
    assert {side: len(pile) for side, pile in s.audience_piles.items()} == {"roi": 6, "reine": 6}
    assert len(s.set_aside) == 4
    assert AUDIENCE_CARDS[s.rnd.audience["roi"]].souverain == "roi"
    assert all(AUDIENCE_CARDS[a].souverain == "roi" for a in s.audience_piles["roi"])


def test_rs_11_the_host_fixes_the_ring_and_the_colours() -> None:
    s = send(seated(4), MOD, {"type": "start", "ring": ["p3", "p1", "p4", "p2"],
                              "colours": {"p1": "vert", "p2": "violet", "p3": "rouge", "p4": "jaune"}})
    assert s.ring == ("p3", "p1", "p4", "p2")
    assert s.right_of("p2") == "p3"  # the ring closes
    assert s.colours == {"p1": "vert", "p2": "violet", "p3": "rouge", "p4": "jaune"}


def test_rs_9_default_colours_follow_the_ring() -> None:
    s = send(seated(5), MOD, {"type": "start", "ring": ["p5", "p4", "p3", "p2", "p1"]})
    assert [s.colours[p] for p in s.ring] == ["bleu", "rouge", "jaune", "vert", "violet"]


def test_the_shuffles_come_from_the_seed() -> None:
    a = send(seated(4, seed=11), MOD, {"type": "start"})
    b = send(seated(4, seed=11), MOD, {"type": "start"})
    c = send(seated(4, seed=12), MOD, {"type": "start"})
    assert a == b
    assert (a.valet_pile, a.cardinal_pile, a.audience_piles, a.tuile) != (c.valet_pile, c.cardinal_pile,
                                                                          c.audience_piles, c.tuile)


def test_the_mixed_layout_deals_seven_and_seven_from_one_deck() -> None:
    s = send(seated(3, config=RoyalSecretsConfig(audience_layout="mixed")), MOD, {"type": "start"})
    shown = [s.rnd.audience["roi"], s.rnd.audience["reine"]]
    every = [*shown, *s.audience_piles["roi"], *s.audience_piles["reine"], *s.set_aside]
    assert sorted(every) == sorted(AUDIENCE_CARDS) and len(s.set_aside) == 4
