"""Round events (rulings §5.3 "Next", E4): drawn in round 1's window X, in force in round 2.
One test per event, driven through the engine's commands; the E ruling is in each test's name."""

from __future__ import annotations

from play_helpers import Game, table
from test_historique_support import (
    ON,
    A,
    N,
    designate,
    generals,
    hgame,
    pick,
    power_keys,
    to_phase,
    use,
    with_event,
)

from app.games.deuxrois.actions import legal_actions
from app.games.deuxrois.events import CardsExchanged, CardShown, GeneralChosen, PhaseStarted
from app.games.deuxrois.game import Actor
from app.games.deuxrois.historique.model import historique_of
from app.games.deuxrois.rounds import next_deadline
from app.games.deuxrois.views import player_view


def forced(events: list[object]) -> bool:
    return any(isinstance(e, CardsExchanged) and e.forced for e in events)


def started_at(game: Game, phase: str) -> int:
    return next(e for e in reversed(game.log) if isinstance(e, PhaseStarted) and e.phase == phase).at_ms


def request(game: Game, a: str, b: str, kind: str = "complete") -> dict[str, object]:
    return {"type": "request_reveal", "target": game.pid(b), "kind": kind}


def test_event_3_e4_negotiation_cut_to_one_minute_in_the_next_round() -> None:
    game = hgame()
    with_event(game, 3)
    assert game.state.deadline_ms == started_at(game, "N") + 60_000  # base 240 s in round 2
    # A power with a reveal cost in the shorter negotiation: Guillaume's Autorité (a forcée) works.
    assert forced(use(game, "guillaume", "authority", "armurier"))


def test_event_10_e14_negotiation_cut_to_two_minutes_group_powers_still_work() -> None:
    game = hgame()
    with_event(game, 10)
    assert game.state.deadline_ms == started_at(game, "N") + 120_000
    assert player_view(game.state, game.pid("guillaume"))["active_event"]["instruction"] is not None
    # Talking in pairs bars no reveal: a forcée by a power still works.
    assert forced(use(game, "guillaume", "authority", "troubadour"))


def test_event_4_e8_a_player_marked_outside_cannot_reveal_vote_or_be_targeted_until_the_result() -> None:
    game = hgame()
    with_event(game, 4)
    pd = game.pid("protection_divine")
    game.do("moderator", {"type": "mod_mark_outside", "player": pd})
    assert game.refused(pd, request(game, "protection_divine", "guillaume")).code == "reveal_blocked"
    assert game.refused(game.pid("guillaume"), request(game, "guillaume", "protection_divine")).code == \
        "reveal_blocked"
    # Nor forced by a power: the Autorité meets the same bar, code and message (S21).
    err = game.refused(game.pid("guillaume"), {"type": "use_power", "power": "authority", "target": pd})
    assert (err.code, err.message.en) == ("reveal_blocked", "This player is outside until the election.")
    game.until("E", 2)
    assert game.refused(pd, {"type": "vote", "candidate": game.pid("guillaume")}).code == "no_vote"
    assert not any(a["type"] == "vote" for a in legal_actions(game.state, pd))
    game.until("D", 2)
    game.do(pd, request(game, "protection_divine", "guillaume"))  # back in after the result


def test_event_5_e9_the_elected_general_makes_one_public_colour_demand() -> None:
    game = hgame()
    with_event(game, 5)
    assert "coronation_demand" not in power_keys(game, "guillaume")  # not before the election
    to_phase(game, "D", 2)
    generals(game, "guillaume", "harold")
    events = use(game, "guillaume", "coronation_demand", "armurier")
    shown = next(e for e in events if isinstance(e, CardShown))
    assert (shown.kind, shown.shower, shown.colour, shown.room) == ("couleur_publique", game.pid("armurier"),
                                                                     "blue", N)
    assert game.refused(game.pid("guillaume"), {"type": "use_power", "power": "coronation_demand",
                                                "target": game.pid("troubadour")}).code == "power_unavailable"
    # S19: a usurper (the Sang royal's public reveal is allowed) is the sitting général: the demand is his.
    use(game, "sang_royal_rouge", "usurp")
    assert "coronation_demand" in power_keys(game, "sang_royal_rouge")
    assert "coronation_demand" not in power_keys(game, "guillaume")


def test_event_6_e10_whoever_takes_office_shows_his_colour_to_the_room() -> None:
    game = hgame()
    with_event(game, 6)
    game.until("D", 2)
    oath = [e for e in game.log if isinstance(e, CardShown) and e.source == "serment_royal"]
    assert {e.shower for e in oath} == {g for g in game.state.generals.values() if g is not None}
    generals(game, "sang_royal_rouge", None)  # a moderator's appointment counts too (E10)
    last = [e for e in game.log if isinstance(e, CardShown) and e.source == "serment_royal"][-1]
    assert last.shower == game.pid("sang_royal_rouge") and last.colour == "red" and last.card is None
    # The Sang royal's usurpation (a public reveal) makes a général who owes his colour too (E10).
    use(game, "sang_royal_bleu", "usurp")
    last = [e for e in game.log if isinstance(e, CardShown) and e.source == "serment_royal"][-1]
    assert (last.shower, last.colour) == (game.pid("sang_royal_bleu"), "blue")


def test_event_7_e11_the_lieutenant_chosen_among_non_voters_names_the_envoys() -> None:
    game = hgame()
    with_event(game, 7)
    game.until("E", 2)
    g = game.pid("guillaume")
    for voter in ("protection_divine", "sang_royal_rouge", "tresorier_ducal"):
        game.do(game.pid(voter), {"type": "vote", "candidate": g})
    game.do(game.pid("armurier"), {"type": "vote", "candidate": game.pid("troubadour")})
    game.do(g, {"type": "vote", "candidate": None})
    game.do(game.pid("troubadour"), {"type": "vote", "candidate": None})
    game.until("D", 2)
    assert game.state.generals[N] == g
    targets = next(a for a in legal_actions(game.state, g) if a.get("power") == "pick_lieutenant")["targets"]
    assert sorted(targets) == sorted([game.pid("armurier"), game.pid("troubadour")])
    assert game.refused(g, {"type": "designate", "targets": [game.pid("armurier")]}).code == "not_general"
    use(game, "guillaume", "pick_lieutenant", "armurier")
    lieutenant = game.pid("armurier")
    game.do(lieutenant, {"type": "designate", "targets": [game.pid("troubadour"), game.pid("tresorier_ducal")]})
    game.do(lieutenant, {"type": "lock_envoys"})
    assert game.state.designations[N].locked
    # The lieutenant's choice meets the royal refusal (a public reveal): Guillaume refuses, the lieutenant
    # names someone else (C58).
    game = hgame()
    with_event(game, 7)
    to_phase(game, "D", 2)
    generals(game, "tresorier_ducal", "harold")
    use(game, "tresorier_ducal", "pick_lieutenant", "armurier")
    g = game.pid("guillaume")
    game.do(game.pid("armurier"), {"type": "designate", "targets": [g]})
    use(game, "guillaume", "royal_refusal")
    assert g not in game.state.designations[N].named and g in game.state.designations[N].refused


def test_event_9_e13_the_last_general_forces_two_one_way_views_and_makes_no_complete() -> None:
    game = hgame()
    with_event(game, 9)
    g = game.pid("guillaume")
    for target in ("armurier", "troubadour"):
        events = use(game, "guillaume", "viking_view", target)
        shown = next(e for e in events if isinstance(e, CardShown))
        assert (shown.kind, shown.shower, shown.viewers) == ("privee", game.pid(target), [g])
        assert not any(isinstance(e, CardsExchanged) for e in events)  # he shows nothing
    assert game.refused(g, {"type": "use_power", "power": "viking_view",
                            "target": game.pid("tresorier_ducal")}).code == "power_unavailable"
    assert game.refused(g, request(game, "guillaume", "armurier")).code == "reveal_blocked"
    assert "viking_view" not in power_keys(game, "armurier")
    # His own forcée costs a complète he cannot make: refused with the viking's bar (S21).
    err = game.refused(g, {"type": "use_power", "power": "authority", "target": game.pid("armurier")})
    assert (err.code, err.message.en) == ("reveal_blocked", "The viking makes no full reveal.")


def test_event_11_e15_colour_reveals_only() -> None:
    game = hgame()
    with_event(game, 11)
    g = game.pid("guillaume")
    assert game.refused(g, request(game, "guillaume", "armurier")).code == "reveal_blocked"
    assert game.refused(g, {"type": "reveal_private", "target": game.pid("armurier")}).code == "reveal_blocked"
    assert game.refused(g, {"type": "reveal_public"}).code == "reveal_blocked"
    # Every power whose cost is a complète, a forcée or a publique meets the same bar (S21).
    hastings = game.refused(g, {"type": "reveal_public"})
    for who, cmd in (("guillaume", {"type": "use_power", "power": "authority", "target": game.pid("armurier")}),
                     ("sang_royal_rouge", {"type": "use_power", "power": "usurp"})):
        if who == "sang_royal_rouge":
            to_phase(game, "D", 2)
            generals(game, "guillaume", "harold")
        err = game.refused(game.pid(who), cmd)
        assert (err.code, err.message) == (hastings.code, hastings.message), who
    game.do(g, request(game, "guillaume", "armurier", "couleur"))


def test_event_13_e17_the_token_is_announced_and_each_complete_asks_for_a_tick() -> None:
    game = hgame()
    with_event(game, 13)
    for p in game.state.players:
        event = player_view(game.state, p.id)["active_event"]
        assert event["number"] == 13 and event["instruction"]["fr"].startswith("Échangez")
        assert event["until"]["round"] == 2
    g, pd = game.pid("guillaume"), game.pid("protection_divine")
    game.do(g, request(game, "guillaume", "protection_divine"))
    rid = next(iter(game.state.requests))
    game.do(pd, {"type": "answer_reveal", "request_id": rid, "accept": True})
    ticks = {p.player_id: p for p in game.state.prompts.values() if p.kind == "coin_token"}
    assert set(ticks) == {g, pd} and ticks[g].data["target"] == pd
    game.do(g, {"type": "answer_prompt", "prompt_id": ticks[g].id, "choice": "done"})
    assert [p.player_id for p in game.state.prompts.values() if p.kind == "coin_token"] == [pd]
    # A forcée is a complète for every trigger (A2): the Autorité asks both for the token too.
    use(game, "harold", "authority", "chaman")
    asked = {p.player_id for p in game.state.prompts.values() if p.kind == "coin_token"}
    assert {game.pid("harold"), game.pid("chaman")} <= asked


def aged(years: dict[str, int]) -> Game:
    """The 12-player table, joined with birth years (by card key), past set-up."""
    from test_historique_support import NORTH

    from app.games.deuxrois.cards import CARDS
    from app.games.deuxrois.deal import standard_deck

    deck = standard_deck(12)
    game = Game(1, ON)
    for i, card in enumerate(deck):
        key = CARDS[card].key
        game.do(Actor.player(f"x{i}"), {"type": "join", "name": key, "birth_year": years.get(key)})
    game.do("moderator", {"type": "start", "deal": deck,
                          "rooms": [(N if c in NORTH else A).value for c in deck]})
    return game


def test_event_14_e18_the_two_oldest_agree_on_a_name_that_cannot_be_sent() -> None:
    game = aged({"protection_divine": 1950, "tresorier_ducal": 1948, "armurier": 1990, "harold": 1940,
                 "chaman": 1945, "guillaume": 1960})
    assert game.state.player(game.pid("harold")) is not None
    with_event(game, 14)
    council = historique_of(game.state).roles["council"]
    assert council == {game.pid(k) for k in ("tresorier_ducal", "protection_divine", "harold", "chaman")}
    use(game, "tresorier_ducal", "council_name", "sang_royal_rouge")
    use(game, "protection_divine", "council_name", "sang_royal_rouge")
    use(game, "harold", "council_name", "assassin")
    use(game, "chaman", "council_name", "espion")  # no agreement in Angleterre: nobody is protected
    to_phase(game, "D", 2)
    generals(game, "guillaume", "harold")
    assert game.refused(game.pid("guillaume"), {"type": "designate", "targets": [game.pid("sang_royal_rouge")]}
                        ).code == "bad_envoy"
    game.do(game.pid("harold"), {"type": "designate", "targets": [game.pid("assassin")]})
    from app.games.deuxrois.views import moderator_view
    assert moderator_view(game.state)["historique"]["birth_years"][game.pid("harold")] == 1940
    assert "birth_year" not in str(player_view(game.state, game.pid("guillaume")))
    # The council protects from missions, not from office: the protected Sang royal usurps (a publique).
    use(game, "sang_royal_rouge", "usurp")
    assert game.state.generals[N] == game.pid("sang_royal_rouge")


def test_event_16_e20_the_popes_faithful_who_had_a_complete_with_him_move_once() -> None:
    game = table(26, normandie=tuple(range(1, 14)), config=ON)
    moine, pape = game.pid("moine"), game.pid("pape")
    assert game.room(moine) is game.room(pape)
    game.do(moine, {"type": "request_reveal", "target": pape, "kind": "complete"})
    rid = next(r.id for r in game.state.requests.values() if r.from_id == moine)
    game.do(pape, {"type": "answer_reveal", "request_id": rid, "accept": True})
    to_phase(game, "X", 1, north="guillaume", south="thegn")
    pick(game, 16)
    game.until("N", 2)
    assert "pilgrim_move" in power_keys(game, "moine") and "pilgrim_move" not in power_keys(game, "pape")
    assert "pilgrim_move" not in power_keys(game, "guillaume")
    before = game.room(moine)
    use(game, "moine", "pilgrim_move")
    assert game.room(moine) is before.other
    assert game.refused(moine, {"type": "use_power", "power": "pilgrim_move"}).code == "power_unavailable"
    # A power with a public cost that also changes rooms: the Émissaire's free passage is not barred by 16.
    emissaire = game.pid("emissaire_rouge")
    before = game.room(emissaire)
    use(game, "emissaire_rouge", "free_passage")
    assert game.room(emissaire) is before.other


def test_event_18_e22_each_general_names_the_envoys_of_the_other_room() -> None:
    game = hgame()
    with_event(game, 18)
    to_phase(game, "D", 2)
    generals(game, "guillaume", "harold")
    g, h = game.pid("guillaume"), game.pid("harold")
    assert game.refused(g, {"type": "designate", "targets": [game.pid("armurier")]}).code == "bad_envoy"
    game.do(g, {"type": "designate", "targets": [game.pid("assassin"), game.pid("espion")]})
    game.do(g, {"type": "lock_envoys"})
    game.do(h, {"type": "designate", "targets": [game.pid("armurier"), game.pid("troubadour")]})
    game.do(h, {"type": "lock_envoys"})
    assert game.state.designations[A].named == (game.pid("assassin"), game.pid("espion"))
    assert game.state.designations[N].named == (game.pid("armurier"), game.pid("troubadour"))
    assert player_view(game.state, g)["active_event"]["what_it_changes_for_me"]
    # A royal refusal (a public reveal) answers the other room's général: Harold withdraws (C58).
    game = hgame()
    with_event(game, 18)
    to_phase(game, "D", 2)
    generals(game, "sang_royal_rouge", "sang_royal_bleu")
    h = game.pid("harold")
    game.do(game.pid("sang_royal_rouge"), {"type": "designate", "targets": [h]})
    use(game, "harold", "royal_refusal")
    assert h in game.state.designations[A].refused and h not in game.state.designations[A].named


def test_event_19_e23_raiders_spy_for_one_minute_then_come_back() -> None:
    game = hgame()
    with_event(game, 19)
    duc = game.pid("duc_de_bretagne")
    use(game, "harold", "raid", "duc_de_bretagne")
    assert game.room(duc) is N
    assert next_deadline(game.state) == game.now + 60_000
    game.do(duc, request(game, "duc_de_bretagne", "guillaume", "couleur"))  # he may reveal there
    assert forced(use(game, "guillaume", "authority", "duc_de_bretagne"))  # and be forced there (a power's forcée)
    game.tick()
    assert game.room(duc) is A and game.state.phase == "N"


def test_event_20_e24_three_more_envoys_each_free_to_stay() -> None:
    game = hgame()
    with_event(game, 20)
    to_phase(game, "D", 2)
    generals(game, "guillaume", "harold")
    from app.games.deuxrois.designation import required
    assert required(game.state, N) == 5  # 2 + 3, all the room but the général
    designate(game, ["protection_divine", "sang_royal_rouge", "tresorier_ducal", "armurier", "troubadour"],
              ["duc_de_bretagne", "sang_royal_bleu", "chaman", "assassin", "espion"])
    stay = game.pid("armurier")
    prompt = next(p for p in game.state.prompts.values() if p.kind == "revolt_mission" and p.player_id == stay)
    game.do(stay, {"type": "answer_prompt", "prompt_id": prompt.id, "choice": "stay"})
    pick(game, 1)  # this round's own draw: no event
    game.until("A", 2)
    assert game.room(stay) is N and game.room(game.pid("troubadour")) is A
    # Named among the extra envoys, Guillaume refuses with his royal power (a public reveal): he stays.
    game = hgame()
    with_event(game, 20)
    to_phase(game, "D", 2)
    generals(game, "tresorier_ducal", "harold")
    g = game.pid("guillaume")
    game.do(game.pid("tresorier_ducal"), {"type": "designate", "targets": [g]})
    use(game, "guillaume", "royal_refusal")
    assert g in game.state.designations[N].refused


def test_event_21_e25_the_relic_forces_completes_passes_and_makes_the_general() -> None:
    game = hgame()
    with_event(game, 21)
    g, pd = game.pid("guillaume"), game.pid("protection_divine")
    events = game.do(pd, request(game, "protection_divine", "guillaume"))
    ex = next(e for e in events if isinstance(e, CardsExchanged))
    assert ex.forced and ex.a == pd and ex.b == g and ex.source == "relique"
    assert historique_of(game.state).roles["relic:normandie"] == {pd}
    game.until("D", 2)  # both relic holders take office: no vote in this round
    chosen = next(e for e in game.log if isinstance(e, GeneralChosen) and e.how == "relic")
    assert chosen.general == pd and game.state.generals[N] == pd
    # E25: the Sang royal may still usurp the relic's général (his public reveal is allowed).
    use(game, "sang_royal_rouge", "usurp")
    assert game.state.generals[N] == game.pid("sang_royal_rouge")


def test_event_24_e28_legates_move_freely_and_cannot_be_sent() -> None:
    game = hgame()
    with_event(game, 24)
    pd = game.pid("protection_divine")
    use(game, "guillaume", "name_legate", "protection_divine")
    use(game, "protection_divine", "legate_move")
    assert game.room(pd) is A
    use(game, "protection_divine", "legate_move")
    use(game, "protection_divine", "legate_move")
    assert game.room(pd) is A
    to_phase(game, "D", 2)
    generals(game, "guillaume", "harold")
    assert game.refused(game.pid("harold"), {"type": "designate", "targets": [pd]}).code == "bad_envoy"
    # A legate in the other room can be forced there (Harold's Autorité, a forcée).
    assert forced(use(game, "harold", "authority", "protection_divine"))


def test_event_4_e8_a_player_reports_the_moderator_confirms() -> None:
    from app.games.deuxrois.views import moderator_view

    game = hgame()
    with_event(game, 4)
    pd, srr = game.pid("protection_divine"), game.pid("sang_royal_rouge")
    assert any(a["type"] == "report_silence" for a in legal_actions(game.state, srr))
    game.do(srr, {"type": "report_silence", "player": pd})
    assert game.refused(srr, {"type": "report_silence", "player": pd}).code == "reported"
    assert game.refused(srr, {"type": "report_silence", "player": game.pid("harold")}).code == "bad_report"
    mark = next(c for c in moderator_view(game.state)["historique"]["controls"] if c["type"] == "mod_mark_outside")
    assert mark["reports"] == [{"by": srr, "player": pd}] and mark["outside"] == []
    game.do("moderator", {"type": "mod_mark_outside", "player": pd})
    assert historique_of(game.state).has("outside", pd)


def test_e4_a_round_event_waits_for_the_next_round_and_ends_with_it() -> None:
    from test_historique_support import to_x_with

    game = hgame()
    to_x_with(game, 1, ["assassin", "espion"], ["armurier", "troubadour"], number=11)
    game.until("A", 1)
    g = game.pid("guillaume")
    game.do(g, request(game, "guillaume", "protection_divine"))  # still allowed in round 1's arrival
    game.until("N", 2)
    assert game.refused(g, request(game, "guillaume", "protection_divine")).code == "reveal_blocked"
    game.until("X", 2)
    pick(game, 1)  # no event for round 3
    game.until("N", 3)
    game.do(g, request(game, "guillaume", "protection_divine"))  # round 3: over
