"""One action in a 50-player game: the CPU the hub spends per tap, engine and HTML.

Per operation, exactly what `Hub.dispatch` + `fan_out` do, minus the database
and the sockets: decide, evolve, build every viewer's view (50 phones, the
dashboard, the big screen) and render the regions that changed for each (the
presenter's diff and shared-fragment cache). The action alternates a complète
request and its acceptance between two players of one room.
"""

from __future__ import annotations

from typing import Any

from app.games.deuxrois.game import Actor, decide, evolve, new_game
from app.games.deuxrois.state import GameState
from app.kernel.viewer import Viewer
from app.web.presenter import HtmlPresenter
from bench.harness import Options, Result, Timer, benchmark

PLAYERS = 50
T0 = 1_764_470_000_000


def _started_game() -> GameState:
    state = _fold(new_game(_config(), seed=7, now_ms=T0))
    for i in range(PLAYERS):
        state = _do(state, Actor.player(f"x{i}"), {"type": "join", "name": f"Joueur {i + 1}"})
    state = _do(state, Actor.moderator(), {"type": "start"})
    for prompt in list(state.prompts.values()):  # the Infidèle's colour, if dealt
        state = _do(state, Actor.player(prompt.player_id), {"type": "answer_prompt", "prompt_id": prompt.id,
                                                            "choice": prompt.options[0]})
    assert state.phase == "N", state.phase
    return state


def _config() -> Any:
    from app.games.deuxrois.config import GameConfig

    return GameConfig()


def _fold(events: list[Any], state: GameState | None = None) -> GameState:
    from app.games.deuxrois.game import replay

    if state is None:
        return replay(events)
    for ev in events:
        state = evolve(state, ev)
    return state


def _do(state: GameState, actor: Actor, command: dict[str, Any], at: int = T0) -> GameState:
    from app.games.deuxrois.commands import parse_command

    return _fold(decide(state, parse_command(command), actor, at), state)


@benchmark("fanout-50", "one tap in a 50-player game: engine, 52 views and their HTML pushes")
def fanout_50(options: Options) -> list[Result]:
    state = _started_game()
    presenter = HtmlPresenter()
    viewers = [Viewer("BNCH", "player", p.id) for p in state.players]
    viewers += [Viewer("BNCH", "moderator"), Viewer("BNCH", "screen")]
    last: dict[Viewer, dict[str, Any] | None] = {v: None for v in viewers}
    sent: dict[Viewer, dict[str, str]] = {v: {} for v in viewers}

    def fan_out(current: GameState) -> int:
        from app.games.deuxrois.views import moderator_view, player_view, screen_view

        cache: dict[Any, str] = {}
        pushed = 0
        for v in viewers:
            view = (player_view(current, v.player_id) if v.kind == "player" and v.player_id
                    else moderator_view(current) if v.kind == "moderator" else screen_view(current))
            message = presenter.push(v, view, last[v], sent[v], cache)
            last[v] = view
            pushed += len(message or "")
        return pushed

    fan_out(state)  # the first, whole-page render: not what a tap costs
    room = state.rooms[state.players[0].id]
    pairs = [p.id for p in state.players if state.rooms[p.id] is room]
    engine_timer, total_timer = Timer(), Timer()
    bytes_pushed: list[int] = []
    at = T0 + 1000
    for i in range(options.scale(60)):
        a, b = pairs[(2 * i) % len(pairs)], pairs[(2 * i + 1) % len(pairs)]
        with total_timer:
            with engine_timer:
                state = _do(state, Actor.player(a), {"type": "request_reveal", "target": b, "kind": "complete"}, at)
            bytes_pushed.append(fan_out(state))
        rid = next(r.id for r in state.requests.values() if r.from_id == a and r.to_id == b)
        state = _do(state, Actor.player(b), {"type": "answer_reveal", "request_id": rid, "accept": True}, at)
        fan_out(state)
        at += 1000
    assert any(bytes_pushed), "no push was rendered"
    return [Result("decide+evolve (request)", engine_timer.samples_ns),
            Result("tap -> 52 views + HTML", total_timer.samples_ns)]
