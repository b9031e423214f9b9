"""Negotiation powers of intrigue: Maître d'Armes (15), Contrebandiers (27/28), Devin (44), Troubadour's song (10),
Capitaine Mercenaire (50). Ruling ids in test names."""

from __future__ import annotations

import pytest
from play_helpers import A, Game, N, answer, complete, prompts, table

from app.games.deuxrois.cards import ASSASSIN, FAUSSAIRE, GUILLAUME
from app.games.deuxrois.views import player_view

# 50 players, every card dealt; these cards start in Normandie, the others in Angleterre.
NORTH = (1, 2, 5, 6, 9, 10, 13, 15, 19, 21, 22, 25, 26, 27, 31, 35, 36, 37, 41, 42, 44, 45, 50)


def big() -> Game:
    return table(50, normandie=NORTH)


def power_action(game: Game, name: str, power: str) -> dict[str, object]:
    return next(a for a in player_view(game.state, game.pid(name))["actions"] if a.get("power") == power)


# ------------------------------------------------------------------ Maître d'Armes: Expertise martiale (L150, C73)
def neutralise(game: Game) -> None:
    complete(game, "maitre_d_armes", "armurier")
    answer(game, "maitre_d_armes", "neutralise", "yes")


def test_l150_c73_a_neutralised_armurier_makes_no_complete_at_all() -> None:
    game = big()
    neutralise(game)
    armurier, assassin = game.pid("armurier"), game.pid("assassin")
    assert game.refused(armurier, {"type": "request_reveal", "target": assassin, "kind": "complete"}).code \
        == "reveal_blocked"
    assert game.refused(assassin, {"type": "request_reveal", "target": armurier, "kind": "complete"}).code \
        == "reveal_blocked"
    err = game.refused(game.pid("guillaume"), {"type": "use_power", "power": "authority", "target": armurier})
    assert err.code == "reveal_blocked"  # C69: no forcée either
    authority = power_action(game, "guillaume", "authority")
    assert armurier not in authority["targets"]  # type: ignore[operator]
    game.do(armurier, {"type": "request_reveal", "target": assassin, "kind": "couleur"})  # colour still possible
    assert not game.state.card_state(ASSASSIN).armed
    view = player_view(game.state, armurier)
    complete_action = next(a for a in view["actions"] if a["type"] == "request_reveal" and a["kind"] == "complete")
    assert assassin not in complete_action["targets"]


def test_c73_the_neutralisation_ends_for_good_once_they_are_separated() -> None:
    game = big()
    neutralise(game)
    armurier = game.pid("armurier")
    game.do("moderator", {"type": "mod_move", "player": armurier, "room": "angleterre"})
    game.do("moderator", {"type": "mod_move", "player": armurier, "room": "normandie"})
    assert game.room(armurier) is game.room(game.pid("maitre_d_armes")) is N
    complete(game, "armurier", "assassin")
    assert game.state.card_state(ASSASSIN).armed


def test_l150_an_already_armed_assassin_stays_armed_and_declining_neutralises_nobody() -> None:
    game = big()
    complete(game, "armurier", "assassin")
    complete(game, "maitre_d_armes", "armurier")
    answer(game, "maitre_d_armes", "neutralise", "no")
    complete(game, "armurier", "espion")
    neutralise(game)
    assert game.state.card_state(ASSASSIN).armed


def test_c73_the_neutralisation_survives_an_undo_of_an_unrelated_move() -> None:
    game = big()
    neutralise(game)
    version = game.state.version
    game.do("moderator", {"type": "mod_move", "player": game.pid("armurier"), "room": "angleterre"})
    game.do("moderator", {"type": "mod_undo", "to_version": version})
    game.do("moderator", {"type": "mod_resume"})
    err = game.refused(game.pid("armurier"), {"type": "request_reveal", "target": game.pid("assassin"),
                                              "kind": "complete"})
    assert err.code == "reveal_blocked"  # the undone move never separated them


# ------------------------------------------------------------------ Contrebandier (L172/L276, C65, C66)
def test_l172_c65_the_smuggler_sends_his_partner_to_the_other_room_once_per_round() -> None:
    game = big()
    espion = game.pid("espion")
    complete(game, "contrebandier_rouge", "espion")
    answer(game, "contrebandier_rouge", "smuggle", "yes")
    assert game.room(espion) is A
    moved = [e for e in game.log if e.type == "player_moved"]
    assert moved[-1].player_id == espion and moved[-1].reason == "smuggle"
    complete(game, "contrebandier_rouge", "guillaume")
    assert not prompts(game, "contrebandier_rouge", "smuggle")  # once per round


@pytest.mark.parametrize("partner", ["emissaire_rouge"], ids=["C65-emissaire-immune"])
def test_c65_immune_partner_is_not_offered(partner: str) -> None:
    game = big()
    complete(game, "contrebandier_rouge", partner)
    assert not prompts(game, "contrebandier_rouge", "smuggle")


def test_c66_d7_the_smuggled_general_vacates_his_office() -> None:
    game = big()
    game.do("moderator", {"type": "mod_set_general", "room": "normandie", "player": game.pid("guillaume")})
    complete(game, "contrebandier_rouge", "guillaume")
    answer(game, "contrebandier_rouge", "smuggle", "yes")
    assert game.room(game.pid("guillaume")) is A and game.state.generals[N] is None


def test_c65_declined_smuggling_keeps_the_use() -> None:
    game = big()
    complete(game, "contrebandier_rouge", "espion")
    answer(game, "contrebandier_rouge", "smuggle", "no")
    complete(game, "contrebandier_rouge", "guillaume")
    answer(game, "contrebandier_rouge", "smuggle", "yes")
    assert game.room(game.pid("guillaume")) is A and game.room(game.pid("espion")) is N


# ------------------------------------------------------------------ Devin: Lecture de pensées (L368, C52)
def test_l368_c52_a_right_guess_banks_two_points_after_a_public_reveal() -> None:
    game = big()
    devin, target = game.pid("devin"), game.pid("guillaume")
    action = power_action(game, "devin", "mind_reading")
    assert action["available"] and target in action["targets"] and "1" in action["choices"]  # type: ignore[operator]
    assert "44" not in action["choices"]  # type: ignore[operator]
    game.do(devin, {"type": "use_power", "power": "mind_reading", "target": target, "choice": "1"})
    assert game.state.state_of(devin).banked == 2
    assert game.state.knowledge[devin][-1].card == GUILLAUME and game.state.knowledge[devin][-1].kind == "privee"
    room = [p for p in game.state.present(N) if p != devin]
    assert all(game.state.knowledge[p][-1].card == 44 for p in room if p != target)  # the Devin's publique
    err = game.refused(devin, {"type": "use_power", "power": "mind_reading", "target": game.pid("harold"),
                               "choice": "2"})
    assert err.code == "power_unavailable"  # once per round


def test_l368_a_wrong_guess_scores_nothing_but_the_target_still_shows() -> None:
    game = big()
    devin = game.pid("devin")
    game.do(devin, {"type": "use_power", "power": "mind_reading", "target": game.pid("harold"), "choice": "1"})
    assert game.state.state_of(devin).banked == 0
    assert game.state.knowledge[devin][-1].card == 2


def test_l368_person_based_never_a_player_he_had_a_complete_with() -> None:
    game = big()
    devin = game.pid("devin")
    complete(game, "devin", "guillaume")
    assert game.pid("guillaume") not in power_action(game, "devin", "mind_reading")["targets"]  # type: ignore[operator]
    err = game.refused(devin, {"type": "use_power", "power": "mind_reading", "target": game.pid("guillaume"),
                               "choice": "1"})
    assert err.code == "already_met"


def test_c35_c52_the_faussaire_swaps_first_and_no_point_is_scored() -> None:
    game = big()
    devin, faussaire = game.pid("devin"), game.pid("faussaire")
    game.do(devin, {"type": "use_power", "power": "mind_reading", "target": faussaire, "choice": "21"})
    assert game.state.cards[devin] == FAUSSAIRE and game.state.cards[faussaire] == 44
    assert game.state.card_state(44).banked == 0 and game.state.card_state(FAUSSAIRE).banked == 0


@pytest.mark.parametrize(("target", "choice", "code"), [
    ("emissaire_rouge", "13", "already_met"), ("duc_de_bretagne", "4", "other_room"), ("guillaume", "x", "no_guess"),
    ("guillaume", "99", "no_guess"),
], ids=["A15-emissaire-immune", "C52-same-room", "not-a-number", "not-a-card"])
def test_c52_devin_targets_and_guesses(target: str, choice: str | None, code: str) -> None:
    game = big()
    err = game.refused(game.pid("devin"), {"type": "use_power", "power": "mind_reading", "target": game.pid(target),
                                           "choice": choice})
    assert err.code == code


# ------------------------------------------------------------------ Troubadour: Chanson de renommée (L335, C33, C34)
def test_l335_c33_c34_the_song_announces_the_principal_to_every_player_of_both_rooms() -> None:
    game = big()
    troubadour, guillaume = game.pid("troubadour"), game.pid("guillaume")
    complete(game, "troubadour", "guillaume")
    answer(game, "troubadour", "song", "yes")
    everyone = [p.id for p in game.state.players if p.id != guillaume]
    assert all(any(s.subject == guillaume and s.card == GUILLAUME and s.kind == "annonce"
                   for s in game.state.knowledge.get(p, ())) for p in everyone)
    far = game.pid("duc_de_bretagne")  # Angleterre
    assert game.room(far) is A and any(f["kind"] == "annonce" for f in player_view(game.state, far)["feed"])
    assert not any(s.card == 10 for p in everyone if p != guillaume for s in game.state.knowledge.get(p, ())
                   if p != troubadour)  # C34: his own card stays hidden
    complete(game, "troubadour", "harold")
    assert not prompts(game, "troubadour", "song")  # once per game


@pytest.mark.parametrize(("partner", "offered"), [
    ("guillaume", True), ("harold", True), ("pape", True), ("roi_de_france", True), ("espion", False),
], ids=["L335-1", "L335-2", "A14-26", "L335-35", "not-a-principal"])
def test_a14_the_song_follows_a_complete_with_a_principal(partner: str, offered: bool) -> None:
    game = big()
    complete(game, "troubadour", partner)
    assert bool(prompts(game, "troubadour", "song")) is offered


def test_the_song_lapses_if_the_principal_lost_his_card_meanwhile() -> None:
    game = big()
    complete(game, "troubadour", "pape")
    complete(game, "faussaire", "pape")  # the Pope's card changes hands
    answer(game, "troubadour", "song", "yes")
    assert not any(s.kind == "annonce" for k in game.state.knowledge.values() for s in k)
    assert "song" not in game.state.card_state(10).used_game


# ------------------------------------------------------------------ Capitaine: Contrat de service (L378, C50, C51)
@pytest.mark.parametrize(("lord", "pledge"), [("guillaume", 1), ("harold", 2), ("roi_de_france", 35)],
                         ids=["L378-1", "L378-2", "L378-35"])
def test_l378_c50_the_capitaine_pledges_once_per_game(lord: str, pledge: int) -> None:
    game = big()
    complete(game, "capitaine_mercenaire", lord)
    answer(game, "capitaine_mercenaire", "contract", "yes")
    assert game.state.card_state(50).pledge == pledge
    other = "harold" if lord != "harold" else "guillaume"
    complete(game, "capitaine_mercenaire", other)
    assert not prompts(game, "capitaine_mercenaire", "contract")
    status = player_view(game.state, game.pid("capitaine_mercenaire"))["me"]["status"]
    assert status["pledge"] == pledge


def test_c51_never_the_pope() -> None:
    game = big()
    complete(game, "capitaine_mercenaire", "pape")
    assert not prompts(game, "capitaine_mercenaire", "contract")


def test_l378_declining_keeps_the_contract_for_later() -> None:
    game = big()
    complete(game, "capitaine_mercenaire", "guillaume")
    answer(game, "capitaine_mercenaire", "contract", "no")
    complete(game, "capitaine_mercenaire", "harold")
    answer(game, "capitaine_mercenaire", "contract", "yes")
    assert game.state.card_state(50).pledge == 2


def test_c76_c73_a_moine_who_copied_the_maitre_d_armes_neutralises_while_he_stays_with_the_armurier() -> None:
    game = big()
    complete(game, "moine", "maitre_d_armes")
    answer(game, "moine", "copy", "neutralise")
    complete(game, "moine", "armurier")
    answer(game, "moine", "neutralise", "yes")
    armurier, assassin = game.pid("armurier"), game.pid("assassin")
    assert game.refused(armurier, {"type": "request_reveal", "target": assassin, "kind": "complete"}).code \
        == "reveal_blocked"
    game.do("moderator", {"type": "mod_move", "player": game.pid("maitre_d_armes"), "room": "angleterre"})
    assert game.refused(armurier, {"type": "request_reveal", "target": assassin, "kind": "complete"}).code \
        == "reveal_blocked"  # the card-15 holder's moves do not matter: the Moine neutralised him
    game.do("moderator", {"type": "mod_move", "player": game.pid("moine"), "room": "angleterre"})
    complete(game, "armurier", "assassin")
    assert game.state.card_state(ASSASSIN).armed


@pytest.mark.parametrize(("forcer", "power", "kind"), [("guillaume", "authority", "song"),
                                                       ("harold", "authority", "contract")],
                         ids=["A2-forcee-song", "A2-forcee-contract"])
def test_a2_a_forcee_by_a_principal_opens_the_offer(forcer: str, power: str, kind: str) -> None:
    game = big()
    target = "troubadour" if kind == "song" else "capitaine_mercenaire"
    game.do(game.pid(forcer), {"type": "use_power", "power": power, "target": game.pid(target)})
    assert prompts(game, target, kind)


def test_devin_without_a_target_says_why() -> None:
    game = big()
    devin = game.pid("devin")
    for other in [p for p in game.state.present(N) if p != devin]:
        game.do("moderator", {"type": "mod_move", "player": other, "room": "angleterre"})
    action = power_action(game, "devin", "mind_reading")
    assert not action["available"] and action["reason"]["en"] == "No possible target."  # type: ignore[index]


def test_c50_the_pledge_scores_at_the_end() -> None:
    from app.games.deuxrois.ending import final_result

    game = big()
    complete(game, "capitaine_mercenaire", "guillaume")
    answer(game, "capitaine_mercenaire", "contract", "yes")
    game.do("moderator", {"type": "mod_move", "player": game.pid("pape"), "room": "angleterre"})  # no peace
    result = final_result(game.state)
    assert result["winners"] == "red" and result["points"][game.pid("capitaine_mercenaire")] == 5


def test_c52_without_a_choice_the_guess_is_asked_after_the_public_reveal() -> None:
    game = big()
    devin, target = game.pid("devin"), game.pid("harold")
    game.do(devin, {"type": "use_power", "power": "mind_reading", "target": target})
    assert all(game.state.knowledge[p][-1].card == 44 for p in game.state.present(N) if p != devin)
    assert not any(s.subject == target for s in game.state.knowledge.get(devin, ()))  # nothing shown yet
    (prompt,) = prompts(game, "devin", "mind_reading")
    assert "2" in prompt.options and "44" not in prompt.options
    answer(game, "devin", "mind_reading", "2")
    assert game.state.state_of(devin).banked == 2 and game.state.knowledge[devin][-1].card == 2


@pytest.mark.parametrize("holder", ["contrebandier_rouge", "troubadour", "maitre_d_armes", "capitaine_mercenaire"],
                         ids=["C37-smuggle", "C37-song", "C37-neutralise", "C37-contract"])
def test_c37_a_faussaire_swap_cancels_the_offer(holder: str) -> None:
    game = big()
    complete(game, holder, "faussaire")
    assert not [p for p in game.state.prompts.values() if p.kind != "infidel_colour"]


def test_the_log_of_every_negotiation_power_replays_through_json() -> None:
    from app.games.deuxrois.events import event_from_json, event_to_json
    from app.games.deuxrois.game import replay

    game = big()
    complete(game, "moine", "guillaume")
    answer(game, "moine", "copy", "authority")
    neutralise(game)
    complete(game, "troubadour", "pape")
    answer(game, "troubadour", "song", "yes")
    complete(game, "diplomate_secret_rouge", "diplomate_secret_bleu")
    answer(game, "diplomate_secret_rouge", "treaty", "yes")
    complete(game, "capitaine_mercenaire", "roi_de_france")
    answer(game, "capitaine_mercenaire", "contract", "yes")
    game.do(game.pid("devin"), {"type": "use_power", "power": "mind_reading", "target": game.pid("harold"),
                                "choice": "2"})
    game.do(game.pid("diplomate_royal_rouge"), {"type": "use_power", "power": "secret_council",
                                                "targets": [game.pid("espion"), game.pid("infidele")]})
    assert replay(event_from_json(event_to_json(e)) for e in game.log) == game.state


def test_l276_the_blue_contrebandier_in_england() -> None:
    game = big()
    duc = game.pid("duc_de_bretagne")
    complete(game, "contrebandier_bleu", "duc_de_bretagne")
    answer(game, "contrebandier_bleu", "smuggle", "yes")
    assert game.room(duc) is N and game.room(game.pid("contrebandier_bleu")) is A


def test_c84_a_room_change_ban_stops_the_smuggling() -> None:
    from app.games.deuxrois.powers.envoy_plan import MOVE_BANS
    from app.games.deuxrois.state import GameState
    from app.kernel.text import Text

    def ban(state: GameState) -> Text | None:
        return Text("Tempête.", "Storm.")

    game = big()
    complete(game, "contrebandier_rouge", "espion")
    MOVE_BANS.append(ban)
    try:
        answer(game, "contrebandier_rouge", "smuggle", "yes")
        assert game.room(game.pid("espion")) is N
        complete(game, "contrebandier_rouge", "guillaume")
        assert not prompts(game, "contrebandier_rouge", "smuggle")
    finally:
        MOVE_BANS.remove(ban)
