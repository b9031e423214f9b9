"""Score markers moving outside the count: the 2-case gains and losses, with their tokens (RG-22..RG-27)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Literal

from app.games.regents.board import Domain
from app.games.regents.events import Advanced, Retreated
from app.games.regents.feed import blocked, cat, moves, t, tokens
from app.games.regents.model import State, noted, with_player
from app.games.regents.track import advance, lose
from app.kernel.rules import Rules
from app.kernel.text import Text

GainReason = Literal["influence", "fifth_card", "accusation"]

REASONS: dict[str, Text] = {
    "influence": Text("carte Influence", "Influence card"),
    "fifth_card": Text("5e carte jouée", "5th card played"),
    "accusation": Text("accusation réussie", "successful accusation"),
}


def gained(s: State, pid: str, gains: Mapping[Domain, int], reason: GainReason) -> Advanced:
    """The event for a gated gain of `pid` (RG-22), with the tokens it reaches (RG-25)."""
    p = s.player(pid)
    result = advance(p.score, gains, s.board_tokens)
    return Advanced(player=pid, reason=reason, before=p.score, after=result.after, tokens=result.tokens,
                    lost=result.lost)


def lost(s: State, pid: str, losses: Mapping[Domain, int], reason: Literal["accusation", "rempart"],
         by: str) -> Retreated:
    p = s.player(pid)
    return Retreated(player=pid, reason=reason, by=by, before=p.score, after=lose(p.score, losses))


def take_tokens(s: State, pid: str, taken: tuple[tuple[Domain, int], ...]) -> State:
    if not taken:
        return s
    p = s.player(pid)
    s = with_player(s, pid, tokens=p.tokens + len(taken))
    return replace(s, board_tokens=s.board_tokens - frozenset(taken))


def install(rules: Rules[State]) -> None:
    @rules.applies(Advanced)
    def _advanced(s: State, e: Advanced) -> State:
        s = with_player(s, e.player, score=e.after)
        s = take_tokens(s, e.player, e.tokens)
        who = s.seat_name(e.player)
        why = REASONS[e.reason]
        return noted(s, "advance", cat(t(f"{who} avance ({why.fr}) : ", f"{who} advances ({why.en}): "),
                                       moves(e.before, e.after), tokens(e.tokens), blocked(e.lost), t(".", ".")))

    @rules.applies(Retreated)
    def _retreated(s: State, e: Retreated) -> State:
        s = with_player(s, e.player, score=e.after)
        who, by = s.seat_name(e.player), s.seat_name(e.by)
        if e.reason == "accusation":
            head = t(f"{who} recule, au choix de {by} : ", f"{who} moves back, as {by} chooses: ")
        else:
            head = t(f"Chemin du rempart : {by} fait reculer {who} : ", f"Rampart walk: {by} pushes {who} back: ")
        return noted(s, "retreat", cat(head, moves(e.before, e.after), t(".", ".")))
