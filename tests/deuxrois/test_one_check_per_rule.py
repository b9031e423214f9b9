"""One check per rule, whatever the path (rulings S21, S17, E15, E29, E30; issue 17).

Every power whose cost is a public or a forced reveal is walked under every event
that bans that kind (11 La Nuit de Hastings, 26 the Camp, 4 a player outside, 9
the viking, 25 a Citadelle target), through the very command a phone sends
(`use_power`); the refusal must be the one the player's own reveal gets, code and
message, and the phone's view must give the same reason. Then every way of
becoming général under the Citadelle, and the moderator where the rules bind him.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

import pytest
from play_helpers import A, Game, N, table
from test_powers_envoys_support import NORTH, designate

from app.games.deuxrois.config import GameConfig
from app.games.deuxrois.deal import Room
from app.games.deuxrois.events import GeneralChosen
from app.games.deuxrois.historique.effects import ongoing
from app.games.deuxrois.views import player_view
from app.kernel.text import EngineError

ON = GameConfig(historique=True)


@cache
def _base(event: int, north: str, south: str) -> Game:
    """50 players, every card; round 1's généraux `north`/`south`; `event` picked in round 1's window X;
    the game at round 2's negotiation with the event in force."""
    game = table(50, normandie=NORTH, config=ON)
    game.until("E", 1)
    for room, name in ((N, north), (A, south)):
        game.do("moderator", {"type": "mod_set_general", "room": room.value, "player": game.pid(name)})
    designate(game, N, [])
    designate(game, A, [])
    assert game.state.phase == "X"
    game.do("moderator", {"type": "mod_historique_pick", "number": event})
    game.until("N", 2)
    assert ongoing(game.state) == event
    return game


def under(event: int, north: str = "guillaume", south: str = "harold") -> Game:
    """A fresh copy of the cached base game (states are immutable; the log and the trackers are copied)."""
    base = _base(event, north, south)
    game = copy.copy(base)
    game.log, game.held, game.seen = list(base.log), copy.deepcopy(base.held), copy.deepcopy(base.seen)
    return game


def to(game: Game, room: Room, *names: str) -> None:
    """The moderator puts these players in `room` (a fix; any phase)."""
    for name in names:
        if game.room(game.pid(name)) is not room:
            game.do("moderator", {"type": "mod_move", "player": game.pid(name), "room": room.value})


def d_with(game: Game, general_n: str, general_a: str = "harold") -> None:
    """Round 2, window D, with these généraux (the moderator)."""
    game.until("D", 2)
    for room, name in ((N, general_n), (A, general_a)):
        if game.state.generals.get(room) != game.pid(name):
            game.do("moderator", {"type": "mod_set_general", "room": room.value, "player": game.pid(name)})


KEEP = {"cartographe", "vagabond", "geolier", "navigateur_rouge", "emissaire_rouge", "emissaire_bleu",
        "guillaume", "harold", "roi_de_france"}  # never drawn to fill a list: holders under test, immune cards


def lock_list(game: Game, room: Room, wanted: list[str]) -> None:
    """The room's list: these players, filled up with others of the room, then locked."""
    from app.games.deuxrois import designation

    need = designation.required(game.state, room)
    ids = [game.pid(n) for n in wanted]
    keep = {game.pid(n) for n in KEEP}
    ids += [p for p in designation.eligible(game.state, room) if p not in ids and p not in keep][:need - len(ids)]
    general = game.state.generals[room]
    assert general is not None
    game.do(general, {"type": "designate", "targets": ids})
    game.do(general, {"type": "lock_envoys"})


def x_with(game: Game, north: list[str], general_n: str = "guillaume") -> None:
    """Round 2, window X, these envoys leaving Normandie (the list filled up and locked)."""
    d_with(game, general_n)
    lock_list(game, N, north)
    lock_list(game, A, [])
    assert game.state.phase == "X"


@dataclass(frozen=True)
class Case:
    power: str
    holder: str
    arrange: Callable[[Game], None]
    target: str | None = None
    targets: tuple[str, ...] = ()

    @property
    def id(self) -> str:
        return f"{self.power}-{self.holder}"


def _refusal(holder: str, room: Room = N) -> Callable[[Game], None]:
    """Window D, `holder` named envoy by a Commandant, général of his room (Harold, the Roi de France...)."""
    commandant = "commandant_rouge" if room is N else "commandant_bleu"

    def arrange(game: Game) -> None:
        to(game, room, holder, commandant)
        if room is N:
            d_with(game, commandant)
        else:
            d_with(game, "guillaume", commandant)
        game.do(game.pid(commandant), {"type": "designate", "targets": [game.pid(holder)]})
    return arrange


def _n(*names: str) -> Callable[[Game], None]:
    """Window N, these players in Normandie."""
    return lambda game: to(game, N, *names)


def _session(game: Game) -> None:
    to(game, N, "interprete", "dame_noble", "duc_de_bretagne")


# Every card power whose cost (cards.py) is a public reveal, and where each can be used.
PUBLIC = [
    Case("free_passage", "emissaire_rouge", _n("emissaire_rouge")),
    Case("free_passage", "emissaire_bleu", _n("emissaire_bleu")),
    Case("rally", "porte_etendard_rouge", _n("porte_etendard_rouge")),
    Case("mind_reading", "devin", _n("devin", "dame_noble"), target="dame_noble"),
    Case("usurp", "sang_royal_rouge", lambda g: (to(g, N, "sang_royal_rouge", "commandant_rouge"),
                                                   d_with(g, "commandant_rouge"))),
    Case("usurp", "sang_royal_bleu", lambda g: (to(g, N, "sang_royal_bleu", "commandant_rouge"),
                                                 d_with(g, "commandant_rouge"))),
    Case("royal_refusal", "guillaume", _refusal("guillaume")),
    Case("royal_refusal", "harold", _refusal("harold", A)),
    Case("royal_refusal", "roi_de_france", _refusal("roi_de_france")),
    Case("escort", "commandant_rouge", lambda g: (to(g, N, "commandant_rouge"), d_with(g, "commandant_rouge"))),
    Case("protection_oath", "chevalier_saxon", lambda g: (
        to(g, N, "chevalier_saxon", "dame_noble", "guillaume"), d_with(g, "guillaume"),
        g.do(g.pid("guillaume"), {"type": "designate", "targets": [g.pid("dame_noble")]})), target="dame_noble"),
    Case("sacrifice", "chevalier_servant_rouge", lambda g: (
        to(g, N, "chevalier_servant_rouge", "duc_de_bretagne", "guillaume"), d_with(g, "guillaume"),
        g.do(g.pid("guillaume"), {"type": "designate", "targets": [g.pid("duc_de_bretagne")]})),
        target="duc_de_bretagne"),
    Case("breton_alliance", "duc_de_bretagne", lambda g: (to(g, N, "duc_de_bretagne", "dame_noble", "guillaume"),
                                                          x_with(g, ["duc_de_bretagne"])), target="dame_noble"),
    Case("survey", "cartographe", lambda g: (to(g, N, "cartographe", "guillaume"), x_with(g, []))),
    Case("navigate", "navigateur_rouge", lambda g: (to(g, N, "navigateur_rouge", "dame_noble", "guillaume"),
                                                    x_with(g, ["dame_noble"])), target="dame_noble"),
    Case("survival", "vagabond", lambda g: (to(g, N, "vagabond", "guillaume"), x_with(g, []))),
    Case("block", "geolier", lambda g: (to(g, N, "geolier", "dame_noble", "guillaume"),
                                        x_with(g, ["dame_noble"])), target="dame_noble"),
]
# Every card power whose cost is a forced reveal (the holder shows first).
FORCED = [
    Case("authority", "guillaume", _n("guillaume", "dame_noble"), target="dame_noble"),
    Case("authority", "harold", _n("harold", "dame_noble"), target="dame_noble"),
    Case("confession", "pretre_rouge", _n("pretre_rouge", "dame_noble"), target="dame_noble"),
    Case("secret_council", "diplomate_royal_rouge", _n("diplomate_royal_rouge", "dame_noble", "duc_de_bretagne"),
         targets=("dame_noble", "duc_de_bretagne")),
    Case("translation", "interprete", _session, target="dame_noble"),
]
CASES = {c.id: c for c in PUBLIC + FORCED}
PUBLIC_BANS = (11, 26)  # colour reveals only: everywhere (E15), in the Camp where everyone starts (E30)
FORCED_BANS = (11, 26)


def command(game: Game, case: Case) -> dict[str, Any]:
    cmd: dict[str, Any] = {"type": "use_power", "power": case.power}
    if case.target is not None:
        cmd["target"] = game.pid(case.target)
    if case.targets:
        cmd["targets"] = [game.pid(t) for t in case.targets]
    return cmd


def the_rule(game: Game, holder: str, kind: str) -> EngineError:
    """What the player's own reveal of that kind gets now: the rule's one refusal."""
    pid = game.pid(holder)
    if kind == "publique":
        return game.refused(pid, {"type": "reveal_public"})
    other = next(p for p in game.state.present(game.room(pid)) if p != pid)
    return game.refused(pid, {"type": "request_reveal", "target": other, "kind": "complete"})


def assert_barred_like_the_rule(game: Game, case: Case, rule: EngineError) -> None:
    err = game.refused(game.pid(case.holder), command(game, case))
    assert (err.code, err.message) == (rule.code, rule.message), (case.power, err.code, err.message.en)
    action = next(a for a in player_view(game.state, game.pid(case.holder))["actions"]
                  if a["type"] == "use_power" and a["power"] == case.power)
    assert not action["available"] and action["reason"] == rule.message.as_dict(), case.power


@pytest.mark.parametrize("event", PUBLIC_BANS)
@pytest.mark.parametrize("power", [c.id for c in PUBLIC])
def test_s21_every_power_with_a_public_cost_is_barred_where_public_reveals_are(power: str, event: int) -> None:
    """E15/E30/S17: the Sang royal's usurpation, the royal refusal, the Émissaire's passage... like every other."""
    case = CASES[power]
    game = under(event)
    case.arrange(game)
    assert_barred_like_the_rule(game, case, the_rule(game, case.holder, "publique"))


@pytest.mark.parametrize("event", FORCED_BANS)
@pytest.mark.parametrize("power", [c.id for c in FORCED])
def test_s21_every_power_with_a_forced_cost_is_barred_where_complete_reveals_are(power: str, event: int) -> None:
    case = CASES[power]
    game = under(event)
    case.arrange(game)
    assert_barred_like_the_rule(game, case, the_rule(game, case.holder, "complete"))


@pytest.mark.parametrize("power", ["free_passage-emissaire_rouge", "rally-porte_etendard_rouge",
                                   "mind_reading-devin", *[c.id for c in FORCED]])
def test_e8_a_player_outside_pays_no_reveal_cost(power: str) -> None:
    """Event 4: outside until his room's result, he reveals nothing, so no power that costs a reveal."""
    case = CASES[power]
    game = under(4)
    case.arrange(game)
    game.do("moderator", {"type": "mod_mark_outside", "player": game.pid(case.holder)})
    kind = "complete" if case in FORCED else "publique"
    assert_barred_like_the_rule(game, case, the_rule(game, case.holder, kind))


@pytest.mark.parametrize(("power", "viking"), [("authority", "guillaume"), ("confession", "pretre_rouge"),
                                               ("secret_council", "diplomate_royal_rouge"),
                                               ("translation", "interprete")])
def test_e13_the_viking_forces_nobody_with_his_card_powers(power: str, viking: str) -> None:
    """Event 9: the viking makes no complète, so none of his forcées (he shows first in each)."""
    case = CASES[f"{power}-{viking}"]
    game = under(9, north="guillaume", south=viking) if viking != "guillaume" else under(9)
    to(game, game.room(game.pid(viking)), *(n for n in ("dame_noble", "duc_de_bretagne")))
    # No session is needed for the Interprète: the holder's own side of the forcée is refused first.
    assert_barred_like_the_rule(game, case, the_rule(game, case.holder, "complete"))


@pytest.mark.parametrize("power", [c.id for c in FORCED])
def test_e29_a_citadelle_target_is_immune_to_every_forcee_with_one_refusal(power: str) -> None:
    case = CASES[power]
    game = under(25)
    case.arrange(game)
    if case.power == "translation":  # a session between two Port players, then one goes up to the Citadelle
        dame, duc = game.pid("dame_noble"), game.pid("duc_de_bretagne")
        game.do(dame, {"type": "request_reveal", "target": duc, "kind": "complete"})
        game.do(duc, {"type": "answer_reveal", "request_id": next(iter(game.state.requests)), "accept": True})
    game.do(game.pid("dame_noble"), {"type": "set_zone", "zone": "citadelle"})
    err = game.refused(game.pid(case.holder), command(game, case))
    assert (err.code, err.message.en) == ("immune", "This player is immune."), power
    action = next(a for a in player_view(game.state, game.pid(case.holder))["actions"]
                  if a["type"] == "use_power" and a["power"] == case.power)
    assert game.pid("dame_noble") not in (action["targets"] or [])


def test_s17_the_emissaire_free_passage_is_barred_in_the_camp_but_not_in_the_tent() -> None:
    game = under(26)
    to(game, N, "emissaire_rouge")
    emissaire = game.pid("emissaire_rouge")
    assert game.refused(emissaire, {"type": "use_power", "power": "free_passage"}).code == "reveal_blocked"
    game.do(emissaire, {"type": "set_zone", "zone": "tente"})
    game.do(emissaire, {"type": "use_power", "power": "free_passage"})
    assert game.room(emissaire) is A


def test_s21_the_blood_oath_costs_a_public_reveal_barred_by_hastings() -> None:
    """Event 23's oath (drawn in round 2's X) under event 11 (in force all round 2): no public reveal."""
    game = under(11)
    to(game, N, "dame_noble", "duc_de_bretagne")
    x_with(game, [])
    game.do("moderator", {"type": "mod_historique_pick", "number": 23})
    err = game.refused(game.pid("dame_noble"), {"type": "use_power", "power": "blood_oath",
                                                "target": game.pid("duc_de_bretagne")})
    rule = the_rule(game, "dame_noble", "publique")
    assert (err.code, err.message) == (rule.code, rule.message)


# ------------------------------------------------------------------ the Citadelle bars every way to the office
CITADEL = "Harbour and Citadel: a player in the Citadel cannot become général."


def citadel_game() -> tuple[Game, str]:
    """Round 2 under 25: the Sang royal rouge goes up to the Citadelle in Normandie during N."""
    game = under(25)
    to(game, N, "sang_royal_rouge", "commandant_rouge", "dame_noble")
    srr = game.pid("sang_royal_rouge")
    game.do(srr, {"type": "set_zone", "zone": "citadelle"})
    return game, srr


def test_s21_e29_no_vote_no_usurpation_no_moderator_makes_a_citadelle_player_general() -> None:
    game, srr = citadel_game()
    game.until("E", 2)
    voter = game.pid("dame_noble")
    by_vote = game.refused(voter, {"type": "vote", "candidate": srr})
    assert (by_vote.code, by_vote.message.en) == ("office_barred", CITADEL)
    vote = next(a for a in player_view(game.state, voter)["actions"] if a["type"] == "vote")
    assert srr not in vote["candidates"]
    by_moderator = game.refused("moderator", {"type": "mod_set_general", "room": "normandie", "player": srr})
    assert (by_moderator.code, by_moderator.message) == (by_vote.code, by_vote.message)
    d_with(game, "commandant_rouge")
    by_usurping = game.refused(srr, {"type": "use_power", "power": "usurp"})
    assert (by_usurping.code, by_usurping.message) == (by_vote.code, by_vote.message)
    usurp = next(a for a in player_view(game.state, srr)["actions"] if a.get("power") == "usurp")
    assert not usurp["available"] and usurp["reason"]["en"] == CITADEL


def test_s21_e29_a_re_vote_and_the_timer_never_make_a_citadelle_player_general() -> None:
    game, srr = citadel_game()
    d_with(game, "commandant_rouge")
    game.do("moderator", {"type": "mod_move", "player": game.pid("commandant_rouge"), "room": "angleterre"})
    assert game.state.elections[N].open  # D7: the room re-votes at once
    assert srr not in game.state.elections[N].candidates or srr not in player_view(
        game.state, game.pid("dame_noble"))["election"]["candidates"]
    assert game.refused(game.pid("dame_noble"), {"type": "vote", "candidate": srr}).code == "office_barred"
    game.tick()  # nobody voted: the timer draws, never from the Citadelle
    chosen = [e for e in game.log if isinstance(e, GeneralChosen) and e.room is N]
    assert chosen[-1].general not in (None, srr)
