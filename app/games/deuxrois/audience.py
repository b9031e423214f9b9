"""Who a change concerns, read off the two states rather than the events.

A tap in a 50-player game touches two or three players: a reveal request, its answer, a private
reveal, a ballot, a game master's note. Those changes live in the state's per-player parts
(requests, prompts, what each one knows, each one's feed, each one's ballot, what a card keeps that
only its holder is shown, like the Espion's points). A swap of two room-mates' cards concerns their
room; anything else that moved (the phase, a timer, rooms, a power's effects, Mode Historique) may
show on every page, so it concerns everyone.
Reading the states, not the event types, keeps this right when a power or a seam writes those parts
in a new way. `tests/deuxrois/test_audience.py` scans random games to show that a viewer left out
would have been sent nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import fields
from typing import Any

from app.games.deuxrois.card_state import CardState
from app.games.deuxrois.powers.registry import holders
from app.games.deuxrois.rounds import next_deadline
from app.games.deuxrois.state import GameState
from app.kernel.audience import EVERYONE, MODERATOR, SCREEN, Audience, seats

# The moderator's own parts (the log, notes, undos): every change reaches the dashboard anyway.
_MODERATOR_ONLY = frozenset({"version", "history", "notes", "reverts"})
_MISSING = object()  # an abstention is a ballot of None: absent and None must differ


def _changed(before: Mapping[Any, Any], after: Mapping[Any, Any]) -> Iterable[Any]:
    """The keys whose value is not the very same object on both sides (states share what they keep)."""
    for key in before.keys() | after.keys():
        if before.get(key, _MISSING) is not after.get(key, _MISSING):
            yield key


def _requests(before: GameState, after: GameState) -> Audience:
    ids = _changed(before.requests, after.requests)
    return seats(p for rid in ids for r in (before.requests.get(rid), after.requests.get(rid)) if r is not None
                 for p in (r.from_id, r.to_id))


def _prompts(before: GameState, after: GameState) -> Audience:
    ids = _changed(before.prompts, after.prompts)
    return seats(p.player_id for pid in ids for p in (before.prompts.get(pid), after.prompts.get(pid))
                 if p is not None)


def _own(name: str) -> Callable[[GameState, GameState], Audience]:
    """A map keyed by player whose entries only their player sees (what he knows, whom he met)."""
    return lambda before, after: seats(_changed(getattr(before, name), getattr(after, name)))


def _feeds(before: GameState, after: GameState) -> Audience:
    # The big screen's banner is the newest happening every player's feed shares.
    return seats(_changed(before.feeds, after.feeds)) | SCREEN


def _elections(before: GameState, after: GameState) -> Audience:
    """A ballot is its voter's (and the game master's); anything else in an election is everyone's."""
    if before.elections.keys() != after.elections.keys():
        return EVERYONE
    voters: set[str] = set()
    for room in _changed(before.elections, after.elections):
        old, new = before.elections[room], after.elections[room]
        if (old.open, old.candidates, old.deadline_ms) != (new.open, new.candidates, new.deadline_ms):
            return EVERYONE
        voters.update(_changed(old.ballots, new.ballots))
    return seats(voters)


# A card's parts that only its holder's page shows (his card's status, his powers' uses), the dashboard
# aside: the Espion's partners and points, the Troubadour's principals, the Pèlerin's visits, uses of a
# power (every offer reads its holder's own), and whether he is the Roi de France's subject (his status,
# his alert; the Pape's and the Chancelier's offers read it when a complète triggers them, as rules, not
# as pages). Any other part (blessed, treaty, armed...) may bar or open someone else's reveals: a change
# there concerns everyone.
_HOLDER_ONLY = frozenset({"banked", "partners", "met_principals", "visits_normandie", "visits_angleterre",
                          "used_game", "used_round", "subject"})
_CARD_PARTS = tuple(f.name for f in fields(CardState))
_UNTOUCHED = CardState()


def _card_states(before: GameState, after: GameState) -> Audience:
    """The holders of the cards whose changes are theirs alone; everyone when anything else moved."""
    cards = set(_changed(before.card_states, after.card_states))
    for card in cards:
        old, new = before.card_states.get(card, _UNTOUCHED), after.card_states.get(card, _UNTOUCHED)
        if any(getattr(old, part) != getattr(new, part) for part in _CARD_PARTS if part not in _HOLDER_ONLY):
            return EVERYONE
    # The card's holder before and after (a swap moves the card, and `cards` names the room).
    return seats(pid for state in (before, after) for pid, card in state.cards.items() if card in cards)


def _cards(before: GameState, after: GameState) -> Audience:
    """A swap within a room: that room's phones and the big screen. Whose card is where shows on the pages of
    the holders' room-mates only (a reveal's guards, an immunity, a power's targets are all asked of one's
    own room); the other room's pages read it from what was shown, which a swap never rewrites (knowledge.py).
    The deal, and a swap across the rooms (the Tempête), concern everyone."""
    if before.cards.keys() != after.cards.keys():
        return EVERYONE
    moved = [pid for pid, card in after.cards.items() if before.cards[pid] != card]
    rooms = {state.rooms.get(pid) for state in (before, after) for pid in moved}
    if None in rooms or len(rooms) > 1:
        return EVERYONE
    return seats(pid for state in (before, after) for pid, room in state.rooms.items() if room in rooms) | SCREEN


_PER_PLAYER: dict[str, Callable[[GameState, GameState], Audience]] = {
    "cards": _cards,
    "requests": _requests,
    "prompts": _prompts,
    "knowledge": _own("knowledge"),
    "complete_partners": _own("complete_partners"),
    "feeds": _feeds,
    "elections": _elections,
    "card_states": _card_states,
}
_FIELDS = tuple(f.name for f in fields(GameState) if f.compare)


def _watchers(before: GameState, after: GameState) -> Audience:
    """Holders of a power whose offer reads the room's latest exchanges and the newest event's clock
    (ruleset.ActivePower.watches: the Interprète's sessions), when what it reads moved for them. A card
    that changed hands concerns its holders before and after (`_cards`): the holders after are enough."""
    return seats(pid for power in after.rules.active.values() if power.watches is not None
                 for pid in holders(after, power.key) if power.watches(before, pid) != power.watches(after, pid))


def audience(before: GameState, events: Sequence[Any], after: GameState) -> Audience:
    if not events:
        return Audience()
    if next_deadline(before) != next_deadline(after):
        # Every page's clock shows the next deadline, and a timer may read a per-player part: a rally's
        # opt-ins expire together (their prompts), and the phase's own deadline shows again after them.
        return EVERYONE
    concerned = MODERATOR | _watchers(before, after)
    for name in _FIELDS:
        old, new = getattr(before, name), getattr(after, name)
        if old is new or name in _MODERATOR_ONLY:
            continue
        part = _PER_PLAYER.get(name)
        if part is None:
            if old != new:
                return EVERYONE
            continue
        concerned = concerned | part(before, after)
        if concerned.everyone:
            return concerned
    return concerned
