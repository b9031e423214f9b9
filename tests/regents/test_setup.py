"""The lobby, the set-up draws and the agents' placement (L25-L43, L236-L240; RG-1, RG-11, RG-48, RG-51, RG-65)."""

from __future__ import annotations

from collections import Counter

import pytest

from app.games.regents import GAME
from app.games.regents.board import NEUTRAL_START, Space
from app.games.regents.clans import CARD_OF_CLAN, CARDS, CLANS, Card, Clan, Colour
from app.games.regents.events import GameStarted
from app.kernel.actor import Actor
from app.kernel.testing.playout import Stored

from .helpers import MOD, NAMES, P, act, created, events_of, place_all, refused, seated, started


def test_seat_ids_follow_join_order_and_are_never_reused() -> None:
    s = seated(3)
    assert [(x.player_id, x.name) for x in s.seats] == [("p1", "Rouge"), ("p2", "Jaune"), ("p3", "Bleu")]
    s = act(s, P("p2"), {"type": "leave"})
    s = act(s, Actor("player"), {"type": "join", "name": "Jaune"})
    assert [x.player_id for x in s.seats] == ["p1", "p3", "p4"]
    assert GAME.joined(events_of(seated(1), Actor("player"), {"type": "join", "name": "Zoé"})[0]) == "p2"


@pytest.mark.parametrize(("name", "code"), [
    ("", "bad_name"), ("   ", "bad_name"), ("x" * 25, "bad_name"), ("rouge", "name_taken"), (" ROUGE ", "name_taken"),
])
def test_join_refuses_a_bad_or_taken_name(name: str, code: str) -> None:
    assert refused(seated(2), Actor("player"), {"type": "join", "name": name}) == code


def test_join_strips_the_name_and_accepts_24_characters() -> None:
    s = act(seated(1), Actor("player"), {"type": "join", "name": "  " + "é" * 24 + " "})
    assert s.seats[-1].name == "é" * 24


def test_rg_1_the_table_holds_five_and_starts_with_three_to_five() -> None:
    assert refused(seated(5), Actor("player"), {"type": "join", "name": "Sixième"}) == "table_full"
    assert refused(seated(2), MOD, {"type": "start"}) == "player_count"
    for n in (3, 4, 5):
        assert started(n).phase == "placement"
    assert GAME.players == (3, 5)


def test_only_the_moderator_starts_and_leave_is_lobby_only() -> None:
    assert refused(seated(3), P("p1"), {"type": "start"}) == "not_allowed"
    assert refused(started(3), P("p1"), {"type": "leave"}) == "wrong_phase"
    assert refused(started(3), Actor("player"), {"type": "join", "name": "Tard"}) == "wrong_phase"
    s = act(seated(3), MOD, {"type": "leave", "player_id": "p3"})
    assert [x.player_id for x in s.seats] == ["p1", "p2"]
    assert refused(seated(3), P("p1"), {"type": "leave", "player_id": "p2"}) == "not_allowed"


def test_rg_19_test_19_each_player_discards_the_card_his_blason_lacks() -> None:
    for seed in range(12):
        s = started(5, seed)
        for p in s.players:
            assert p.setup_discard == CARD_OF_CLAN[p.clan]
            assert set(p.hand) == set(CARDS) - {CARD_OF_CLAN[p.clan]} and len(p.hand) == 5
            assert p.tiles == CLANS  # his own clan's tile included (L39)
    mac_kintosh = {Card.DIPLOMATIE, Card.ALLIANCE, Card.PRIVILEGE, Card.INFLUENCE, Card.TRAHISON}
    assert set(CARDS) - {CARD_OF_CLAN[Clan.MAC_KINTOSH]} == mac_kintosh


@pytest.mark.parametrize("n", [3, 4, 5])
def test_the_draws_give_distinct_clans_and_domains_and_box_the_rest(n: int) -> None:
    s = started(n, seed=4)
    clans = [p.clan for p in s.players] + ([s.neutral.clan] if s.neutral else [])
    assert len(set(clans)) == len(clans) == n + (1 if n == 3 else 0)
    assert set(clans) | set(s.box_clans) == set(CLANS) and not set(clans) & set(s.box_clans)
    domains = [p.domain for p in s.players]
    assert len(set(domains)) == n and len(s.box_domains) == 5 - n
    assert [p.colour for p in sorted(s.players, key=lambda p: p.pid)] == list(Colour)[:n]


def test_the_draws_are_random_per_seed_and_written_in_the_event() -> None:
    firsts = Counter(started(4, seed).players[0].pid for seed in range(40))
    assert len(firsts) == 4  # the first player is drawn
    clans = {tuple(p.clan for p in started(4, seed).players) for seed in range(10)}
    assert len(clans) > 5
    event = events_of(seated(4, seed=3), MOD, {"type": "start"})[0]
    assert isinstance(event, GameStarted)
    log = [*created(3), *(Stored({"type": "player_joined", "player_id": f"p{i}", "name": NAMES[i - 1]}, 0)
                          for i in range(1, 5)), Stored(GAME.event_to_json(event), 0)]
    assert GAME.replay(log) == started(4, seed=3)  # the replay never draws


def test_rg_48_the_order_is_clockwise_from_the_first_player() -> None:
    for seed in range(10):
        s = started(5, seed)
        order = [p.pid for p in s.players]
        seats = [f"p{i}" for i in range(1, 6)]
        k = seats.index(order[0])
        assert order == seats[k:] + seats[:k]


def test_rg_51_the_neutral_holds_the_four_outer_rooms_and_its_clan_is_public() -> None:
    s = started(3)
    assert s.neutral is not None and sorted(s.neutral.agents) == sorted(NEUTRAL_START)
    assert Space.TRONE not in s.neutral.agents
    assert s.neutral.colour is Colour.VERT
    assert started(4).neutral is None


def test_rg_65_rg_11_four_placement_passes_in_the_same_order_on_any_space() -> None:
    s = started(3, seed=2)
    order = [p.pid for p in s.players]
    placers = []
    spaces = list(Space)
    i = 0
    while s.phase == "placement":
        placers.append(s.placer.pid)
        s = act(s, P(s.placer.pid), {"type": "place_agent", "space": str(spaces[i % 7])})
        i += 1
    assert placers == order * 4
    assert s.phase == "actions" and s.round == 1 and s.current.pid == order[0]
    assert all(p.off == 0 for p in s.players)
    assert Counter(a for p in s.players for a in p.agents)[Space.GARDE_TOUR] >= 1  # guard paths allowed


def test_placing_out_of_turn_is_refused() -> None:
    s = started(3)
    other = s.players[1].pid
    assert refused(s, P(other), {"type": "place_agent", "space": "TRONE"}) == "not_your_turn"
    assert refused(s, P(s.players[0].pid), {"type": "end_actions"}) == "wrong_phase"


def test_the_king_starts_in_the_throne_with_20_conseillers_and_15_tokens() -> None:
    s = place_all(started(4))
    assert s.king is Space.TRONE and s.reserve == 20 and len(s.board_tokens) == 15
    assert all(p.score == (0, 0, 0, 0, 0) for p in s.players)  # RG-6: off the track
    assert s.turn.actions_left == 3
