"""Which condition decides the game, band by band (rulings §3.1, §3.2, C1-C22, B3, B5, B11).

Each case names the rulings (and rulebook lines) it checks in its id. Players not
placed explicitly sit in `rest` (Normandie unless said otherwise), so the counts
in England are exactly the cards placed there.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from app.games.deuxrois.card_state import CardState
from app.games.deuxrois.cards import CARDS, Colour
from app.games.deuxrois.deal import Room, standard_deck
from app.games.deuxrois.scoring import EndPlayer, Position, resolve

N, A = Room.NORMANDIE, Room.ANGLETERRE
ARMED = CardState(armed=True)
SUBJECT = CardState(subject=True)


def reds(n: int) -> list[int]:
    return [c for c in standard_deck(n) if CARDS[c].colour is Colour.RED]


def blues(n: int) -> list[int]:
    return [c for c in standard_deck(n) if CARDS[c].colour is Colour.BLUE]


def in_room(cards: list[int], room: Room, *, but: tuple[int, ...] = ()) -> dict[int, Room]:
    return {c: room for c in cards if c not in but}


@dataclass(frozen=True)
class Case:
    id: str
    n: int
    where: dict[int, Room]
    kind: str
    winners: str
    room: Room
    points: dict[int, float] = field(default_factory=dict)  # card -> expected points
    states: dict[int, CardState] = field(default_factory=dict)
    rest: Room = N
    cards: tuple[int, ...] | None = None  # a custom deck instead of the standard one
    killer: int | None = None


def build(case: Case) -> Position:
    cards = list(case.cards) if case.cards is not None else standard_deck(case.n)
    return Position(tuple(
        EndPlayer(f"c{c}", c, case.where.get(c, case.rest), case.states.get(c, CardState())) for c in cards
    ))


# 36 players: cards 1..36. Helpers to reach exact counts of France's rallied players (C20).
SUBJECTS_17 = {c: SUBJECT for c in range(3, 20) if c not in (13, 14)} | {20: SUBJECT, 23: SUBJECT}
SUBJECTS_16 = {c: s for c, s in SUBJECTS_17.items() if c != 23}

CASES = [
    # ---------------- band 6-15 (L56-59): assassination, then Normandie, then the default
    Case("C1-L58-6-15-guillaume-home", 8, {1: N, 2: A}, "N-HOME", "red", N, {1: 5, 4: 4, 2: 0, 5: 0}),
    Case("C2-B5-6-15-guillaume-in-england-default-english", 8, {1: A}, "E-DEFAULT", "blue", A,
         {2: 5, 5: 4, 6: 4, 8: 4, 1: 0, 3: 0}),
    Case("L56-59-6-15-has-no-norman-majority", 8, {1: A, 3: A, 4: A, 7: A}, "E-DEFAULT", "blue", A, {1: 0, 2: 5}),
    Case("B11-L56-59-6-15-has-no-geolier-even-when-dealt", 10, {1: A, 16: A}, "E-DEFAULT", "blue", A,
         {16: 4, 2: 5}, cards=(1, 2, 3, 4, 5, 6, 7, 16, 9, 10)),
    Case("L59-C14-armed-assassin-kills", 8, {1: A, 5: A}, "E-ASSASSIN", "blue", A,
         {5: 6, 6: 5, 2: 5, 8: 4, 1: 0}, states={5: ARMED}, killer=5),
    Case("L59-kill-in-normandie", 8, {1: N, 5: N, 3: A}, "E-ASSASSIN", "blue", N, {5: 6, 6: 5, 1: 0, 3: 0},
         states={5: ARMED}, killer=5),
    Case("C14-unarmed-assassin-does-not-kill", 8, {1: N, 5: N, 3: A}, "N-HOME", "red", N, {1: 5, 5: 0}),
    Case("L123-C11-divine-protection-shields", 8, {1: N, 5: N, 3: N}, "N-HOME", "red", N, {1: 5, 3: 6, 5: 0},
         states={5: ARMED}),
    Case("L240-C13-chaman-cancels-protection", 12, {1: N, 3: N, 5: N, 12: N}, "E-ASSASSIN", "blue", N,
         {5: 6, 12: 9, 3: 0}, states={5: ARMED}, killer=5),
    Case("C13-chaman-away-from-guillaume-cancels-nothing", 12, {1: N, 5: N, 3: N, 12: A}, "N-HOME", "red", N,
         {3: 6, 12: 0}, states={5: ARMED}),
    Case("C12-no-chaman-bonus-when-the-protection-is-absent", 12, {1: N, 5: N, 12: N, 3: A}, "E-ASSASSIN",
         "blue", N, {12: 4, 5: 6}, states={5: ARMED}, killer=5),
    # ---------------- band 16-25 (L61-66)
    Case("C7-L252-geolier-captures-in-england", 16, {1: A, 16: A}, "E-GEOLIER", "blue", A,
         {16: 6, 2: 5, 5: 4, 6: 4, 1: 0}),
    Case("C7-geolier-in-normandie-captures-nothing", 16, {1: A, 2: A, 16: N}, "E-DEFAULT", "blue", A, {16: 4, 2: 5}),
    Case("C1-§3.3.4-assassination-before-geolier", 16, {1: A, 16: A, 5: A}, "E-ASSASSIN", "blue", A,
         {16: 4, 5: 6, 6: 5}, states={5: ARMED}, killer=5),
    Case("C1-geolier-before-norman-majority", 20, in_room(reds(20), A) | {16: A}, "E-GEOLIER", "blue", A,
         {16: 6, 1: 0}),
    Case("C3-C5-L64-norman-majority-in-england", 20, in_room(reds(20), A) | {2: A}, "N-MAJ", "red", A,
         {1: 4, 3: 6, 4: 4, 19: 4, 2: 0}),
    Case("C5-tie-is-no-majority", 20, in_room(reds(20)[:4], A) | in_room(blues(20)[:4], A),
         "E-DEFAULT", "blue", A, {2: 5, 1: 0}),
    Case("C5-one-more-norman-is-a-majority", 20, in_room(reds(20)[:5], A) | {2: A, 5: A, 6: A, 8: A},
         "N-MAJ", "red", A, {1: 4}),
    Case("C3-guillaume-home-beats-a-majority-elsewhere", 20, {c: A for c in reds(20) if c != 1},
         "N-HOME", "red", N, {1: 5}),
    Case("C6-L257-thegn-counts-3-tie-fails", 20, in_room(reds(20)[:4], A) | {2: A, 18: A}, "E-DEFAULT", "blue",
         A, {18: 4, 1: 0}),
    Case("C6-L257-thegn-counts-3-one-more-norman-wins", 20, in_room(reds(20)[:5], A) | {2: A, 18: A}, "N-MAJ",
         "red", A, {18: 0, 1: 4}),
    Case("C6-thegn-needs-harold-in-his-room", 20, in_room(reds(20)[:4], A) | {18: A}, "N-MAJ", "red", A, {1: 4}),
    Case("C5-guillaume-alone-in-england-is-a-majority", 16, {1: A}, "N-MAJ", "red", A, {1: 4}),
    Case("C4-majority-does-not-need-harold", 20, in_room(reds(20)[:3], A), "N-MAJ", "red", A, {1: 4, 2: 0}),
    Case("sec3.3.3-subject-thegn-adds-2-but-not-himself", 40,
         in_room(reds(40)[:3], A) | {2: A, 18: A, 35: A}, "E-DEFAULT", "blue", A, {18: 0, 2: 5},
         states={18: SUBJECT}),
    Case("sec3.3.3-subject-thegn-one-more-norman", 40, in_room(reds(40)[:4], A) | {2: A, 18: A, 35: A},
         "N-MAJ", "red", A, {18: 0, 1: 4}, states={18: SUBJECT}),
    Case("C7-A12-subject-geolier-still-captures", 40, {1: A, 16: A}, "E-GEOLIER", "blue", A, {16: 0, 2: 5},
         states={16: SUBJECT}),
    Case("C29-infidele-counts-for-his-colour-in-the-majority", 22, in_room(reds(22)[:3], A)
         | in_room(blues(22)[:3], A, but=(16,)) | {22: A}, "N-MAJ", "red", A, {22: 4},
         states={22: CardState(infidel_colour="red")}),
    Case("C5-subject-norman-not-counted", 40, in_room(reds(40)[:4], A) | {2: A, 5: A, 6: A, 8: A},
         "E-DEFAULT", "blue", A, {1: 0, 3: 0}, states={3: SUBJECT}),
    # ---------------- Berserker (46 players, band 35-50): C8-C11, C82, C83
    Case("C83-C8-berserker-kills-with-blue-majority", 46,
         in_room(blues(46), N) | in_room(reds(46), A, but=(1,)) | {1: N, 26: A}, "E-ASSASSIN", "blue", N,
         {46: 6, 6: 4, 2: 5, 5: 4, 1: 0}, rest=A, killer=46),
    Case("C82-berserker-needs-strictly-more-blues", 46, in_room([1, 4, 7, 11, 15, 5, 6, 8, 12, 46], N),
         "N-HOME", "red", N, {46: 0, 1: 5}, rest=A),
    Case("C82-subjects-count-for-neither-side", 46, in_room([1, 4, 7, 11, 15, 5, 6, 8, 12, 46], N),
         "E-ASSASSIN", "blue", N, {46: 6, 4: 0, 6: 4}, rest=A, states={4: SUBJECT}, killer=46),
    Case("C11-protection-stops-the-berserker", 46,
         in_room(blues(46), N, but=(12,)) | {1: N, 3: N}, "N-HOME", "red", N, {3: 6, 46: 0}, rest=A),
    Case("C10-chaman-cancels-protection-for-the-berserker", 46,
         in_room(blues(46), N) | {1: N, 3: N}, "E-ASSASSIN", "blue",
         N, {46: 6, 12: 9, 6: 4}, rest=A, killer=46),
    Case("C9-assassin-credited-when-both-could-kill", 46,
         in_room(blues(46), N) | in_room(reds(46), A, but=(1,)) | {1: N, 26: A}, "E-ASSASSIN", "blue", N,
         {5: 6, 46: 4, 6: 5}, rest=A, states={5: ARMED}, killer=5),
    # ---------------- A12, §3.3.7: subjects keep their END powers (but score as subjects)
    Case("A12-subject-pd-still-protects", 36, {1: N, 3: N, 5: N, 12: A, 26: A}, "N-HOME", "red", N, {3: 0, 1: 5},
         states={3: SUBJECT, 5: ARMED}),
    Case("A12-subject-chaman-still-cancels", 36, {1: N, 3: N, 5: N, 12: N, 26: A}, "E-ASSASSIN", "blue", N,
         {12: 0, 5: 6}, states={12: SUBJECT, 5: ARMED}, killer=5),
    Case("A12-subject-berserker-still-kills", 46,
         in_room(blues(46), N) | in_room(reds(46), A, but=(1,)) | {1: N, 26: A}, "E-ASSASSIN", "blue", N,
         {46: 0, 6: 4, 2: 5}, rest=A, states={46: SUBJECT}, killer=46),
    # ---------------- band 26-34 (L68-74): peace first
    Case("C15-C16-C17-L74-peace-pre-empts-the-kill", 26, {1: N, 2: N, 26: N, 5: N}, "PEACE", "orange", N,
         {26: 8, 25: 8, 5: 0, 1: 0, 2: 0}, rest=A, states={5: ARMED}),
    Case("C18-moine-paid-wherever-he-is", 26, {1: N, 2: N, 26: N, 25: A}, "PEACE", "orange", N, {25: 8}),
    Case("C15-the-pope-must-be-in-the-room", 26, {1: N, 2: N, 26: A}, "N-HOME", "red", N, {26: 0, 1: 5}),
    Case("C17-faithful-get-6-in-26-34", 26, {1: A, 2: A, 26: A}, "PEACE", "orange", A, {4: 6, 1: 6, 2: 0},
         states={4: CardState(blessed=True, pope_faithful=True), 1: CardState(blessed=True, pope_faithful=True)}),
    Case("C19-blessed-non-adopter-keeps-his-team", 26, {1: A, 2: A, 26: A}, "PEACE", "orange", A, {4: 0},
         states={4: CardState(blessed=True)}),
    Case("B11-no-peace-below-26-even-with-the-pope", 20, {1: N, 2: N, 26: N}, "N-HOME", "red", N, {26: 0},
         cards=(*range(1, 20), 26)),
    # ---------------- band 35-50 (L76-83)
    Case("B3-N35-peace-without-the-king-of-france", 35, {1: A, 2: A, 26: A}, "PEACE", "orange", A,
         {26: 8, 25: 8, 4: 0}),
    Case("L105-peace-needs-the-king-of-france-when-dealt", 36, {1: A, 2: A, 26: A, 35: N}, "E-DEFAULT", "blue",
         A, {26: 0, 2: 5}),
    Case("C17-L83-peace-with-the-king-of-france-faithful-5", 36, {1: A, 2: A, 26: A, 35: A}, "PEACE", "orange",
         A, {26: 8, 25: 8, 3: 5, 35: 0}, states={3: CardState(blessed=True, pope_faithful=True)}),
    Case("C20-C21-L82-france-strict-majority", 36, {35: A}, "FRANCE", "green", A,
         {35: 8, 36: 8, 3: 2, 23: 2, 1: 0, 24: 0}, states=SUBJECTS_17),
    Case("C20-half-is-not-a-majority", 36, {35: A}, "N-HOME", "red", N, {35: 0, 3: 0, 1: 5},
         states=SUBJECTS_16),
    Case("C1-france-before-the-kill", 36, {35: A, 5: N}, "FRANCE", "green", A, {5: 2, 6: 2, 35: 8},
         states=SUBJECTS_17 | {5: CardState(armed=True, subject=True)}),
    Case("C1-peace-before-france", 36, {1: A, 2: A, 26: A, 35: A}, "PEACE", "orange", A, {35: 0, 3: 0, 26: 8},
         states=SUBJECTS_17),
    Case("B3-N35-france-skipped", 35, {35: A}, "N-HOME", "red", N, {35: 0, 3: 0},
         cards=(*range(1, 35), 35), states=SUBJECTS_17 | {c: SUBJECT for c in (24, 27, 28, 29)}),
    Case("C20-capitaine-pledged-to-france-is-rallied", 50, {35: A}, "FRANCE", "green", A, {50: 8, 35: 8},
         states={c: SUBJECT for c in range(3, 30) if c not in (13, 14, 22, 26)}
         | {50: CardState(pledge=35)}),
    Case("C48-france-winning-room-is-the-kings", 50, {35: A, 49: A, 1: N}, "FRANCE", "green", A, {49: 3},
         states={c: SUBJECT for c in range(3, 31) if c not in (13, 14, 22, 26)}),
]


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_outcome(case: Case) -> None:
    result = resolve(build(case))
    assert (result.outcome, result.winners.value, result.room) == (case.kind, case.winners, case.room)
    got = {card: result.points[f"c{card}"] for card in case.points}
    assert got == case.points
    assert result.killer == (f"c{case.killer}" if case.killer else None)
    assert result.band == ("6-15" if case.n <= 15 else "16-25" if case.n <= 25 else "26-34" if case.n <= 34
                           else "35-50")


def test_c4_flag_majority_requires_harold() -> None:
    case = next(c for c in CASES if c.id == "C4-majority-does-not-need-harold")
    flagged = Position(build(case).players, majority_requires_harold=True)
    assert resolve(flagged).outcome == "E-DEFAULT"


def test_c12_chaman_bonus_only_if_the_assassination_is_reached() -> None:
    """C12: peace pre-empts the kill, so the Chaman's cancellation never happens."""
    where = {1: N, 2: N, 26: N, 3: N, 5: N, 12: N}
    result = resolve(build(Case("x", 26, where, "", "", N, states={5: ARMED}, rest=A)))
    assert result.outcome == "PEACE"
    assert result.points["c12"] == 0


# C1 cascade (44 players, band 35-50): every condition holds at first; removing the winning one each time
# exposes the next in the order peace > France > kill > Geôlier > majority > default, then Normandie.
CASCADE_SUBJECTS = (3, 4, 6, 8, 9, 10, 12, 17, 18, 19, 20, 21, 23, 24, 25, 27, 28, 29, 30, 31, 32)
CASCADE: list[tuple[str, dict[object, object], str]] = [
    ("peace", {}, "PEACE"),
    ("pope-leaves", {26: N}, "FRANCE"),
    ("no-subjects", {"subjects": False}, "E-ASSASSIN"),
    ("assassin-unarmed", {"armed": False}, "E-GEOLIER"),
    ("geolier-leaves", {16: N}, "N-MAJ"),
    ("normans-leave", {7: N, 11: N, 13: N, 15: N}, "E-DEFAULT"),
    ("guillaume-goes-home", {1: N}, "N-HOME"),
]


def test_c1_cascade_35_50() -> None:
    where: dict[int, Room] = dict.fromkeys((1, 2, 26, 35, 5, 16, 7, 11, 13, 15), A)
    subjects, armed = True, True
    assert len(CASCADE_SUBJECTS) == 21  # with the RdF and the Chancelier: 23 > 44 / 2
    seen = []
    for _, change, _ in CASCADE:
        subjects = bool(change.get("subjects", subjects))
        armed = bool(change.get("armed", armed))
        where |= {k: v for k, v in change.items() if isinstance(k, int) and isinstance(v, Room)}
        states = {c: SUBJECT for c in CASCADE_SUBJECTS} if subjects else {}
        states[5] = CardState(armed=armed)
        seen.append(resolve(build(Case("x", 44, where, "", "", N, states=states))).outcome)
    assert seen == [kind for _, _, kind in CASCADE]
