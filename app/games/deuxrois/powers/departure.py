"""Departure and arrival powers (windows X and A): Geôlier 16, Navigateur 29/30, Cartographe 17,
Duc de Bretagne 4, Vagabond 49, and the Pèlerin's immunity (43).

Window X lasts its full timer (30 s by default: it never ends early), and every
X power may be used at any moment of it: the holder pays his reveal at once and
the server records the declaration. When X ends, the crossing resolves them in
the §4.2 order: Porte-Étendard stays -> Geôlier -> Navigateur (keep) -> Pèlerin
overrides -> Cartographe (sees the final list) -> Duc de Bretagne companion ->
Vagabond; then the envoys cross. Nobody replaces an envoy held after the lock
(D10, C57, C59, C88).

* Blocage (L251, C56, C57): once per round, an envoy of his own room (himself
  included); the card is shown to the général (privée) or to the room.
* Maître des mers (L177, C88): once per game; in X keep one envoy of his room,
  in A send back one envoy who arrived in his room (he walks back at once).
* Immunité religieuse (L363, C63): a hold on the Pèlerin (or on a volunteering
  Émissaire, C80) is paid for and fails; holders are not told beforehand.
* Connaissance du terrain (L155, C62): once per game, sees each envoy of his
  room (the final list) for 5 s in turn: a passive view, no Faussaire swap.
* Alliance bretonne (L129, C60, C61): once per game, as a locked envoy he names
  another player of his room, who shows his colour to the room at once (the
  Espion chooses it); if red and the Duc really leaves, he goes too as an extra
  envoy; otherwise nobody goes and the power is spent. An Émissaire proves his
  immunity to the Duc instead (C80).
* Instinct de survie (L373): once per game, not an envoy, he changes room with
  the crossing, outside the quota (D15).
"""

from __future__ import annotations

from typing import Any

from app.games.deuxrois import bars
from app.games.deuxrois.cards import ESPION, Cost, Effect
from app.games.deuxrois.crossing import move_player
from app.games.deuxrois.deal import Room
from app.games.deuxrois.knowledge import displayed_colour
from app.games.deuxrois.model.commands import UsePower
from app.games.deuxrois.model.events import (
    CardShown,
    DepartureChanged,
    DepartureDeclared,
    DepartureResolved,
    EnvoysSurveyed,
)
from app.games.deuxrois.powers.envoy_plan import (
    SURVEY_SECONDS,
    declarations,
    declared_by,
    first_of,
    leaving,
    moves_banned,
    passes_colour,
    plan,
    public_cost,
)
from app.games.deuxrois.powers.rally import rallied_stay
from app.games.deuxrois.powers.registry import holds_power
from app.games.deuxrois.powers.reveal_triggers import immune
from app.games.deuxrois.prompts import open_prompt
from app.games.deuxrois.reveals import show_colour_public, show_private, show_proof, show_public
from app.games.deuxrois.ruleset import GameRules, Tx
from app.games.deuxrois.state import GameState, Prompt
from app.kernel.rules import refuse
from app.kernel.text import EngineError, Text


def _declare(tx: Tx, power: str, pid: str, target: str | None = None, choice: str | None = None) -> None:
    tx.emit(DepartureDeclared(power=power, player_id=pid, target=target, choice=choice))


def _my_envoys(state: GameState, pid: str) -> list[str]:
    return leaving(state, state.rooms[pid])


def _envoy_check(state: GameState, pid: str, cmd: UsePower) -> None:
    if cmd.target not in _my_envoys(state, pid):
        raise refuse("not_envoy", "Choisissez un envoyé qui quitte votre salle.", "Choose an envoy leaving your room.")


# ------------------------------------------------------------------ Geôlier (L251, C56, C57)
def _general_other(state: GameState, pid: str) -> str | None:
    general = state.generals.get(state.rooms[pid])
    return general if general is not None and general != pid else None


def _block_choices(state: GameState, pid: str) -> dict[str, Any]:
    general = _general_other(state, pid)
    choices = ["general"] if general and bars.chosen_reveal(state, pid, general, "privee") is None else []
    return {"choices": choices + ([] if public_cost(state, pid) else ["public"])}


def _block_cost(state: GameState, pid: str) -> EngineError | None:
    """Neither the général's privée nor the room's publique can be paid: the publique's bar (bars.cost)."""
    if not _block_choices(state, pid)["choices"]:
        return bars.cost(state, pid, Cost.PUBLIQUE)
    return None


def _block_check(state: GameState, pid: str, cmd: UsePower) -> None:
    _envoy_check(state, pid, cmd)
    if cmd.choice not in (None, *_block_choices(state, pid)["choices"]):
        raise refuse("bad_choice", "Montrez votre carte au général ou à la salle.",
                     "Show your card to the général or to the room.")


def block(tx: Tx, pid: str, cmd: UsePower) -> None:
    general = _general_other(tx.state, pid)
    choice = cmd.choice or _block_choices(tx.state, pid)["choices"][0]
    if choice == "general" and general is not None:
        show_private(tx, pid, general, source="block")
    else:
        show_public(tx, pid, source="block")
    _declare(tx, "block", pid, cmd.target, choice)


# ------------------------------------------------------------------ Navigateur (L177, C88)
def _arrived(state: GameState, pid: str) -> list[str]:
    room = state.rooms[pid]
    return [p for p, origin in plan(state).arrivals.items() if origin is not room and state.rooms.get(p) is room]


def _navigate_targets(state: GameState, pid: str) -> list[str]:
    return _arrived(state, pid) if state.phase == "A" else _my_envoys(state, pid)


def _navigate_check(state: GameState, pid: str, cmd: UsePower) -> None:
    if cmd.target not in _navigate_targets(state, pid):
        raise refuse("not_envoy", "Choisissez un envoyé qui part de votre salle ou qui vient d'y arriver.",
                     "Choose an envoy leaving your room, or one who just arrived in it.")


def navigate(tx: Tx, pid: str, cmd: UsePower) -> None:
    assert cmd.target is not None
    show_public(tx, pid, source="navigate")
    if tx.state.phase != "A":
        _declare(tx, "navigate", pid, cmd.target, "keep")
        return
    room, target = tx.state.rooms[pid], cmd.target
    if immune(tx.state, target, Effect.HOLD):  # the Pèlerin stays where his mission took him (C63)
        tx.emit(DepartureChanged(room=room, player_id=target, change="not_sent_back", by="navigate"))
        return
    tx.emit(DepartureChanged(room=room, player_id=target, change="sent_back", by="navigate"))
    move_player(tx, target, plan(tx.state).arrivals[target], "navigate")


# ------------------------------------------------------------------ Cartographe (L155, C62)
def survey(tx: Tx, pid: str, cmd: UsePower) -> None:
    show_public(tx, pid, source="survey")
    _declare(tx, "survey", pid)


# ------------------------------------------------------------------ Duc de Bretagne (L129, C60, C61)
def _duke_leaving(state: GameState, pid: str) -> Text | None:
    if pid not in _my_envoys(state, pid):
        return Text("Seulement quand vous partez comme envoyé.", "Only when you are leaving as an envoy.")
    return None


def _companions(state: GameState, pid: str) -> list[str]:
    room = state.rooms[pid]
    out = set(_my_envoys(state, pid)) | {pid, state.generals.get(room)}
    return [p for p in state.present(room) if p not in out]


def _companion_check(state: GameState, pid: str, cmd: UsePower) -> None:
    if cmd.target not in _companions(state, pid):
        raise refuse("bad_companion", "Choisissez un autre joueur de votre salle, ni envoyé ni général.",
                     "Choose another player of your room, neither envoy nor général.")
    refusal = bars.reveal(state, cmd.target, None, "couleur_publique")  # his colour is part of the cost
    if refusal is not None:
        raise refusal


def breton_alliance(tx: Tx, pid: str, cmd: UsePower) -> None:
    assert cmd.target is not None
    state, companion = tx.state, cmd.target
    show_public(tx, pid, source="breton_alliance")
    if immune(state, companion, Effect.DESIGNATION):  # an Émissaire card proves it to the Duc (C80)
        show_proof(tx, companion, pid, source="breton_alliance")
        _declare(tx, "breton_alliance", pid, companion, "immune")
    elif state.cards[companion] == ESPION:  # he picks the colour he shows (L329)
        _declare(tx, "breton_alliance", pid, companion, None)
        open_prompt(tx, companion, "breton_colour", ["red", "blue"], {"duke": pid, "target": pid},
                    until="phase")
    else:
        _show_companion_colour(tx, pid, companion, displayed_colour(state, companion))


def _show_companion_colour(tx: Tx, duke: str, companion: str, colour: str) -> None:
    show_colour_public(tx, companion, colour, source="breton_alliance", must=True)
    _declare(tx, "breton_alliance", duke, companion, colour)


def _espion_colour(tx: Tx, prompt: Prompt, choice: str) -> None:
    duke = str(prompt.data["duke"])
    pending = declared_by(tx.state, "breton_alliance", duke)
    if tx.state.phase == "X" and pending is not None and pending.target == prompt.player_id and pending.choice is None:
        _show_companion_colour(tx, duke, prompt.player_id, choice)


# ------------------------------------------------------------------ Vagabond (L373)
def _not_an_envoy(state: GameState, pid: str) -> Text | None:
    if pid in _my_envoys(state, pid):
        return Text("Vous partez déjà comme envoyé.", "You are already leaving as an envoy.")
    return None


def survival(tx: Tx, pid: str, cmd: UsePower) -> None:
    show_public(tx, pid, source="survival")
    _declare(tx, "survival", pid)


# ------------------------------------------------------------------ the crossing, in the §4.2 order
def _holds(tx: Tx, moves: dict[str, Room]) -> dict[str, Room]:
    """Geôlier, then Navigateur (keep), then the Pèlerin's override; the held envoys stay, unreplaced."""
    out = dict(moves)
    holds = [(d.target, "block") for d in declarations(tx.state, "block")]
    holds += [(d.target, "navigate") for d in declarations(tx.state, "navigate") if d.choice == "keep"]
    for target, by in holds:
        if target is None or target not in out:
            continue
        room = tx.state.rooms[target]
        if immune(tx.state, target, Effect.HOLD):
            tx.emit(DepartureChanged(room=room, player_id=target, change="not_held", by=by))
            continue
        tx.emit(DepartureChanged(room=room, player_id=target, change="stays", by=by))
        del out[target]
    return out


def _surveys(tx: Tx, moves: dict[str, Room]) -> None:
    for decl in declarations(tx.state, "survey"):
        viewer = decl.player_id
        room = tx.state.rooms[viewer]
        envoys = [p for p in tx.state.present(room) if p in moves and p != viewer]
        if not envoys:
            continue
        cards = [tx.state.cards[p] for p in envoys]
        for envoy, card in zip(envoys, cards, strict=True):
            tx.emit(CardShown(kind="survey", shower=envoy, viewers=[viewer], card=card, source="survey"))
        tx.emit(EnvoysSurveyed(viewer=viewer, envoys=envoys, cards=cards, start_ms=tx.now, seconds=SURVEY_SECONDS))


def _companions_join(tx: Tx, moves: dict[str, Room]) -> dict[str, Room]:
    out = dict(moves)
    for decl in declarations(tx.state, "breton_alliance"):
        duke, companion = decl.player_id, decl.target
        if decl.choice != "red" or duke not in out or companion is None or companion in out:
            continue  # C60: not red (or the Duc stays): nobody goes, the power is spent
        room = tx.state.rooms[duke]
        if tx.state.rooms[companion] is not room or tx.state.generals.get(room) == companion:
            continue
        rally = plan(tx.state).rallied.get(companion)
        if rally is not None and passes_colour(tx.state, companion, rally):  # immune to missions this round (L199)
            tx.emit(DepartureChanged(room=room, player_id=companion, change="stays", by="rally"))
            continue
        tx.emit(DepartureChanged(room=room, player_id=companion, change="joins", by="breton_alliance"))
        out[companion] = out[duke]  # an extra envoy, with no compensation (C61)
    return out


def _vagabonds(tx: Tx, moves: dict[str, Room]) -> None:
    for decl in declarations(tx.state, "survival"):
        pid = decl.player_id
        if pid not in moves:
            move_player(tx, pid, tx.state.rooms[pid].other, "survival")


def resolve_departure(tx: Tx, moves: dict[str, Room]) -> dict[str, Room]:
    """Steps below 50 are the exchange-time events (§4.2); then the X powers in order.

    An earlier step that cancelled the whole crossing (event 2's storm, E7) cancels them too."""
    base = any(leaving(tx.state, room) for room in tx.state.iter_rooms())
    if (base and not moves) or moves_banned(tx.state, ""):
        return moves
    moves = rallied_stay(tx, moves)
    moves = _holds(tx, moves)
    _surveys(tx, moves)
    moves = _companions_join(tx, moves)
    _vagabonds(tx, moves)
    if any(holds_power(tx.state, p.id, "navigate") for p in tx.state.players):  # only a send-back needs it
        tx.emit(DepartureResolved(arrivals={p: tx.state.rooms[p] for p in moves}))
    return moves


def install(rules: GameRules) -> None:
    rules.active_power("block", condition=_block_cost, check=_block_check, targets=_my_envoys,
                       extra=_block_choices)(block)
    # Their reveal (Cost.PUBLIQUE, PRIVEE_OR_PUBLIQUE) is checked by the seam (bars.cost, S21).
    rules.active_power("navigate", condition=moves_banned, check=_navigate_check,
                       targets=_navigate_targets)(navigate)
    rules.active_power("survey")(survey)
    rules.active_power("breton_alliance", condition=first_of(_duke_leaving, moves_banned),
                       check=_companion_check, targets=_companions)(breton_alliance)
    rules.prompt_kind("breton_colour")(_espion_colour)
    rules.active_power("survival", condition=first_of(_not_an_envoy, moves_banned))(survival)
    rules.departure_step(50)(resolve_departure)
