"""Builders for Régents tests: seated tables, crafted positions, acting, a bot, and the leak check."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from app.games.regents import GAME
from app.games.regents.board import DOMAINS, Domain, Space
from app.games.regents.clans import CARD_OF_CLAN, CARDS, CLANS, Card, Clan, Colour
from app.games.regents.events import EVENTS
from app.games.regents.model import NEUTRAL, Neutral, Player, State, Turn, with_player
from app.games.regents.views import view_for
from app.kernel.actor import Actor
from app.kernel.testing.playout import Move, Stored
from app.kernel.text import EngineError
from app.kernel.viewer import Viewer

NAMES = ("Rouge", "Jaune", "Bleu", "Vert", "Violet")
MOD = Actor.moderator()
SYSTEM = Actor.system()
P = Actor.player


def created(seed: int = 1, **config: Any) -> list[Stored]:
    cfg = GAME.config_model(**config)
    return [Stored(p, 0) for p in GAME.new_game(cfg, seed, 0)]


def act(state: State, actor: Actor, raw: dict[str, Any], at: int = 1000) -> State:
    decision = GAME.decide(state, GAME.parse_command(raw), actor, at)
    return decision.state


def events_of(state: State, actor: Actor, raw: dict[str, Any], at: int = 1000) -> list[Any]:
    return GAME.decide(state, GAME.parse_command(raw), actor, at).events


def refused(state: State, actor: Actor, raw: dict[str, Any], at: int = 1000) -> str:
    try:
        GAME.decide(state, GAME.parse_command(raw), actor, at)
    except EngineError as exc:
        assert exc.message.fr and exc.message.en
        return exc.code
    raise AssertionError(f"{raw} was accepted")


def seated(n: int, seed: int = 1, **config: Any) -> State:
    state = GAME.replay(created(seed, **config))
    for i in range(n):
        state = act(state, Actor("player"), {"type": "join", "name": NAMES[i]})
    return state


def started(n: int, seed: int = 1, **config: Any) -> State:
    return act(seated(n, seed, **config), MOD, {"type": "start"})


def place_all(state: State, where: list[Space] | None = None) -> State:
    """The set-up placements, every agent on `where` in turn (default: TRONE)."""
    i = 0
    while state.phase == "placement":
        space = (where or [Space.TRONE])[i % len(where or [Space.TRONE])]
        state = act(state, P(state.placer.pid), {"type": "place_agent", "space": str(space)})
        i += 1
    return state


# -- crafted positions ----------------------------------------------------------------


def player(pid: str, clan: Clan, domain: Domain, colour: Colour, **kw: Any) -> Player:
    hand = tuple(c for c in CARDS if c != CARD_OF_CLAN[clan])
    base = Player(pid=pid, name=NAMES[int(pid[1:]) - 1], colour=colour, clan=clan, domain=domain, hand=hand,
                  tiles=CLANS, setup_discard=CARD_OF_CLAN[clan])
    return replace(base, **kw)


def position(agents: dict[str, list[Space | None]], *, king: Space = Space.TRONE, scores: dict[str, tuple[int, ...]] | None = None,
             clans: tuple[Clan, ...] = (Clan.CAMPBELL, Clan.MAC_DUFF, Clan.MAC_LEOD, Clan.MAC_KINTOSH, Clan.STEWART),
             neutral: list[Space] | None = None, round: int = 1, active: int = 0, **config: Any) -> State:
    """A game in p1's action phase with the given agents (p1, p2, ... in turn order)."""
    base = seated(len(agents), **config)
    colours = (Colour.ROUGE, Colour.JAUNE, Colour.BLEU, Colour.VERT, Colour.VIOLET)
    players = []
    for i, (pid, where) in enumerate(agents.items()):
        padded = tuple([*where, *[None] * (4 - len(where))])
        players.append(player(pid, clans[i], DOMAINS[i], colours[i], agents=padded,
                              score=(scores or {}).get(pid, (0, 0, 0, 0, 0))))
    n = None
    if neutral is not None:
        n = Neutral(Colour.VERT, Clan.MAC_GREGOR, tuple(neutral))
    return replace(base, phase="actions", players=tuple(players), neutral=n, king=king, round=round, active=active,
                   turn=Turn(player=players[active].pid, actions_left=3))


def set_player(state: State, pid: str, **changes: Any) -> State:
    return with_player(state, pid, **changes)


def end_turn(state: State) -> State:
    """End the active player's actions (and skip the neutral): the count runs."""
    pid = state.current.pid
    state = act(state, P(pid), {"type": "end_actions"})
    if state.phase == "neutral":
        state = act(state, P(pid), {"type": "skip_neutral"})
    return state


# -- the bot --------------------------------------------------------------------------


def awaited(state: State) -> str | None:
    if state.prompt is not None:
        return state.prompt.player
    if state.phase == "placement":
        return state.placer.pid
    if state.phase in ("actions", "neutral"):
        return state.current.pid
    return None


def command_from(action: dict[str, Any], rng: random.Random, view: dict[str, Any]) -> dict[str, Any]:
    """A command built from one available legal action, the way a phone would."""
    body: dict[str, Any] = {"type": action["type"], **action["fixed"]}
    values = [o["value"] for o in action["options"]]
    if action["field"] is None:
        return body
    if action["input"] == "pick_one":
        body[action["field"]] = rng.choice(values)
    elif action["input"] == "pick_many":
        if action["type"] in ("choose_gain", "choose_loss"):
            body["domains"] = rng.choice(view["me"]["prompt"]["choices"])["value"]
        elif action["fixed"].get("card") == "TRAHISON":
            first = rng.choice(values)
            others = [v for v in values if v.partition("@")[2] != first.partition("@")[2]]
            body["agents"] = [first, rng.choice(others)] if others else [first, first]
        else:
            k = rng.randint(action["min"] or 1, action["max"] or 1)
            body[action["field"]] = rng.sample(values, k)
    elif action["type"] == "join":
        body["name"] = f"Bot{rng.randint(0, 999)}"
    return body


def bot(n: int, *, tick_rate: float = 0.1, mod_rate: float = 0.02, end_rate: float = 0.15):  # type: ignore[no-untyped-def]
    """A chooser for the playout harness: joins n players, starts, then plays random offered actions."""

    def choose(state: State, rng: random.Random) -> Move | None:
        if state.phase == "lobby":
            if len(state.seats) < n:
                return Actor("player"), {"type": "join", "name": NAMES[len(state.seats)]}
            return MOD, {"type": "start"}
        if state.paused:
            return MOD, {"type": "mod_resume"}
        if state.prompt is not None and state.prompt.deadline_ms is not None and rng.random() < tick_rate:
            return None  # let the timer run out
        if rng.random() < mod_rate:
            return MOD, {"type": rng.choice(["mod_pause", "mod_skip"])}
        pid = awaited(state)
        assert pid is not None, state.phase
        view = view_for(state, Viewer("T", "player", pid))
        offered = [a for a in view["legal_actions"] if a["available"]]
        assert offered, f"{pid} is awaited in {state.phase} but offered nothing"
        ends = [a for a in offered if a["type"] in ("end_actions", "skip_neutral")]
        rest = [a for a in offered if a["type"] not in ("end_actions", "skip_neutral")]
        pick = rng.choice(ends) if ends and (not rest or rng.random() < end_rate) else rng.choice(rest)
        return P(pid), command_from(pick, rng, view)

    return choose


def seats_of(state: State) -> list[str]:
    return [s.player_id for s in state.seats]


def stored(state_log: list[Stored]) -> list[Any]:
    return [EVENTS.parse(e.payload) for e in state_log]


__all__ = ["NEUTRAL", "Card"]


# -- the hidden-information matrix (§4) as a test: secrets changed, views unchanged ------------


def _other(values: tuple[Any, ...], x: Any, shift: int = 1) -> Any:
    return values[(values.index(x) + shift) % len(values)]


def perturb(state: State, viewer: str | None) -> State:
    """The same game with every secret `viewer` may not know changed (§4.2).

    A view that reads only what its viewer may know is identical for both.
    """
    over = state.phase == "over"
    mine = state.player(viewer) if viewer is not None and state.has(viewer) else None
    shown_to_me = {sh.player for sh in mine.shown} if mine is not None else set()
    players = []
    for q in state.players:
        if mine is not None and q.pid == mine.pid:
            players.append(q)
            continue
        changes: dict[str, Any] = {
            "hand": tuple(_other(CARDS, c) for c in q.hand),
            "tiles": tuple(_other(CLANS, c, 2) for c in q.tiles),
            "setup_discard": _other(CARDS, q.setup_discard),
            "lost_hand": tuple(_other(CARDS, c) for c in q.lost_hand),
            "spent": tuple(replace(t, clan=_other(CLANS, t.clan), fate="discarded") for t in q.spent),
            "seen": tuple(replace(x, card=_other(CARDS, x.card)) for x in q.seen),
            "shown": tuple(replace(x, clan=_other(CLANS, x.clan)) for x in q.shown),
            "accused_me": tuple(replace(x, clan=_other(CLANS, x.clan)) for x in q.accused_me),
            "spied_me": tuple(replace(x, card=_other(CARDS, x.card)) for x in q.spied_me),
        }
        if not (q.clan_public or over or q.pid in shown_to_me):
            changes["clan"] = _other(CLANS, q.clan)
        if not (q.domain_public or over):
            changes["domain"] = _other(DOMAINS, q.domain)
        players.append(replace(q, **changes))
    prompt = state.prompt
    if prompt is not None and prompt.player != viewer:
        prompt = replace(prompt, id="zz", reason="hidden", subject=prompt.player,
                         kind="tower" if prompt.kind != "tower" else "gain")
    return replace(state, players=tuple(players), seed=state.seed + 1, prompt=prompt,
                   box_clans=tuple(_other(CLANS, c) for c in state.box_clans),
                   box_domains=tuple(_other(DOMAINS, d) for d in state.box_domains))


def _diff(a: Any, b: Any, path: str = "") -> list[str]:
    if isinstance(a, dict) and isinstance(b, dict):
        out = []
        for k in sorted(set(a) | set(b)):
            out += _diff(a.get(k), b.get(k), f"{path}.{k}")
        return out
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        out = []
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            out += _diff(x, y, f"{path}[{i}]")
        return out
    return [] if a == b else [f"{path}: {a!r} != {b!r}"]


VIEW_KEYS = {"viewer", "game", "lobby", "castle", "tracks", "players", "neutral", "turn", "waiting", "last_count",
             "feed", "result", "me", "knowledge", "legal_actions", "agents_per_player", "rebinds", "door"}
ME_KEYS = {"player_id", "name", "colour", "shape", "clan", "clan_public", "domain", "domain_round", "domain_reminder",
           "hand", "played", "tiles", "spent_tiles", "counsellors", "tokens", "score", "agents", "off", "known_clans",
           "budget", "prompt", "moves", "influence_preview"}


def leaks(state: State, viewer: Viewer, view: dict[str, Any]) -> list[str]:
    """What `view` reveals that its viewer may not know: empty when the view ignores every secret.

    Also the traffic shape: every view has the same keys, every seat's `me` too.
    """
    from app.games.regents.clans import CLAN_NAMES

    pid = viewer.player_id if viewer.kind == "player" else None
    if set(view) != VIEW_KEYS or (view["me"] is not None and set(view["me"]) != ME_KEYS):
        return ["the view's shape differs"]
    other = view_for(perturb(state, pid), viewer)
    found = [] if other == view else _diff(view, other)[:5]
    if viewer.kind != "player" and (view["me"] is not None or view["knowledge"]):
        found.append("a non-seat view carries a seat's private blocks")
    if state.phase != "over":  # the public feed never names a clan still secret
        for q in state.players:
            if not q.clan_public and any(CLAN_NAMES[q.clan] in n["text"]["fr"] for n in view["feed"]):
                found.append(f"the feed names {q.pid}'s secret clan")
    return found


def check_invariants(state: State) -> None:
    """§5 test 32, after every event."""
    from app.games.regents.board import ROOMS
    from app.games.regents.config import COUNSELLORS

    if not state.players:
        return
    on_board = len(state.turn.counsellors)
    assert state.reserve + sum(p.counsellors for p in state.players) + on_board == COUNSELLORS
    assert state.reserve >= 0
    assert len(state.board_tokens) + sum(p.tokens + p.tokens_played for p in state.players) == 15
    for p in state.players:
        assert len(p.agents) == 4
        assert len(p.hand) + len(p.played) + len(p.lost_hand) == 5
        assert p.setup_discard not in p.hand and p.setup_discard not in p.played
        assert len(p.tiles) + len(p.spent) == 6
        assert all(c >= 0 for c in p.score)
    assert state.king in ROOMS
    if state.phase in ("placement", "between", "over"):
        assert on_board == 0
    if state.neutral is not None:
        assert len(state.neutral.agents) == 4
