"""The Berserker's weakness (card 46, L317, C81, S6): complètes only, for his own choices.

Driven through the commands a phone sends. Others may ask him for a couleur; he can
only refuse it (the asker sees an ordinary refusal); his own couleur requests,
privées and publiques are refused to him alone. Event obligations override it (C81).
"""

from __future__ import annotations

from play_helpers import A, Game, N, table
from test_historique_support import ON
from test_powers_envoys_support import NORTH, designate

from app.games.deuxrois.events import CardShown, RevealRequestClosed
from app.games.deuxrois.views import player_view

WEAKNESS = {"fr": "Berserker : révélations complètes seulement.", "en": "Berserker: full reveals (complètes) only."}


def game_at_n() -> Game:
    """50 players, round 1's negotiation; the Berserker (46) starts in Angleterre with Harold."""
    return table(50, normandie=NORTH)


def test_c81_s6_his_own_couleur_request_privee_and_publique_are_refused_to_him() -> None:
    game = game_at_n()
    berserker, harold = game.pid("berserker"), game.pid("harold")
    assert game.room(berserker) is game.room(harold) is A
    for cmd in ({"type": "request_reveal", "target": harold, "kind": "couleur", "colour": None},
                {"type": "reveal_private", "target": harold},
                {"type": "reveal_public"}):
        err = game.refused(berserker, cmd)
        assert (err.code, err.message.as_dict()) == ("reveal_blocked", WEAKNESS), cmd
    game.do(berserker, {"type": "request_reveal", "target": harold, "kind": "complete"})  # complètes are fine
    view = player_view(game.state, berserker)["actions"]
    colour = next(a for a in view if a["type"] == "request_reveal" and a["kind"] == "couleur")
    private = next(a for a in view if a["type"] == "reveal_private")
    public = next(a for a in view if a["type"] == "reveal_public")
    for action in (colour, private, public):
        assert not action["available"] and action["reason"] == WEAKNESS


def test_s6_others_may_ask_him_for_a_couleur_he_can_only_refuse_and_the_asker_sees_a_refusal() -> None:
    game = game_at_n()
    berserker, harold = game.pid("berserker"), game.pid("harold")
    harold_view = player_view(game.state, harold)["actions"]
    colour = next(a for a in harold_view if a["type"] == "request_reveal" and a["kind"] == "couleur")
    assert berserker in colour["targets"]  # nothing tells the asker who the Berserker is
    game.do(harold, {"type": "request_reveal", "target": berserker, "kind": "couleur"})
    rid = next(iter(game.state.requests))
    answer = next(a for a in player_view(game.state, berserker)["actions"] if a["type"] == "answer_reveal")
    assert answer["available"] and answer["accept_reason"] == WEAKNESS  # he may answer, to refuse
    err = game.refused(berserker, {"type": "answer_reveal", "request_id": rid, "accept": True})
    assert (err.code, err.message.as_dict()) == ("reveal_blocked", WEAKNESS)
    events = game.do(berserker, {"type": "answer_reveal", "request_id": rid, "accept": False})
    assert [e.outcome for e in events if isinstance(e, RevealRequestClosed)] == ["refused"]
    # A complète he may accept.
    game.do(harold, {"type": "request_reveal", "target": berserker, "kind": "complete"})
    rid = next(iter(game.state.requests))
    game.do(berserker, {"type": "answer_reveal", "request_id": rid, "accept": True})


def test_c81_the_weakness_follows_the_card_on_a_swap() -> None:
    """A Faussaire who shows his card to the Berserker takes card 46, and its weakness (L340, §0.3)."""
    game = game_at_n()
    berserker, faussaire = game.pid("berserker"), game.pid("faussaire")
    game.do("moderator", {"type": "mod_move", "player": faussaire, "room": A.value})
    game.do(faussaire, {"type": "request_reveal", "target": berserker, "kind": "complete"})
    game.do(berserker, {"type": "answer_reveal", "request_id": next(iter(game.state.requests)), "accept": True})
    assert game.state.cards[faussaire] == 46
    assert game.refused(faussaire, {"type": "reveal_public"}).message.as_dict() == WEAKNESS
    game.do(berserker, {"type": "reveal_public"})  # the former Berserker is free again


def test_s6_he_cannot_opt_in_to_a_rally_which_would_make_him_show_his_colour() -> None:
    game = game_at_n()
    bearer = game.pid("porte_etendard_bleu")
    assert game.room(bearer) is A
    game.do(bearer, {"type": "use_power", "power": "rally"})
    berserker = game.pid("berserker")
    (prompt,) = [p for p in game.state.prompts.values() if p.player_id == berserker]
    action = next(a for a in player_view(game.state, berserker)["actions"] if a.get("prompt_id") == prompt.id)
    assert action["options"] == ["no"]
    err = game.refused(berserker, {"type": "answer_prompt", "prompt_id": prompt.id, "choice": "yes"})
    assert err.message.as_dict() == WEAKNESS
    game.do(berserker, {"type": "answer_prompt", "prompt_id": prompt.id, "choice": "no"})


def test_c81_event_obligations_override_his_weakness() -> None:
    """Event 28 (at its announcement, window X): every player's colour to his room, the Berserker's included."""
    game = table(50, normandie=NORTH, config=ON)
    game.until("E", 1)
    for room, name in ((N, "tresorier_ducal"), (A, "harold")):
        game.do("moderator", {"type": "mod_set_general", "room": room.value, "player": game.pid(name)})
    designate(game, N, [])
    designate(game, A, [])
    berserker = game.pid("berserker")
    assert game.room(berserker) is A and game.state.phase == "X"
    events = game.do("moderator", {"type": "mod_historique_pick", "number": 28})
    assert any(isinstance(e, CardShown) and e.shower == berserker and e.kind == "couleur_publique"
               and e.colour == "blue" for e in events)
