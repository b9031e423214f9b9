"""Zones inside a room (events 25, 26, 27; rulings E29-E31): chosen on the phone with `set_zone`,
honoured by reveals, forced powers, the vote and the designation."""

from __future__ import annotations

from test_historique_support import N, generals, hgame, power_keys, to_phase, use, with_event

from app.games.deuxrois.actions import legal_actions
from app.games.deuxrois.events import CardsExchanged, CardShown
from app.games.deuxrois.historique.model import historique_of
from app.games.deuxrois.rounds import next_deadline
from app.games.deuxrois.views import player_view


def zone(game: object, who: str, where: str) -> list[object]:
    from play_helpers import Game

    assert isinstance(game, Game)
    return list(game.do(game.pid(who), {"type": "set_zone", "zone": where}))


def test_event_25_e29_the_citadelle_cannot_be_forced_vote_rule_or_go_and_shows_its_colour() -> None:
    game = hgame()
    with_event(game, 25)
    pd, g = game.pid("protection_divine"), game.pid("guillaume")
    assert player_view(game.state, pd)["historique"]["zone"] == "port"
    zone(game, "protection_divine", "citadelle")
    zone(game, "sang_royal_rouge", "citadelle")  # his usurpation (a public reveal) meets the Citadelle below
    authority = next(a for a in legal_actions(game.state, g) if a.get("power") == "authority")
    assert pd not in authority["targets"] and game.pid("armurier") in authority["targets"]
    assert game.refused(g, {"type": "use_power", "power": "authority", "target": pd}).code == "immune"
    game.do(pd, {"type": "request_reveal", "target": g, "kind": "complete"})  # a voluntary complète is fine
    game.until("E", 2)
    shown = next(e for e in game.log if isinstance(e, CardShown) and e.source == "citadelle")
    assert (shown.shower, shown.kind, shown.colour) == (pd, "couleur_publique", "red")
    assert game.refused(pd, {"type": "vote", "candidate": g}).code == "no_vote"
    assert game.refused(g, {"type": "vote", "candidate": pd}).code == "office_barred"  # S21: every way, one bar
    game.until("D", 2)
    generals(game, "guillaume", "harold")
    assert game.refused(g, {"type": "designate", "targets": [pd]}).code == "bad_envoy"
    assert game.refused("moderator", {"type": "set_zone", "zone": "nowhere", "player": pd}).code == "bad_zone"
    # The Citadelle bars every way to the office (S21): the Sang royal's usurpation too, with the vote's refusal.
    err = game.refused(game.pid("sang_royal_rouge"), {"type": "use_power", "power": "usurp"})
    assert (err.code, err.message.en) == ("office_barred",
                                          "Harbour and Citadel: a player in the Citadel cannot become général.")


def test_event_26_e30_colour_only_in_the_camp_automatic_completes_in_the_tent_of_three() -> None:
    game = hgame()
    with_event(game, 26)
    g, pd = game.pid("guillaume"), game.pid("protection_divine")
    assert game.refused(g, {"type": "request_reveal", "target": pd, "kind": "complete"}).code == "reveal_blocked"
    game.do(g, {"type": "request_reveal", "target": pd, "kind": "couleur"})
    assert zone(game, "guillaume", "tente") and zone(game, "protection_divine", "tente")
    forced = [e for e in game.log if isinstance(e, CardsExchanged) and e.source == "tente_royale"]
    assert [(e.a, e.b, e.forced) for e in forced] == [(pd, g, True)]
    events = zone(game, "sang_royal_rouge", "tente")  # pairwise with both occupants
    assert len([e for e in events if isinstance(e, CardsExchanged)]) == 2
    assert not [a for a in legal_actions(game.state, game.pid("armurier")) if a["type"] == "set_zone"]
    assert game.refused(game.pid("armurier"), {"type": "set_zone", "zone": "tente"}).code == "zone_closed"
    assert game.refused("moderator", {"type": "set_zone", "zone": "tente",
                                      "player": game.pid("armurier")}).code == "tent_full"
    # A forcée by a power meets the same zones: not on a Camp player, but between Tent occupants.
    err = game.refused(g, {"type": "use_power", "power": "authority", "target": game.pid("armurier")})
    assert (err.code, err.message.en) == ("reveal_blocked", "In the Camp, colour reveals only.")
    events = use(game, "guillaume", "authority", "protection_divine")
    assert any(isinstance(e, CardsExchanged) and e.forced and e.source == "authority" for e in events)


def test_event_27_e31_a_challenge_forces_a_reveal_and_the_challenger_leaves_for_the_village() -> None:
    game = hgame()
    with_event(game, 27)
    g, pd = game.pid("guillaume"), game.pid("protection_divine")
    assert historique_of(game.state).zones[g] == "champ"
    events = use(game, "guillaume", "battle_challenge", "protection_divine")
    ex = next(e for e in events if isinstance(e, CardsExchanged))
    assert (ex.a, ex.b, ex.forced, ex.source) == (g, pd, True, "champ_bataille")
    assert historique_of(game.state).zones[g] == "village" and historique_of(game.state).zones[pd] == "champ"
    assert "battle_challenge" not in power_keys(game, "guillaume")
    assert game.refused(pd, {"type": "use_power", "power": "battle_challenge", "target": g}).code == "bad_target"
    assert game.refused(g, {"type": "set_zone", "zone": "champ"}).code == "zone_closed"
    # Another forcée (Harold's Autorité from the Battlefield) is no challenge: nobody changes zone.
    harold = game.pid("harold")
    events = use(game, "harold", "authority", "duc_de_bretagne")
    assert any(isinstance(e, CardsExchanged) and e.forced for e in events)
    assert historique_of(game.state).zones[harold] == "champ"
    to_phase(game, "D", 2)
    assert game.state.rooms[pd] is N


def test_event_25_s15_an_espion_in_the_citadelle_who_does_not_choose_shows_his_last_colour_at_the_deadline() -> None:
    game = hgame()
    with_event(game, 25)
    espion = game.pid("espion")  # in Angleterre since round 1's crossing
    game.do(espion, {"type": "set_zone", "zone": "citadelle"})
    harold = game.pid("harold")
    game.do(harold, {"type": "request_reveal", "target": espion, "kind": "couleur"})
    rid = next(iter(game.state.requests))
    game.do(espion, {"type": "answer_reveal", "request_id": rid, "accept": True, "colour": "blue"})
    game.until("E", 2)
    (prompt,) = [p for p in game.state.prompts.values() if p.kind == "espion_public_colour"]
    assert prompt.player_id == espion
    assert next_deadline(game.state) == game.state.deadline_ms  # the window's deadline (S15), not 20 s
    game.now += 25_000
    assert game.refused("system", {"type": "tick"}).code == "not_due"
    events = game.tick()  # the end of E: unanswered, the colour he showed last
    shown = [e for e in events if isinstance(e, CardShown) and e.shower == espion]
    assert len(shown) == 1 and shown[0].colour == "blue" and shown[0].source == "citadelle"


def test_event_25_s15_an_espion_who_never_showed_a_colour_gets_a_seeded_one_and_may_answer_in_time() -> None:
    game = hgame()
    with_event(game, 25)
    espion = game.pid("espion")
    game.do(espion, {"type": "set_zone", "zone": "citadelle"})
    game.until("E", 2)
    (prompt,) = [p for p in game.state.prompts.values() if p.kind == "espion_public_colour"]
    events = game.do(espion, {"type": "answer_prompt", "prompt_id": prompt.id, "choice": "red"})
    assert [(e.shower, e.colour) for e in events if isinstance(e, CardShown)] == [(espion, "red")]
    other = hgame()
    with_event(other, 25)
    other.do(espion, {"type": "set_zone", "zone": "citadelle"})
    other.until("E", 2)
    events = other.tick()
    shown = [e for e in events if isinstance(e, CardShown) and e.shower == espion]
    assert len(shown) == 1 and shown[0].colour in ("red", "blue")
