"""The end-of-game debrief (app/games/deuxrois/debrief.py): the reveal graph and the round timeline.

The graph's edges are checked against the knowledge snapshots (one mutual edge
per exchange, one edge per witness of a one-way reveal), the timeline against
replays of the log prefix at each round's start and the crossing events, and
nothing of it exists before the end.
"""

from __future__ import annotations

import random
from collections import Counter

from play_helpers import Game, bot_step, random_game, table

from app.games.deuxrois.debrief import EDGE_KINDS, KIND_OF, debrief
from app.games.deuxrois.events import EnvoysCrossed, PhaseStarted
from app.games.deuxrois.game import replay
from app.games.deuxrois.views import moderator_view, player_view, screen_view

NORTH = (1, 3, 4, 9, 21, 22, 5, 6, 13)


def never_before_the_end(game: Game) -> None:
    assert debrief(game.state) is None
    views = [screen_view(game.state), moderator_view(game.state)] + [player_view(game.state, p.id)
                                                                       for p in game.state.players]
    assert all("debrief" not in repr(v) for v in views)


def test_a_scripted_game_gives_one_mutual_edge_per_exchange_and_one_edge_per_witness() -> None:
    game = table(22, normandie=NORTH, infidel="blue")
    g, d, three, five, six = (game.holder(c) for c in (1, 4, 3, 5, 6))
    never_before_the_end(game)
    game.do(g, {"type": "request_reveal", "target": d, "kind": "complete"})
    rid = next(iter(game.state.requests))
    game.do(d, {"type": "answer_reveal", "request_id": rid, "accept": True})
    game.do(three, {"type": "reveal_private", "target": five})
    game.do(six, {"type": "request_reveal", "target": three, "kind": "couleur"})
    rid = next(iter(game.state.requests))
    game.do(three, {"type": "answer_reveal", "request_id": rid, "accept": True})
    never_before_the_end(game)
    for _ in range(200):
        if game.state.over:
            break
        never_before_the_end(game)
        game.tick()
    assert game.state.over
    result = debrief(game.state)
    assert result is not None
    mine = [(e.a, e.b, e.kind, e.mutual, e.round) for e in result.edges if e.round == 1]
    assert (g, d, "complete", True, 1) in mine and (d, g, "complete", True, 1) not in mine
    assert (three, five, "privee", False, 1) in mine and (five, three, "privee", False, 1) not in mine
    assert (min((six, three), key=seat(game)), max((six, three), key=seat(game)), "couleur", True, 1) in mine
    assert sum(1 for e in result.edges if {e.a, e.b} == {g, d}) == 1  # a complète between A and B, once
    private = next(e for e in result.edges if e.kind == "privee")
    assert private.card == 3
    assert [n.id for n in result.nodes] == [p.id for p in game.state.players]
    assert {n.id: n.card for n in result.nodes} == dict(game.state.cards)
    assert {n.id: n.room for n in result.nodes} == {p: str(r) for p, r in game.state.rooms.items()}
    assert [r.round for r in result.rounds] == list(range(1, game.state.config.rounds + 1))


def seat(game: Game) -> object:
    order = {p.id: i for i, p in enumerate(game.state.players)}
    return lambda pid: order[pid]


def play_to_end(n: int, seed: int) -> Game:
    rng = random.Random(seed)
    game = random_game(n, seed, rounds=3)
    for _ in range(20000):
        if game.state.over:
            return game
        if rng.random() < 0.1:
            assert debrief(game.state) is None
        move = bot_step(game, rng) if rng.random() < 0.85 else None
        if move is None:
            game.tick()
        else:
            game.do(*move)
    raise AssertionError("the game never ended")


def test_random_games_edges_match_the_knowledge_log_exactly() -> None:
    for n, seed in ((8, 3), (12, 5), (16, 11)):
        game = play_to_end(n, seed)
        result = debrief(game.state)
        assert result is not None
        # Rebuild the snapshots each edge stands for: a mutual edge is two snapshots, a one-way edge one.
        from_edges: Counter[tuple[str, str, str, int, int]] = Counter()
        for e in result.edges:
            assert e.kind in EDGE_KINDS
            from_edges[(e.b, e.a, e.detail, e.round, e.seq)] += 1
            if e.mutual:
                from_edges[(e.a, e.b, e.detail, e.round, e.seq)] += 1
        snapshots = Counter((viewer, s.subject, s.kind, s.round, s.seq)
                            for viewer, snaps in game.state.knowledge.items() for s in snaps)
        assert from_edges == snapshots
        assert all(KIND_OF[s[2]] for s in snapshots)
        assert sum(snapshots.values()) > 0


def test_random_games_timeline_matches_the_moves() -> None:
    for n, seed in ((8, 3), (12, 5)):
        game = play_to_end(n, seed)
        result = debrief(game.state)
        assert result is not None
        lines = {line.round: line for line in result.rounds}
        starts = [i for i, ev in enumerate(game.log) if isinstance(ev, PhaseStarted) and ev.phase == "N"]
        assert sorted(lines) == sorted({game.log[i].round for i in starts})  # type: ignore[attr-defined]
        for i in starts:
            state = replay(game.log[:i + 1])
            assert lines[state.round].rooms == {p: str(r) for p, r in state.rooms.items()}
        crossed = 0
        for i, ev in enumerate(game.log):
            if isinstance(ev, EnvoysCrossed):
                before = replay(game.log[:i])
                line = lines[before.round]
                for pid, to in ev.moves.items():
                    assert (pid, str(before.rooms[pid]), str(to)) in line.crossings
                    crossed += 1
                # The généraux of that round are the ones standing when the envoys crossed.
                assert line.generals == {str(r): before.generals.get(r) for r in before.iter_rooms()}
        assert crossed == sum(len(line.crossings) for line in result.rounds) > 0
        assert any(g is not None for line in result.rounds for g in line.generals.values())


def test_edge_labels_never_sit_on_one_another() -> None:
    """Several reveals between the same two players (and crossing lines) keep readable labels (report #25)."""
    import re

    from app.games.deuxrois.debrief import Debrief, Edge, Node
    from app.games.deuxrois.debrief_svg import graph_svg

    nodes = (Node("p1", "Aude", 1, "red", "normandie"), Node("p2", "Bertrand", 2, "blue", "angleterre"),
             Node("p3", "Cyprien", 3, "red", "normandie"), Node("p4", "Douce", 4, "red", "angleterre"))
    edges = tuple(Edge(a, b, kind, kind in ("complete", "forcee"), 1, i, kind)
                  for i, (a, b, kind) in enumerate([("p1", "p2", "complete"), ("p1", "p2", "publique"),
                                                    ("p2", "p1", "privee"), ("p3", "p4", "forcee"),
                                                    ("p4", "p3", "publique"), ("p1", "p4", "privee")]))
    svg = graph_svg(Debrief(nodes, edges, ()))
    labels = [(float(x), float(y), body) for x, y, body in
              re.findall(r'<text x="([\d.]+)" y="([\d.]+)" font-size="10"[^>]*>([A-Za-z]+\d)</text>', svg)]
    assert len(labels) == len(edges)
    for i, (x1, y1, a) in enumerate(labels):
        for x2, y2, b in labels[i + 1:]:
            assert abs(y1 - y2) >= 12 or abs(x1 - x2) >= (len(a) + len(b)) * 3.2, (a, b)
