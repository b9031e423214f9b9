"""The powers seam, exercised the way a colleague adds a family: install into the rules, play.

Each test adds a power through the public seams of rules of its own
(`build_rules()`, no change to the core); the game's rules never change.
"""

from __future__ import annotations

import pytest
from play_helpers import Game, table

from app.games.deuxrois.cards import CARDS, FAUSSAIRE, MOINE, Power
from app.games.deuxrois.commands import UsePower
from app.games.deuxrois.reveals import complete_group
from app.games.deuxrois.rules import build_rules
from app.games.deuxrois.ruleset import GameRules, Tx
from app.games.deuxrois.state import GameState
from app.kernel.rules import refuse
from app.kernel.text import Text

NORTH = (1, 2, 21, 25, 26, 35, 36, 37, 46, 9)


@pytest.fixture
def rules() -> GameRules:
    return build_rules()


def big(rules: GameRules) -> Game:
    return table(46, normandie=NORTH, rules=rules)


def _council_targets(state: GameState, pid: str) -> list[str]:
    return [p for p in state.present(state.rooms[pid]) if p != pid]


def _council_check(state: GameState, pid: str, cmd: UsePower) -> None:
    if len(set(cmd.targets)) != 2 or not set(cmd.targets) <= set(_council_targets(state, pid)):
        raise refuse("two_targets", "Choisissez deux joueurs de votre salle.", "Choose two players of your room.")


def install_council(rules: GameRules) -> None:
    """The Diplomate Royal's power as a new family would add it (the real one taken out first)."""
    del rules.active["secret_council"]

    @rules.active_power("secret_council", check=_council_check, targets=_council_targets)
    def council(tx: Tx, pid: str, cmd: UsePower) -> None:
        complete_group(tx, pid, list(cmd.targets), source="secret_council")


def test_a4_an_active_power_added_by_registration_counts_its_use_and_fires_every_pair(rules: GameRules) -> None:
    install_council(rules)
    game = big(rules)
    diplomate, king, espion = game.pid("diplomate_royal_rouge"), game.pid("roi_de_france"), game.pid("espion")
    game.do(diplomate, {"type": "use_power", "power": "secret_council", "targets": [king, espion]})
    assert game.state.state_of(diplomate).subject and game.state.state_of(espion).subject  # RdF in two pairs
    assert game.state.state_of(espion).banked == 1.0  # two distinct partners
    assert {s.card for s in game.state.knowledge[espion]} == {37, 35}
    err = game.refused(diplomate, {"type": "use_power", "power": "secret_council", "targets": [king, espion]})
    assert err.code == "power_unavailable"  # once per game, counted by the seam


def test_c36_in_a_group_the_faussaire_swaps_once_and_only_with_the_initiator(rules: GameRules) -> None:
    install_council(rules)
    game = big(rules)
    diplomate, faussaire, espion = game.pid("diplomate_royal_rouge"), game.pid("faussaire"), game.pid("espion")
    game.do(diplomate, {"type": "use_power", "power": "secret_council", "targets": [faussaire, espion]})
    assert game.state.cards[diplomate] == FAUSSAIRE and game.state.cards[faussaire] == 37
    assert game.state.cards[espion] == 9
    game2 = big(rules)
    d2, f2, e2 = game2.pid("diplomate_royal_rouge"), game2.pid("faussaire"), game2.pid("espion")
    game2.do(d2, {"type": "use_power", "power": "secret_council", "targets": [e2, f2]})
    assert game2.state.cards[d2] == FAUSSAIRE and game2.state.cards[e2] == 9


def test_a_reveal_guard_refuses_reveals_both_ways_and_the_views_follow(rules: GameRules) -> None:
    """A reveal guard is asked for both orientations (unlike the Berserker's own-reveal guard, S6)."""
    from app.games.deuxrois.cards import PAPE
    from app.games.deuxrois.views import player_view

    @rules.reveal_guard
    def pope_in_full_only(state: GameState, shower: str, partner: str | None, kind: str) -> Text | None:
        if state.cards[shower] == PAPE and kind != "complete":
            return Text("Le Pape ne montre que sa carte entière.", "The Pope shows his whole card only.")
        return None

    game = big(rules)
    pape, guillaume = game.pid("pape"), game.pid("guillaume")
    err = game.refused(pape, {"type": "request_reveal", "target": guillaume, "kind": "couleur"})
    assert err.code == "reveal_blocked"
    assert game.refused(guillaume, {"type": "request_reveal", "target": pape, "kind": "couleur"}).code \
        == "reveal_blocked"
    game.do(pape, {"type": "request_reveal", "target": guillaume, "kind": "complete"})
    actions = {a["type"]: a for a in player_view(game.state, pape)["actions"] if a.get("kind") == "couleur"}
    assert guillaume not in actions["request_reveal"]["targets"]


def test_a_power_source_and_a_trigger_work_by_power_key(rules: GameRules) -> None:
    subjugation = next(p for p in CARDS[35].powers if p.key == "subjugation")

    def moine_copy(state: GameState, pid: str) -> list[Power]:
        return [subjugation] if state.cards[pid] == MOINE else []

    rules.power_sources.append(moine_copy)
    fired: list[tuple[str, str]] = []

    @rules.on_reveal("subjugation", order=15)
    def spy(tx: Tx, holder: str, partner: str, kind: str) -> None:
        fired.append((holder, partner))

    game = big(rules)
    moine, espion = game.pid("moine"), game.pid("espion")
    game.do(moine, {"type": "request_reveal", "target": espion, "kind": "complete"})
    game.do(espion, {"type": "answer_reveal", "request_id": next(iter(game.state.requests)), "accept": True})
    assert game.state.state_of(espion).subject and fired == [(moine, espion)]
    assert [t.order for t in rules.triggers] == sorted(t.order for t in rules.triggers)
