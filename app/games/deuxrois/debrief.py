"""The end-of-game debrief: who saw whose card (the reveal graph) and where everyone stood, round by round.

Pure: built from the final state and its log, and only once the game is over
(every card is revealed then, rules L54); before the end `debrief` returns None.
It is never part of a view: the web layer asks for it after the end only.

Edges come from the knowledge snapshots (what each player saw, never
rewritten): the two snapshots of one mutual exchange (complète, couleur,
forcée) make one edge with `mutual` set; a one-way reveal (privée, publique)
makes one edge per witness, from the shower to the viewer.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from app.games.deuxrois.cards import CARDS
from app.games.deuxrois.events import EnvoysCrossed, GeneralChosen, PhaseStarted
from app.games.deuxrois.fold import evolve
from app.games.deuxrois.state import GameState

EDGE_KINDS = ("complete", "couleur", "forcee", "privee", "publique")
MUTUAL_KINDS = frozenset({"complete", "couleur", "forcee"})
# Snapshot kinds -> the five kinds of the graph (the snapshot's own kind stays in `detail`).
KIND_OF = {"complete": "complete", "couleur": "couleur", "forcee": "forcee", "privee": "privee",
           "proof": "privee", "survey": "privee", "publique": "publique", "couleur_publique": "publique",
           "annonce": "publique"}


@dataclass(frozen=True, slots=True)
class Node:
    id: str
    name: str
    card: int
    colour: str  # the final card's colour (team): red, blue, orange, green, grey, bicolour
    room: str  # final room


@dataclass(frozen=True, slots=True)
class Edge:
    a: str  # the shower (one-way) or the first of the pair (mutual)
    b: str  # the viewer (one-way) or the second of the pair
    kind: str  # one of EDGE_KINDS
    mutual: bool
    round: int
    seq: int  # the event's version: one exchange, one edge
    detail: str  # the snapshot's own kind (couleur_publique, proof, annonce...)
    card: int | None = None  # what the shower showed (one-way, full card) or None for a colour
    colour: str | None = None


@dataclass(slots=True)
class RoundLine:
    round: int
    rooms: dict[str, str] = field(default_factory=dict)  # player -> room at the start of the round
    generals: dict[str, str | None] = field(default_factory=dict)  # room -> général of the round
    crossings: list[tuple[str, str, str]] = field(default_factory=list)  # (envoy, from room, to room)


@dataclass(frozen=True, slots=True)
class Debrief:
    nodes: tuple[Node, ...]
    edges: tuple[Edge, ...]
    rounds: tuple[RoundLine, ...]

    def as_json(self) -> dict[str, Any]:
        return {
            "nodes": [{"id": n.id, "name": n.name, "card": n.card, "colour": n.colour, "room": n.room}
                      for n in self.nodes],
            "edges": [{"a": e.a, "b": e.b, "kind": e.kind, "mutual": e.mutual, "round": e.round, "seq": e.seq,
                       "detail": e.detail, "card": e.card, "colour": e.colour} for e in self.edges],
            "rounds": [{"round": r.round, "rooms": dict(r.rooms), "generals": dict(r.generals),
                        "crossings": [list(c) for c in r.crossings]} for r in self.rounds],
        }


def reveal_edges(state: GameState) -> list[Edge]:
    """The reveal graph's edges from the knowledge snapshots, mutual exchanges merged, in log order."""
    seen: set[tuple[int, str, str]] = set()
    edges: list[Edge] = []
    for viewer, snaps in state.knowledge.items():
        for s in snaps:
            kind = KIND_OF.get(s.kind, "privee")
            if kind in MUTUAL_KINDS:
                key = (s.seq, min(viewer, s.subject), max(viewer, s.subject))
                if key in seen:
                    continue
                seen.add(key)
                a, b = sorted((viewer, s.subject), key=_seat_order(state))
                edges.append(Edge(a, b, kind, True, s.round, s.seq, s.kind))
            else:
                edges.append(Edge(s.subject, viewer, kind, False, s.round, s.seq, s.kind, s.card, s.colour))
    order = _seat_order(state)
    edges.sort(key=lambda e: (e.seq, order(e.a), order(e.b)))
    return edges


def _seat_order(state: GameState) -> Any:
    seats = {p.id: i for i, p in enumerate(state.players)}
    return lambda pid: seats.get(pid, len(seats))


def timeline(state: GameState) -> list[RoundLine]:
    """Rooms at each round's start, the round's généraux, the envoys' crossing: walked along the log."""
    lines: dict[int, RoundLine] = {}
    events = state.events()
    if not events:
        return []
    step = GameState(seed=state.seed, config=state.config)
    for event in events:
        before = step
        step = evolve(step, event)
        if isinstance(event, PhaseStarted) and event.phase == "N":
            # A round (re)starts: anything recorded for it or later came from an undone branch.
            for r in [r for r in lines if r >= event.round]:
                del lines[r]
            lines[event.round] = RoundLine(event.round, {pid: str(room) for pid, room in step.rooms.items()},
                                           {str(room): step.generals.get(room) for room in step.iter_rooms()})
        line = lines.get(step.round)
        if line is None:
            continue
        if isinstance(event, GeneralChosen):
            line.generals[str(event.room)] = event.general
        elif isinstance(event, EnvoysCrossed):
            for pid, to in event.moves.items():
                origin = before.rooms.get(pid)
                line.crossings.append((pid, str(origin) if origin is not None else "", str(to)))
    return [lines[r] for r in sorted(lines)]


def debrief(state: GameState) -> Debrief | None:
    """The whole debrief, or None while the game is not over (nothing of it may show before the end)."""
    if not state.over:
        return None
    nodes = tuple(Node(p.id, p.name, state.cards[p.id], str(CARDS[state.cards[p.id]].colour), str(state.rooms[p.id]))
                  for p in state.players)
    return Debrief(nodes, tuple(reveal_edges(state)), tuple(timeline(state)))
