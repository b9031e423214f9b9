"""The undo preview (issue #4): what it announces is what the undo then does."""

from __future__ import annotations

from typing import Any

import pytest
from play_helpers import A, Game, N, complete, table

from app.games.deuxrois.cards import FAUSSAIRE
from app.games.deuxrois.state import GameState
from app.games.deuxrois.undo_preview import diff, undo_preview
from app.kernel.i18n import say, speaking
from app.kernel.text import EngineError

NORTH_50 = (1, 2, 5, 6, 9, 10, 13, 15, 19, 21, 22, 25, 26, 27, 31, 35, 36, 37, 41, 42, 44, 45, 50)


def preview_then_undo(game: Game, to_version: int) -> tuple[dict[str, Any], GameState, GameState]:
    """The preview, then the real undo: the preview must equal the diff the undo really made."""
    before = game.state
    preview = undo_preview(before, to_version)
    game.do("moderator", {"type": "mod_undo", "to_version": to_version})
    after = game.state
    real = {"to_version": to_version, "from_version": before.version, **diff(before, after)}
    assert preview == real
    return preview, before, after


def test_a_swap_undone_gives_the_cards_back_and_lists_the_events() -> None:
    game = table(50, normandie=NORTH_50)
    faussaire, pape = game.pid("faussaire"), game.pid("pape")
    mark = game.state.version
    complete(game, "faussaire", "pape")
    assert game.state.cards[faussaire] != FAUSSAIRE  # the Faussaire swapped
    preview, before, after = preview_then_undo(game, mark)
    moved = {c["player"]["id"]: (c["from"]["number"], c["to"]["number"]) for c in preview["cards"]}
    assert moved == {faussaire: (before.cards[faussaire], FAUSSAIRE), pape: (before.cards[pape], after.cards[pape])}
    assert after.cards[faussaire] == FAUSSAIRE
    seen = {(k["viewer"]["id"], k["subject"]["id"]) for k in preview["knowledge"]["gone"]}
    assert seen == {(faussaire, pape), (pape, faussaire)} and after.knowledge.get(faussaire, ()) == ()
    undone = [e["version"] for e in preview["undone"]]
    assert undone == sorted(range(mark + 1, before.version + 1), reverse=True)  # newest first
    assert {e["type"] for e in preview["undone"]} >= {"reveal_requested", "cards_exchanged", "cards_swapped"}
    for lang in ("fr", "en"):  # every line says something in both languages, naming players, never ids
        with speaking(lang):
            assert all(say(e["text"]) for e in preview["undone"])
    with speaking("fr"):
        assert "faussaire et pape : une révélation complète" in [say(e["text"]) for e in preview["undone"]]
    with speaking("en"):
        assert "faussaire and pape: a full reveal" in [say(e["text"]) for e in preview["undone"]]
    assert preview["game"]["changed"] is False and preview["rooms"] == [] and preview["restored"] == []


def test_a_move_undone_sends_the_player_back_and_an_undo_of_it_restores_the_move() -> None:
    game = table(10, normandie=(1, 3, 4, 7, 9))
    guillaume = game.pid("guillaume")
    mark = game.state.version
    game.do("moderator", {"type": "mod_move", "player": guillaume, "room": "angleterre"})
    moved_at = game.state.version
    preview, _, after = preview_then_undo(game, mark)
    assert preview["rooms"] == [{"player": {"id": guillaume, "name": "guillaume"}, "from": "angleterre",
                                 "to": "normandie"}]
    assert after.rooms[guillaume] is N
    assert [e["type"] for e in preview["undone"]][-1] == "player_moved"
    # Undoing the undo brings the move back: listed as restored, not as undone.
    again, _, after = preview_then_undo(game, moved_at)
    assert again["rooms"][0]["to"] == "angleterre" and after.rooms[guillaume] is A
    assert [e["version"] for e in again["undone"]] == [moved_at + 1]  # only the first undo
    assert any(e["type"] == "player_moved" for e in again["restored"])


def test_an_election_undone_removes_the_general_and_the_ballots() -> None:
    game = table(10, normandie=(1, 3, 4, 7, 9))
    game.until("E", 1)
    mark = game.state.version
    for voter, candidate in {"guillaume": "duc_de_bretagne", "protection_divine": "duc_de_bretagne",
                             "duc_de_bretagne": None, "sang_royal_rouge": "guillaume", "espion": None}.items():
        game.do(game.pid(voter), {"type": "vote", "candidate": game.pid(candidate) if candidate else None})
    duc = game.pid("duc_de_bretagne")
    assert game.state.generals[N] == duc
    preview, before, after = preview_then_undo(game, mark)
    assert preview["generals"] == [{"room": "normandie", "from": {"id": duc, "name": "duc_de_bretagne"}, "to": None}]
    assert after.generals.get(N) is None
    gone = {b["voter"]["name"] for b in preview["ballots"]["gone"]}
    assert gone == {"guillaume", "protection_divine", "duc_de_bretagne", "sang_royal_rouge", "espion"}
    assert preview["ballots"]["back"] == []
    assert preview["game"]["phase"] == [before.phase, "E"]


def test_a_phase_change_and_a_pending_request_are_announced() -> None:
    game = table(10, normandie=(1, 3, 4, 7, 9))
    mark = game.state.version
    game.do(game.pid("guillaume"), {"type": "request_reveal", "target": game.pid("duc_de_bretagne"), "kind": "couleur"})
    game.tick()  # negotiation over: the request lapses, the election begins
    game.do("moderator", {"type": "mod_note", "text": "kept"})
    preview, _, after = preview_then_undo(game, mark + 1)  # back to the request, still pending in N
    assert preview["game"] == {"phase": ["E", "N"], "round": [1, 1], "changed": True}
    assert [r["kind"] for r in preview["requests"]["back"]] == ["couleur"]
    assert "note_recorded" not in {e["type"] for e in preview["undone"]}  # notes are never undone
    assert after.notes


def test_a_confirm_that_carries_the_previewed_version_is_refused_once_the_game_moved() -> None:
    game = table(10, normandie=(1, 3, 4, 7, 9))
    mark = game.state.version
    game.do(game.pid("guillaume"), {"type": "reveal_public"})
    seen = undo_preview(game.state, mark)["from_version"]
    game.do(game.pid("harold"), {"type": "reveal_public"})  # the game moves on after the preview
    undo = {"type": "mod_undo", "to_version": mark, "seen_version": seen}
    assert game.refused("moderator", undo).code == "stale_preview"
    game.do("moderator", {**undo, "seen_version": game.state.version})
    assert game.state.reverts[-1][1] == mark


@pytest.mark.parametrize("bad", [0, -1, "last"])
def test_bad_versions_are_refused_in_both_languages(bad: int | str) -> None:
    game = table(10, normandie=(1, 3, 4, 7, 9))
    version = game.state.version if bad == "last" else int(bad)
    with pytest.raises(EngineError) as caught:
        undo_preview(game.state, version)
    assert caught.value.code == "bad_version"
    assert "Version" in caught.value.message.fr and "between" in caught.value.message.en
