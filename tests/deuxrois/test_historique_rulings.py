"""Mode Historique's timings and choices settled in rulings §8 (S15-S20), through the phones' commands."""

from __future__ import annotations

from play_helpers import Game, table
from test_historique_support import (
    ON,
    N,
    designate,
    generals,
    hgame,
    pick,
    power_keys,
    to_phase,
    to_x_with,
    use,
    with_event,
)

from app.games.deuxrois.events import CardsExchanged, CardShown, CardStateChanged, EnvoysCrossed
from app.games.deuxrois.historique.model import historique_of
from app.games.deuxrois.rounds import next_deadline
from app.games.deuxrois.views import player_view

NORTH_ENVOYS, SOUTH_ENVOYS = ["assassin", "espion"], ["armurier", "troubadour"]


def action(game: Game, who: str, power: str) -> dict[str, object]:
    return next(a for a in player_view(game.state, game.pid(who))["actions"] if a.get("power") == power)


# ------------------------------------------------------------------ S15: the Espion's colour, his choice
def test_s15_event_8_the_espion_chooses_his_group_colour_until_the_end_of_window_x() -> None:
    game = hgame()
    to_x_with(game, 1, NORTH_ENVOYS, SOUTH_ENVOYS)
    espion = game.pid("espion")
    events = game.do("moderator", {"type": "mod_historique_pick", "number": 8})
    assert not any(isinstance(e, CardsExchanged) and espion in (e.a, e.b) for e in events)  # no coin for him
    (prompt,) = [p for p in game.state.prompts.values() if p.player_id == espion]
    assert prompt.kind == "espion_group_colour"
    assert next_deadline(game.state) == game.state.deadline_ms  # the window's deadline
    events = game.tick()  # end of X, unanswered: a seeded colour (he never showed one), before the crossing
    pair = next(e for e in events if isinstance(e, CardsExchanged) and espion in (e.a, e.b))
    crossed = next(i for i, e in enumerate(events) if isinstance(e, EnvoysCrossed))
    assert events.index(pair) < crossed and {pair.a, pair.b} == {espion, game.pid("assassin")}
    assert (pair.a_colour if pair.a == espion else pair.b_colour) in ("red", "blue")


def test_s15_unanswered_the_espion_shows_the_colour_he_showed_last() -> None:
    game = hgame()
    espion, guillaume = game.pid("espion"), game.pid("guillaume")
    game.do(guillaume, {"type": "request_reveal", "target": espion, "kind": "couleur"})
    game.do(espion, {"type": "answer_reveal", "request_id": next(iter(game.state.requests)), "accept": True,
                     "colour": "blue"})
    to_x_with(game, 1, NORTH_ENVOYS, SOUTH_ENVOYS)
    game.do("moderator", {"type": "mod_historique_pick", "number": 28})  # every colour to its room
    assert any(p.kind == "espion_public_colour" for p in game.state.prompts.values())
    assert next_deadline(game.state) == game.state.deadline_ms  # the window's deadline, not 20 s
    events = game.tick()
    (shown,) = [e for e in events if isinstance(e, CardShown) and e.shower == espion]
    assert (shown.kind, shown.colour, shown.source) == ("couleur_publique", "blue", "comete_halley")


# ------------------------------------------------------------------ S16: event 12's 20 s from the lock
def test_s16_event_12_a_delegation_is_allowed_20_s_after_the_list_s_lock_and_not_after() -> None:
    game = hgame()
    to_x_with(game, 1, NORTH_ENVOYS, SOUTH_ENVOYS, number=12)
    game.now += 19_000
    use(game, "assassin", "delegate_mission", "sang_royal_rouge")  # within the 20 s
    game.now += 2_000
    err = game.refused(game.pid("armurier"), {"type": "use_power", "power": "delegate_mission",
                                              "target": game.pid("chaman")})
    assert err.code == "power_unavailable" and "20 s" in err.message.en
    game2 = hgame()
    to_x_with(game2, 1, NORTH_ENVOYS, SOUTH_ENVOYS, number=12)
    locked = game2.state.designations[N].locked_ms
    assert next_deadline(game2.state) == locked + 20_000  # a timer closes it, so the phones stop offering it
    game2.tick()
    assert game2.state.phase == "X" and not action(game2, "assassin", "delegate_mission")["available"]


# ------------------------------------------------------------------ S17: events and the Émissaire
def test_s17_event_17_sends_back_an_emissaire_who_volunteered_but_not_one_who_crossed_by_himself() -> None:
    cards = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 13, 14]  # the two Émissaires for 11 and 12
    game = table(12, normandie=(1, 3, 5, 7, 9, 13), cards=cards, config=ON)
    game.do(game.pid("emissaire_bleu"), {"type": "use_power", "power": "free_passage"})
    assert game.room(game.pid("emissaire_bleu")) is N  # he crossed by his own power: no envoy
    to_phase(game, "D", 1)
    generals(game, "guillaume", "harold")
    game.do(game.pid("emissaire_rouge"), {"type": "volunteer"})
    designate(game, ["emissaire_rouge", "assassin"], ["armurier", "troubadour"])
    pick(game, 17)
    game.until("A", 1)
    targets = action(game, "harold", "siege_bounce")["targets"]
    assert game.pid("emissaire_rouge") in targets  # an event is a rule, not a power (S17)
    assert game.pid("emissaire_bleu") not in targets
    use(game, "harold", "siege_bounce", "emissaire_rouge")
    assert game.room(game.pid("emissaire_rouge")) is N


# ------------------------------------------------------------------ S18: the viking's view fires nothing
def test_s18_the_vikings_forced_view_is_no_reveal_between_the_two_cards() -> None:
    game = hgame()
    to_phase(game, "D", 1, north="guillaume", south="armurier")
    generals(game, "guillaume", "armurier")
    designate(game, ["assassin", "espion"], ["troubadour", "chaman"])
    pick(game, 9)
    game.until("N", 2)
    assert historique_of(game.state).has("viking", game.pid("armurier"))
    events = use(game, "armurier", "viking_view", "assassin")  # the assassin crossed into Angleterre
    assert [e.kind for e in events if isinstance(e, CardShown)] == ["privee"]
    assert not any(isinstance(e, CardStateChanged) for e in events)  # no arming (L230 needs a complète)
    assert not game.state.card_state(5).armed
    assert game.pid("assassin") not in game.state.complete_partners[game.pid("armurier")]


# ------------------------------------------------------------------ S19: events 5 and 7, however the général came
def test_s19_event_5_the_demand_goes_to_the_sitting_general_usurper_or_appointed() -> None:
    game = hgame()
    with_event(game, 5)
    to_phase(game, "D", 2)
    generals(game, "guillaume", "harold")
    use(game, "sang_royal_rouge", "usurp")
    assert "coronation_demand" in power_keys(game, "sang_royal_rouge")
    assert "coronation_demand" not in power_keys(game, "guillaume")
    use(game, "sang_royal_rouge", "coronation_demand", "armurier")
    generals(game, None, "chaman")  # the moderator's appointment in Angleterre
    use(game, "chaman", "coronation_demand", "duc_de_bretagne")


def test_s19_event_7_a_usurper_names_his_own_lieutenant() -> None:
    game = hgame()
    with_event(game, 7)
    to_phase(game, "D", 2)
    generals(game, "guillaume", "harold")
    use(game, "guillaume", "pick_lieutenant", "armurier")
    use(game, "sang_royal_rouge", "usurp")  # the sitting général changes
    armurier = game.pid("armurier")
    assert game.refused(armurier, {"type": "designate", "targets": [game.pid("troubadour")]}).code == "not_general"
    assert "pick_lieutenant" in power_keys(game, "sang_royal_rouge")
    use(game, "sang_royal_rouge", "pick_lieutenant", "troubadour")
    game.do(game.pid("troubadour"), {"type": "designate", "targets": [game.pid("armurier")]})


# ------------------------------------------------------------------ S20: the relic in every window
def test_s20_the_relic_binds_its_holder_after_the_negotiation_too() -> None:
    game = hgame()
    with_event(game, 21)
    game.until("D", 2)  # the relic's holders took office at the end of N
    holder = game.state.generals[N]
    assert holder is not None and historique_of(game.state).has("relic:normandie", holder)
    asker = next(p for p in game.state.present(N) if p != holder)
    events = game.do(asker, {"type": "request_reveal", "target": holder, "kind": "complete"})
    ex = next(e for e in events if isinstance(e, CardsExchanged))
    assert ex.forced and ex.source == "relique" and (ex.a, ex.b) == (asker, holder)
    assert historique_of(game.state).roles["relic:normandie"] == {asker}
    assert game.state.generals[N] == holder  # the office was given at the end of N (E25)
