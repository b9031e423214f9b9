"""T-S10: the integrated example, 25 placements of a legal game played through GAME, scored at the end."""

from __future__ import annotations

from typing import Any

import pytest

from app.games.inde import scenario
from app.games.inde.board import Cell
from app.games.inde.events import PiecePlaced, TempleTurn, TileTurned
from app.games.inde.model import State
from app.games.inde.pieces import Kind
from app.games.inde.scoring import score
from app.kernel.text import EngineError
from inde.helpers import FUCHSIA, VERT, deal_config, decide, pid_of, player, spec, started

PLACEMENTS = ("vJ(7,2) fV(3,3) vJ(8,1) fV(3,5) vJ(8,3) fTe(2,5) vV(5,0) fP(1,2) vV(4,2) fV(5,5) vTe(3,1) "
              "fT(4,6) vT(3,2) fJ(2,2) vP(6,5) fV(1,0) vE(5,4) fTe(6,4) vE(2,1) fT(4,7) vT(5,6) fE(1,6) vT(7,6)")
# The tiles that name those figurines, in order (B2: 1-7 J, 8-9 P, 10-13 T, 14-16 E, 17-20 V).
TILES = {VERT: (1, 2, 3, 17, 18, 10, 8, 14, 15, 11, 12), FUCHSIA: (17, 18, 8, 19, 10, 1, 20, 11, 14)}
CONFIG = deal_config(VERT, {VERT: 9, FUCHSIA: 17}, TILES)  # vert 9 is (6,2), fuchsia 17 is (1,4)


def _play() -> tuple[State, list[Any]]:
    state = started(CONFIG)
    assert state.board[(6, 2)] == (VERT, Kind.P) and state.board[(1, 4)] == (FUCHSIA, Kind.P)
    log: list[Any] = []
    for token in PLACEMENTS.split():
        colour, kind, cell = spec(token)
        assert state.turn is not None and state.turn.colour is colour and state.turn.kind is kind, token
        state, events = decide(state, {"type": "place", "cell": f"{cell[0]},{cell[1]}", "action": state.actions},
                               player(pid_of(state, colour)))
        log.extend(events)
    return state, log


def _pushes(log: list[Any]) -> dict[Cell, list[tuple[Cell, Cell]]]:
    return {e.cell: [(p.source, p.target) for p in e.pushes] for e in log if isinstance(e, PiecePlaced) and e.kind is Kind.T}


def test_t_s10_every_placement_is_legal_and_turns_alternate() -> None:
    _, log = _play()
    placed = [e for e in log if isinstance(e, PiecePlaced)]
    assert [e.colour for e in placed] == [VERT if i % 2 == 0 else FUCHSIA for i in range(23)]
    temples = [i for i, e in enumerate(placed) if e.kind is Kind.TE]
    assert temples == [5, 10, 17]  # fTe after fuchsia's 2nd village, vTe after vert's 2nd, fTe after the 4th
    assert sum(isinstance(e, TempleTurn) for e in log) == 3
    assert not any(isinstance(e, TileTurned) and e.kind is Kind.TE for e in log)


def test_t_s10_pushes() -> None:
    _, log = _play()
    pushes = _pushes(log)
    assert pushes[(3, 2)] == [((3, 3), (3, 4))]  # vT(3,2) chases fV(3,3)
    assert pushes[(5, 6)] == []  # vT(5,6) joins the reserve {fT(4,6), fT(4,7)}: no push of fV(5,5)


def test_t_s10_scores_every_code() -> None:
    state, _ = _play()
    vert, fuchsia = score(state.board, VERT), score(state.board, FUCHSIA)
    assert vert.nonzero() == {"D+": 2, "EAU+": 2, "R(&Ti)+": 4, "Ti/P": 1, "E/Te+": 3, "V/Te+": 1, "RES+": 1,
                              "EAU-": -1, "P/V-": -2, "P/Te-": -3}
    assert fuchsia.nonzero() == {"D+": 2, "R(&Ti)+": 5, "E/Te+": 3, "V/E+": 1, "V/Te+": 3, "V/V-": -1,
                                 "RES-": -1, "J/Ti-": -1, "P/Te-": -2}
    assert (vert.total, fuchsia.total) == (8, 9)
    codes = set(vert.nonzero()) | set(fuchsia.nonzero())
    assert len(codes) == 14  # every code appears


def test_t_s10_the_working_elephant_and_the_sacred_one() -> None:
    state, _ = _play()
    lines = [line for line in score(state.board, FUCHSIA).lines if line.code == "V/E+"]
    assert [line.cells for line in lines] == [((5, 5), (5, 4))]


# The position after the 25 actions, as §4 T-S10 draws it (rows r0-r8; `~` water, `$` market).
DIAGRAM = """
  r0    .   .~  .   .~  .   .~  .   .~  .
  r1   fV   .  fP   .  fP   .  fE   .   .
  r2    .  vE  fJ   .$  .  fTe$ .   .   .
  r3    .$ vTe vT   .  fV  fV   .   .   .$
  r4   ##   .  vV~  .   .~  .  fT~ fT  ##
  r5   vV$  .   .   .  vE  fV  vT   .   .$
  r6    .   .  vP   .$ fTe vP$  .   .   .
  r7    .   .  vJ   .   .   .  vT   .   .
  r8    .  vJ~  .  vJ~  .   .~  .   .~  .
"""


def test_t_s10_as_a_scenario_draws_the_rulings_board() -> None:
    state = scenario.run(VERT, {VERT: (6, 2), FUCHSIA: (1, 4)}, PLACEMENTS.split())
    drawn = [line.split() for line in scenario.render_board(state).splitlines()[1:]]
    assert drawn == [line.split() for line in DIAGRAM.strip().splitlines()]
    text = scenario.render_scores(state)
    assert "vert = 8" in text and "fuchsia = 9" in text and "V/V-" in text


def test_a_scenario_derives_its_deal_and_refuses_a_wrong_turn() -> None:
    moves = [scenario.parse_move(t) for t in ("vJ(7,2)", "fV(3,3)", "vJ(8,1)", "f-", "vV(5,0)")]
    deal = scenario.deal_for(VERT, {VERT: (6, 2), FUCHSIA: (1, 4)}, moves)
    assert deal.palais == {VERT: 9, FUCHSIA: 17}
    assert deal.tiles == {VERT: (1, 2, 17), FUCHSIA: (17,)}
    with pytest.raises(EngineError) as err:
        scenario.run(VERT, {VERT: (6, 2), FUCHSIA: (1, 4)}, ["fV(3,3)"])
    assert err.value.code == "bad_scenario"
    with pytest.raises(EngineError) as bad:
        scenario.parse_move("vX(1,1)")
    assert bad.value.code == "bad_move"
    with pytest.raises(EngineError) as illegal:
        scenario.run(VERT, {VERT: (6, 2), FUCHSIA: (1, 4)}, ["vJ(5,3)"])  # diagonal to the palais
    assert illegal.value.code == "rule_J3"
