"""What each viewer sees: open board for all, the phone's own tile, réserve and legal cells, same shapes."""

from __future__ import annotations

from typing import Any

import orjson

from app.games.inde import GAME
from app.games.inde.model import FEED_MAX, State
from app.games.inde.pieces import Kind
from app.games.inde.placement import legal_cells
from app.kernel.viewer import Viewer
from inde.helpers import (
    FUCHSIA,
    VERT,
    act,
    deal_config,
    decide,
    forfeit,
    leaks,
    lobby,
    mod,
    pid_of,
    place,
    play_to_end,
    started,
)

DEAL = deal_config(VERT, {VERT: 9, FUCHSIA: 17}, {VERT: (10, 1), FUCHSIA: (17, 1)})  # vert: tigre, then jardin


def view(state: State, kind: str = "player", pid: str | None = None) -> dict[str, Any]:
    v = GAME.view_for(state, Viewer("T", kind, pid), ())  # type: ignore[arg-type]
    orjson.dumps(v)  # JSON-able
    return v


def _actions(v: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {a["type"]: a for a in v["legal_actions"]}


def test_every_view_shows_the_open_board_and_names() -> None:
    state = started(DEAL)
    viewers = [Viewer("T", "screen"), Viewer("T", "moderator"), Viewer("T", "player", "p1"), Viewer("T", "player", "p2")]
    for viewer in viewers:
        v = view(state, viewer.kind, viewer.player_id)
        assert leaks(state, viewer, v) == []
        assert len(v["layout"]) == 81 and sum(c["usable"] for c in v["layout"]) == 79
        assert {(p["key"], p["colour"], p["kind"]) for p in v["pieces"]} == {("6,2", "vert", "P"), ("1,4", "fuchsia", "P")}
        assert [p["name"] for p in v["players"]] == ["Vera", "Faisal"]
        assert v["turn"]["name"] == "Vera" and v["turn"]["tile"] == 10 and v["turn"]["kind"] == "T"
        assert v["scores"]["provisional"] is True and v["result"] is None
        assert all(set(line) == {"fr", "en"} for line in v["feed"])


def test_the_phone_to_move_sees_its_tile_reserve_legal_cells_and_why_others_are_refused() -> None:
    state = started(DEAL)
    me = view(state, "player", "p1")["me"]
    assert me["colour"] == "vert" and me["my_turn"] and me["tile"] == 10 and me["kind"] == "T"
    assert me["stock"] == {"P": 2, "J": 7, "T": 4, "E": 3, "V": 4, "Te": 2}
    assert me["letters_left"] == {"P": 2, "J": 7, "T": 3, "E": 3, "V": 4, "Te": 0}
    legal = [tuple(map(int, c["key"].split(","))) for c in me["legal_cells"]]
    assert legal == legal_cells(state.board, VERT, Kind.T) and len(legal) == 8
    blocked = {c["key"]: c["rule"] for c in me["blocked"]}
    assert blocked["4,4"] == "A38" and blocked["6,2"] == "A11" and "4,0" not in blocked  # Deux Rois: never usable
    assert len(blocked) + len(legal) == 79
    assert all(c["text"]["fr"].startswith(f"Interdit ({c['rule']})") for c in me["blocked"])
    acts = _actions(view(state, "player", "p1"))
    assert acts["place"]["available"] and acts["place"]["fixed"] == {"action": 0}
    assert [o["value"] for o in acts["place"]["options"]] == [c["key"] for c in me["legal_cells"]]
    assert acts["forfeit"]["available"] and not acts["join"]["available"]


def test_the_other_phone_waits_with_the_reason() -> None:
    state = started(DEAL)
    v = view(state, "player", "p2")
    assert v["me"]["my_turn"] is False and v["me"]["tile"] is None and v["me"]["legal_cells"] == []
    place_action = _actions(v)["place"]
    assert not place_action["available"] and "Vera" in place_action["reason"]["fr"]
    assert place_action["options"] == []


def test_every_seat_has_the_same_keys_and_the_screen_no_seat() -> None:
    state = started(DEAL)
    a, b = view(state, "player", "p1"), view(state, "player", "p2")
    assert set(a) == set(b) and set(a["me"]) == set(b["me"])
    assert [x["type"] for x in a["legal_actions"]] == [x["type"] for x in b["legal_actions"]]
    screen = view(state, "screen")
    assert screen["me"] is None and screen["legal_actions"] == [] and set(screen) == set(a)
    pre = view(lobby("Vera"), "player", "p1")
    assert set(pre["me"]) == set(a["me"]) and pre["me"]["colour"] is None


def test_a_tiger_cell_previews_the_villages_it_would_chase() -> None:
    state = started(deal_config(VERT, {VERT: 9, FUCHSIA: 17}, {VERT: (17, 10), FUCHSIA: (17,)}))
    state = place(state, (4, 2))  # vV
    state = place(state, (3, 3))  # fV, 2 from... fuchsia's palais is (1,4): (3,3) is at distance 2
    assert state.turn is not None and state.turn.kind is Kind.T
    me = view(state, "player", "p1")["me"]
    cells = {c["key"]: c["pushes"] for c in me["legal_cells"]}
    assert cells["3,2"] == [{"from": {"key": "3,3", "row": 3, "col": 3, "label": "d6"},
                             "to": {"key": "3,4", "row": 3, "col": 4, "label": "e6"}}]


def test_the_last_action_and_its_pushes_are_public() -> None:
    state = started(deal_config(VERT, {VERT: 9, FUCHSIA: 17}, {VERT: (17, 10), FUCHSIA: (17,)}))
    state = place(place(place(state, (4, 2)), (3, 3)), (3, 2))
    last = view(state, "screen")["last"]
    assert last["name"] == "Vera" and last["kind"] == "T" and last["cell"]["key"] == "3,2"
    assert last["pushes"][0]["to"]["key"] == "3,4" and last["forfeit"] is None
    assert any("chasse le village de Faisal" in line["fr"] for line in view(state, "screen")["feed"])


def test_a_forfeit_shows_in_the_réserve_and_the_feed() -> None:
    state = forfeit(started(DEAL))
    v = view(state, "screen")
    vert = v["players"][0]
    assert vert["lost"]["T"] == 1 and vert["stock"]["T"] == 3 and v["last"]["forfeit"] == "declined"
    assert "Vera renonce à un tigre" in v["feed"][-2]["fr"]


def test_the_end_shows_the_scores_line_by_line_and_the_winner() -> None:
    state = play_to_end(started(seed=4))
    v = view(state, "screen")
    assert v["scores"]["provisional"] is False and v["turn"] is None
    for colour in ("vert", "fuchsia"):
        sc = v["scores"]["by_colour"][colour]
        assert sc["total"] == sum(line["points"] for line in sc["lines"]) == sum(sc["codes"].values())
        assert all(line["text"]["fr"] and line["text"]["en"] for line in sc["lines"])
        assert v["result"]["totals"][colour] == sc["total"]
    result = v["result"]
    assert result["draw"] == (result["winner"] is None)
    if result["winner"]:
        assert result["winner"]["name"] in result["text"]["fr"]
    assert len(v["scores"]["codes"]) == 14
    assert all(not a["available"] for a in _actions(view(state, "player", "p1")).values())


def test_the_feed_keeps_the_last_30_lines() -> None:
    state = play_to_end(started(seed=2))
    assert len(state.feed) == FEED_MAX and view(state, "screen")["feed"][-1]["fr"].startswith("Fin de la partie")


def test_the_dashboard_starts_seats_the_computer_and_hands_seats_over() -> None:
    acts = _actions(view(lobby("Vera"), "moderator"))
    assert not acts["start"]["available"] and acts["add_bot"]["available"]
    assert [o["value"] for o in acts["add_bot"]["options"]] == ["greedy", "facile"]
    acts = _actions(view(lobby("Vera", "Faisal"), "moderator"))
    assert acts["start"]["available"] and not acts["add_bot"]["available"]
    seats = [a for a in view(started(), "moderator")["legal_actions"] if a["type"] == "set_bot"]
    assert [a["fixed"] for a in seats] == [{"player_id": "p1"}, {"player_id": "p2"}]
    assert [o["value"] for o in seats[0]["options"]] == ["greedy", "facile"]
    assert pid_of(started(), VERT) == "p1"


def test_the_dashboard_never_offers_to_hand_a_computer_seat_to_nobody() -> None:
    state = decide(lobby("Vera"), {"type": "add_bot"}, mod())[0]
    seats = [a for a in view(state, "moderator")["legal_actions"] if a["type"] == "set_bot"]
    assert [o["value"] for o in seats[1]["options"]] == ["facile"]
    assert [o["value"] for o in seats[0]["options"]] == ["greedy", "facile"]


def test_a_seated_phone_starts_the_table_once_two_seats_are_taken() -> None:
    acts = _actions(view(lobby("Vera"), "player", "p1"))
    assert not acts["start"]["available"] and "deux joueurs" in acts["start"]["reason"]["fr"]
    assert acts["add_bot"]["available"] and [o["value"] for o in acts["add_bot"]["options"]] == ["greedy", "facile"]
    acts = _actions(view(lobby("Vera", "Faisal"), "player", "p2"))
    assert acts["start"]["available"] and not acts["add_bot"]["available"]


def test_each_phone_says_who_plays_each_seat_and_may_hand_it_to_the_computer() -> None:
    state = started()
    seats = [a for a in view(state, "player", "p1")["legal_actions"] if a["type"] == "set_bot"]
    assert [a["fixed"] for a in seats] == [{"player_id": "p1"}, {"player_id": "p2"}]
    assert all(a["available"] for a in seats)
    assert [o["value"] for o in seats[1]["options"]] == ["greedy", "facile"]  # Faisal's phone gone: the computer
    state = act(state, "p1", {"type": "set_bot", "player_id": "p1", "level": "facile"})
    mine = next(a for a in view(state, "player", "p1")["legal_actions"] if a["type"] == "set_bot")
    assert [o["value"] for o in mine["options"]] == [None, "greedy"]  # take it back first
    theirs = next(a for a in view(state, "player", "p2")["legal_actions"] if a["type"] == "set_bot")
    assert None not in [o["value"] for o in theirs["options"]]  # only Vera takes her seat back
    lobby_seats = [a for a in view(lobby("Vera", "Faisal"), "player", "p1")["legal_actions"] if a["type"] == "set_bot"]
    assert lobby_seats and not any(a["available"] for a in lobby_seats)


def test_giving_a_piece_up_asks_once() -> None:
    state = started()
    pid = pid_of(state, state.turn.colour)  # type: ignore[union-attr]
    forfeit = _actions(view(state, "player", pid))["forfeit"]
    assert forfeit["input"] == "confirm" and [o["value"] for o in forfeit["options"]] == [None]
    assert forfeit["fixed"] == {"action": state.actions}
