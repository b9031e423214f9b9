"""Every power of the play engine's seam, one table row or test per ruling (ids in the test names)."""

from __future__ import annotations

import pytest
from play_helpers import A, Game, N, complete, table

from app.games.deuxrois.cards import (
    ARMURIER,
    ASSASSIN,
    FAUSSAIRE,
    GUILLAUME,
    INFIDELE,
    PROTECTION_DIVINE,
    ROI_DE_FRANCE,
)

# 36 players (every power of this module is dealt); these cards start in Normandie.
NORTH = (1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12, 13, 21, 22, 26, 33, 35)


def big(infidel: str = "blue") -> Game:
    return table(36, normandie=NORTH, infidel=infidel)


def subject(game: Game, name: str) -> bool:
    return game.state.state_of(game.pid(name)).subject


# ------------------------------------------------------------------ Roi de France (L115)
@pytest.mark.parametrize(("partner", "becomes_subject"), [
    ("guillaume", True), ("espion", True), ("pape", False), ("infidele", False), ("emissaire_rouge", False),
], ids=["L115-guillaume", "L115-espion", "L110-pape-immune", "L347-infidele-immune", "C80-emissaire-immune"])
def test_l115_subjugation_and_immunities(partner: str, becomes_subject: bool) -> None:
    game = big()
    complete(game, "roi_de_france", partner)
    assert subject(game, partner) is becomes_subject
    assert not subject(game, "roi_de_france")


def test_a2_a_forcee_undergone_by_the_king_of_france_subjugates_the_forcer() -> None:
    game = big()
    game.do(game.pid("guillaume"), {"type": "use_power", "power": "authority", "target": game.pid("roi_de_france")})
    assert subject(game, "guillaume")


def test_a3_c86_a_public_reveal_subjugates_nobody() -> None:
    game = big()
    game.do(game.pid("roi_de_france"), {"type": "reveal_public"})
    assert not any(cs.subject for cs in game.state.card_states.values())


# ------------------------------------------------------------------ Armurier (L230, C14)
def test_l230_c14_armurier_arms_the_assassin_and_the_flag_travels_with_card_5() -> None:
    game = big()
    assert not game.state.card_state(ASSASSIN).armed
    complete(game, "armurier", "assassin")
    assert game.state.card_state(ASSASSIN).armed
    old = game.pid("assassin")
    complete(game, "faussaire", "assassin")  # the Assassin's card goes to the Faussaire's holder
    assert game.state.cards[game.pid("faussaire")] == ASSASSIN and game.state.card_state(ASSASSIN).armed
    assert game.state.cards[old] == FAUSSAIRE


def test_l230_a_couleur_does_not_arm() -> None:
    game = big()
    game.do(game.pid("armurier"), {"type": "request_reveal", "target": game.pid("assassin"), "kind": "couleur"})
    game.do(game.pid("assassin"), {"type": "answer_reveal", "request_id": next(iter(game.state.requests)),
                                   "accept": True})
    assert not game.state.card_state(ASSASSIN).armed


# ------------------------------------------------------------------ Infidèle (L346, C28)
@pytest.mark.parametrize(("start", "partners", "colour"), [
    ("blue", ["guillaume"], "red"), ("red", ["harold"], "blue"), ("blue", ["protection_divine"], "red"),
    ("red", ["chaman"], "blue"), ("red", ["guillaume", "harold"], "blue"), ("blue", ["harold", "guillaume"], "red"),
    ("red", ["duc_de_bretagne"], "red"),
], ids=["C28-guillaume", "C28-harold", "C28-pd", "C28-chaman", "C28-latest-blue", "C28-latest-red", "C28-other"])
def test_c28_infidele_conversion(start: str, partners: list[str], colour: str) -> None:
    game = table(36, normandie=(*NORTH, 4), infidel=start)
    for partner in partners:
        complete(game, "infidele", partner)
    assert game.state.card_state(INFIDELE).infidel_colour == colour


# ------------------------------------------------------------------ Faussaire (L340-341, C35-C40, C37, A13)
def test_c37_faussaire_swap_first_cancels_the_subjugation() -> None:
    game = big()
    faussaire, king = game.pid("faussaire"), game.pid("roi_de_france")
    game.do(king, {"type": "reveal_public"})  # spends nothing; just to prove uses are refreshed below
    complete(game, "faussaire", "roi_de_france")
    assert game.state.cards[faussaire] == ROI_DE_FRANCE and game.state.cards[king] == FAUSSAIRE
    assert not any(cs.subject for cs in game.state.card_states.values())


@pytest.mark.parametrize(("kind", "swaps"), [("complete", True), ("couleur", True)], ids=["C35-complete", "C35-couleur"])
def test_c35_faussaire_swaps_on_mutual_reveals(kind: str, swaps: bool) -> None:
    game = big()
    faussaire, duc = game.pid("faussaire"), game.pid("guillaume")
    game.do(faussaire, {"type": "request_reveal", "target": duc, "kind": kind})
    game.do(duc, {"type": "answer_reveal", "request_id": next(iter(game.state.requests)), "accept": True})
    assert (game.state.cards[duc] == FAUSSAIRE) is swaps


def test_c35_privee_by_the_faussaire_swaps_but_privee_to_him_does_not() -> None:
    game = big()
    faussaire, espion = game.pid("faussaire"), game.pid("espion")
    game.do(espion, {"type": "reveal_private", "target": faussaire})
    assert game.state.cards[faussaire] == FAUSSAIRE
    game.do(faussaire, {"type": "reveal_private", "target": espion})
    assert game.state.cards[espion] == FAUSSAIRE and game.state.cards[faussaire] == 9


def test_c35_a_public_reveal_by_the_faussaire_swaps_nothing() -> None:
    game = big()
    game.do(game.pid("faussaire"), {"type": "reveal_public"})
    assert game.state.cards[game.pid("faussaire")] == FAUSSAIRE


def test_c40_emissaire_is_immune_to_the_swap() -> None:
    game = big()
    complete(game, "faussaire", "emissaire_rouge")
    assert game.state.cards[game.pid("faussaire")] == FAUSSAIRE


def test_l341_a13_forced_showing_swaps_and_the_new_holder_may_use_the_power_again() -> None:
    game = big()
    guillaume, faussaire = game.pid("guillaume"), game.pid("faussaire")
    game.do(guillaume, {"type": "use_power", "power": "authority", "target": faussaire})
    assert game.state.cards[faussaire] == GUILLAUME and game.state.cards[guillaume] == FAUSSAIRE
    assert game.state.card_state(GUILLAUME).round_uses("authority") == 0  # refreshed (L341)
    game.do(faussaire, {"type": "use_power", "power": "authority", "target": game.pid("espion")})
    err = game.refused(faussaire, {"type": "use_power", "power": "authority", "target": game.pid("pape")})
    assert err.code == "power_unavailable"


# ------------------------------------------------------------------ Protection Divine weakness (L124)
def test_l124_pd_moves_at_once_after_a_complete_with_the_chaman() -> None:
    game = big()
    pd = game.pid("protection_divine")
    complete(game, "chaman", "protection_divine")
    assert game.room(pd) is A
    moved = [e for e in game.log if e.type == "player_moved"]
    assert moved[-1].player_id == pd and moved[-1].reason == "pd_weakness"
    assert game.state.cards[pd] == PROTECTION_DIVINE


def test_d7_pd_general_moved_by_his_weakness_vacates_the_office() -> None:
    game = big()
    game.until("E", 1)
    game.do("moderator", {"type": "mod_set_general", "room": "normandie", "player": game.pid("protection_divine")})
    game.do("moderator", {"type": "mod_set_general", "room": "angleterre", "player": game.state.present(A)[0]})
    complete(game, "chaman", "protection_divine")
    assert game.state.generals[N] is None and game.state.elections[N].open  # immediate re-vote (D7)


# ------------------------------------------------------------------ Espion, Troubadour (C30, C32)
def test_c30_espion_banks_half_a_point_per_distinct_partner() -> None:
    game = big()
    complete(game, "espion", "guillaume")
    complete(game, "guillaume", "espion")
    complete(game, "espion", "pape")
    cs = game.state.state_of(game.pid("espion"))
    assert cs.banked == 1.0 and len(cs.partners) == 2


def test_c32_troubadour_once_per_principal() -> None:
    game = big()
    for partner in ("guillaume", "guillaume", "harold", "pape", "espion"):
        complete(game, "troubadour", partner)
    cs = game.state.state_of(game.pid("troubadour"))
    assert cs.banked == 3 and cs.met_principals == frozenset({1, 2, 26})


# ------------------------------------------------------------------ Autorité, Confession (L94, L189, C69)
@pytest.mark.parametrize(("forcer", "power"), [("guillaume", "authority"), ("harold", "authority"),
                                               ("pretre_rouge", "confession")], ids=["L94", "L100", "L189"])
def test_forcee_is_a_complete_the_target_cannot_refuse(forcer: str, power: str) -> None:
    game = big()
    target = game.pid("espion")  # 33 is in NORTH with the kings
    game.do(game.pid(forcer), {"type": "use_power", "power": power, "target": target})
    snap = game.state.knowledge[target][-1]
    assert snap.kind == "forcee" and snap.subject == game.pid(forcer)
    assert game.state.knowledge[game.pid(forcer)][-1].card == 9
    err = game.refused(game.pid(forcer), {"type": "use_power", "power": power, "target": game.pid("pape")})
    assert err.code == "power_unavailable"  # once per round


def test_c69_forcee_targets() -> None:
    game = big()
    guillaume = game.pid("guillaume")
    for target, code in (("emissaire_rouge", "immune"), ("duc_de_bretagne", "other_room"),
                         ("guillaume", "self_target")):
        err = game.refused(guillaume, {"type": "use_power", "power": "authority", "target": game.pid(target)})
        assert err.code == code
    assert game.refused(game.pid("espion"), {"type": "use_power", "power": "authority",
                                             "target": guillaume}).code == "power_unavailable"


def test_authority_windows_are_n_e_d_only() -> None:
    game = big()
    game.until("X", 1)
    holder = game.holder(GUILLAUME)
    others = [p for p in game.state.present(game.room(holder)) if p != holder]
    err = game.refused(holder, {"type": "use_power", "power": "authority", "target": others[0]})
    assert err.code == "power_unavailable"


# ------------------------------------------------------------------ Émissaire free passage (C79)
def test_c79_free_passage_in_negotiation_with_a_public_reveal_in_the_room_left() -> None:
    game = big()
    emissaire = game.pid("emissaire_rouge")
    witnesses = [p for p in game.state.present(N) if p != emissaire]
    game.do(emissaire, {"type": "use_power", "power": "free_passage"})
    assert game.room(emissaire) is A
    assert all(game.state.knowledge[p][-1].card == 13 for p in witnesses)
    assert all(not game.state.knowledge[p] for p in game.state.present(A) if p != emissaire)
    game.do(emissaire, {"type": "use_power", "power": "free_passage"})  # unlimited
    assert game.room(emissaire) is N
    game.tick()
    assert game.refused(emissaire, {"type": "use_power", "power": "free_passage"}).code == "power_unavailable"


# ------------------------------------------------------------------ Sang Royal (L134, C75)
def test_c75_usurpation_after_the_result_and_no_displacement() -> None:
    game = big()
    rouge, bleu = game.pid("sang_royal_rouge"), game.pid("sang_royal_bleu")
    assert game.refused(rouge, {"type": "use_power", "power": "usurp"}).code == "power_unavailable"
    game.until("E", 1)
    assert game.refused(rouge, {"type": "use_power", "power": "usurp"}).code == "power_unavailable"
    game.tick()  # nobody voted: draws; now in D
    if game.state.generals[N] == rouge:
        pytest.skip("drawn général")
    game.do(rouge, {"type": "use_power", "power": "usurp"})
    assert game.state.generals[N] == rouge
    assert all(game.state.knowledge[p][-1].card == 7 for p in game.state.present(N) if p != rouge)
    err = game.refused(bleu, {"type": "use_power", "power": "usurp"})
    assert err.code == "power_unavailable" and "usurp" in err.message.en
    game.until("N", 2)
    assert game.refused(rouge, {"type": "use_power", "power": "usurp"}).code == "power_unavailable"


def test_usurper_on_the_list_comes_off_it() -> None:
    game = big()
    game.until("E", 1)
    game.tick()
    general = game.state.generals[N]
    rouge = game.pid("sang_royal_rouge")
    if general is None or general == rouge:
        pytest.skip("drawn général")
    game.do(general, {"type": "designate", "targets": [rouge]})
    game.do(rouge, {"type": "use_power", "power": "usurp"})
    assert rouge not in game.state.designations[N].named


def test_powers_of_an_other_card_are_refused() -> None:
    game = big()
    err = game.refused(game.pid("espion"), {"type": "use_power", "power": "free_passage"})
    assert err.code == "power_unavailable"
    assert ARMURIER == 6
