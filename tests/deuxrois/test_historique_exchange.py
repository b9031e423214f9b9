"""Exchange-time events (rulings §5.2, E4): 2, 8, 12, 17, 22, 23 on the current crossing, 15 at arrival,
28 at the announcement. One test per event, driven through the engine's commands."""

from __future__ import annotations

from collections import Counter

from play_helpers import table
from test_historique_support import ON, A, N, hgame, power_keys, to_x_with, use

from app.games.deuxrois.events import CardsExchanged, CardShown, CardsSwapped
from app.games.deuxrois.historique.exchange import moves_blocked
from app.games.deuxrois.historique.model import historique_of
from app.games.deuxrois.powers.envoy_plan import moves_banned
from app.games.deuxrois.views import player_view

# 12 players; Normandie: guillaume 1, protection_divine 3, assassin 5, sang_royal_rouge 7, espion 9, tresorier 11.
NORTH_ENVOYS, SOUTH_ENVOYS = ["assassin", "espion"], ["armurier", "troubadour"]


def test_event_2_e7_storm_shuffles_the_envoys_cards_and_cancels_the_crossing() -> None:
    game = hgame(seed=3)
    to_x_with(game, 1, NORTH_ENVOYS, SOUTH_ENVOYS)
    envoys = [game.pid(n) for n in NORTH_ENVOYS + SOUTH_ENVOYS]
    before = {p: game.state.cards[p] for p in game.state.cards}
    rooms = dict(game.state.rooms)
    events = game.do("moderator", {"type": "mod_historique_pick", "number": 2})
    swaps = [e for e in events if isinstance(e, CardsSwapped)]
    assert swaps and all(e.reason == "tempete" and not e.refresh for e in swaps)
    assert Counter(game.state.cards[p] for p in envoys) == Counter(before[p] for p in envoys)
    assert all(game.state.cards[p] == before[p] for p in game.state.cards if p not in envoys)
    assert moves_blocked(game.state) and moves_banned(game.state, game.pid("guillaume")) is not None
    game.until("A", 1)
    assert dict(game.state.rooms) == rooms  # nobody crossed
    # The Duc de Bretagne's alliance (a public reveal) would add a room change: the storm bars it.
    game = hgame(seed=3)
    to_x_with(game, 1, NORTH_ENVOYS, ["duc_de_bretagne", "troubadour"], number=2)
    duke = game.holder(4)  # whichever envoy the storm dealt card 4 to
    companion = next(p for p in game.state.present(game.room(duke)) if p != duke)
    err = game.refused(duke, {"type": "use_power", "power": "breton_alliance", "target": companion})
    assert (err.code, err.message.en) == ("power_unavailable",
                                          "Storm in the Channel: no room change until the next round.")


def test_event_8_e12_envoys_of_a_room_show_each_other_their_colour_without_faussaire_swap() -> None:
    # The Faussaire (21) replaces the Troubadour (10): his colour reveal would normally swap cards (C35).
    cards = [1, 2, 3, 4, 5, 6, 7, 8, 9, 21, 11, 12]
    game = table(12, normandie=(1, 3, 5, 7, 21, 11), cards=cards, config=ON)
    to_x_with(game, 1, ["assassin", "faussaire"], ["armurier", "espion"])
    events = game.do("moderator", {"type": "mod_historique_pick", "number": 8})
    pairs = {frozenset((e.a, e.b)) for e in events if isinstance(e, CardsExchanged)}
    assert pairs == {frozenset((game.pid("assassin"), game.pid("faussaire")))}  # the Espion's pair waits (S15)
    assert all(e.kind == "couleur" and e.source == "traversee" for e in events if isinstance(e, CardsExchanged))
    assert not any(isinstance(e, CardsSwapped) for e in events)
    espion = game.pid("espion")
    (prompt,) = [p for p in game.state.prompts.values() if p.player_id == espion]
    assert prompt.kind == "espion_group_colour" and prompt.options == ("red", "blue")
    answered = game.do(espion, {"type": "answer_prompt", "prompt_id": prompt.id, "choice": "blue"})
    (pair,) = [e for e in answered if isinstance(e, CardsExchanged)]
    colours = {pair.a: pair.a_colour, pair.b: pair.b_colour}
    assert colours == {espion: "blue", game.pid("armurier"): "blue"} and pair.source == "traversee"
    # The Duc's alliance (his public reveal, then his companion's colour) still works among the group.
    game = hgame()
    to_x_with(game, 1, NORTH_ENVOYS, ["duc_de_bretagne", "troubadour"], number=8)
    events = use(game, "duc_de_bretagne", "breton_alliance", "chaman")
    assert [(e.kind, e.source) for e in events if isinstance(e, CardShown)] == [
        ("publique", "breton_alliance"), ("couleur_publique", "breton_alliance")]


def test_event_12_e16_an_envoy_sends_a_room_mate_instead_one_level_only() -> None:
    game = hgame()
    to_x_with(game, 1, NORTH_ENVOYS, SOUTH_ENVOYS, number=12)
    assert "delegate_mission" in power_keys(game, "assassin")
    use(game, "assassin", "delegate_mission", "sang_royal_rouge")
    assert "delegate_mission" not in power_keys(game, "sang_royal_rouge")  # one level (E16)
    assert game.refused(game.pid("espion"), {"type": "use_power", "power": "delegate_mission",
                                             "target": game.pid("guillaume")}).code == "bad_target"  # the général
    game.until("A", 1)
    assert game.room(game.pid("sang_royal_rouge")) is A and game.room(game.pid("assassin")) is N
    # A locked envoy may still pay a departure power's public reveal: the Duc's alliance, then his delegation.
    game = hgame()
    to_x_with(game, 1, NORTH_ENVOYS, ["duc_de_bretagne", "troubadour"], number=12)
    use(game, "duc_de_bretagne", "breton_alliance", "chaman")
    use(game, "duc_de_bretagne", "delegate_mission", "sang_royal_bleu")
    assert game.pid("sang_royal_bleu") in game.state.designations[A].named


def test_event_15_e19_envoys_who_crossed_get_one_forced_reveal_next_round() -> None:
    game = hgame()
    to_x_with(game, 1, NORTH_ENVOYS, SOUTH_ENVOYS, number=15)
    game.until("N", 2)
    assert "tostig_force" in power_keys(game, "assassin") and "tostig_force" not in power_keys(game, "guillaume")
    events = use(game, "assassin", "tostig_force", "harold")  # the assassin now stands in Angleterre
    ex = next(e for e in events if isinstance(e, CardsExchanged))
    assert ex.forced and ex.a == game.pid("assassin") and ex.source == "espions_tostig"
    assert game.refused(game.pid("assassin"), {"type": "use_power", "power": "tostig_force",
                                               "target": game.pid("armurier")}).code == "power_unavailable"
    # Tostig's forcée is checked as every forcée (bars.force): Harold's Autorité on the spy works alike.
    assert any(isinstance(e, CardsExchanged) and e.forced for e in use(game, "harold", "authority", "assassin"))


def test_event_17_e21_the_receiving_general_sends_arriving_envoys_back() -> None:
    game = hgame()
    to_x_with(game, 1, NORTH_ENVOYS, SOUTH_ENVOYS, number=17)
    game.until("A", 1)
    assert game.room(game.pid("assassin")) is A
    use(game, "harold", "siege_bounce", "assassin")
    assert game.room(game.pid("assassin")) is N and game.room(game.pid("espion")) is A
    assert game.refused(game.pid("harold"), {"type": "use_power", "power": "siege_bounce",
                                             "target": game.pid("guillaume")}).code == "bad_target"
    # S17: an Émissaire who crossed by his own free passage (a public reveal) is no envoy: he stays.
    cards = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 13, 14]
    game = table(12, normandie=(1, 3, 5, 7, 9, 13), cards=cards, config=ON)
    to_x_with(game, 1, NORTH_ENVOYS, SOUTH_ENVOYS, number=17)
    game.until("A", 1)
    game.until("N", 2)
    assert game.state.phase == "N"
    use(game, "emissaire_rouge", "free_passage")
    assert game.room(game.pid("emissaire_rouge")) is A


def test_event_22_e26_each_envoy_shows_his_card_to_his_room_before_leaving() -> None:
    game = hgame()
    to_x_with(game, 1, NORTH_ENVOYS, SOUTH_ENVOYS)
    events = game.do("moderator", {"type": "mod_historique_pick", "number": 22})
    shown = [e for e in events if isinstance(e, CardShown)]
    assert {e.shower for e in shown} == {game.pid(n) for n in NORTH_ENVOYS + SOUTH_ENVOYS}
    north = next(e for e in shown if e.shower == game.pid("assassin"))
    assert north.kind == "publique" and north.room is N and game.pid("guillaume") in north.viewers
    assert game.pid("harold") not in north.viewers
    # His own departure power still costs its own public reveal, and may be paid: the Duc's alliance.
    game = hgame()
    to_x_with(game, 1, NORTH_ENVOYS, ["duc_de_bretagne", "troubadour"], number=22)
    events = use(game, "duc_de_bretagne", "breton_alliance", "chaman")
    assert ("publique", "breton_alliance") in [(e.kind, e.source) for e in events if isinstance(e, CardShown)]


def test_event_23_e27_blood_oath_swaps_cards_for_good_then_both_show_at_arrival() -> None:
    game = hgame()
    to_x_with(game, 1, NORTH_ENVOYS, SOUTH_ENVOYS, number=23)
    g, s = game.pid("guillaume"), game.pid("sang_royal_rouge")
    use(game, "guillaume", "blood_oath", "sang_royal_rouge")
    prompt = next(p for p in game.state.prompts.values() if p.kind == "blood_oath")
    assert prompt.player_id == s
    events = game.do(s, {"type": "answer_prompt", "prompt_id": prompt.id, "choice": "accept"})
    swap = next(e for e in events if isinstance(e, CardsSwapped))
    assert swap.reason == "serment_sang" and not swap.refresh
    assert game.state.cards[g] == 7 and game.state.cards[s] == 1
    game.until("A", 1)
    shows = [e for e in game.log if isinstance(e, CardShown) and e.source == "serment_sang"]
    assert {e.shower for e in shows} == {g, s} and all(e.kind == "publique" for e in shows)
    # The card's powers went with it (A13): the new Guillaume forces with the Autorité in round 2.
    game.until("N", 2)
    assert any(isinstance(e, CardsExchanged) and e.forced for e in use(game, "sang_royal_rouge", "authority",
                                                                         "protection_divine"))


def test_event_28_e32_every_colour_to_its_room_at_the_announcement() -> None:
    game = hgame()
    to_x_with(game, 1, NORTH_ENVOYS, SOUTH_ENVOYS)
    events = game.do("moderator", {"type": "mod_historique_pick", "number": 28})
    shown = [e for e in events if isinstance(e, CardShown)]
    assert len(shown) == 11 and all(e.kind == "couleur_publique" and e.card is None for e in shown)
    # A16: the Espion chooses the colour he shows (a seeded coin if he does not answer within 20 s).
    espion = game.pid("espion")
    prompt = next(p for p in game.state.prompts.values() if p.player_id == espion)
    assert prompt.kind == "espion_public_colour" and espion not in {e.shower for e in shown}
    answer = game.do(espion, {"type": "answer_prompt", "prompt_id": prompt.id, "choice": "blue"})
    assert [(e.shower, e.colour) for e in answer if isinstance(e, CardShown)] == [(espion, "blue")]
    harold = next(e for e in shown if e.shower == game.pid("harold"))
    assert harold.colour == "blue" and set(harold.viewers) == set(game.state.present(A)) - {harold.shower}
    view = player_view(game.state, game.pid("assassin"))
    assert any(k["player"]["id"] == game.pid("guillaume") and k["colour"] == "red" for k in view["knowledge"])
    # Colours shown, departure powers with a public cost are still paid: the Duc's alliance.
    game = hgame()
    to_x_with(game, 1, NORTH_ENVOYS, ["duc_de_bretagne", "troubadour"], number=28)
    events = use(game, "duc_de_bretagne", "breton_alliance", "chaman")
    assert ("publique", "breton_alliance") in [(e.kind, e.source) for e in events if isinstance(e, CardShown)]


def test_event_15_e19_an_envoy_sent_back_in_window_a_did_not_travel() -> None:
    game = hgame()
    to_x_with(game, 1, NORTH_ENVOYS, SOUTH_ENVOYS, number=15)
    game.until("A", 1)
    espion = game.pid("espion")
    assert historique_of(game.state).has("tostig", espion)
    game.do("moderator", {"type": "mod_move", "player": espion, "room": N.value})  # e.g. a Navigateur's send-back
    assert not historique_of(game.state).has("tostig", espion)
    game.until("N", 2)
    assert "tostig_force" not in power_keys(game, "espion") and "tostig_force" in power_keys(game, "assassin")
