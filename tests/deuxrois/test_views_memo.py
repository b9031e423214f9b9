"""The cheap views are the straightforward views: over random whole games, every viewer's view is the same,
and every socket gets the same HTML.

The views keep what many viewers ask of one state (`memo.per_state`) and what stays the same from one
state to the next (`memo.Keep`: feed items in words, journal lines, rosters), and some parts are read
in one pass for every phone (alerts, moments, reveal guards). `memo.straight()` turns all of that
off. Here the kernel's playout harness plays random games through the GameDefinition, as the server
hosts them, and after every command each viewer's view (every phone, the dashboard, the big screen),
built the cheap way in a shuffled order, must serialise to exactly the bytes the straightforward
computation gives: same keys, same order, same values. The caches live across the whole game, as
in the server, so a stale entry or a shared part changed by a later view would show. Then each
viewer's socket is fed both ways through the presenter (the game's own regions, diffed against what
that socket got last): the pushes must be the same HTML, region for region.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import orjson
import pytest
from play_helpers import _WEIGHTS, command_for
from web_helpers import FeedShown

from app.games.deuxrois import memo
from app.games.deuxrois.config import GameConfig
from app.games.deuxrois.definition import GAME, PAGES
from app.games.deuxrois.model.events import CardsExchanged, PhaseStarted
from app.games.deuxrois.powers.diplomacy import TRANSLATION_WINDOW_MS, sessions
from app.games.deuxrois.powers.registry import forceable
from app.games.deuxrois.powers.timeline import last_time, live_events, together
from app.games.deuxrois.state import GameState
from app.games.deuxrois.views import player_view
from app.kernel.actor import Actor
from app.kernel.testing.playout import Move, Stored, play, viewers_of
from app.kernel.viewer import Viewer
from app.web.presenter import HtmlPresenter

T0 = 1_800_000_000_000


def _plain(value: Any) -> Any:
    if hasattr(value, "model_dump"):
        return value.model_dump(mode="json")
    if isinstance(value, frozenset | set):
        return sorted(value, key=repr)
    if isinstance(value, tuple):
        return list(value)
    raise TypeError(f"not JSON-able: {type(value).__name__}")


def _bytes(view: dict[str, Any]) -> bytes:
    return orjson.dumps(view, default=_plain)


CLOCK = re.compile(r'<span id="srv-clock"[^>]*></span>')


@dataclass
class Sockets:
    """What each viewer's socket got last (the presenter's digests of each region), as the hub keeps it."""

    presenter: HtmlPresenter = field(default_factory=lambda: HtmlPresenter(PAGES))
    sent: dict[Viewer, dict[str, Any]] = field(default_factory=dict)
    # The dashboard's journal as each page shows it: a feed whose lines, memoised, come one at a time, where
    # straight views (new objects each time) send it whole. The pages must agree, not the messages.
    journals: dict[Viewer, FeedShown] = field(default_factory=dict)

    def push(self, built: dict[Viewer, dict[str, Any]]) -> dict[Viewer, str]:
        cache: dict[Any, str] = {}  # one fan-out's shared renders
        out = {}
        for viewer, view in built.items():
            message = self.presenter.push(viewer, view, self.sent.setdefault(viewer, {}), cache)
            journal = self.journals.setdefault(viewer, FeedShown("m-log", "log-lines"))
            # The server's clock rides along: not the view's
            out[viewer] = CLOCK.sub("", journal.take(message or ""))
        return out


def views(state: GameState, viewers: list[Viewer]) -> dict[Viewer, dict[str, Any]]:
    rebinds = [p.id for p in state.players[:1]]  # the dashboard's list of phones waiting for a new seat
    return {v: GAME.view_for(state, v, rebinds) for v in viewers}


def assert_same_views(state: GameState, rng: random.Random, sockets: tuple[Sockets, Sockets] | None = None) -> int:
    viewers = viewers_of("TEST", [p.id for p in state.players])
    rng.shuffle(viewers)
    built = views(state, viewers)
    # Serialised after all are built: a later view that changed a shared part of an earlier one shows here.
    cheap = {v: _bytes(view) for v, view in built.items()}
    with memo.straight():
        built_straight = views(state, viewers)
        straight = {v: _bytes(view) for v, view in built_straight.items()}
    if sockets is not None:
        pushed = sockets[0].push(built)
        with memo.straight():
            pushed_straight = sockets[1].push(built_straight)
        for viewer in viewers:
            assert pushed[viewer] == pushed_straight[viewer], f"v{state.version} {viewer}: another push"
            shown, shown_straight = sockets[0].journals[viewer], sockets[1].journals[viewer]
            assert (shown.items, shown.spans) == (shown_straight.items, shown_straight.spans), \
                f"v{state.version} {viewer}: another journal"
            assert shown_straight.grown == 0  # made anew each time: the journal comes whole
    for viewer in viewers:
        if cheap[viewer] != straight[viewer]:
            a, b = orjson.loads(cheap[viewer]), orjson.loads(straight[viewer])
            keys = [k for k in sorted(set(a) | set(b)) if a.get(k) != b.get(k)] or ["(key order)"]
            raise AssertionError(f"v{state.version} {viewer.kind} {viewer.player_id}: {keys} differ, "
                                 f"cheap {a.get(keys[0])!r} straight {b.get(keys[0])!r}")
    return len(viewers)


def _sessions_read_from_the_log(state: GameState, pid: str, now: int, joinable: bool) -> list[tuple[str, str, int]]:
    """The Interprète's sessions as C71 reads: the log backwards from the newest event, to the first one older
    than 30 s or the negotiation's start (what `diplomacy.sessions` did before it kept complètes per node)."""
    if state.phase != "N":
        return []
    joined: set[str] = set()
    found, looked = [], set()
    for _version, ev in live_events(state):
        if isinstance(ev, PhaseStarted) or ev.at_ms < now - TRANSLATION_WINDOW_MS:
            break
        if not isinstance(ev, CardsExchanged) or ev.kind != "complete":
            continue
        if ev.source == "translation" and pid in (ev.a, ev.b):
            joined.add(ev.b if ev.a == pid else ev.a)
            continue
        pair = frozenset((ev.a, ev.b))
        if pid in pair or pair <= joined or pair in looked:
            continue
        looked.add(pair)
        if all(together(state, pid, x) and (not joinable or forceable(state, pid, x)) for x in (ev.a, ev.b)):
            found.append((ev.a, ev.b, ev.at_ms))
    return found


def assert_same_sessions(state: GameState) -> None:
    """Every player's sessions, as an Interprète would have them, from the complètes kept per history node
    (undos and taps of several events included) and from the log read again."""
    for player in state.players:
        for now, joinable in ((last_time(state), True), (last_time(state) + 12_000, False)):
            expected = _sessions_read_from_the_log(state, player.id, now, joinable)
            assert sessions(state, player.id, now, joinable) == expected, f"v{state.version} {player.id}"


def _urgent(state: GameState) -> list[str]:
    out = [r.to_id for r in state.requests.values()] + [p.player_id for p in state.prompts.values()]
    for room, el in state.elections.items():
        if el.open:
            out += [p for p in state.present(room) if p not in el.ballots]
    for room, des in state.designations.items():
        general = state.generals.get(room)
        if not des.locked and general is not None:
            out.append(general)
    return out


def _historique_move(state: GameState, pid: str, actions: list[dict[str, Any]], rng: random.Random) -> Move | None:
    for action in actions:
        if action["type"] == "historique_number" and rng.random() < 0.5:
            cmd: dict[str, Any] = {"type": "historique_number", "random": rng.random() < 0.2}
            if not cmd["random"]:
                cmd["number"] = rng.randint(action["min"], action["max"])
            return Actor.player(pid), cmd
        if action["type"] == "set_zone" and rng.random() < 0.3:
            return Actor.player(pid), {"type": "set_zone", "zone": rng.choice(action["options"])}
    return None


def chooser(n: int, checked: list[int], every: int = 1, events: list[int] | None = None,
            moderator: float = 0.03, html: bool = True) -> Callable[[GameState, random.Random], Move | None]:
    """The playout's bot (play_helpers' weights, from the actions the views offer), comparing the views first.

    Now and then the game master steps in (a note, a pause and resume, a move, an undo), so the journal,
    the pause and the undone events are compared too. `events`: Mode Historique's events to pick.
    """
    steps = {"n": 0, "phase": None, "acted": 0}
    pending = list(events or ())
    sockets = (Sockets(), Sockets()) if html else None

    def choose(state: GameState, rng: random.Random) -> Move | None:
        steps["n"] += 1
        if steps["n"] % every == 0 or state.phase in ("lobby", "over"):
            checked.append(assert_same_views(state, rng, sockets))
            assert_same_sessions(state)
        if state.phase == "lobby":
            if len(state.players) < n:
                return Actor.player(f"x{len(state.players)}"), {
                    "type": "join", "name": f"Joueur {len(state.players) + 1}",
                    **({"birth_year": rng.randint(1940, 2010)} if state.config.historique else {})}
            return Actor.moderator(), {"type": "start"}
        key = (state.round, state.phase)
        if key != steps["phase"]:
            steps["phase"], steps["acted"] = key, 0
            if state.phase == "X" and pending:
                return Actor.moderator(), {"type": "mod_historique_pick", "number": pending.pop(0)}
        if state.paused_at_ms is not None:
            return Actor.moderator(), {"type": "mod_resume"}
        if rng.random() < moderator:
            return _moderator_move(state, rng)
        if steps["acted"] >= 3 * n or rng.random() < 0.04:
            return None  # the timer plays (so a phase sees a few dozen moves)
        urgent = _urgent(state)
        players = [p.id for p in state.players]
        for _ in range(6):
            pid = rng.choice(urgent) if urgent and rng.random() < 0.7 else rng.choice(players)
            offered = [a for a in player_view(state, pid)["actions"] if a["available"]]
            if state.config.historique and rng.random() < 0.3:
                move = _historique_move(state, pid, offered, rng)
                if move is not None:
                    steps["acted"] += 1
                    return move
            if not offered:
                continue
            action = rng.choices(offered, weights=[_WEIGHTS.get(a["type"], 1) for a in offered])[0]
            cmd = command_for(action, rng)
            if cmd is not None:
                steps["acted"] += 1
                return Actor.player(pid), cmd
        return None

    return choose


def _moderator_move(state: GameState, rng: random.Random) -> Move:
    roll = rng.random()
    if roll < 0.3:
        return Actor.moderator(), {"type": "mod_note", "text": f"note {state.version}"}
    if roll < 0.5:
        return Actor.moderator(), {"type": "mod_pause"}
    if roll < 0.75 and state.rooms:
        pid = rng.choice(sorted(state.rooms))
        return Actor.moderator(), {"type": "mod_move", "player": pid, "room": state.rooms[pid].other.value}
    return Actor.moderator(), {"type": "mod_undo", "to_version": max(2, state.version - rng.randint(1, 6))}


def run(n: int, seed: int, rounds: int = 3, historique: bool = False, every: int = 1,
        events: list[int] | None = None, html: bool = True) -> int:
    config = GameConfig(rounds=rounds, historique=historique)
    log = [Stored(p, T0) for p in GAME.new_game(config, seed, T0)]
    checked: list[int] = []
    run = play(GAME, log, chooser(n, checked, every, events, html=html), seed, seats=lambda s: [p.id for p in s.players],
               max_steps=20000, start_ms=T0)
    assert GAME.over(run.state), f"the game did not end in {run.steps} steps"
    assert_same_views(run.state, random.Random(seed))
    return sum(checked)


@pytest.mark.parametrize(("n", "seed"), [(6, 1), (7, 2), (9, 3), (12, 4)])
def test_the_cheap_views_are_the_straightforward_views(n: int, seed: int) -> None:
    assert run(n, seed) > 100


@pytest.mark.parametrize(("n", "seed", "events"), [(8, 11, [4, 9, 11, 26]), (12, 12, [2, 6, 18, 25]),
                                                   (10, 13, [14, 20, 24, 7])])
def test_the_cheap_views_are_the_straightforward_views_in_mode_historique(n: int, seed: int,
                                                                          events: list[int]) -> None:
    assert run(n, seed, rounds=5, historique=True, every=3, events=events) > 100


@pytest.mark.slow
@pytest.mark.parametrize(("n", "seed", "every"), [(25, 21, 3), (50, 22, 10)])
def test_the_cheap_views_are_the_straightforward_views_at_a_big_table(n: int, seed: int, every: int) -> None:
    assert run(n, seed, rounds=3, every=every, html=n <= 25) > 100


def test_a_commands_events_go_on_top_of_the_kept_log(monkeypatch: pytest.MonkeyPatch) -> None:
    """The dashboard's log after a command is the lines of its events on top of the log kept before it, however
    many events it added: the log is not read again (it was, whenever a command added more than one)."""
    from app.games.deuxrois import views

    reads: list[int] = []
    read_all = views._log_now
    monkeypatch.setattr(views, "_log_now", lambda state: reads.append(state.version) or read_all(state))
    bot = chooser(8, [], every=10**9, html=False)
    seen: dict[str, Any] = {"before": None, "several": 0, "checked": 0}

    def under(state: GameState, node: Any) -> bool:
        head = state.history
        for _ in range(views.LOG_LINES):
            if head is None or head is node:
                break
            head = head.prev
        return head is node and node is not None

    def choose(state: GameState, rng: random.Random) -> Move | None:
        before: GameState | None = seen["before"]
        reads.clear()
        views._log(state)
        if before is not None and before.players is state.players and under(state, before.history) \
                and state.history is not before.history:
            assert not reads, f"the log was read again at version {state.version}"
            seen["checked"] += 1
            seen["several"] += state.version - before.version > 1
        seen["before"] = state
        return bot(state, rng)

    log = [Stored(p, T0) for p in GAME.new_game(GameConfig(rounds=3), 5, T0)]
    run = play(GAME, log, choose, 5, seats=lambda s: [p.id for p in s.players], max_steps=20000, start_ms=T0)
    assert GAME.over(run.state)
    assert seen["checked"] > 100 and seen["several"] > 10, seen
