"""Windows N, X and A envoy powers: Porte-Étendard (39/40), Geôlier (16), Navigateur (29/30), Pèlerin (43),
Cartographe (17), Duc de Bretagne (4), Vagabond (49); the §4.2 order of window X.

One scenario per card, then edge cases named by ruling (C59, C56, C57, C63, C88, C62, C35, C60, C61, C46, D7,
D10, D15).
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pytest
from test_powers_envoys_support import (
    NORTH,
    A,
    Game,
    N,
    at_departure,
    designate,
    feed,
    power_action,
    refused,
    saw,
    table,
    use,
)

from app.games.deuxrois.cards import FAUSSAIRE, PELERIN
from app.games.deuxrois.powers.envoy_plan import plan
from app.games.deuxrois.views import player_view


def crossing(game: Game) -> dict[str, Any]:
    """Ends window X; returns the crossing's moves."""
    assert game.state.phase == "X"
    events = game.tick()
    return next(e for e in events if e.type == "envoys_crossed").moves


def changes(game: Game) -> list[tuple[str, str, str]]:
    return [(game.state.name(e.player_id), e.change, e.by) for e in game.log if e.type == "departure_changed"]


# ------------------------------------------------------------------ Porte-Étendard (L199, C59)
def rally_prompt(game: Game, name: str) -> str:
    pid = game.pid(name)
    return next(p.id for p in game.state.prompts.values() if p.player_id == pid and p.kind == "rally_join")


def answer(game: Game, name: str, choice: str) -> None:
    game.do(game.pid(name), {"type": "answer_prompt", "prompt_id": rally_prompt(game, name), "choice": choice})


def to_designation(game: Game) -> None:
    game.until("E", game.state.round)
    game.do("moderator", {"type": "mod_set_general", "room": "normandie", "player": game.pid("tresorier_ducal")})
    game.do("moderator", {"type": "mod_set_general", "room": "angleterre", "player": game.pid("harold")})


def test_l199_c59_rallied_envoys_show_their_colour_and_stay_unreplaced() -> None:
    game = table(50, normandie=NORTH)
    use(game, "porte_etendard_rouge", "rally")
    north = [p for p in game.state.present(N) if p != game.pid("porte_etendard_rouge")]
    assert all(saw(game, game.state.name(p), "porte_etendard_rouge", "publique") for p in north)
    # Everyone present gets the same prompt, whatever his colour (same traffic for every seat).
    assert {p.player_id for p in game.state.prompts.values() if p.kind == "rally_join"} == set(north)
    prompt = next(p for p in player_view(game.state, game.pid("guillaume"))["prompts"] if p["kind"] == "rally_join")
    assert prompt["about"]["id"] == game.pid("porte_etendard_rouge")  # the phone names the bearer
    answer(game, "guillaume", "yes")
    answer(game, "sang_royal_bleu", "yes")  # blue: no effect
    answer(game, "cartographe", "no")
    game.now += 21_000
    answer(game, "dame_noble", "yes")  # too late (C59: 20 s)
    rallied = set(game.state.envoy_plan.rallied)
    assert rallied == {game.pid("porte_etendard_rouge"), game.pid("guillaume")}
    assert feed(game, "guillaume", "rally_joined") and not feed(game, "espion", "rally_joined")  # secret opt-in
    to_designation(game)
    names = designate(game, N, ["guillaume", "sang_royal_bleu", "dame_noble", "cartographe"])
    designate(game, A, [])
    moves = crossing(game)
    assert game.room(game.pid("guillaume")) is N and game.pid("guillaume") not in moves
    assert all(game.room(p) is A for p in names if p != game.pid("guillaume"))
    assert len([p for p in moves if p in names]) == len(names) - 1  # C59: nobody replaces him
    shown = saw(game, "espion", "guillaume", "couleur_publique")
    assert shown and shown[-1].colour == "red" and shown[-1].card is None
    assert ("guillaume", "stays", "rally") in changes(game)


def test_c59_the_opt_in_prompts_close_after_20_seconds_even_across_phases() -> None:
    game = table(50, normandie=NORTH)
    game.now = (game.state.deadline_ms or 0) - 5_000  # 5 s of negotiation left
    use(game, "porte_etendard_rouge", "rally")
    game.tick()  # the negotiation ends; the prompts stay open
    assert game.state.phase == "E" and rally_prompt(game, "guillaume")
    answer(game, "guillaume", "yes")
    assert game.pid("guillaume") in game.state.envoy_plan.rallied
    game.tick()  # the rally's 20 s are over
    assert not [p for p in game.state.prompts.values() if p.kind == "rally_join"]


def test_c59_the_bearer_is_rallied_and_the_espion_passes_the_gate() -> None:
    game = table(50, normandie=NORTH)
    use(game, "porte_etendard_rouge", "rally")
    answer(game, "espion", "yes")
    to_designation(game)
    designate(game, N, ["porte_etendard_rouge", "espion"])
    designate(game, A, [])
    crossing(game)
    assert game.room(game.pid("porte_etendard_rouge")) is N and game.room(game.pid("espion")) is N
    assert saw(game, "guillaume", "espion", "couleur_publique")[-1].colour == "red"


def test_c59_rally_is_once_per_game_in_window_n_and_lasts_one_round() -> None:
    game = table(50, normandie=NORTH)
    use(game, "porte_etendard_bleu", "rally")
    assert refused(game, "porte_etendard_bleu", "rally") == "power_unavailable"
    game.until("E", 1)
    assert refused(game, "porte_etendard_rouge", "rally") == "power_unavailable"  # N only
    game.until("N", 2)
    assert not plan(game.state).rallied  # "pour ce tour"


def test_c59_an_infidele_whose_colour_changed_no_longer_stays() -> None:
    game = table(50, normandie=NORTH, infidel="red")
    use(game, "porte_etendard_rouge", "rally")
    answer(game, "infidele", "yes")
    assert game.pid("infidele") in game.state.envoy_plan.rallied
    game.do(game.pid("chaman"), {"type": "request_reveal", "target": game.pid("infidele"), "kind": "complete"})
    rid = next(r.id for r in game.state.requests.values() if r.to_id == game.pid("infidele"))
    game.do(game.pid("infidele"), {"type": "answer_reveal", "request_id": rid, "accept": True})  # now blue (C28)
    to_designation(game)
    designate(game, N, ["infidele"])
    designate(game, A, [])
    crossing(game)
    assert game.room(game.pid("infidele")) is A


# ------------------------------------------------------------------ Geôlier (L251, C56, C57)
def test_l251_c57_geolier_blocks_an_envoy_of_his_room_publicly_without_replacement() -> None:
    game, north, _ = at_departure(north=["guillaume"])
    use(game, "geolier", "block", target="guillaume", choice="public")
    assert saw(game, "espion", "geolier", "publique")
    moves = crossing(game)
    assert game.room(game.pid("guillaume")) is N
    assert len([p for p in moves if p in north]) == len(north) - 1  # C57
    assert ("guillaume", "stays", "block") in changes(game)


def test_c56_geolier_privee_goes_to_the_general_only() -> None:
    game, _, _ = at_departure(north=["guillaume"])
    use(game, "geolier", "block", target="guillaume")  # default: a privée to the général
    assert saw(game, "tresorier_ducal", "geolier", "privee")
    assert not saw(game, "espion", "geolier", "publique") and not saw(game, "espion", "geolier", "privee")
    assert feed(game, "tresorier_ducal", "departure_declared") and not feed(game, "espion", "departure_declared")
    crossing(game)
    assert game.room(game.pid("guillaume")) is N
    assert feed(game, "espion", "departure_changed")  # the room sees him stay


def test_c56_geolier_only_targets_envoys_leaving_his_room_himself_included() -> None:
    game, _, south = at_departure(north=["geolier"])
    targets = power_action(player_view(game.state, game.pid("geolier")), "block")["targets"]
    assert game.pid("geolier") in targets and not set(targets) & set(south)
    assert refused(game, "geolier", "block", target="thegn") == "not_envoy"
    assert refused(game, "geolier", "block", target="espion") == "not_envoy"  # not an envoy
    use(game, "geolier", "block", target="geolier", choice="public")
    crossing(game)
    assert game.room(game.pid("geolier")) is N


def test_c63_a_designated_pelerin_cannot_be_held_by_the_geolier() -> None:
    game, _, _ = at_departure(north=["pelerin"])
    action = power_action(player_view(game.state, game.pid("geolier")), "block")
    assert game.pid("pelerin") in action["targets"]  # the holder is not told beforehand
    use(game, "geolier", "block", target="pelerin", choice="public")
    crossing(game)
    assert game.room(game.pid("pelerin")) is A
    assert ("pelerin", "not_held", "block") in changes(game)


def test_l251_block_once_per_round_and_again_next_round() -> None:
    game, _, _ = at_departure(north=["guillaume", "dame_noble"])
    use(game, "geolier", "block", target="guillaume")
    assert refused(game, "geolier", "block", target="dame_noble") == "power_unavailable"
    crossing(game)
    game.until("X", 2)
    powers = player_view(game.state, game.pid("geolier"))["me"]["powers"]
    assert next(p for p in powers if p["key"] == "block")["uses_left"] == 1


def test_d9_block_is_an_x_power_with_a_reason_elsewhere() -> None:
    game = table(50, normandie=NORTH)
    action = power_action(player_view(game.state, game.pid("geolier")), "block")
    assert not action["available"] and action["reason"]["en"] == "Not during this phase."


# ------------------------------------------------------------------ Navigateur (L177, C88)
def test_c88_navigateur_keeps_an_envoy_before_departure_without_replacement() -> None:
    game, north, _ = at_departure(north=["guillaume"])
    use(game, "navigateur_rouge", "navigate", target="guillaume")
    assert saw(game, "espion", "navigateur_rouge", "publique")
    moves = crossing(game)
    assert game.room(game.pid("guillaume")) is N and len([p for p in moves if p in north]) == len(north) - 1
    assert refused(game, "navigateur_rouge", "navigate", target="thegn") == "power_unavailable"  # once per game


def test_c88_navigateur_sends_back_an_envoy_who_arrived_in_his_room() -> None:
    game, _, south = at_departure(south=["thegn"])
    crossing(game)
    thegn = game.pid("thegn")
    assert game.room(thegn) is N and game.state.phase == "A"
    targets = power_action(player_view(game.state, game.pid("navigateur_rouge")), "navigate")["targets"]
    assert set(targets) == set(south)  # only arrivals, never those who were already there
    use(game, "navigateur_rouge", "navigate", target="thegn")
    assert game.room(thegn) is A
    assert saw(game, "thegn", "navigateur_rouge", "publique")
    moved = [e for e in game.log if e.type == "player_moved"][-1]
    assert moved.player_id == thegn and moved.reason == "navigate"
    assert refused(game, "navigateur_rouge", "navigate", target=game.state.name(south[1])) == "power_unavailable"


def test_c63_c88_the_pelerin_is_never_sent_back_nor_kept() -> None:
    game, _, _ = at_departure(north=["pelerin"])
    use(game, "navigateur_rouge", "navigate", target="pelerin")
    crossing(game)
    assert game.room(game.pid("pelerin")) is A
    use(game, "navigateur_bleu", "navigate", target="pelerin")
    assert game.room(game.pid("pelerin")) is A
    assert ("pelerin", "not_sent_back", "navigate") in changes(game)


def test_c88_navigateur_cannot_send_back_in_window_x_someone_of_the_other_room() -> None:
    game, _, _ = at_departure(south=["thegn"])
    assert refused(game, "navigateur_rouge", "navigate", target="thegn") == "not_envoy"


# ------------------------------------------------------------------ Pèlerin visits (L362, C46)
def test_c46_every_entry_counts_as_a_pelerin_visit() -> None:
    game, _, _ = at_departure(north=["pelerin"])
    cs = game.state.card_state(PELERIN)
    assert (cs.visits_normandie, cs.visits_angleterre) == (1, 0)  # the starting room counts
    crossing(game)
    game.do("moderator", {"type": "mod_move", "player": game.pid("pelerin"), "room": "normandie"})
    game.do("moderator", {"type": "mod_move", "player": game.pid("pelerin"), "room": "angleterre"})
    cs = game.state.card_state(PELERIN)
    assert (cs.visits_normandie, cs.visits_angleterre) == (2, 2)


# ------------------------------------------------------------------ Cartographe (L155, C62, C35)
def test_c62_cartographe_sees_his_rooms_final_envoys_five_seconds_each() -> None:
    game, north, south = at_departure(north=["faussaire", "guillaume", "dame_noble"])
    use(game, "geolier", "block", target="dame_noble", choice="public")
    use(game, "cartographe", "survey")
    assert saw(game, "espion", "cartographe", "publique")
    cards_before = dict(game.state.cards)
    game.now = game.state.deadline_ms or 0
    crossing(game)
    final = [p for p in north if p != game.pid("dame_noble")]
    seen = [s for s in game.state.knowledge[game.pid("cartographe")] if s.kind == "survey"]
    assert [s.subject for s in seen] == [p.id for p in game.state.players if p.id in final]  # seat order
    assert not {s.subject for s in seen} & set(south)  # C62: his own room only
    assert game.state.cards == cards_before and game.state.cards[game.pid("faussaire")] == FAUSSAIRE  # C35
    items = feed(game, "cartographe", "survey")
    assert [i.data["until_ms"] - i.data["from_ms"] for i in items] == [5000] * len(final)
    assert items[0].data["from_ms"] == game.now
    assert all(a.data["until_ms"] == b.data["from_ms"] for a, b in pairwise(items))
    view = player_view(game.state, game.pid("cartographe"))
    shown = [f for f in view["feed"] if f["kind"] == "survey"]
    assert shown[0]["card"]["number"] == game.state.cards[shown[0]["player"]["id"]]
    assert "from_ms" in shown[0] and "until_ms" in shown[0]
    assert not feed(game, "espion", "survey")


def test_c62_cartographe_as_envoy_sees_the_others_and_is_once_per_game() -> None:
    game, north, _ = at_departure(north=["cartographe"])
    use(game, "cartographe", "survey")
    assert refused(game, "cartographe", "survey") == "power_unavailable"
    crossing(game)
    subjects = {s.subject for s in game.state.knowledge[game.pid("cartographe")] if s.kind == "survey"}
    assert subjects == set(north) - {game.pid("cartographe")}


# ------------------------------------------------------------------ Duc de Bretagne (L129, C60, C61)
def test_l129_c61_duc_takes_a_red_companion_as_an_extra_envoy() -> None:
    game, north, south = at_departure(north=["duc_de_bretagne"])
    use(game, "duc_de_bretagne", "breton_alliance", target="commandant_rouge")
    assert saw(game, "espion", "duc_de_bretagne", "publique")
    assert saw(game, "espion", "commandant_rouge", "couleur_publique")[-1].colour == "red"
    moves = crossing(game)
    assert game.room(game.pid("commandant_rouge")) is A and len(moves) == len(north) + 1 + len(south)  # C61
    assert ("commandant_rouge", "joins", "breton_alliance") in changes(game)


def test_c60_a_companion_who_is_not_red_stays_and_the_power_is_spent() -> None:
    game, _, _ = at_departure(north=["duc_de_bretagne"])
    use(game, "duc_de_bretagne", "breton_alliance", target="sang_royal_bleu")
    assert saw(game, "espion", "sang_royal_bleu", "couleur_publique")[-1].colour == "blue"
    assert refused(game, "duc_de_bretagne", "breton_alliance", target="commandant_rouge") == "power_unavailable"
    crossing(game)
    assert game.room(game.pid("sang_royal_bleu")) is N


@pytest.mark.parametrize(("colour", "goes"), [("red", True), ("blue", False), (None, False)],
                         ids=["L329-espion-shows-red", "L329-espion-shows-blue", "C60-espion-silent"])
def test_l329_the_espion_companion_chooses_his_colour(colour: str | None, goes: bool) -> None:
    game, _, _ = at_departure(north=["duc_de_bretagne"])
    use(game, "duc_de_bretagne", "breton_alliance", target="espion")
    if colour is not None:
        prompt = next(p for p in game.state.prompts.values() if p.kind == "breton_colour")
        game.do(game.pid("espion"), {"type": "answer_prompt", "prompt_id": prompt.id, "choice": colour})
        assert saw(game, "guillaume", "espion", "couleur_publique")[-1].colour == colour
    crossing(game)
    assert (game.room(game.pid("espion")) is A) is goes


def test_c60_duc_held_back_takes_nobody_and_targets_are_checked() -> None:
    game, _, _ = at_departure(north=["duc_de_bretagne"])
    targets = power_action(player_view(game.state, game.pid("duc_de_bretagne")), "breton_alliance")["targets"]
    assert game.pid("tresorier_ducal") not in targets and game.pid("duc_de_bretagne") not in targets
    assert refused(game, "duc_de_bretagne", "breton_alliance", target="tresorier_ducal") == "bad_companion"
    use(game, "duc_de_bretagne", "breton_alliance", target="commandant_rouge")
    use(game, "geolier", "block", target="duc_de_bretagne")
    crossing(game)
    assert game.room(game.pid("duc_de_bretagne")) is N and game.room(game.pid("commandant_rouge")) is N


def test_l199_a_rallied_companion_keeps_his_immunity_to_missions() -> None:
    game = table(50, normandie=NORTH)
    use(game, "porte_etendard_rouge", "rally")
    answer(game, "commandant_rouge", "yes")
    to_designation(game)
    designate(game, N, ["duc_de_bretagne"])
    designate(game, A, [])
    use(game, "duc_de_bretagne", "breton_alliance", target="commandant_rouge")
    crossing(game)
    assert game.room(game.pid("commandant_rouge")) is N
    assert ("commandant_rouge", "stays", "rally") in changes(game)


def test_l129_duc_must_be_a_leaving_envoy() -> None:
    game, _, _ = at_departure()
    action = power_action(player_view(game.state, game.pid("duc_de_bretagne")), "breton_alliance")
    assert not action["available"] and "envoy" in action["reason"]["en"]


def test_c80_an_emissaire_companion_proves_immunity_to_the_duc() -> None:
    game, _, _ = at_departure(north=["duc_de_bretagne"])
    use(game, "duc_de_bretagne", "breton_alliance", target="emissaire_rouge")
    assert saw(game, "duc_de_bretagne", "emissaire_rouge", "proof")
    assert not saw(game, "espion", "emissaire_rouge", "couleur_publique")
    crossing(game)
    assert game.room(game.pid("emissaire_rouge")) is N


# ------------------------------------------------------------------ Vagabond (L373, D15)
def test_l373_d15_vagabond_changes_room_outside_the_quota() -> None:
    game, north, _ = at_departure()
    use(game, "vagabond", "survival")
    assert saw(game, "espion", "vagabond", "publique")
    assert game.room(game.pid("vagabond")) is N  # he goes with the crossing, not before
    moves = crossing(game)
    assert game.room(game.pid("vagabond")) is A and game.pid("vagabond") not in moves
    assert all(game.room(p) is A for p in north)
    targets = power_action(player_view(game.state, game.pid("navigateur_bleu")), "navigate")["targets"]
    assert game.pid("vagabond") not in targets  # not an envoy: nobody can send him back
    assert refused(game, "vagabond", "survival") == "power_unavailable"


def test_l373_an_envoy_vagabond_cannot_use_it() -> None:
    game, _, _ = at_departure(north=["vagabond"])
    action = power_action(player_view(game.state, game.pid("vagabond")), "survival")
    assert not action["available"] and "already" in action["reason"]["en"]


def test_d7_a_general_vagabond_leaves_the_office_vacant() -> None:
    game, _, _ = at_departure(north_general="vagabond")
    use(game, "vagabond", "survival")
    crossing(game)
    assert game.state.generals[N] is None and game.room(game.pid("vagabond")) is A


# ------------------------------------------------------------------ the §4.2 order of window X
def test_x_order_rally_then_geolier_then_navigateur_then_pelerin() -> None:
    game = table(50, normandie=NORTH)
    use(game, "porte_etendard_rouge", "rally")
    answer(game, "guillaume", "yes")
    to_designation(game)
    designate(game, N, ["guillaume", "dame_noble", "pelerin"])
    designate(game, A, [])
    use(game, "navigateur_rouge", "navigate", target="guillaume")  # declared first, resolved after
    use(game, "geolier", "block", target="guillaume")
    crossing(game)
    assert changes(game) == [("guillaume", "stays", "rally")]  # the holds found him already staying


def test_x_powers_are_usable_until_the_last_moment_of_the_window() -> None:
    game, _, _ = at_departure(north=["guillaume"])
    assert game.state.config.departure_s == 30
    game.now = (game.state.deadline_ms or 0) - 1
    use(game, "geolier", "block", target="guillaume")
    game.now += 1
    crossing(game)
    assert game.room(game.pid("guillaume")) is N


def test_c57_held_envoys_are_not_replaced_and_the_rooms_drift() -> None:
    game, _, _ = at_departure(north=["guillaume", "dame_noble"])
    sizes = len(game.state.present(N)), len(game.state.present(A))
    use(game, "geolier", "block", target="guillaume")
    use(game, "navigateur_rouge", "navigate", target="dame_noble")
    crossing(game)
    assert (len(game.state.present(N)), len(game.state.present(A))) == (sizes[0] + 2, sizes[1] - 2)
