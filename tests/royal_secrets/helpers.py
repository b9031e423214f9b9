"""Tables with fixed shuffles, moves with the Parole handed on automatically, and the leak scan.

Seats run Bleu (p1) → Rouge (p2) → Jaune (p3) → Vert (p4) → Violet (p5), as in
rulings §5; everyone starts with 10 fleurs de lys.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from typing import Any

import pytest

from app.games.royal_secrets import GAME
from app.games.royal_secrets.cards import AUDIENCE_CARDS, cardinal_cards, valet_cards
from app.games.royal_secrets.config import RoyalSecretsConfig
from app.games.royal_secrets.events import GameCreated, GameStarted, PlayerJoined
from app.games.royal_secrets.flow import next_event
from app.games.royal_secrets.state import Round, State
from app.kernel.actions import LegalAction
from app.kernel.actor import Actor
from app.kernel.text import EngineError
from app.kernel.viewer import Viewer

NAMES = ["Bleu", "Rouge", "Jaune", "Vert", "Violet"]
RULES = GAME.rules
MOD = Actor.moderator()


def c(pid: str, value: int, i: int = 0) -> str:
    """A Courtisan's id: c("p1", 20, 1) is Bleu's second 20."""
    return f"{pid}-{value}{'abc'[i]}"


def excuse(pid: str) -> str:
    return f"{pid}-X"


VALET_BY_VALUE = {v: [x.id for x in valet_cards() if x.value == v] for v in (-10, 0, 10, 20)}
CARDINAL_BY_VALUE = {v: [x.id for x in cardinal_cards() if x.value == v] for v in (-10, 0, 10, 20)}


def valet(value: int, i: int = 0) -> str:
    return VALET_BY_VALUE[value][i]


def cardinal(value: int, i: int = 0) -> str:
    return CARDINAL_BY_VALUE[value][i]


def settle(state: State) -> State:
    while (event := next_event(state)) is not None:
        state = RULES.evolve(state, event)
    return state


def _pile(fixed: list[str], everything: list[str]) -> list[str]:
    return fixed + [x for x in everything if x not in fixed]


def table(
    n: int = 4,
    *,
    dealt: list[int] | None = None,  # each seat's Valet value (default 0, and 10 for Violet)
    valet_pile: list[str] | None = None,  # the draw pile's top
    cardinal_pile: list[str] | None = None,
    roi: list[str] | None = None,  # the Roi pile's top, round 1 first
    reine: list[str] | None = None,
    first: str = "p1",
    config: RoyalSecretsConfig | None = None,
    seed: int = 1,
    held: dict[str, list[str]] | None = None,  # Audience cards won "before" round 1 (to test Faveurs)
) -> State:
    """A started game whose shuffles the test fixes (the GameStarted event built by hand)."""
    ring = [f"p{i + 1}" for i in range(n)]
    dealt_values = dealt or [0, 0, 0, 0, 10][:n]
    used: Counter[int] = Counter()
    valets_dealt: dict[str, str] = {}
    for pid, value in zip(ring, dealt_values, strict=True):
        valets_dealt[pid] = valet(value, used[value])
        used[value] += 1
    rest = [v.id for v in valet_cards() if v.id not in valets_dealt.values()]
    pile = _pile([v for v in (valet_pile or []) if v in rest], rest)
    cards = [k.id for k in cardinal_cards()]
    piles: dict[str, list[str]] = {}
    aside: list[str] = []
    for side, top in (("roi", roi or []), ("reine", reine or [])):
        deck = _pile(top, sorted(a for a, x in AUDIENCE_CARDS.items() if x.souverain == side))
        piles[side], aside = deck[:7], aside + deck[7:]
    events: list[Any] = [GameCreated(seed=seed, config=config or RoyalSecretsConfig())]
    events += [PlayerJoined(player_id=p, name=NAMES[i]) for i, p in enumerate(ring)]
    events.append(GameStarted(ring=ring, colours=dict(zip(ring, ["bleu", "rouge", "jaune", "vert", "violet"],
                                                          strict=False)),
                              valets_dealt=valets_dealt, valet_pile=pile,
                              cardinal_pile=_pile(cardinal_pile or [], cards), audience_piles=piles,
                              set_aside=aside, first=first))
    state = State()
    for e in events:
        state = RULES.evolve(state, e)
    for pid, cards in (held or {}).items():
        for card in cards:
            state = give_faveur(state, pid, card)
    return settle(state)


def actor(who: str | Actor) -> Actor:
    return who if isinstance(who, Actor) else Actor.player(who)


def send(state: State, who: str | Actor, raw: dict[str, Any]) -> State:
    return GAME.decide(state, GAME.parse_command(raw), actor(who), 1000).state


def refused(state: State, who: str | Actor, raw: dict[str, Any]) -> str:
    with pytest.raises(EngineError) as err:
        GAME.decide(state, GAME.parse_command(raw), actor(who), 1000)
    assert err.value.message.fr and err.value.message.en
    return err.value.code


def move(state: State, pid: str, raw: dict[str, Any]) -> State:
    """`pid` plays `raw`; if the tuile holder must first give the Parole, he gives it to `pid`."""
    if state.designating and state.tuile != pid and raw["type"] in ("choose", "bet"):
        state = send(state, str(state.tuile), {"type": "give_parole", "to": pid})
    return send(state, pid, raw)


def choose(state: State, *order: tuple[str, str]) -> State:
    for pid, side in order:
        state = move(state, pid, {"type": "choose", "side": side})
    return state


def bet(state: State, pid: str, card: str, face: str) -> State:
    return move(state, pid, {"type": "bet", "card": card, "face": face})


def bets(state: State, *plays: tuple[str, str, str]) -> State:
    for pid, card, face in plays:
        state = bet(state, pid, card, face)
    return state


def pass_w2(state: State) -> State:
    """Everyone passes in the W2 loop until it closes."""
    from app.games.royal_secrets.faveurs import w2_current
    while state.phase == "w2" and (turn := w2_current(state)) is not None:
        state = send(state, turn, {"type": "w2_pass"})
    return state


def play_round(state: State, sides: dict[str, str], first: dict[str, tuple[str, str]],
               second: dict[str, str], *, stop_at_w2: bool = False) -> State:
    """One plain round in ring order from the tuile holder: sides, 1st bets (card, face), 2nd bets;
    then everyone passes in the W2 loop, unless `stop_at_w2`."""
    order = [p for p in state.ring_from(str(state.tuile)) if p in sides]
    state = choose(state, *((p, sides[p]) for p in order))
    order = [p for p in state.ring_from(next(p for p in state.ring if p != state.tuile))]
    state = bets(state, *((p, *first[p]) for p in order))
    order = [p for p in state.ring_from(next(p for p in state.ring if p != state.tuile))]
    flip = {"up": "down", "down": "up"}
    state = bets(state, *((p, second[p], flip[first[p][1]]) for p in order))
    return state if stop_at_w2 else pass_w2(state)


def give_faveur(state: State, pid: str, audience: str, won_round: int = 0) -> State:
    """Puts a won Audience card in front of `pid` (a test shortcut for "won in an earlier round")."""
    from dataclasses import replace

    from app.games.royal_secrets.state import Held
    return replace(state, faveurs={**state.faveurs, pid: (*state.faveurs[pid], Held(audience, won_round))})


# -- the leak scan (hidden-information matrix, 4.3) --------------------------------------------------


def _round_public(state: State, rnd: Round | None) -> set[str]:
    if rnd is None:
        return set()
    ids = {b.card for b in rnd.bets if b.face == "up"}
    if rnd.revealed:
        ids |= {b.card for b in rnd.bets if b.stabbed_by is None}
    for t in rnd.ties:
        ids |= {x for x in t.picks.values() if x is not None}
    return ids


def _round_private(rnd: Round | None, pid: str) -> set[str]:
    if rnd is None:
        return set()
    seen = set(rnd.spied.get(pid, ()))
    return {b.card for b in rnd.bets if b.owner == pid or b.id in seen}


def may_see(state: State, viewer: Viewer) -> set[str]:
    """Every card id this viewer may find in its view now."""
    ids = _round_public(state, state.rnd) | _round_public(state, state.last)
    ids |= {cid for cid, shown in state.cardinal_used if shown}
    if state.over:
        ids |= {x for h in state.hands.values() for x in h}
    pid = viewer.player_id if viewer.kind == "player" else None
    if pid is not None:
        ids |= set(state.hands.get(pid, ()))
        ids |= _round_private(state.rnd, pid) | _round_private(state.last, pid)
    return ids


_ID = re.compile(r'"(p\d+-(?:-?\d+[abc]|X)|V\d\d|K\d\d|[RQ]\d)"')
_HIDDEN_VALUE = re.compile(r'"card": null, "value": -?\d')  # bet views put "value" right after "card"


def leaks(state: State, viewer: Viewer, view: dict[str, Any]) -> list[str]:
    text = json.dumps(view, ensure_ascii=False)
    shown = set(_ID.findall(text))
    found = [f"card {cid}" for cid in sorted((shown & set(state.cards)) - may_see(state, viewer))]
    unseen_audiences = {a for pile in state.audience_piles.values() for a in pile}
    if not state.over:
        unseen_audiences |= set(state.set_aside)
    found += [f"audience {a}" for a in sorted(shown & unseen_audiences)]
    if not (state.config.public_scores or state.over):
        found += [f"fleurs of {p['player_id']}" for p in view["players"] if p.get("fleurs") is not None]
    me = view["me"]
    if viewer.kind != "player":
        if me is not None:
            found.append("a 'me' part")
    elif me is not None and me["player_id"] != viewer.player_id:
        found.append("another player's 'me'")
    if _HIDDEN_VALUE.search(text):
        found.append("the value of a hidden bet")
    for name, prompt in (view["prompts"] or {}).items():  # who answered is public, never what (4.3)
        if prompt is not None and not set(prompt) <= PROMPT_KEYS[name]:
            found.append(f"the {name} prompt carries {sorted(set(prompt) - PROMPT_KEYS[name])}")
    return found


PROMPT_KEYS = {
    "etiquette": {"asked", "answered", "chief"}, "diner": {"asked", "answered"},
    "w2": {"turn", "passed", "with_faveurs"}, "tiebreak": {"side", "players", "picked"}, "w3": {"asked", "answered"},
}


# -- a bot that plays only what the views offer -----------------------------------------------------


def offered(state: State, viewer: Viewer) -> list[LegalAction]:
    view = GAME.view_for(state, viewer, ())
    return [LegalAction.model_validate(a) for a in view["legal_actions"] if a["available"]]


def pick(action: LegalAction, rng: random.Random) -> dict[str, Any]:
    if action.input == "pick_one":
        return action.command(rng.choice(action.options).value)
    if action.input == "pick_many":
        lo, hi = action.min or 0, action.max or len(action.options)
        k = rng.randint(lo, hi)
        return action.command([o.value for o in rng.sample(list(action.options), k)])
    return action.command()
