"""Elections (rulings D3-D7, §4.2): a secret phone ballot per room, plurality, a run-off, a draw.

No self-vote; abstention allowed; only players standing in the room vote and can
be chosen, and never one the rules bar from the office (bars.office: the same bar
for every way of becoming général, S21). A tie starts a run-off among the tied; a tie after it goes to the
incumbent if he is among them, else to a seeded draw; nobody votes -> a draw.
A corrupted voter's ballot is the Trésorier's (C74).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from app.games.deuxrois import bars, designation, memo
from app.games.deuxrois.deal import Room
from app.games.deuxrois.knowledge import add_feed
from app.games.deuxrois.model.commands import Vote
from app.games.deuxrois.model.events import BallotCast, GeneralChosen, RunoffStarted, VoteBound
from app.games.deuxrois.ruleset import GameRules, Tx
from app.games.deuxrois.state import GameState, RoomElection
from app.kernel.actor import Actor, me
from app.kernel.rules import refuse


def may_vote(state: GameState, pid: str) -> bool:
    """Unless a seam bars him now (Mode Historique: event 4's outside, event 25's Citadelle)."""
    return all(ok(state, pid) for ok in state.rules.voter_filters)


def open_room_of(state: GameState, pid: str) -> Room | None:
    room = state.rooms.get(pid)
    el = state.elections.get(room) if room else None
    return room if el is not None and el.open else None


def eligible_candidates(state: GameState, room: Room) -> list[str]:
    """Who the room may elect: present, not barred from the office (bars.office), among a run-off's tied."""
    return list(_eligible(state, room))  # every voter's phone asks: once per state, a list of his own


@memo.per_state
def _eligible(state: GameState, room: Room) -> list[str]:
    el = state.elections.get(room)
    present = [p for p in state.present(room) if bars.office(state, p) is None]
    if el is not None and el.candidates is not None:
        return [p for p in el.candidates if p in present]
    return present


def effective_ballots(state: GameState, room: Room) -> dict[str, str | None]:
    """Ballots that count: voters still in the room; corrupted voters follow their Trésorier."""
    el = state.elections[room]
    present = set(state.present(room))
    out: dict[str, str | None] = {}
    for voter in (p for p in state.present(room) if may_vote(state, p)):
        briber = state.bindings.get(voter)
        if briber is not None and briber in present and briber in el.ballots:
            choice = el.ballots[briber]
            out[voter] = None if choice == voter else choice  # the copy never becomes a self-vote
        elif voter in el.ballots:
            out[voter] = el.ballots[voter]
    allowed = set(eligible_candidates(state, room))
    return {v: (c if c in allowed else None) for v, c in out.items()}


def _vote(tx: Tx, cmd: Vote, actor: Actor) -> None:
    voter = me(actor)
    room = open_room_of(tx.state, voter)
    if room is None:
        raise refuse("no_election", "Aucun vote n'est ouvert dans votre salle.", "No vote is open in your room.")
    if not may_vote(tx.state, voter):
        raise refuse("no_vote", "Vous ne pouvez pas voter ce tour.", "You cannot vote this round.")
    if cmd.candidate is not None:
        if cmd.candidate == voter:
            raise refuse("self_vote", "On ne vote pas pour soi-même.", "You cannot vote for yourself.")
        barred = bars.office(tx.state, cmd.candidate) if cmd.candidate in tx.state.rooms else None
        if barred is not None:  # the same refusal as a usurpation or a moderator's appointment (S21)
            raise barred
        if cmd.candidate not in eligible_candidates(tx.state, room):
            raise refuse("bad_candidate", "Ce joueur ne peut pas être élu ici.", "This player cannot be elected here.")
    tx.emit(BallotCast(room=room, voter=voter, candidate=cmd.candidate))
    el = tx.state.elections[room]
    waiting = [p for p in tx.state.present(room) if p not in el.ballots and p not in tx.state.bindings
               and may_vote(tx.state, p)]
    if not waiting:  # everyone has voted: no need to wait for the timer
        close_room(tx, room, allow_runoff=True)


def close_room(tx: Tx, room: Room, allow_runoff: bool) -> None:
    """Counts the room's ballots and names the général (or opens a run-off among the tied)."""
    state = tx.state
    el = state.elections[room]
    ballots = effective_ballots(state, room)
    tally = Counter(c for c in ballots.values() if c is not None)
    pool = eligible_candidates(state, room)
    runoff = el.candidates is not None
    if not tally:  # nobody voted: a seeded draw among those who could be chosen
        winner = tx.rng(f"draw:{room}").choice(pool) if pool else None
        _choose(tx, GeneralChosen(room=room, general=winner, how="draw", tally={}))
        return
    top = max(tally.values())
    tied = [p for p in pool if tally.get(p) == top]
    if len(tied) == 1:
        _choose(tx, GeneralChosen(room=room, general=tied[0], how="runoff" if runoff else "plurality",
                              tally=dict(tally)))
        return
    if allow_runoff and not runoff:
        tx.emit(RunoffStarted(room=room, candidates=tied, deadline_ms=tx.now + state.config.runoff_s * 1000))
        return
    incumbent = state.generals.get(room)
    if incumbent in tied:
        _choose(tx, GeneralChosen(room=room, general=incumbent, how="incumbent", tally=dict(tally)))
    else:
        winner = tx.rng(f"tie:{room}").choice(tied)
        _choose(tx, GeneralChosen(room=room, general=winner, how="draw", tally=dict(tally)))


def _choose(tx: Tx, event: GeneralChosen) -> None:
    tx.emit(event)
    designation.withdraw_general(tx, event.room)


def start_revote(tx: Tx, room: Room) -> None:
    """Ruling D7: the général left the room during E/D; the room re-votes at once (all present)."""
    tx.emit(RunoffStarted(room=room, candidates=tx.state.present(room),
                          deadline_ms=tx.now + tx.state.config.runoff_s * 1000, revote=True))


# ------------------------------------------------------------------ appliers
def _ballot(state: GameState, ev: BallotCast) -> GameState:
    el = state.elections[ev.room]
    el = replace(el, ballots={**el.ballots, ev.voter: ev.candidate})
    return replace(state, elections={**state.elections, ev.room: el})


def _runoff(state: GameState, ev: RunoffStarted) -> GameState:
    el = RoomElection(ballots={}, candidates=tuple(ev.candidates), open=True, deadline_ms=ev.deadline_ms)
    state = replace(state, elections={**state.elections, ev.room: el})
    return add_feed(state, state.present(ev.room), "revote" if ev.revote else "runoff", {"players": ev.candidates})


def _chosen(state: GameState, ev: GeneralChosen) -> GameState:
    elections = state.elections
    if ev.room in elections and ev.how != "vacated":
        elections = {**elections, ev.room: replace(elections[ev.room], open=False)}
    protected = dict(state.protected_general)
    if ev.how == "usurped" and ev.general is not None:
        protected[ev.room] = ev.general  # cannot be displaced for the rest of the round (C75)
    elif ev.how in ("vacated", "moderator"):
        protected.pop(ev.room, None)
    state = replace(state, generals={**state.generals, ev.room: ev.general}, elections=elections,
                    protected_general=protected)
    # The result is public in the room; the tally is not (the server shows only the result, §4.2).
    return add_feed(state, state.present(ev.room), "general", {"general": ev.general, "how": ev.how})


def _bound(state: GameState, ev: VoteBound) -> GameState:
    return replace(state, bindings={**state.bindings, ev.voter: ev.tresorier})


def install(rules: GameRules) -> None:
    rules.handles(Vote, actors=("player",), phases=("E", "D"))(_vote)
    rules.applies(BallotCast)(_ballot)
    rules.applies(RunoffStarted)(_runoff)
    rules.applies(GeneralChosen)(_chosen)
    rules.applies(VoteBound)(_bound)
