"""Window D envoy powers: Commandant (23/24), Chevalier Saxon (20), Chevalier Servant (47/48).

One scenario per card, then edge cases named by ruling (L167, C64, L266, C45, L217, C72, C63, C80, D10).
"""

from __future__ import annotations

import pytest
from test_powers_envoys_support import (
    A,
    N,
    at_designation,
    designate,
    fill,
    power_action,
    refused,
    saw,
    table,
    use,
)

from app.games.deuxrois import designation
from app.games.deuxrois.cards import DAME
from app.games.deuxrois.views import player_view


# ------------------------------------------------------------------ Commandant de la garde (L167/L271)
def test_l167_commandant_general_sends_two_more_envoys_after_a_public_reveal() -> None:
    game = at_designation(north_general="commandant_rouge")
    assert designation.required(game.state, N) == 6
    use(game, "commandant_rouge", "escort")
    assert all(saw(game, p.name, "commandant_rouge", "publique") for p in game.state.players
               if game.room(p.id) is N and p.name != "commandant_rouge")
    assert not saw(game, "harold", "commandant_rouge", "publique")  # the other room sees nothing
    assert designation.required(game.state, N) == 8 and designation.required(game.state, A) == 6
    names = designate(game, N, [])
    assert len(names) == 8 and game.state.designations[N].locked
    designate(game, A, [])
    game.tick()  # X ends: the crossing
    assert all(game.room(p) is A for p in names)


def test_l167_escort_choice_of_one_and_the_deadline_fills_the_raised_quota() -> None:
    game = at_designation(north_general="commandant_rouge")
    use(game, "commandant_rouge", "escort", choice="1")
    assert designation.required(game.state, N) == 7
    assert refused(game, "commandant_rouge", "escort") == "power_unavailable"  # once per round
    game.tick()  # the designation deadline completes both lists
    assert len(game.state.designations[N].named) == 7 and len(game.state.designations[A].named) == 6


def test_l167_escort_refuses_a_bad_choice() -> None:
    game = at_designation(north_general="commandant_rouge")
    assert refused(game, "commandant_rouge", "escort", choice="3") == "bad_choice"


@pytest.mark.parametrize("route", ["moderator", "vote", "usurper-is-not-commandant"],
                         ids=["C64-moderator", "C64-plurality", "C64-only-the-sitting-general"])
def test_c64_any_route_to_the_office(route: str) -> None:
    game = table(50, normandie=(1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 16, 17, 19, 20, 21, 22, 23, 29, 39, 43,
                                47, 49))
    game.until("E", 1)
    commandant = game.pid("commandant_rouge")
    if route == "moderator":
        game.do("moderator", {"type": "mod_set_general", "room": "normandie", "player": commandant})
    elif route == "vote":
        for pid in game.state.present(N):
            if pid != commandant:
                game.do(pid, {"type": "vote", "candidate": commandant})
        game.do(commandant, {"type": "vote", "candidate": game.pid("guillaume")})
    else:
        game.do("moderator", {"type": "mod_set_general", "room": "normandie", "player": game.pid("guillaume")})
    game.do("moderator", {"type": "mod_set_general", "room": "angleterre", "player": game.pid("harold")})
    assert game.state.phase == "D"
    if route == "usurper-is-not-commandant":
        reason = power_action(player_view(game.state, commandant), "escort")["reason"]
        assert reason is not None and "général" in reason["fr"]
        assert refused(game, "commandant_rouge", "escort") == "power_unavailable"
        return
    use(game, "commandant_rouge", "escort")
    assert designation.required(game.state, N) == 8


def test_l167_escort_only_in_d_and_before_the_lock() -> None:
    game = at_designation(north_general="commandant_rouge")
    designate(game, N, [])
    assert refused(game, "commandant_rouge", "escort") == "locked"  # the lock's own refusal, as for designate (S21)
    designate(game, A, [])
    assert refused(game, "commandant_rouge", "escort") == "power_unavailable"  # window X


def test_d15_escort_unbalances_the_rooms_for_good() -> None:
    game = at_designation(north_general="commandant_rouge", south_general="commandant_bleu")
    use(game, "commandant_bleu", "escort", choice="2")
    designate(game, N, [])
    designate(game, A, [])
    before = len(game.state.present(N))
    game.tick()
    assert len(game.state.present(N)) == before + 2


# ------------------------------------------------------------------ Chevalier Saxon (L266)
def test_l266_saxon_goes_instead_of_the_dame_showing_both_cards() -> None:
    game = at_designation()
    dame, saxon = game.pid("dame_noble"), game.pid("chevalier_saxon")
    names = designate(game, N, ["dame_noble"], lock=False)
    use(game, "chevalier_saxon", "protection_oath", target="dame_noble")
    room = [p for p in game.state.present(N) if p not in (dame, saxon)]
    assert all(saw(game, game.state.name(p), "chevalier_saxon", "publique") for p in room)
    assert all(saw(game, game.state.name(p), "dame_noble", "publique") for p in room)
    named = game.state.designations[N].named
    assert saxon in named and dame not in named and len(named) == len(names)  # D10: the list keeps its size
    general = game.state.generals[N]
    assert game.refused(general, {"type": "designate", "targets": [dame]}).code == "bad_envoy"
    game.do(general, {"type": "lock_envoys"})
    designate(game, A, [])
    game.tick()
    assert game.room(saxon) is A and game.room(dame) is N


def test_c45_saxon_oath_is_unlimited_and_a_wrong_target_only_costs_the_reveal() -> None:
    game = at_designation()
    designate(game, N, ["dame_noble", "guillaume"], lock=False)
    use(game, "chevalier_saxon", "protection_oath", target="guillaume")  # not the Dame
    assert game.pid("guillaume") in game.state.designations[N].named
    assert saw(game, "espion", "chevalier_saxon", "publique") and not saw(game, "espion", "guillaume", "publique")
    use(game, "chevalier_saxon", "protection_oath", target="dame_noble")  # again: unlimited (C45)
    assert game.pid("chevalier_saxon") in game.state.designations[N].named
    assert game.state.cards[game.pid("dame_noble")] == DAME


def test_l266_saxon_targets_only_named_envoys_of_his_room() -> None:
    game = at_designation()
    saxon = game.pid("chevalier_saxon")
    action = power_action(player_view(game.state, saxon), "protection_oath")
    assert not action["available"]
    designate(game, N, ["guillaume"], lock=False)
    action = power_action(player_view(game.state, saxon), "protection_oath")
    assert action["available"] and game.pid("dame_noble") not in action["targets"]
    assert refused(game, "chevalier_saxon", "protection_oath", target="dame_noble") == "not_envoy"
    assert refused(game, "chevalier_saxon", "protection_oath", target="harold") == "not_envoy"


def test_l266_a_named_saxon_cannot_go_instead() -> None:
    game = at_designation()
    designate(game, N, ["dame_noble", "chevalier_saxon"], lock=False)
    reason = power_action(player_view(game.state, game.pid("chevalier_saxon")), "protection_oath")["reason"]
    assert reason is not None and "déjà" in reason["fr"]


# ------------------------------------------------------------------ Chevalier Servant (L217/L322)
def test_l217_c72_servant_goes_instead_of_guillaume_of_his_colour() -> None:
    game = at_designation()
    guillaume, servant = game.pid("guillaume"), game.pid("chevalier_servant_rouge")
    designate(game, N, ["guillaume"], lock=False)
    use(game, "chevalier_servant_rouge", "sacrifice", target="guillaume")
    assert saw(game, "espion", "chevalier_servant_rouge", "publique")
    named = game.state.designations[N].named
    assert servant in named and guillaume not in named
    assert refused(game, "chevalier_servant_rouge", "sacrifice", target="protection_divine") == "power_unavailable"


def test_c72_servant_wrong_colour_costs_the_reveal_and_spends_the_power() -> None:
    game = at_designation()
    designate(game, N, ["sang_royal_bleu", "protection_divine"], lock=False)
    use(game, "chevalier_servant_rouge", "sacrifice", target="sang_royal_bleu")
    named = game.state.designations[N].named
    assert game.pid("sang_royal_bleu") in named and game.pid("chevalier_servant_rouge") not in named
    assert saw(game, "espion", "chevalier_servant_rouge", "publique")
    assert refused(game, "chevalier_servant_rouge", "sacrifice", target="protection_divine") == "power_unavailable"


@pytest.mark.parametrize(("target", "infidel", "replaced"), [
    ("espion", "red", True), ("infidele", "red", True), ("infidele", "blue", False),
], ids=["C72-L329-espion-passes", "C72-A17-infidele-red", "C72-A17-infidele-blue"])
def test_c72_displayed_colour_gate(target: str, infidel: str, replaced: bool) -> None:
    game = at_designation(infidel=infidel)
    designate(game, N, [target], lock=False)
    use(game, "chevalier_servant_rouge", "sacrifice", target=target)
    assert (game.pid(target) not in game.state.designations[N].named) is replaced


def test_c63_c80_a_volunteer_emissaire_is_not_replaced_against_his_will() -> None:
    game = at_designation()
    game.do(game.pid("emissaire_rouge"), {"type": "volunteer"})
    designate(game, N, ["emissaire_rouge"], lock=False)
    assert game.pid("emissaire_rouge") in game.state.designations[N].named
    use(game, "chevalier_servant_rouge", "sacrifice", target="emissaire_rouge")
    assert game.pid("emissaire_rouge") in game.state.designations[N].named


def test_c72_blue_servant_in_the_other_room_serves_blue_envoys() -> None:
    game = at_designation()
    designate(game, A, ["thegn"], lock=False)
    use(game, "chevalier_servant_bleu", "sacrifice", target="thegn")
    assert game.pid("chevalier_servant_bleu") in game.state.designations[A].named


def test_d10_substitutions_only_before_the_lock() -> None:
    game = at_designation()
    ids = fill(game, N, ["guillaume", "dame_noble"])
    game.do(game.state.generals[N], {"type": "designate", "targets": ids})
    game.do(game.state.generals[N], {"type": "lock_envoys"})
    for name, power in (("chevalier_saxon", "protection_oath"), ("chevalier_servant_rouge", "sacrifice")):
        reason = power_action(player_view(game.state, game.pid(name)), power)["reason"]
        assert reason == {"fr": "La liste est déjà verrouillée.", "en": "The list is already locked."}  # S21
