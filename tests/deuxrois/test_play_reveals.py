"""Reveals and consent (rulings §0.2, A1-A4, A9, A16) and knowledge snapshots."""

from __future__ import annotations

from play_helpers import A, Game, N, table

from app.games.deuxrois.cards import ESPION, FAUSSAIRE, INFIDELE

# 22 players: the Faussaire (21) and the Infidèle (22) are dealt.
NORTH = (1, 3, 4, 9, 21, 22, 5, 6, 13)


def game22(infidel: str = "blue") -> Game:
    return table(22, normandie=NORTH, infidel=infidel)


def request(game: Game, a: str, b: str, kind: str = "complete", **extra: str) -> str:
    game.do(game.pid(a), {"type": "request_reveal", "target": game.pid(b), "kind": kind, **extra})
    return next(r.id for r in game.state.requests.values() if r.from_id == game.pid(a))


def test_a9_complete_needs_consent_and_shows_both_cards() -> None:
    game = game22()
    rid = request(game, "guillaume", "duc_de_bretagne")
    assert game.state.knowledge[game.pid("guillaume")] == ()
    game.do(game.pid("duc_de_bretagne"), {"type": "answer_reveal", "request_id": rid, "accept": True})
    g, d = game.state.knowledge[game.pid("guillaume")][0], game.state.knowledge[game.pid("duc_de_bretagne")][0]
    assert (g.subject, g.card, g.kind) == (game.pid("duc_de_bretagne"), 4, "complete")
    assert (d.subject, d.card, d.kind) == (game.pid("guillaume"), 1, "complete")
    assert not game.state.requests


def test_a9_a_refusal_shows_nothing() -> None:
    game = game22()
    rid = request(game, "guillaume", "duc_de_bretagne")
    game.do(game.pid("duc_de_bretagne"), {"type": "answer_reveal", "request_id": rid, "accept": False})
    assert all(not k for k in game.state.knowledge.values()) and not game.state.requests


def test_only_the_target_answers_and_only_the_sender_cancels() -> None:
    game = game22()
    rid = request(game, "guillaume", "duc_de_bretagne")
    assert game.refused(game.pid("guillaume"), {"type": "answer_reveal", "request_id": rid, "accept": True}).code \
        == "no_request"
    assert game.refused(game.pid("duc_de_bretagne"), {"type": "cancel_reveal", "request_id": rid}).code == "no_request"
    game.do(game.pid("guillaume"), {"type": "cancel_reveal", "request_id": rid})
    assert not game.state.requests


def test_reveals_stay_within_one_room() -> None:
    game = game22()
    assert game.refused(game.pid("guillaume"), {"type": "request_reveal", "target": game.pid("harold"),
                                                "kind": "complete"}).code == "other_room"
    assert game.refused(game.pid("guillaume"), {"type": "reveal_private", "target": game.pid("harold")}).code \
        == "other_room"


def test_one_pending_request_per_pair() -> None:
    game = game22()
    request(game, "guillaume", "duc_de_bretagne")
    err = game.refused(game.pid("duc_de_bretagne"), {"type": "request_reveal", "target": game.pid("guillaume"),
                                                     "kind": "couleur"})
    assert err.code == "pending"


def test_pending_requests_expire_at_the_phase_end() -> None:
    game = game22()
    rid = request(game, "guillaume", "duc_de_bretagne")
    game.tick()
    assert game.state.phase == "E" and rid not in game.state.requests
    assert game.refused(game.pid("duc_de_bretagne"), {"type": "answer_reveal", "request_id": rid,
                                                      "accept": True}).code == "no_request"


def test_a_request_lapses_when_a_player_changes_room() -> None:
    game = game22()
    request(game, "guillaume", "duc_de_bretagne")
    game.do("moderator", {"type": "mod_move", "player": game.pid("duc_de_bretagne"), "room": "angleterre"})
    assert not game.state.requests


def test_couleur_shows_colours_only() -> None:
    game = game22()
    rid = request(game, "guillaume", "duc_de_bretagne", kind="couleur")
    game.do(game.pid("duc_de_bretagne"), {"type": "answer_reveal", "request_id": rid, "accept": True})
    snap = game.state.knowledge[game.pid("guillaume")][0]
    assert (snap.card, snap.colour, snap.kind) == (None, "red", "couleur")


def test_a16_espion_picks_his_colour_and_must_choose() -> None:
    game = game22()
    espion = game.pid("espion")
    assert game.refused(espion, {"type": "request_reveal", "target": game.pid("guillaume"),
                                 "kind": "couleur"}).code == "choose_colour"
    rid = request(game, "espion", "guillaume", kind="couleur", colour="blue")
    game.do(game.pid("guillaume"), {"type": "answer_reveal", "request_id": rid, "accept": True})
    assert game.state.knowledge[game.pid("guillaume")][0].colour == "blue"
    assert game.state.cards[espion] == ESPION


def test_a16_infidele_shows_his_current_colour() -> None:
    game = game22(infidel="blue")
    rid = request(game, "duc_de_bretagne", "infidele", kind="couleur")
    game.do(game.pid("infidele"), {"type": "answer_reveal", "request_id": rid, "accept": True})
    assert game.state.knowledge[game.pid("duc_de_bretagne")][0].colour == "blue"
    assert game.state.cards[game.pid("infidele")] == INFIDELE


def test_privee_is_one_way() -> None:
    game = game22()
    game.do(game.pid("guillaume"), {"type": "reveal_private", "target": game.pid("duc_de_bretagne")})
    assert game.state.knowledge[game.pid("duc_de_bretagne")][0].card == 1
    assert game.state.knowledge[game.pid("guillaume")] == ()


def test_publique_reaches_the_room_present_now_and_not_later_arrivals() -> None:
    game = game22()
    guillaume = game.pid("guillaume")
    game.do(guillaume, {"type": "reveal_public"})
    for pid in game.state.present(N):
        if pid != guillaume:
            assert game.state.knowledge[pid][-1].card == 1
    for pid in game.state.present(A):
        assert game.state.knowledge[pid] == ()
    newcomer = game.pid("harold")
    game.do("moderator", {"type": "mod_move", "player": newcomer, "room": "normandie"})
    assert game.state.knowledge[newcomer] == ()
    assert not any(item.kind == "publique" for item in game.state.feeds[newcomer])
    assert any(item.kind == "publique" for item in game.state.feeds[game.pid("duc_de_bretagne")])


def test_knowledge_is_a_snapshot_a_later_swap_reveals_nothing() -> None:
    game = game22()
    duc, faussaire = game.pid("duc_de_bretagne"), game.pid("faussaire")
    rid = request(game, "guillaume", "duc_de_bretagne")
    game.do(duc, {"type": "answer_reveal", "request_id": rid, "accept": True})
    # The duc then swaps cards with the Faussaire: Guillaume's memory still says "duc showed card 4".
    rid = request(game, "faussaire", "duc_de_bretagne", kind="couleur")
    game.do(duc, {"type": "answer_reveal", "request_id": rid, "accept": True})
    assert game.state.cards[duc] == FAUSSAIRE and game.state.cards[faussaire] == 4
    snap = game.state.knowledge[game.pid("guillaume")][0]
    assert (snap.subject, snap.card, snap.round, snap.phase) == (duc, 4, 1, "N")
    assert not any(s.card == FAUSSAIRE for s in game.state.knowledge[game.pid("guillaume")])


def test_a_pending_request_lapses_when_a_card_is_swapped() -> None:
    game = game22()
    request(game, "guillaume", "espion", kind="couleur")
    rid = request(game, "faussaire", "duc_de_bretagne", kind="couleur")
    game.do(game.pid("duc_de_bretagne"), {"type": "answer_reveal", "request_id": rid, "accept": True})
    assert game.state.cards[game.pid("duc_de_bretagne")] == FAUSSAIRE
    assert [r.from_id for r in game.state.requests.values()] == [game.pid("guillaume")]
    rid = request(game, "duc_de_bretagne", "espion", kind="complete")
    game.do(game.pid("espion"), {"type": "reveal_private", "target": game.pid("duc_de_bretagne")})
    assert rid in game.state.requests  # a privée *to* the Faussaire swaps nothing
    game.do(game.pid("duc_de_bretagne"), {"type": "reveal_private", "target": game.pid("espion")})
    assert not game.state.requests  # his privée swapped the cards: both requests involving them lapse
