"""The action cards: SUSPICION, TRAHISON, INFLUENCE and the 5th card (§1.8; RG-33, RG-37, RG-38, RG-42, RG-76)."""

from __future__ import annotations

from app.games.regents.board import Space
from app.games.regents.clans import Card, Clan
from app.games.regents.model import State

from .helpers import P, act, position, refused, set_player

T, A, TR, C, IN = Space.TRONE, Space.ARMES, Space.TRESOR, Space.CHAPELLE, Space.INTENDANCE
# p1 Mac Gregor holds SUSPICION, ALLIANCE, PRIVILÈGE, INFLUENCE, TRAHISON (no DIPLOMATIE)
CLANS = (Clan.MAC_GREGOR, Clan.CAMPBELL, Clan.MAC_LEOD)


def table(**kw: object) -> State:
    return position({"p1": [T, TR], "p2": [C, A], "p3": [IN]}, clans=CLANS, neutral=[A, TR, C, IN], **kw)  # type: ignore[arg-type]


def test_rg_38_suspicion_sends_an_opponents_agent_out_never_the_neutral_or_ones_own() -> None:
    s = table()
    assert refused(s, P("p1"), {"type": "play_card", "card": "SUSPICION", "agents": ["neutral@ARMES"]}) == "bad_target"
    assert refused(s, P("p1"), {"type": "play_card", "card": "SUSPICION", "agents": ["p1@TRONE"]}) == "bad_target"
    assert refused(s, P("p1"), {"type": "play_card", "card": "SUSPICION", "agents": ["p2@TRONE"]}) == "bad_target"
    assert refused(s, P("p1"), {"type": "play_card", "card": "SUSPICION"}) == "bad_target"
    s = act(s, P("p1"), {"type": "play_card", "card": "SUSPICION", "agents": ["p3@INTENDANCE"]})
    assert s.player("p3").off == 4 and s.turn.card_played and s.turn.actions_left == 3  # a free action
    assert s.player("p1").played == (Card.SUSPICION,) and Card.SUSPICION not in s.player("p1").hand


def test_rg_76_a_card_without_a_target_cannot_be_played() -> None:
    s = position({"p1": [T], "p2": [], "p3": []}, clans=CLANS)
    assert refused(s, P("p1"), {"type": "play_card", "card": "SUSPICION", "agents": ["p2@TRONE"]}) == "no_target"
    assert refused(s, P("p1"), {"type": "play_card", "card": "TRAHISON", "agents": ["p1@TRONE", "p1@TRONE"]}) == "no_target"


def test_rg_37_trahison_swaps_any_two_agents_in_two_different_spaces() -> None:
    s = table()
    assert refused(s, P("p1"), {"type": "play_card", "card": "TRAHISON",
                                "agents": ["p2@CHAPELLE", "neutral@CHAPELLE"]}) == "same_space"
    assert refused(s, P("p1"), {"type": "play_card", "card": "TRAHISON",
                                "agents": ["p2@TRONE", "p3@INTENDANCE"]}) == "bad_target"
    assert refused(s, P("p1"), {"type": "play_card", "card": "TRAHISON", "agents": ["p2@CHAPELLE"]}) == "bad_target"
    s = act(s, P("p1"), {"type": "play_card", "card": "TRAHISON", "agents": ["neutral@ARMES", "p3@INTENDANCE"]})
    assert s.neutral is not None and s.neutral.at(A) == 0 and s.neutral.at(IN) == 2
    assert s.player("p3").at(A) == 1 and s.player("p3").at(IN) == 0
    own = act(table(), P("p1"), {"type": "play_card", "card": "TRAHISON", "agents": ["p1@TRONE", "p2@ARMES"]})
    assert own.player("p1").at(A) == 1 and own.player("p2").at(T) == 1


def test_rg_42_test_12_influence_is_immediate_and_gated() -> None:
    s = table(scores={"p1": (3, 1, 1, 0, 1)})
    s = act(s, P("p1"), {"type": "play_card", "card": "INFLUENCE", "domains": ["POLITIQUE"]})
    assert s.player("p1").score == (4, 1, 1, 0, 1) and s.player("p1").tokens == 1
    t = act(table(), P("p1"), {"type": "play_card", "card": "INFLUENCE", "domains": ["RELIGIEUX", "MILITAIRE"]})
    assert t.player("p1").score == (0, 1, 0, 1, 0)


def test_rg_33_test_21_the_fifth_card_shows_the_clan_and_gives_2_gated() -> None:
    s = table(scores={"p1": (4, 0, 1, 1, 1)})
    s = set_player(s, "p1", hand=(Card.ALLIANCE,), played=(Card.SUSPICION, Card.PRIVILEGE, Card.INFLUENCE, Card.TRAHISON))
    s = act(s, P("p1"), {"type": "play_card", "card": "ALLIANCE"})
    p1 = s.player("p1")
    assert p1.clan_public and p1.hand == () and len(p1.played) == 5
    assert s.prompt is not None and s.prompt.kind == "gain" and s.prompt.reason == "fifth_card"
    s = act(s, P("p1"), {"type": "choose_gain", "domains": ["POLITIQUE"]})
    assert s.player("p1").score == (4, 0, 1, 1, 1)  # gated: the 2 cases are lost (RG-24)
    s2 = set_player(table(scores={"p1": (4, 0, 1, 1, 1)}), "p1", hand=(Card.INFLUENCE,),
                    played=(Card.SUSPICION, Card.PRIVILEGE, Card.ALLIANCE, Card.TRAHISON))
    s2 = act(s2, P("p1"), {"type": "play_card", "card": "INFLUENCE", "domains": ["MILITAIRE"]})
    assert s2.player("p1").score == (4, 2, 1, 1, 1)
    s2 = act(s2, P("p1"), {"type": "choose_gain", "domains": ["POLITIQUE", "FINANCIER"]})
    assert s2.player("p1").score == (5, 2, 2, 1, 1)


def test_rg_34_a_hand_discarded_by_an_accusation_gives_no_bonus() -> None:
    s = position({"p1": [T], "p2": [T], "p3": [IN]}, clans=CLANS)
    s = act(s, P("p1"), {"type": "accuse", "target": "p2", "clan": "CAMPBELL"})
    s = act(s, P("p1"), {"type": "choose_gain", "domains": ["POLITIQUE"]})
    assert s.player("p2").hand == () and s.player("p2").score == (0, 0, 0, 0, 0) and s.prompt is None


def test_gain_prompts_refuse_a_repeated_or_empty_split() -> None:
    s = set_player(table(), "p1", hand=(Card.ALLIANCE,), played=(Card.SUSPICION, Card.PRIVILEGE, Card.INFLUENCE,
                                                                 Card.TRAHISON))
    s = act(s, P("p1"), {"type": "play_card", "card": "ALLIANCE"})
    assert refused(s, P("p1"), {"type": "choose_gain", "domains": ["POLITIQUE", "POLITIQUE"]}) == "bad_choice"
    assert refused(s, P("p1"), {"type": "choose_gain", "domains": []}) == "bad_command"
    assert refused(s, P("p1"), {"type": "choose_loss", "domains": ["POLITIQUE"]}) == "no_prompt"
    assert refused(s, P("p2"), {"type": "choose_gain", "domains": ["POLITIQUE"]}) == "not_your_choice"


def test_the_card_flags_only_last_the_turn() -> None:
    s = act(table(), P("p1"), {"type": "play_card", "card": "ALLIANCE"})
    assert s.turn.alliance
    s = act(s, P("p1"), {"type": "end_actions"})
    s = act(s, P("p1"), {"type": "skip_neutral"})
    assert not s.turn.alliance and s.current.pid == "p2"
    assert s.player("p1").played == (Card.ALLIANCE,)  # the card stays face up
