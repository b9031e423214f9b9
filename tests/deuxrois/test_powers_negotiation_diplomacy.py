"""Negotiation powers of the diplomats: Négociateur (31/32), Diplomate Royal (37/38), Interprète (45),
Diplomates Secrets (41/42). Ruling ids in test names."""

from __future__ import annotations

import pytest
from play_helpers import Game, answer, complete, prompts, table

from app.games.deuxrois.cards import ASSASSIN, ESPION, FAUSSAIRE
from app.games.deuxrois.powers.diplomacy import sessions
from app.games.deuxrois.views import player_view
from app.kernel.actor import Actor

# 50 players, every card dealt; these cards start in Normandie, the others in Angleterre.
NORTH = (1, 2, 5, 6, 9, 10, 13, 15, 19, 21, 22, 25, 26, 27, 31, 32, 35, 36, 37, 41, 42, 44, 45, 50)


def big() -> Game:
    return table(50, normandie=NORTH)


def card(game: Game, name: str) -> int:
    return game.state.cards[game.pid(name)]


def use(game: Game, name: str, power: str, **extra: object) -> None:
    game.do(game.pid(name), {"type": "use_power", "power": power, **extra})


def power_action(game: Game, name: str, power: str) -> dict[str, object]:
    return next(a for a in player_view(game.state, game.pid(name))["actions"] if a.get("power") == power)


# ------------------------------------------------------------------ Négociateur: Pacte d'alliance (L182-184)
def test_l182_c67_pact_swaps_cards_state_travels_and_uses_are_refreshed() -> None:
    game = big()
    complete(game, "espion", "guillaume")  # the Espion's card banks 0.5
    complete(game, "negociateur_rouge", "espion")
    answer(game, "negociateur_rouge", "pact", "yes")
    (question,) = prompts(game, "espion", "pact_answer")
    assert question.options == ("accept", "refuse")
    answer(game, "espion", "pact_answer", "accept")
    assert card(game, "negociateur_rouge") == ESPION and card(game, "espion") == 31
    assert game.state.state_of(game.pid("negociateur_rouge")).banked == 1.0  # 0.5 + the pact complète: travels
    assert "pact" not in game.state.card_state(31).used_game  # C67: usable again by its new holder
    complete(game, "espion", "guillaume")  # the new Négociateur
    assert prompts(game, "espion", "pact")


def test_l182_a_refusal_does_not_use_up_the_pact() -> None:
    game = big()
    complete(game, "negociateur_rouge", "espion")
    answer(game, "negociateur_rouge", "pact", "yes")
    answer(game, "espion", "pact_answer", "refuse")
    assert card(game, "espion") == ESPION and "pact" not in game.state.card_state(31).used_game
    complete(game, "negociateur_rouge", "guillaume")
    answer(game, "negociateur_rouge", "pact", "yes")
    answer(game, "guillaume", "pact_answer", "accept")
    assert card(game, "negociateur_rouge") == 1


def test_c68_an_emissaire_may_consent_to_the_pact() -> None:
    game = big()
    complete(game, "negociateur_rouge", "emissaire_rouge")
    answer(game, "negociateur_rouge", "pact", "yes")
    answer(game, "emissaire_rouge", "pact_answer", "accept")
    assert card(game, "negociateur_rouge") == 13


def test_pact_once_per_game_for_the_old_holder() -> None:
    game = big()
    complete(game, "negociateur_rouge", "negociateur_bleu")  # two Négociateurs: both are offered
    answer(game, "negociateur_rouge", "pact", "yes")
    answer(game, "negociateur_bleu", "pact_answer", "accept")
    # the swap refreshed both cards; the ex-rouge now holds 32 and may propose with it (C67)
    assert card(game, "negociateur_rouge") == 32 and card(game, "negociateur_bleu") == 31


def test_pact_offers_lapse_with_the_negotiation() -> None:
    game = big()
    complete(game, "negociateur_rouge", "espion")
    game.tick()
    assert not prompts(game, "negociateur_rouge", "pact")


# ------------------------------------------------------------------ Diplomate Royal: Conseil secret (L194)
def test_l194_a4_council_three_pairwise_forcees_with_every_trigger() -> None:
    game = big()
    diplomate, armurier, assassin = game.pid("diplomate_royal_rouge"), game.pid("armurier"), game.pid("assassin")
    action = power_action(game, "diplomate_royal_rouge", "secret_council")
    assert action["available"] and action["quota"] == 2
    use(game, "diplomate_royal_rouge", "secret_council", targets=[armurier, assassin])
    assert game.state.card_state(ASSASSIN).armed  # the A-B pair fired the arming (§3.3-1)
    assert {s.card for s in game.state.knowledge[diplomate]} == {5, 6}
    assert {s.card for s in game.state.knowledge[armurier]} == {37, 5}
    assert all(s.kind == "forcee" for s in game.state.knowledge[assassin])
    err = game.refused(diplomate, {"type": "use_power", "power": "secret_council",
                                   "targets": [game.pid("espion"), game.pid("guillaume")]})
    assert err.code == "power_unavailable"  # once per game


@pytest.mark.parametrize(("targets", "code"), [
    (["espion", "emissaire_rouge"], "immune"), (["espion", "duc_de_bretagne"], "other_room"),
    (["espion"], "two_targets"), (["espion", "espion"], "two_targets"),
    (["espion", "diplomate_royal_rouge"], "self_target"),
], ids=["C69-emissaire", "C69-other-room", "one-target", "same-twice", "self"])
def test_c69_council_targets(targets: list[str], code: str) -> None:
    game = big()
    err = game.refused(game.pid("diplomate_royal_rouge"), {"type": "use_power", "power": "secret_council",
                                                             "targets": [game.pid(t) for t in targets]})
    assert err.code == code


def test_c36_in_the_council_the_faussaire_swaps_with_the_diplomate_only() -> None:
    game = big()
    diplomate, faussaire, espion = game.pid("diplomate_royal_rouge"), game.pid("faussaire"), game.pid("espion")
    use(game, "diplomate_royal_rouge", "secret_council", targets=[faussaire, espion])
    assert game.state.cards[diplomate] == FAUSSAIRE and game.state.cards[faussaire] == 37
    assert game.state.cards[espion] == ESPION


def test_c36_council_with_the_king_of_france_subjugates_both_others() -> None:
    game = big()
    use(game, "diplomate_royal_rouge", "secret_council", targets=[game.pid("roi_de_france"), game.pid("espion")])
    assert game.state.state_of(game.pid("diplomate_royal_rouge")).subject
    assert game.state.state_of(game.pid("espion")).subject


# ------------------------------------------------------------------ Interprète: Traduction (L212, C71)
def test_l212_c71_interprete_joins_a_complete_within_30_s() -> None:
    game = big()
    interprete, espion, king = game.pid("interprete"), game.pid("espion"), game.pid("roi_de_france")
    complete(game, "espion", "roi_de_france")
    action = power_action(game, "interprete", "translation")
    assert action["available"] and set(action["targets"]) == {espion, king}
    assert action["sessions"] == [{"players": [espion, king], "until_ms": 30_000}]
    game.now += 29_000
    use(game, "interprete", "translation", target=espion)
    assert {s.card for s in game.state.knowledge[interprete]} == {9, 35}
    assert game.state.knowledge[espion][-1].card == 45 and game.state.knowledge[king][-1].card == 45
    assert game.state.state_of(interprete).subject  # the I-RdF pair fired the subjugation
    assert game.state.state_of(espion).banked == 1.0  # two distinct partners
    assert not power_action(game, "interprete", "translation")["available"]  # joined: no session left


def test_c71_too_late_after_30_s() -> None:
    game = big()
    complete(game, "espion", "guillaume")
    game.now += 30_001
    err = game.refused(game.pid("interprete"), {"type": "use_power", "power": "translation",
                                                 "target": game.pid("espion")})
    assert err.code == "no_session"


def test_c71_three_per_round() -> None:
    game = big()
    for a, b in (("espion", "guillaume"), ("harold", "pape"), ("armurier", "assassin"), ("moine", "chancelier")):
        complete(game, a, b)
    for target in ("espion", "harold", "armurier"):
        use(game, "interprete", "translation", target=game.pid(target))
    err = game.refused(game.pid("interprete"), {"type": "use_power", "power": "translation",
                                                 "target": game.pid("moine")})
    assert err.code == "power_unavailable"
    assert power_action(game, "interprete", "translation")["reason"]["en"] == "Already used this round."


def test_c71_only_in_his_room_and_not_with_an_emissaire() -> None:
    game = big()
    complete(game, "duc_de_bretagne", "sang_royal_bleu")  # Angleterre
    complete(game, "emissaire_rouge", "guillaume")  # C69: the Émissaire is immune to forcées
    action = power_action(game, "interprete", "translation")
    assert not action["available"] and action["targets"] == []
    err = game.refused(game.pid("interprete"), {"type": "use_power", "power": "translation",
                                                 "target": game.pid("guillaume")})
    assert err.code == "immune"  # the session exists; the forcée on the Émissaire is refused as every forcée (S21)


def test_c36_a_faussaire_in_the_session_swaps_with_the_interprete_only() -> None:
    game = big()
    interprete, faussaire, espion = game.pid("interprete"), game.pid("faussaire"), game.pid("espion")
    complete(game, "faussaire", "espion")  # the session itself: a swap, the Espion's holder now holds 21
    assert game.state.cards[espion] == FAUSSAIRE and game.state.cards[faussaire] == ESPION
    use(game, "interprete", "translation", target=faussaire)
    assert game.state.cards[interprete] == FAUSSAIRE and game.state.cards[espion] == 45
    assert game.state.cards[faussaire] == ESPION  # one swap, with the Interprète only


# ------------------------------------------------------------------ Diplomates Secrets: Traité (L203-207, C43)
def treaty_stage(game: Game) -> tuple[str, str]:
    return game.state.card_state(41).treaty, game.state.card_state(42).treaty


def test_l205_c43_the_treaty_stage_machine_kept_in_step_on_both_cards() -> None:
    game = big()
    complete(game, "diplomate_secret_rouge", "diplomate_secret_bleu")
    assert prompts(game, "diplomate_secret_rouge", "treaty") and prompts(game, "diplomate_secret_bleu", "treaty")
    answer(game, "diplomate_secret_bleu", "treaty", "yes")  # either may initiate (C43)
    assert treaty_stage(game) == ("initiated", "initiated")
    assert not prompts(game, "diplomate_secret_rouge", "treaty")  # the other offer is closed
    complete(game, "diplomate_secret_rouge", "guillaume")
    assert treaty_stage(game) == ("red_king", "red_king")
    complete(game, "diplomate_secret_bleu", "guillaume")  # the wrong king for 42: no step
    assert treaty_stage(game) == ("red_king", "red_king")
    complete(game, "harold", "diplomate_secret_bleu")
    assert treaty_stage(game) == ("complete", "complete")
    cs = game.state.card_state(42)
    assert cs.treaty_red_king and cs.treaty_blue_king


def test_c43_king_completes_before_the_initiation_do_not_count() -> None:
    game = big()
    complete(game, "diplomate_secret_rouge", "guillaume")
    complete(game, "diplomate_secret_bleu", "harold")
    complete(game, "diplomate_secret_rouge", "diplomate_secret_bleu")
    answer(game, "diplomate_secret_rouge", "treaty", "yes")
    assert treaty_stage(game) == ("initiated", "initiated")
    complete(game, "harold", "diplomate_secret_bleu")
    assert treaty_stage(game) == ("blue_king", "blue_king")


def test_c43_declined_then_offered_again_after_a_new_complete() -> None:
    game = big()
    complete(game, "diplomate_secret_rouge", "diplomate_secret_bleu")
    answer(game, "diplomate_secret_rouge", "treaty", "no")
    answer(game, "diplomate_secret_bleu", "treaty", "no")
    assert treaty_stage(game) == ("none", "none")
    complete(game, "diplomate_secret_bleu", "diplomate_secret_rouge")
    answer(game, "diplomate_secret_rouge", "treaty", "yes")
    assert treaty_stage(game) == ("initiated", "initiated")


def test_treaty_not_offered_after_a_complete_with_anyone_else() -> None:
    game = big()
    complete(game, "diplomate_secret_rouge", "espion")
    assert not prompts(game, "diplomate_secret_rouge", "treaty")


def test_c71_a_session_named_by_both_players_and_listed_once() -> None:
    game = big()
    espion, guillaume = game.pid("espion"), game.pid("guillaume")
    complete(game, "espion", "guillaume")
    complete(game, "guillaume", "espion")
    assert power_action(game, "interprete", "translation")["sessions"] == [
        {"players": [guillaume, espion], "until_ms": 30_000}]
    use(game, "interprete", "translation", targets=[espion, guillaume])
    assert {s.card for s in game.state.knowledge[game.pid("interprete")]} == {1, 9}
    assert game.state.state_of(game.pid("interprete")).round_uses("translation") == 1


def test_c69_c73_no_council_with_a_neutralised_armurier() -> None:
    game = big()
    complete(game, "maitre_d_armes", "armurier")
    answer(game, "maitre_d_armes", "neutralise", "yes")
    armurier = game.pid("armurier")
    assert armurier not in power_action(game, "diplomate_royal_rouge", "secret_council")["targets"]  # type: ignore[operator]
    err = game.refused(game.pid("diplomate_royal_rouge"), {"type": "use_power", "power": "secret_council",
                                                             "targets": [armurier, game.pid("espion")]})
    assert err.code == "reveal_blocked"


def test_council_unavailable_outside_the_negotiation_with_a_reason() -> None:
    game = big()
    game.tick()
    action = power_action(game, "diplomate_royal_rouge", "secret_council")
    assert not action["available"] and action["reason"]["en"] == "Not during this phase."  # type: ignore[index]


def test_a2_a_forcee_opens_the_pact_offer_too() -> None:
    game = big()
    game.do(game.pid("guillaume"), {"type": "use_power", "power": "authority", "target": game.pid("negociateur_rouge")})
    assert prompts(game, "negociateur_rouge", "pact")
    view = player_view(game.state, game.pid("negociateur_rouge"))
    assert view["prompts"][0]["about"]["id"] == game.pid("guillaume")


def test_c41_a_completed_treaty_scores_six_each_whatever_the_result() -> None:
    from app.games.deuxrois.ending import final_result

    game = big()
    complete(game, "diplomate_secret_rouge", "diplomate_secret_bleu")
    answer(game, "diplomate_secret_rouge", "treaty", "yes")
    complete(game, "diplomate_secret_rouge", "guillaume")
    rouge, bleu = game.pid("diplomate_secret_rouge"), game.pid("diplomate_secret_bleu")
    assert final_result(game.state)["points"][rouge] != 6  # not complete yet
    complete(game, "diplomate_secret_bleu", "harold")
    points = final_result(game.state)["points"]
    assert points[rouge] == 6 and points[bleu] == 6


def test_l298_c70_the_blue_diplomate_royal_in_england() -> None:
    game = big()
    bleu, duc, thegn = game.pid("diplomate_royal_bleu"), game.pid("duc_de_bretagne"), game.pid("thegn")
    use(game, "diplomate_royal_bleu", "secret_council", targets=[duc, thegn])
    assert {s.card for s in game.state.knowledge[bleu]} == {4, 18}
    assert {s.card for s in game.state.knowledge[duc]} == {38, 18}


def test_l286_the_blue_negociateur() -> None:
    game = big()
    complete(game, "negociateur_bleu", "guillaume")
    answer(game, "negociateur_bleu", "pact", "yes")
    answer(game, "guillaume", "pact_answer", "accept")
    assert card(game, "negociateur_bleu") == 1 and card(game, "guillaume") == 32


def test_c71_an_event_older_than_30_s_ends_the_sessions_even_when_the_clock_went_back() -> None:
    """The log is read back from the newest event to the first older than 30 s: a clock set back (a host's
    clock corrected between two taps) hides the complètes under that event, as the rule reads the log."""
    game = big()
    complete(game, "espion", "roi_de_france")
    game.now -= 40_000  # the next tap's clock is 40 s behind the last one's
    game.do(Actor.moderator(), {"type": "mod_note", "text": "horloge"})
    game.now += 41_000
    complete(game, "harold", "pape")
    interprete = game.pid("interprete")
    assert sessions(game.state, interprete) == [(game.pid("harold"), game.pid("pape"), game.now)]
    game.now -= 1_000
    complete(game, "moine", "chancelier")  # the newest complète: above the old note, so still listed
    assert [s[:2] for s in sessions(game.state, interprete)] == [(game.pid("moine"), game.pid("chancelier")),
                                                                 (game.pid("harold"), game.pid("pape"))]
    moine_at = game.now
    game.now -= 40_000
    game.do(Actor.moderator(), {"type": "mod_note", "text": "horloge"})  # on top of them all, 40 s behind
    assert sessions(game.state, interprete, now=moine_at) == []  # the newest event is older than the window
