"""Window D powers on the envoy list: Commandant (23/24), Chevalier Saxon (20), Chevalier Servant (47/48).

Escorte renforcée (L167/L271, C64): once per round, the général — however he
got the office — shows his card to the room and sends 1 or 2 more envoys this
round (his choice, 2 by default); the list must then hold that many.
Serment de protection (L266, C45): unlimited; he names an envoy of his room;
if she holds the Dame (19), both cards are shown to the room and he goes
instead. Sacrifice (L217/L322, C72): once per game, he goes instead of a named
envoy of his displayed colour (the Espion passes either gate, L329), Guillaume
and Harold included.
Both substitutions happen before the lock, so the list keeps its size (D10)
and the replaced player cannot be named again this round. A wrong target
(not the Dame, not of his colour, or an envoy who cannot be replaced against
his will: the Pèlerin C63, an Émissaire volunteer C80) costs the public reveal
and changes nothing; the Servant's use is spent, as C60 rules for the Duc's
companion. A refusal instead would tell the knight for free who the Dame is.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from app.games.deuxrois import bars, designation
from app.games.deuxrois.cards import DAME, Effect
from app.games.deuxrois.knowledge import add_feed, displayed_colour
from app.games.deuxrois.model.commands import UsePower
from app.games.deuxrois.model.events import EnvoyQuotaRaised, EnvoySubstituted
from app.games.deuxrois.powers.envoy_plan import MAX_ESCORT, extra_envoys, passes_colour
from app.games.deuxrois.powers.reveal_triggers import immune
from app.games.deuxrois.reveals import show_public
from app.games.deuxrois.ruleset import GameRules, Tx
from app.games.deuxrois.state import GameState
from app.kernel.rules import refuse
from app.kernel.text import EngineError, Text


# ------------------------------------------------------------------ Commandant de la garde (L167, C64)
def _general_designating(state: GameState, pid: str) -> Text | EngineError | None:
    room = state.rooms[pid]
    if state.generals.get(room) != pid:
        return Text("Seulement quand vous êtes général.", "Only when you are général.")
    if (locked := bars.list_open(state, room)) is not None:
        return locked
    if extra_envoys(state, room) >= MAX_ESCORT:
        return Text("La salle envoie déjà 2 envoyés de plus.", "The room already sends 2 more envoys.")
    return None


def _escort_choices(state: GameState, pid: str) -> dict[str, Any]:
    return {"choices": ["2", "1"]}


def _escort_check(state: GameState, pid: str, cmd: UsePower) -> None:
    if cmd.choice not in (None, "1", "2"):
        raise refuse("bad_choice", "Choisissez 1 ou 2 envoyés de plus.", "Choose 1 or 2 more envoys.")


def escort(tx: Tx, pid: str, cmd: UsePower) -> None:
    show_public(tx, pid, source="escort")
    tx.emit(EnvoyQuotaRaised(room=tx.state.rooms[pid], extra=int(cmd.choice or MAX_ESCORT), by="escort"))


# ------------------------------------------------------------------ substitutions (L266, L217)
def _can_go_instead(state: GameState, pid: str) -> Text | EngineError | None:
    room = state.rooms[pid]
    des = state.designations.get(room)
    if (locked := bars.list_open(state, room)) is not None:
        return locked
    if des is None:
        return Text("Seulement pendant la désignation.", "Only during designation.")
    if pid in des.named:
        return Text("Vous êtes déjà envoyé.", "You are already an envoy.")
    if pid not in designation.eligible(state, room):
        return Text("Vous ne pouvez pas être envoyé ce tour.", "You cannot be sent this round.")
    return None


def _named_others(state: GameState, pid: str) -> list[str]:
    des = state.designations.get(state.rooms[pid])
    return [p for p in des.named if p != pid] if des is not None else []


def _named_check(state: GameState, pid: str, cmd: UsePower) -> None:
    if cmd.target not in _named_others(state, pid):
        raise refuse("not_envoy", "Choisissez un envoyé désigné de votre salle.", "Choose a named envoy of your room.")


def _oath_check(state: GameState, pid: str, cmd: UsePower) -> None:
    """The Saxon's cost is both cards shown to the room (L266): the named envoy must be able to show
    hers publicly whoever she is (asked of every target, so a refusal says nothing of the Dame)."""
    _named_check(state, pid, cmd)
    assert cmd.target is not None
    refusal = bars.reveal(state, cmd.target, None, "publique")
    if refusal is not None:
        raise refusal


def _substitute(tx: Tx, pid: str, target: str, by: str) -> None:
    tx.emit(EnvoySubstituted(room=tx.state.rooms[pid], replaced=target, substitute=pid, by=by))


def protection_oath(tx: Tx, pid: str, cmd: UsePower) -> None:
    assert cmd.target is not None
    show_public(tx, pid, source="protection_oath")
    if tx.state.cards[cmd.target] == DAME and not immune(tx.state, cmd.target, Effect.SUBSTITUTION):
        show_public(tx, cmd.target, source="protection_oath")  # he reveals her card too (L266)
        _substitute(tx, pid, cmd.target, "protection_oath")


def sacrifice(tx: Tx, pid: str, cmd: UsePower) -> None:
    assert cmd.target is not None
    colour = displayed_colour(tx.state, pid)
    show_public(tx, pid, source="sacrifice")
    if passes_colour(tx.state, cmd.target, colour) and not immune(tx.state, cmd.target, Effect.SUBSTITUTION):
        _substitute(tx, pid, cmd.target, "sacrifice")


def _substituted(state: GameState, ev: EnvoySubstituted) -> GameState:
    des = state.designations[ev.room]
    named = tuple(ev.substitute if p == ev.replaced else p for p in des.named)
    des = replace(des, named=named, refused=des.refused | {ev.replaced})
    state = replace(state, designations={**state.designations, ev.room: des})
    return add_feed(state, state.present(ev.room), "envoy_substituted",
                    {"player": ev.substitute, "players": [ev.replaced], "by": ev.by})


def install(rules: GameRules) -> None:
    rules.applies(EnvoySubstituted)(_substituted)
    # Their public reveal (Cost.PUBLIQUE) is checked by the seam (bars.cost).
    rules.active_power("escort", condition=_general_designating, check=_escort_check,
                       extra=_escort_choices)(escort)
    rules.active_power("protection_oath", condition=_can_go_instead, check=_oath_check,
                       targets=_named_others)(protection_oath)
    rules.active_power("sacrifice", condition=_can_go_instead, check=_named_check,
                       targets=_named_others)(sacrifice)
    rules.quota_modifiers.append(extra_envoys)  # the escort's extra envoys count in the list's size
