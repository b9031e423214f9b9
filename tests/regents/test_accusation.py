"""F accuse: preconditions, success, failure and the accused's choice (L112-L122, L281-L285; §5 23-25)."""

from __future__ import annotations

from dataclasses import replace

from app.games.regents.board import Space
from app.games.regents.clans import Card, Clan
from app.games.regents.model import State

from .helpers import SYSTEM, P, act, end_turn, position, refused, set_player

T, A, TR, C, IN = Space.TRONE, Space.ARMES, Space.TRESOR, Space.CHAPELLE, Space.INTENDANCE
L122 = (Clan.MAC_DUFF, Clan.CAMPBELL, Clan.MAC_LEOD)  # p1 Mac Duff accuses p2, who is Campbell


def court(**kw: object) -> State:
    """p1 (Mac Duff) has an agent with the King in the throne room; p2 is Campbell, p3 Mac Leod."""
    return position({"p1": [T, A], "p2": [C], "p3": [IN]}, clans=L122, **kw)  # type: ignore[arg-type]


def test_rg_12_test_23_an_agent_must_stand_with_the_king() -> None:
    s = position({"p1": [A], "p2": [T], "p3": [IN]}, clans=L122)
    assert refused(s, P("p1"), {"type": "accuse", "target": "p2", "clan": "CAMPBELL"}) == "not_with_king"
    s = act(s, P("p1"), {"type": "recruit"})
    s = act(s, P("p1"), {"type": "place_counsellor", "space": "TRONE"})
    assert refused(s, P("p1"), {"type": "accuse", "target": "p2", "clan": "CAMPBELL"}) == "not_with_king"


def test_rg_13_test_23_never_against_oneself_the_neutral_or_a_known_clan() -> None:
    s = court()
    assert refused(s, P("p1"), {"type": "accuse", "target": "p1", "clan": "CAMPBELL"}) == "accuse_self"
    assert refused(s, P("p1"), {"type": "accuse", "target": "neutral", "clan": "CAMPBELL"}) == "no_such_player"
    known = set_player(s, "p2", clan_public=True)
    assert refused(known, P("p1"), {"type": "accuse", "target": "p2", "clan": "CAMPBELL"}) == "clan_known"
    spent = set_player(s, "p1", tiles=(Clan.STEWART,))
    assert refused(spent, P("p1"), {"type": "accuse", "target": "p2", "clan": "CAMPBELL"}) == "no_tile"


def test_rg_14_rg_18_rg_75_test_24_a_successful_accusation() -> None:
    s = court()
    hand = s.player("p2").hand
    s = act(s, P("p1"), {"type": "accuse", "target": "p2", "clan": "CAMPBELL"})
    p1, p2 = s.player("p1"), s.player("p2")
    assert p2.clan_public and p2.hand == () and p2.lost_hand == hand  # RG-61
    assert p2.exposed == ("p1", Clan.CAMPBELL)  # RG-72: face up before him, nobody's tile
    assert Clan.CAMPBELL not in p1.tiles and len(p1.tiles) == 5
    assert p1.counsellors == 1 and s.reserve == 19
    assert s.prompt is not None and s.prompt.kind == "gain" and s.prompt.player == "p1"  # RG-75: at once
    s = act(s, P("p1"), {"type": "choose_gain", "domains": ["RELIGIEUX", "POLITIQUE"]})
    assert s.player("p1").score == (1, 0, 0, 1, 0)
    s = act(s, P("p1"), {"type": "place_counsellor", "space": "TRESOR"})  # the new conseiller, this turn
    assert s.turn.counsellors == (TR,)
    assert refused(s, P("p1"), {"type": "spy", "target": "p2"}) == "too_few_cards"
    s = act(s, P("p1"), {"type": "end_actions"})
    assert s.player("p1").score == (1, 1, 1, 1, 0)  # TRESOR won with the conseiller, ARMES with the agent


def test_rg_18_no_conseiller_when_the_reserve_is_empty() -> None:
    s = act(replace(court(), reserve=0), P("p1"), {"type": "accuse", "target": "p2", "clan": "CAMPBELL"})
    assert s.player("p1").counsellors == 0 and s.reserve == 0


def test_rg_15_test_25_the_l122_example() -> None:
    s = court(scores={"p1": (2, 1, 1, 0, 0)})
    s = act(s, P("p1"), {"type": "accuse", "target": "p2", "clan": "MAC_GREGOR"})
    p1 = s.player("p1")
    assert Clan.MAC_GREGOR not in p1.tiles and Clan.CAMPBELL not in p1.tiles and len(p1.tiles) == 4
    assert [(t.clan, t.fate) for t in p1.spent] == [(Clan.MAC_GREGOR, "failed"), (Clan.CAMPBELL, "discarded")]
    assert p1.shown[0].player == "p2" and p1.shown[0].clan is Clan.CAMPBELL  # shown to the accuser alone
    assert s.player("p2").accused_me[0].clan is Clan.MAC_GREGOR  # RG-19: the accused sees the tile
    assert not s.player("p2").clan_public
    assert s.prompt is not None and s.prompt.kind == "loss" and s.prompt.player == "p2"
    assert refused(s, P("p1"), {"type": "choose_loss", "domains": ["POLITIQUE"]}) == "not_your_choice"
    assert refused(s, P("p2"), {"type": "choose_loss", "domains": ["RELIGIEUX"]}) == "bad_choice"
    assert refused(s, P("p2"), {"type": "choose_loss", "domains": ["MILITAIRE"]}) == "bad_choice"  # −2 on a 1
    s = act(s, P("p2"), {"type": "choose_loss", "domains": ["FINANCIER", "MILITAIRE"]})
    assert s.player("p1").score == (2, 0, 0, 0, 0) and s.prompt is None and s.turn.actions_left == 2


def test_rg_71_only_the_played_tile_goes_when_the_true_tile_is_already_spent() -> None:
    s = court()
    s = set_player(s, "p1", tiles=tuple(c for c in s.player("p1").tiles if c is not Clan.CAMPBELL))
    s = act(s, P("p1"), {"type": "accuse", "target": "p2", "clan": "STEWART"})
    assert len(s.player("p1").tiles) == 4 and [t.fate for t in s.player("p1").spent] == ["failed"]


def test_rg_74_the_loss_is_automatic_when_there_is_one_way_and_nothing_at_zero() -> None:
    one = act(court(scores={"p1": (1, 0, 0, 0, 0)}), P("p1"), {"type": "accuse", "target": "p2", "clan": "STEWART"})
    assert one.prompt is None and one.player("p1").score == (0, 0, 0, 0, 0)
    pair = act(court(scores={"p1": (1, 1, 0, 0, 0)}), P("p1"), {"type": "accuse", "target": "p2", "clan": "STEWART"})
    assert pair.prompt is None and pair.player("p1").score == (0, 0, 0, 0, 0)
    zero = act(court(), P("p1"), {"type": "accuse", "target": "p2", "clan": "STEWART"})
    assert zero.prompt is None and zero.player("p1").score == (0, 0, 0, 0, 0)


def test_rg_17_a_silent_accused_takes_the_split_worst_for_the_accuser() -> None:
    s = court(scores={"p1": (2, 1, 8, 0, 0)}, prompt_seconds=30)
    s = act(s, P("p1"), {"type": "accuse", "target": "p2", "clan": "STEWART"}, at=5_000)
    assert s.prompt is not None and s.prompt.deadline_ms == 35_000
    assert refused(s, SYSTEM, {"type": "tick", "prompt": s.prompt.id}, at=34_999) == "too_early"
    assert refused(s, SYSTEM, {"type": "tick", "prompt": "q0"}, at=40_000) == "no_timer"
    s = act(s, SYSTEM, {"type": "tick", "prompt": s.prompt.id}, at=35_000)
    assert s.player("p1").score == (2, 1, 6, 0, 0)  # 10 → 6 points costs him 4, the most


def test_rg_78_rg_62_one_may_accuse_with_ones_own_tile_and_accuse_again() -> None:
    s = court()
    s = act(s, P("p1"), {"type": "accuse", "target": "p3", "clan": "MAC_DUFF"})  # his own clan: always false
    assert s.player("p1").shown[0].clan is Clan.MAC_LEOD
    s = act(s, P("p1"), {"type": "accuse", "target": "p3", "clan": "MAC_KINTOSH"})
    assert s.turn.actions_left == 1 and len(s.player("p1").tiles) == 3


def test_rg_33_rg_13_a_clan_shown_by_the_fifth_card_cannot_be_accused() -> None:
    s = court()
    s = set_player(s, "p2", hand=(Card.ALLIANCE,), played=(Card.SUSPICION, Card.DIPLOMATIE, Card.INFLUENCE,
                                                           Card.TRAHISON))
    s = end_turn(s)
    s = act(s, P("p2"), {"type": "play_card", "card": "ALLIANCE"})
    assert s.player("p2").clan_public
    s = act(s, P("p2"), {"type": "choose_gain", "domains": ["ECONOMIQUE"]})
    s = end_turn(s)
    s = end_turn(s)
    assert s.current.pid == "p1"
    assert refused(s, P("p1"), {"type": "accuse", "target": "p2", "clan": "CAMPBELL"}) == "clan_known"
