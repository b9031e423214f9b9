"""Every card's scoring rule (rulings §3.2 scoring, §3.3, C17-C50, C89), one table row per rule.

A row: id naming the rulings, player count, rooms of the cards that matter (the rest
sit in `rest`), card states, the expected outcome, and expected points per card.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from app.games.deuxrois.card_state import CardState
from app.games.deuxrois.deal import Room, standard_deck
from app.games.deuxrois.scoring import EndPlayer, Position, Result, resolve

N, A = Room.NORMANDIE, Room.ANGLETERRE
SUBJECT = CardState(subject=True)
ADOPTER = CardState(blessed=True, pope_faithful=True)
PEACE_26 = {1: A, 2: A, 26: A}  # 26-34 players: the Pope's peace in England
PEACE_36 = {1: A, 2: A, 26: A, 35: A}
# 36 players, France wins: 17 subjects + RdF + Chancelier = 19 > 18 (C20)
FRANCE_36 = {c: SUBJECT for c in (3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 15, 16, 17, 18, 23, 24, 27)}


@dataclass(frozen=True)
class Row:
    id: str
    n: int
    where: dict[int, Room]
    kind: str
    points: dict[int, float]
    states: dict[int, CardState] = field(default_factory=dict)
    rest: Room = N


def build(row: Row) -> Position:
    # Unless a row places him, the Pope sits away from Guillaume so that no peace happens by accident.
    where = {26: row.where.get(1, row.rest).other} | row.where
    return Position(tuple(
        EndPlayer(f"c{c}", c, where.get(c, row.rest), row.states.get(c, CardState()))
        for c in standard_deck(row.n)
    ))


ROWS = [
    # Guillaume, Harold (L58-66)
    Row("L58-guillaume-5-at-home", 8, {}, "N-HOME", {1: 5, 2: 0}),
    Row("L64-guillaume-4-on-majority", 16, {1: A}, "N-MAJ", {1: 4, 2: 0}),
    Row("C2-harold-5-on-default", 8, {1: A, 2: A}, "E-DEFAULT", {2: 5, 1: 0}),
    Row("sec3.3.7-subject-guillaume-decides-but-scores-0", 36, {}, "N-HOME", {1: 0, 4: 4},
        states={1: SUBJECT}),
    # Protection Divine (L122)
    Row("L122-pd-plus-2-in-guillaume-room-norman-win", 8, {}, "N-HOME", {3: 6}),
    Row("L122-pd-other-room-no-bonus", 8, {3: A}, "N-HOME", {3: 4}),
    Row("L122-pd-needs-a-norman-win", 8, {1: A, 3: A, 2: A}, "E-DEFAULT", {3: 0}),
    Row("C23-subject-pd-loses-bonus", 36, {}, "N-HOME", {3: 0}, states={3: SUBJECT}),
    # Assassin, Armurier (L59, C8)
    Row("L59-assassin-6-armurier-5", 8, {1: A, 5: A}, "E-ASSASSIN", {5: 6, 6: 5, 2: 5},
        states={5: CardState(armed=True)}),
    Row("A12-subject-assassin-kills-scores-0", 36, {1: A, 5: A}, "E-ASSASSIN", {5: 0, 6: 5, 2: 5},
        states={5: CardState(armed=True, subject=True)}),
    # Chaman (C12)
    Row("C12-chaman-plus-5-cumulative", 12, {1: A, 3: A, 5: A, 12: A}, "E-ASSASSIN", {12: 9},
        states={5: CardState(armed=True)}),
    Row("C23-subject-chaman-loses-plus-5", 36, {1: A, 3: A, 5: A, 12: A}, "E-ASSASSIN", {12: 0},
        states={5: CardState(armed=True), 12: SUBJECT}),
    # Geôlier (L65)
    Row("L65-geolier-6", 16, {1: A, 16: A}, "E-GEOLIER", {16: 6, 2: 5, 14: 4}),
    # Dame Noble / Chevalier Saxon (L159, L261, C44, C45, C89)
    Row("C89-L162-dame-plus-3-cumulative", 20, {}, "N-HOME", {19: 7, 20: 3}),
    Row("L264-chevalier-plus-3-cumulative", 20, {1: A, 2: A, 19: A, 20: A}, "E-DEFAULT", {19: 3, 20: 7}),
    Row("L159-apart-no-bonus", 20, {20: A}, "N-HOME", {19: 4, 20: 0}),
    Row("C23-subject-dame-loses-plus-3", 36, {}, "N-HOME", {19: 0, 20: 3}, states={19: SUBJECT}),
    Row("C27-adopter-dame-loses-plus-3", 26, PEACE_26 | {19: A, 20: A}, "PEACE", {19: 6, 20: 3},
        states={19: ADOPTER}),
    # Espion, Troubadour, Devin: banked points (C23, C30, C32, §3.3.18)
    Row("C30-C31-espion-halves-no-team", 10, {}, "N-HOME", {9: 1.5}, states={9: CardState(banked=1.5)}),
    Row("C30-espion-nothing-banked", 10, {}, "N-HOME", {9: 0}),
    Row("C32-troubadour-banked", 10, {}, "N-HOME", {10: 2}, states={10: CardState(banked=2)}),
    Row("sec3.3.18-devin-banked", 44, {}, "N-HOME", {44: 6}, states={44: CardState(banked=6)}),
    Row("C23-subject-keeps-banked", 36, {}, "FRANCE", {9: 3.5, 10: 5},
        states=FRANCE_36 | {9: CardState(banked=1.5, subject=True), 10: CardState(banked=3, subject=True)}),
    Row("C27-adopter-keeps-banked", 26, PEACE_26, "PEACE", {9: 6.5}, states={9: CardState(banked=0.5,
        blessed=True, pope_faithful=True)}),
    # Faussaire (L339, C39)
    Row("C39-faussaire-minus-5", 22, {}, "N-HOME", {21: -5}),
    Row("C39-subject-faussaire-minus-5-plus-2", 36, {}, "FRANCE", {21: -3}, states=FRANCE_36 | {21: SUBJECT}),
    Row("C39-adopter-faussaire-minus-5-plus-6", 26, PEACE_26, "PEACE", {21: 1}, states={21: ADOPTER}),
    # Infidèle (C28, C29)
    Row("C29-red-infidele-4-on-norman-win", 22, {}, "N-HOME", {22: 4}, states={22: CardState(infidel_colour="red")}),
    Row("C29-blue-infidele-0-on-norman-win", 22, {}, "N-HOME", {22: 0},
        states={22: CardState(infidel_colour="blue")}),
    Row("C29-blue-infidele-4-on-english-win", 22, {1: A, 2: A}, "E-DEFAULT", {22: 4},
        states={22: CardState(infidel_colour="blue")}),
    # Moine, Pape, faithful (C17, C18, C19, C27)
    Row("C17-C18-pope-and-moine-8", 26, PEACE_26 | {25: N}, "PEACE", {26: 8, 25: 8}),
    Row("C17-faithful-6-in-26-34", 26, PEACE_26, "PEACE", {4: 6, 16: 6}, states={4: ADOPTER, 16: ADOPTER}),
    Row("C17-faithful-5-in-35-50", 36, PEACE_36, "PEACE", {4: 5}, states={4: ADOPTER}),
    Row("C27-adopter-loses-team-win", 20 + 6, {}, "N-HOME", {4: 0, 3: 6}, states={4: ADOPTER}),
    Row("C24-resubjugated-adopter-is-a-subject", 36, PEACE_36, "PEACE", {4: 0}, states={4: CardState(
        blessed=True, pope_faithful=True, subject=True)}),
    Row("C24-resubjugated-adopter-scores-2-on-france", 36, {}, "FRANCE", {4: 2}, states=FRANCE_36 | {4: CardState(
        blessed=True, pope_faithful=True, subject=True)}),
    # Roi de France, Chancelier, subjects (C20, C21, C23)
    Row("C21-L82-rdf-8-chancelier-8-subjects-2", 36, {}, "FRANCE", {35: 8, 36: 8, 3: 2, 1: 0, 2: 0},
        states=FRANCE_36),
    Row("C23-subject-0-when-france-loses", 36, {}, "N-HOME", {3: 0, 35: 0}, states={3: SUBJECT}),
    Row("C23-subject-chancelier-scores-as-a-subject", 36, {}, "FRANCE", {36: 2}, states=FRANCE_36 | {36: SUBJECT}),
    # Diplomates Secrets (C41, C42, C43, §3.3.13)
    Row("C41-treaty-same-room-6-instead-of-team", 42, {}, "N-HOME", {41: 6, 42: 6},
        states={41: CardState(treaty="complete"), 42: CardState(treaty="complete")}),
    Row("C41-treaty-on-one-card-is-enough", 42, {}, "N-HOME", {41: 6, 42: 6},
        states={41: CardState(treaty="complete")}),
    Row("C41-treaty-apart-plays-for-team", 42, {42: A}, "N-HOME", {41: 4, 42: 0},
        states={41: CardState(treaty="complete"), 42: CardState(treaty="complete")}),
    Row("C43-treaty-not-complete-plays-for-team", 42, {}, "N-HOME", {41: 4, 42: 0},
        states={41: CardState(treaty="blue_king"), 42: CardState(treaty="blue_king")}),
    Row("C42-subject-diplomate-cannot-collect", 42, {}, "N-HOME", {41: 0, 42: 6},
        states={41: CardState(treaty="complete", subject=True), 42: CardState(treaty="complete")}),
    Row("C42-adopter-diplomate-gets-faithful-points", 42, PEACE_36 | {41: A, 42: A}, "PEACE", {41: 5, 42: 6},
        states={41: CardState(treaty="complete", blessed=True, pope_faithful=True),
                42: CardState(treaty="complete")}),
    # Pèlerin (C46, C47, L362)
    Row("C47-pelerin-4-plus-faithful-5", 44, PEACE_36 | {43: A}, "PEACE", {43: 9},
        states={43: CardState(visits_normandie=2, visits_angleterre=2)}),
    Row("L362-pelerin-bonus-without-peace", 44, {26: A, 43: A}, "N-HOME", {43: 4},
        states={43: CardState(visits_normandie=3, visits_angleterre=2)}),
    Row("C46-pelerin-needs-two-visits-each", 44, {}, "N-HOME", {43: 0},
        states={43: CardState(visits_normandie=3, visits_angleterre=1)}),
    Row("L362-pelerin-needs-the-pope-room", 44, {26: A, 43: N}, "N-HOME", {43: 0},
        states={43: CardState(visits_normandie=2, visits_angleterre=2)}),
    Row("C23-subject-pelerin-loses-bonus", 44, {26: A, 43: A}, "N-HOME", {43: 0},
        states={43: CardState(visits_normandie=2, visits_angleterre=2, subject=True)}),
    # Vagabond (C48, C49)
    Row("C48-vagabond-3-in-guillaume-room", 9, {}, "N-HOME", {49: 3}),
    Row("C49-vagabond-no-team-other-room", 9, {49: A}, "N-HOME", {49: 0}),
    Row("C48-vagabond-english-win-guillaume-room", 9, {1: A, 49: A}, "E-DEFAULT", {49: 3}),
    Row("C48-vagabond-peace-room", 49, PEACE_36 | {49: A}, "PEACE", {49: 3}),
    Row("C23-subject-vagabond-loses-bonus", 49, {}, "N-HOME", {49: 0}, states={49: SUBJECT}),
    # Capitaine Mercenaire (C50, C51)
    Row("C50-capitaine-guillaume-5", 50, {}, "N-HOME", {50: 5}, states={50: CardState(pledge=1)}),
    Row("C50-capitaine-guillaume-4-on-majority", 50, {1: A}, "N-MAJ", {50: 4}, states={50: CardState(pledge=1)}),
    Row("C50-sec3.3.17-lord-is-a-subject-capitaine-still-5", 50, {}, "N-HOME", {50: 5, 1: 0},
        states={50: CardState(pledge=1), 1: SUBJECT}),
    Row("C50-capitaine-harold-5", 50, {1: A, 2: A}, "E-DEFAULT", {50: 5}, states={50: CardState(pledge=2)}),
    Row("C50-capitaine-harold-loses", 50, {46: A}, "N-HOME", {50: 0}, states={50: CardState(pledge=2)}),
    Row("C20-C82-pledged-capitaine-counts-for-the-berserker", 50, {}, "E-ASSASSIN", {50: 5, 46: 6},
        states={50: CardState(pledge=2)}),
    Row("C50-capitaine-unpledged-0", 50, {}, "N-HOME", {50: 0}),
    Row("C50-capitaine-rdf-8", 50, {}, "FRANCE", {50: 8, 35: 8},
        states={c: SUBJECT for c in range(3, 30) if c not in (13, 14, 22, 26)} | {50: CardState(pledge=35)}),
    Row("C50-subject-capitaine-scores-2", 50, {}, "FRANCE", {50: 2},
        states={c: SUBJECT for c in range(3, 30) if c not in (13, 14, 22, 26)}
        | {50: CardState(pledge=1, subject=True)}),
    Row("C50-adopter-capitaine-scores-faithful", 50, PEACE_36, "PEACE", {50: 5},
        states={50: CardState(pledge=1, blessed=True, pope_faithful=True)}),
    # Team members in general (L58-83)
    Row("L58-every-norman-4", 8, {}, "N-HOME", {3: 6, 4: 4, 7: 4, 2: 0, 5: 0, 6: 0, 8: 0}),
]


@pytest.mark.parametrize("row", ROWS, ids=[r.id for r in ROWS])
def test_card_points(row: Row) -> None:
    result = resolve(build(row))
    assert result.outcome == row.kind
    assert {c: result.points[f"c{c}"] for c in row.points} == row.points
    _check_explained(result)


def _check_explained(result: Result) -> None:
    for pid, total in result.points.items():
        lines = result.explain[pid]
        assert lines, pid
        assert sum(line.points for line in lines) == total
        for line in lines:
            assert isinstance(line.points, int) or line.points % 1 == 0.5


def test_explanation_wording() -> None:
    result = resolve(build(Row("x", 20, {}, "N-HOME", {}, states={21: CardState()})))
    dame = [(line.points, line.text.fr, line.text.en) for line in result.explain["c19"]]
    assert dame == [
        (4, "Équipe normande victorieuse : +4", "Norman team wins: +4"),
        (3, "Dame noble : +3, même salle que le Chevalier saxon", "Noble Lady: +3, same room as the Saxon Knight"),
    ]


def test_half_points_are_shown_exactly() -> None:
    result = resolve(build(Row("x", 10, {}, "N-HOME", {}, states={9: CardState(banked=2.5)})))
    (banked, team) = result.explain["c9"]
    assert (banked.points, banked.text.fr, banked.text.en) == (
        2.5, "Espion : +2,5, points acquis pendant la partie", "Spy: +2.5, points banked during play")
    assert team.points == 0 and isinstance(result.points["c9"], float)
    assert isinstance(result.points["c1"], int)


def test_faussaire_minus_sign() -> None:
    result = resolve(build(Row("x", 22, {}, "N-HOME", {})))
    assert result.explain["c21"][0].text.fr == "Faussaire : \u22125, détient la carte en fin de partie"


def test_subject_line() -> None:
    result = resolve(build(Row("x", 36, {}, "N-HOME", {}, states={3: SUBJECT})))
    assert [line.text.fr for line in result.explain["c3"]] == [
        "Sujet du Roi de France : 0, pas de condition de victoire"]
