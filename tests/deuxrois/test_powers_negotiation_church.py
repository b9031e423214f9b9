"""Negotiation powers of the Church and the Crown: Pape (26), Chancelier (36), Moine (25). Ruling ids in test names."""

from __future__ import annotations

import pytest
from play_helpers import A, Game, N, answer, complete, prompts, table

from app.games.deuxrois.cards import GUILLAUME, MOINE
from app.games.deuxrois.powers.registry import holders, powers_of
from app.games.deuxrois.views import player_view

# 50 players, every card dealt; these cards start in Normandie, the others in Angleterre.
NORTH = (1, 2, 5, 6, 9, 10, 13, 15, 19, 21, 22, 25, 26, 27, 31, 35, 36, 37, 41, 42, 44, 45, 50)


def big() -> Game:
    return table(50, normandie=NORTH)


def status(game: Game, name: str) -> tuple[bool, bool, bool, bool]:
    cs = game.state.state_of(game.pid(name))
    return cs.subject, cs.blessed, cs.pope_faithful, cs.subject_locked


def bless(game: Game, target: str, choice: str, pope: str = "pape") -> None:
    complete(game, pope, target)
    answer(game, pope, "blessing", "yes")
    answer(game, target, "blessing_answer", choice)


# ------------------------------------------------------------------ Pape: Bénédiction (L106-109)
def test_l107_c26_pape_blessing_frees_a_subject() -> None:
    game = big()
    complete(game, "roi_de_france", "espion")
    assert status(game, "espion") == (True, False, False, False)
    complete(game, "pape", "espion")
    (offer,) = prompts(game, "pape", "blessing")
    assert offer.options == ("yes", "no") and offer.data["target"] == game.pid("espion")
    answer(game, "pape", "blessing", "yes")
    (question,) = prompts(game, "espion", "blessing_answer")
    assert question.options == ("refuse", "bless", "adopt")
    view = player_view(game.state, game.pid("espion"))
    assert [p["kind"] for p in view["prompts"]] == ["blessing_answer"]
    assert any(a["type"] == "answer_prompt" and a["kind"] == "blessing_answer" for a in view["actions"])
    answer(game, "espion", "blessing_answer", "bless")
    assert status(game, "espion") == (False, True, False, False)


def test_c27_c24_adoption_is_irrevocable_and_survives_a_new_subjugation() -> None:
    game = big()
    bless(game, "guillaume", "adopt")
    assert status(game, "guillaume") == (False, True, True, False)
    complete(game, "roi_de_france", "guillaume")  # C24: a blessed player is not immune
    assert status(game, "guillaume") == (True, True, True, False)
    bless(game, "guillaume", "bless")  # re-blessed: freed, still faithful (C24)
    assert status(game, "guillaume") == (False, True, True, False)


def test_l109_c26_a_refusal_is_renewed_after_a_new_complete() -> None:
    game = big()
    bless(game, "espion", "refuse")
    assert status(game, "espion") == (False, False, False, False)
    complete(game, "espion", "pape")
    assert prompts(game, "pape", "blessing")  # C85: one offer per complète


def test_c26_the_pope_may_decline_and_no_question_reaches_the_partner() -> None:
    game = big()
    complete(game, "pape", "espion")
    answer(game, "pape", "blessing", "no")
    assert not prompts(game, "espion", "blessing_answer") and status(game, "espion")[1] is False


def test_c85_no_duplicate_offer_while_one_is_pending() -> None:
    game = big()
    complete(game, "pape", "espion")
    complete(game, "espion", "pape")
    assert len(prompts(game, "pape", "blessing")) == 1


def test_c25_the_offer_stays_open_until_the_end_of_the_round() -> None:
    game = big()
    complete(game, "roi_de_france", "espion")
    complete(game, "pape", "espion")
    game.until("D", 1)
    answer(game, "pape", "blessing", "yes")  # still open after the negotiation
    answer(game, "espion", "blessing_answer", "bless")
    assert status(game, "espion")[:2] == (False, True)
    complete_pope_offer = big()
    complete(complete_pope_offer, "pape", "espion")
    complete_pope_offer.until("N", 2)
    assert not prompts(complete_pope_offer, "pape", "blessing")  # lapsed with the round


def test_l110_the_pope_himself_is_never_a_subject_and_a_faithful_free_player_is_not_offered_again() -> None:
    game = big()
    bless(game, "espion", "adopt")
    complete(game, "pape", "espion")
    assert not prompts(game, "pape", "blessing")  # nothing left to gain (C24)


def test_c80_an_emissaire_may_accept_a_blessing() -> None:
    game = big()
    bless(game, "emissaire_rouge", "adopt")
    assert status(game, "emissaire_rouge")[2] is True


# ------------------------------------------------------------------ Chancelier: Confirmation (L357, C77)
def test_l357_c77_chancelier_locks_a_subject_who_can_then_no_longer_be_blessed() -> None:
    game = big()
    complete(game, "roi_de_france", "espion")
    complete(game, "chancelier", "espion")
    answer(game, "chancelier", "confirm", "yes")
    assert status(game, "espion") == (True, False, False, True)
    complete(game, "pape", "espion")
    assert not prompts(game, "pape", "blessing")


def test_c77_only_after_a_complete_with_someone_already_subject() -> None:
    game = big()
    complete(game, "chancelier", "espion")
    assert not prompts(game, "chancelier", "confirm")


def test_l357_a_lock_set_while_the_blessing_is_pending_voids_it() -> None:
    game = big()
    complete(game, "roi_de_france", "espion")
    complete(game, "pape", "espion")
    answer(game, "pape", "blessing", "yes")
    complete(game, "chancelier", "espion")
    answer(game, "chancelier", "confirm", "yes")
    answer(game, "espion", "blessing_answer", "adopt")
    assert status(game, "espion") == (True, False, False, True)


def test_confirmation_once_per_round_and_again_next_round() -> None:
    game = big()
    complete(game, "roi_de_france", "espion")
    complete(game, "roi_de_france", "guillaume")
    complete(game, "chancelier", "espion")
    answer(game, "chancelier", "confirm", "yes")
    complete(game, "chancelier", "guillaume")
    assert not prompts(game, "chancelier", "confirm")
    game.until("N", 2)
    if game.room(game.pid("chancelier")) is game.room(game.pid("guillaume")):
        complete(game, "chancelier", "guillaume")
        answer(game, "chancelier", "confirm", "yes")
        assert status(game, "guillaume")[3] is True


def test_confirm_prompt_lapses_at_the_end_of_the_negotiation() -> None:
    game = big()
    complete(game, "roi_de_france", "espion")
    complete(game, "chancelier", "espion")
    game.tick()  # N -> E
    assert not prompts(game, "chancelier", "confirm")


# ------------------------------------------------------------------ Moine: Copie (L352, C76, C78)
def test_c78_moine_copies_the_king_of_france_and_subjugates() -> None:
    game = big()
    complete(game, "moine", "roi_de_france")
    assert status(game, "moine")[0] is True  # C78: the Moine is not immune to the RdF
    (offer,) = prompts(game, "moine", "copy")
    assert offer.options == ("subjugation", "royal_refusal", "no")
    answer(game, "moine", "copy", "subjugation")
    complete(game, "moine", "espion")
    assert status(game, "espion")[0] is True


def test_c76_the_copy_expires_at_the_arrival_of_this_round() -> None:
    game = big()
    complete(game, "moine", "guillaume")
    answer(game, "moine", "copy", "authority")
    moine = game.pid("moine")
    assert "authority" in {p.key for p in powers_of(game.state, moine)}
    game.until("X", 1)
    assert "authority" in {p.key for p in powers_of(game.state, moine)}
    game.until("A", 1)
    assert "authority" not in {p.key for p in powers_of(game.state, moine)}
    assert game.state.cards[moine] == MOINE


def test_c76_a_copied_active_power_shows_in_the_views_and_is_counted() -> None:
    game = big()
    complete(game, "moine", "guillaume")
    answer(game, "moine", "copy", "authority")
    moine = game.pid("moine")
    action = next(a for a in player_view(game.state, moine)["actions"] if a.get("power") == "authority")
    assert action["available"] and game.pid("espion") in action["targets"]
    game.do(moine, {"type": "use_power", "power": "authority", "target": game.pid("espion")})
    assert game.state.knowledge[game.pid("espion")][-1].card == MOINE
    action = next(a for a in player_view(game.state, moine)["actions"] if a.get("power") == "authority")
    assert not action["available"] and action["reason"]["en"] == "Already used this round."


def test_c76_one_copy_at_a_time() -> None:
    game = big()
    complete(game, "moine", "guillaume")
    answer(game, "moine", "copy", "authority")
    complete(game, "moine", "pape")
    answer(game, "moine", "copy", "blessing")
    keys = {p.key for p in powers_of(game.state, game.pid("moine"))}
    assert "blessing" in keys and "authority" not in keys


def test_l352_copying_the_pope_blesses() -> None:
    game = big()
    complete(game, "roi_de_france", "espion")
    complete(game, "moine", "pape")
    answer(game, "moine", "copy", "blessing")
    bless(game, "espion", "bless", pope="moine")
    assert status(game, "espion")[:2] == (False, True)


@pytest.mark.parametrize("partner", ["espion", "faussaire", "diplomate_secret_rouge", "capitaine_mercenaire"],
                         ids=["C76-passive-only", "C37-faussaire-swaps-first", "C76-treaty-not-copied",
                              "C76-contract-not-copied"])
def test_c76_nothing_to_copy(partner: str) -> None:
    game = big()
    complete(game, "moine", partner)
    moine_now = game.state.holder(MOINE)
    assert moine_now is not None
    assert not [p for p in game.state.prompts.values() if p.kind == "copy"]


def test_c76_the_copy_travels_with_card_25_but_not_beyond_the_round() -> None:
    game = big()
    complete(game, "moine", "guillaume")
    answer(game, "moine", "copy", "authority")
    cs = game.state.card_state(MOINE)
    assert (cs.copied_power, cs.copied_from, cs.copied_round) == ("authority", GUILLAUME, 1)
    # Who holds the power, as the audience asks it: the Moine too while his copy lasts.
    assert {game.holder(MOINE), game.holder(GUILLAUME)} <= holders(game.state, "authority")
    game.until("N", 2)
    assert all(p.key != "authority" for p in powers_of(game.state, game.holder(MOINE)))
    assert game.holder(MOINE) not in holders(game.state, "authority")
    assert game.room(game.pid("moine")) in (N, A)


def test_blessing_windows_n_to_a_a_forcee_in_the_election_is_offered() -> None:
    game = big()
    game.tick()  # E
    game.do(game.pid("guillaume"), {"type": "use_power", "power": "authority", "target": game.pid("pape")})
    answer(game, "pape", "blessing", "yes")
    answer(game, "guillaume", "blessing_answer", "bless")
    assert status(game, "guillaume")[1] is True


def test_c76_a_moine_copy_is_offered_only_in_the_negotiation() -> None:
    game = big()
    game.tick()  # E
    game.do(game.pid("guillaume"), {"type": "use_power", "power": "authority", "target": game.pid("moine")})
    assert not prompts(game, "moine", "copy")


def test_views_say_why_an_after_complete_power_is_not_offered_now() -> None:
    game = big()
    chancelier = game.pid("chancelier")

    def reason(name: str, key: str) -> str | None:
        power = next(p for p in player_view(game.state, game.pid(name))["me"]["powers"] if p["key"] == key)
        assert not power["usable"]
        return None if power["reason"] is None else str(power["reason"]["en"])

    assert reason("chancelier", "confirm") == "Offered after a complète."
    assert reason("pape", "blessing") == "Offered after a complète."
    assert reason("roi_de_france", "subjugation") is None  # automatic
    complete(game, "roi_de_france", "espion")
    complete(game, "chancelier", "espion")
    game.do(chancelier, {"type": "answer_prompt", "prompt_id": prompts(game, "chancelier", "confirm")[0].id,
                         "choice": "yes"})
    assert reason("chancelier", "confirm") == "Already used this round."
    game.tick()  # E: the Moine's copy is a window-N power
    assert reason("moine", "copy") == "Not during this phase."


def test_c17_c27_an_adopter_scores_as_a_faithful_on_peace() -> None:
    from app.games.deuxrois.ending import final_result

    game = big()
    bless(game, "dame_noble", "adopt")
    result = final_result(game.state)  # Pope, Guillaume, Harold and the RdF all in Normandie
    assert result["outcome"] == "PEACE" and result["points"][game.pid("dame_noble")] == 5  # 35-50 players (L83)
    bless(game, "espion", "adopt")
    assert final_result(game.state)["points"][game.pid("espion")] == 5.5  # banked points are kept (C27)
