"""Elections (rulings D3-D7, §4.2): secret ballot per room, no self-vote, plurality, run-off, draws."""

from __future__ import annotations

import pytest
from play_helpers import Game, N, table

from app.games.deuxrois.deal import Room

# 10 players: Normandie holds cards 1, 3, 4, 7, 9; Angleterre 2, 5, 6, 8, 10 (quota 1).
NORTH = (1, 3, 4, 7, 9)


def at_election() -> Game:
    game = table(10, normandie=NORTH)
    game.until("E", 1)
    return game


def votes(game: Game, ballots: dict[str, str | None]) -> None:
    for voter, candidate in ballots.items():
        game.do(game.pid(voter), {"type": "vote", "candidate": game.pid(candidate) if candidate else None})


def general(game: Game, room: Room) -> str | None:
    pid = game.state.generals.get(room)
    return game.state.name(pid) if pid else None


def test_d4_no_self_vote() -> None:
    game = at_election()
    me = game.pid("guillaume")
    assert game.refused(me, {"type": "vote", "candidate": me}).code == "self_vote"


def test_d4_only_players_of_the_room_can_be_chosen() -> None:
    game = at_election()
    assert game.refused(game.pid("guillaume"), {"type": "vote", "candidate": game.pid("harold")}).code == "bad_candidate"


def test_d4_votes_only_during_the_election() -> None:
    game = table(10, normandie=NORTH)
    assert game.refused(game.pid("guillaume"), {"type": "vote", "candidate": None}).code == "wrong_phase"


def test_d4_plurality_with_abstention_closes_early_when_everyone_voted() -> None:
    game = at_election()
    votes(game, {"guillaume": "duc_de_bretagne", "protection_divine": "duc_de_bretagne", "duc_de_bretagne": None,
                 "sang_royal_rouge": "guillaume"})
    assert game.state.generals[N] is None  # one voter left: the election is still open
    votes(game, {"espion": None})
    assert general(game, N) == "duc_de_bretagne"
    assert game.log[-1].type != "runoff_started"


def test_d4_a_voter_may_change_his_ballot_until_the_close() -> None:
    game = at_election()
    votes(game, {"guillaume": "espion", "protection_divine": "espion"})
    votes(game, {"guillaume": "duc_de_bretagne", "protection_divine": "duc_de_bretagne"})
    game.tick()
    assert general(game, N) == "duc_de_bretagne"


def test_d4_tie_goes_to_a_runoff_among_the_tied_then_plurality() -> None:
    game = at_election()
    votes(game, {"guillaume": "espion", "protection_divine": "espion", "duc_de_bretagne": "guillaume",
                 "sang_royal_rouge": "guillaume", "espion": None})
    el = game.state.elections[N]
    assert el.open and set(el.candidates or ()) == {game.pid("espion"), game.pid("guillaume")}
    assert el.deadline_ms == game.now + 20_000
    assert game.refused(game.pid("guillaume"), {"type": "vote", "candidate": game.pid("duc_de_bretagne")}).code \
        == "bad_candidate"
    votes(game, {"guillaume": "espion", "duc_de_bretagne": "espion", "protection_divine": "guillaume"})
    game.tick()  # the run-off deadline
    assert general(game, N) == "espion"
    assert [e.how for e in game.log if e.type == "general_chosen" and e.room is N] == ["runoff"]


def test_d4_runoff_tie_incumbent_wins() -> None:
    game = at_election()
    votes(game, {"guillaume": "espion", "espion": "guillaume", "protection_divine": "duc_de_bretagne",
                 "duc_de_bretagne": "protection_divine", "sang_royal_rouge": None})
    # four-way tie at 1 vote: run-off among the four
    assert len(game.state.elections[N].candidates or ()) == 4
    game.tick()  # nobody votes in the run-off: a seeded draw among the tied
    chosen = general(game, N)
    assert chosen in ("espion", "guillaume", "duc_de_bretagne", "protection_divine")
    # Round 2: the incumbent is among the tied after the run-off -> he keeps the office
    game.until("E", 2)
    north = [game.state.name(p) for p in game.state.present(N)]
    assert chosen in north
    a, b = chosen, next(n for n in north if n != chosen)
    rest = [n for n in north if n not in (a, b)]
    votes(game, {rest[0]: a, rest[1]: b})
    game.tick()  # phase deadline: tie -> run-off
    votes(game, {rest[0]: a, rest[1]: b})
    game.tick()  # run-off deadline: still tied -> incumbent
    assert general(game, N) == chosen
    assert [e.how for e in game.log if e.type == "general_chosen" and e.room is N][-1] == "incumbent"


def test_d4_nobody_votes_gives_a_seeded_draw() -> None:
    game = at_election()
    game.tick()
    assert game.state.generals[N] in game.state.present(N)
    drawn = [e for e in game.log if e.type == "general_chosen"]
    assert {e.how for e in drawn} == {"draw"}
    again = at_election()
    again.tick()
    assert again.state.generals == game.state.generals  # same seed, same draw


def test_d5_the_general_keeps_office_until_the_next_election() -> None:
    game = at_election()
    game.tick()
    first = game.state.generals[N]
    game.until("N", 2)
    assert game.state.generals[N] == first or game.state.rooms[first] is not N


def test_d7_general_leaving_in_designation_triggers_a_revote() -> None:
    game = at_election()
    game.tick()
    assert game.state.phase == "D"
    gen = game.state.generals[N]
    assert gen is not None
    game.do("moderator", {"type": "mod_move", "player": gen, "room": "angleterre"})
    assert game.state.generals[N] is None
    el = game.state.elections[N]
    assert el.open and el.deadline_ms == game.now + 20_000 and gen not in (el.candidates or ())
    voters = game.state.present(N)
    for v in voters:
        game.do(v, {"type": "vote", "candidate": voters[0] if v != voters[0] else voters[1]})
    assert game.state.generals[N] == voters[0]


def test_d7_general_leaving_during_negotiation_leaves_the_office_vacant() -> None:
    game = at_election()
    game.tick()
    game.until("N", 2)
    gen = game.state.generals[N]
    if gen is None or game.state.rooms[gen] is not N:
        pytest.skip("the général crossed")
    game.do("moderator", {"type": "mod_move", "player": gen, "room": "angleterre"})
    assert game.state.generals[N] is None and not game.state.elections


def test_c74_corruption_binds_the_ballot_to_the_tresorier() -> None:
    game = table(12, normandie=(11, 2, 4, 6, 8, 10))
    tresorier, harold = game.pid("tresorier_ducal"), game.pid("harold")
    game.do(tresorier, {"type": "request_reveal", "target": harold, "kind": "complete"})
    game.do(harold, {"type": "answer_reveal", "request_id": next(iter(game.state.requests)), "accept": True})
    prompt = next(p for p in game.state.prompts.values() if p.kind == "corruption")
    assert prompt.player_id == tresorier and prompt.data["target"] == harold
    game.do(tresorier, {"type": "answer_prompt", "prompt_id": prompt.id, "choice": "yes"})
    assert game.state.bindings == {harold: tresorier}
    game.until("E", 1)
    pick = game.pid("armurier")
    game.do(tresorier, {"type": "vote", "candidate": pick})
    game.do(harold, {"type": "vote", "candidate": game.pid("duc_de_bretagne")})  # his own input is ignored
    game.do(game.pid("duc_de_bretagne"), {"type": "vote", "candidate": tresorier})
    game.tick()
    assert game.state.generals[N] == pick


def test_c74_corruption_is_void_when_either_moves() -> None:
    game = table(12, normandie=(11, 2, 4, 6, 8, 10))
    tresorier, harold = game.pid("tresorier_ducal"), game.pid("harold")
    game.do(tresorier, {"type": "request_reveal", "target": harold, "kind": "complete"})
    game.do(harold, {"type": "answer_reveal", "request_id": next(iter(game.state.requests)), "accept": True})
    prompt = next(p for p in game.state.prompts.values() if p.kind == "corruption")
    game.do(tresorier, {"type": "answer_prompt", "prompt_id": prompt.id, "choice": "yes"})
    game.do("moderator", {"type": "mod_move", "player": harold, "room": "angleterre"})
    assert game.state.bindings == {}


def test_c74_no_corruption_offer_for_a_norman() -> None:
    game = table(12, normandie=(11, 4))
    tresorier, duc = game.pid("tresorier_ducal"), game.pid("duc_de_bretagne")
    game.do(tresorier, {"type": "request_reveal", "target": duc, "kind": "complete"})
    game.do(duc, {"type": "answer_reveal", "request_id": next(iter(game.state.requests)), "accept": True})
    assert not any(p.kind == "corruption" for p in game.state.prompts.values())


def test_c74_corruption_once_per_round_and_only_in_negotiation() -> None:
    game = table(12, normandie=(11, 2, 6, 8, 10, 4))
    tresorier = game.pid("tresorier_ducal")
    for target in ("harold", "armurier"):
        game.do(tresorier, {"type": "request_reveal", "target": game.pid(target), "kind": "complete"})
        game.do(game.pid(target), {"type": "answer_reveal", "request_id": next(iter(game.state.requests)),
                                   "accept": True})
    offers = [p for p in game.state.prompts.values() if p.kind == "corruption"]
    assert len(offers) == 2  # offers are open; only one may be taken this round
    game.do(tresorier, {"type": "answer_prompt", "prompt_id": offers[0].id, "choice": "yes"})
    game.do(tresorier, {"type": "answer_prompt", "prompt_id": offers[1].id, "choice": "yes"})
    assert len(game.state.bindings) == 1
    game.until("E", 1)
    game.do(game.pid("duc_de_bretagne"), {"type": "request_reveal", "target": tresorier, "kind": "complete"})
    game.do(tresorier, {"type": "answer_reveal", "request_id": next(iter(game.state.requests)), "accept": True})
    assert not any(p.kind == "corruption" for p in game.state.prompts.values())
