"""The powers seam, exercised the way a colleague adds a family: register, play, unregister.

Each test registers a power through the public registries only (no change to the
core), and restores the registries afterwards.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from play_helpers import Game, table

from app.games.deuxrois.cards import CARDS, FAUSSAIRE, MOINE, Power
from app.games.deuxrois.commands import UsePower
from app.games.deuxrois.fold import Tx
from app.games.deuxrois.gate import refuse
from app.games.deuxrois.powers import registry
from app.games.deuxrois.powers.registry import (
    ACTIVE,
    POWER_SOURCES,
    REVEAL_GUARDS,
    TRIGGERS,
    active_power,
    on_reveal,
)
from app.games.deuxrois.reveals import complete_group
from app.games.deuxrois.state import GameState
from app.kernel.text import Text

NORTH = (1, 2, 21, 25, 26, 35, 36, 37, 46, 9)


@pytest.fixture
def clean_registries() -> Iterator[None]:
    saved = dict(ACTIVE), list(TRIGGERS), list(REVEAL_GUARDS), list(POWER_SOURCES)
    yield
    ACTIVE.clear()
    ACTIVE.update(saved[0])
    TRIGGERS[:] = saved[1]
    REVEAL_GUARDS[:] = saved[2]
    POWER_SOURCES[:] = saved[3]


def big() -> Game:
    return table(46, normandie=NORTH)


def _council_targets(state: GameState, pid: str) -> list[str]:
    return [p for p in state.present(state.rooms[pid]) if p != pid]


def _council_check(state: GameState, pid: str, cmd: UsePower) -> None:
    if len(set(cmd.targets)) != 2 or not set(cmd.targets) <= set(_council_targets(state, pid)):
        raise refuse("two_targets", "Choisissez deux joueurs de votre salle.", "Choose two players of your room.")


def register_council() -> None:
    @active_power("secret_council", check=_council_check, targets=_council_targets)
    def council(tx: Tx, pid: str, cmd: UsePower) -> None:
        complete_group(tx, pid, list(cmd.targets), source="secret_council")


@pytest.mark.usefixtures("clean_registries")
def test_a4_an_active_power_added_by_registration_counts_its_use_and_fires_every_pair() -> None:
    register_council()
    game = big()
    diplomate, king, espion = game.pid("diplomate_royal_rouge"), game.pid("roi_de_france"), game.pid("espion")
    game.do(diplomate, {"type": "use_power", "power": "secret_council", "targets": [king, espion]})
    assert game.state.state_of(diplomate).subject and game.state.state_of(espion).subject  # RdF in two pairs
    assert game.state.state_of(espion).banked == 1.0  # two distinct partners
    assert {s.card for s in game.state.knowledge[espion]} == {37, 35}
    err = game.refused(diplomate, {"type": "use_power", "power": "secret_council", "targets": [king, espion]})
    assert err.code == "power_unavailable"  # once per game, counted by the seam


@pytest.mark.usefixtures("clean_registries")
def test_c36_in_a_group_the_faussaire_swaps_once_and_only_with_the_initiator() -> None:
    register_council()
    game = big()
    diplomate, faussaire, espion = game.pid("diplomate_royal_rouge"), game.pid("faussaire"), game.pid("espion")
    game.do(diplomate, {"type": "use_power", "power": "secret_council", "targets": [faussaire, espion]})
    assert game.state.cards[diplomate] == FAUSSAIRE and game.state.cards[faussaire] == 37
    assert game.state.cards[espion] == 9
    game2 = big()
    d2, f2, e2 = game2.pid("diplomate_royal_rouge"), game2.pid("faussaire"), game2.pid("espion")
    game2.do(d2, {"type": "use_power", "power": "secret_council", "targets": [e2, f2]})
    assert game2.state.cards[d2] == FAUSSAIRE and game2.state.cards[e2] == 9


@pytest.mark.usefixtures("clean_registries")
def test_a_reveal_guard_refuses_reveals_and_the_views_follow() -> None:
    from app.games.deuxrois.cards import BERSERKER
    from app.games.deuxrois.views import player_view

    @registry.reveal_guard
    def berserker_weakness(state: GameState, shower: str, partner: str | None, kind: str) -> Text | None:
        if state.cards[shower] == BERSERKER and kind != "complete":
            return Text("Le Berserker ne fait que des révélations complètes.", "The Berserker only makes full reveals.")
        return None

    game = big()
    berserker, guillaume = game.pid("berserker"), game.pid("guillaume")
    err = game.refused(berserker, {"type": "request_reveal", "target": guillaume, "kind": "couleur"})
    assert err.code == "reveal_blocked"
    assert game.refused(guillaume, {"type": "request_reveal", "target": berserker, "kind": "couleur"}).code \
        == "reveal_blocked"
    game.do(berserker, {"type": "request_reveal", "target": guillaume, "kind": "complete"})
    actions = {a["type"]: a for a in player_view(game.state, berserker)["actions"] if a.get("kind") == "couleur"}
    assert guillaume not in actions["request_reveal"]["targets"]


@pytest.mark.usefixtures("clean_registries")
def test_a_power_source_and_a_trigger_work_by_power_key() -> None:
    subjugation = next(p for p in CARDS[35].powers if p.key == "subjugation")

    def moine_copy(state: GameState, pid: str) -> list[Power]:
        return [subjugation] if state.cards[pid] == MOINE else []

    POWER_SOURCES.append(moine_copy)
    fired: list[tuple[str, str]] = []

    @on_reveal("subjugation", order=15)
    def spy(tx: Tx, holder: str, partner: str, kind: str) -> None:
        fired.append((holder, partner))

    game = big()
    moine, espion = game.pid("moine"), game.pid("espion")
    game.do(moine, {"type": "request_reveal", "target": espion, "kind": "complete"})
    game.do(espion, {"type": "answer_reveal", "request_id": next(iter(game.state.requests)), "accept": True})
    assert game.state.state_of(espion).subject and fired == [(moine, espion)]
    assert [t.order for t in TRIGGERS] == sorted(t.order for t in TRIGGERS)
