"""What one viewer may know now (rulings 4.3, 4.4): plain JSON-able dicts, the only door for secrets.

Public (every phone, the big screen, the dashboard): the ring, colours, the
tuile and who still has to act, pawns, both Audience cards and how many are
left per pile, every Faveur card won (used or not), face-up bets, the backs of
face-down bets, the Cardinal's face-up card and the used Cardinal cards, each
W2 use (who, which Faveur, which card), the reveal, the count, the tie-break
once shown, each round's fleur-de-lys changes, hand sizes, and the feed.

Private to one phone: its hand, its fleurs total (the écritoire, RS-8), its own
face-down bets (also once stabbed), what its Espionnage showed, its secret
answers (W0, Dîner Royal, tie-break card, W3) before they take effect.

Never shown before its time: another player's hand or total, a face-down card
before the reveal, the Cardinal's face-down card, a stabbed card (ever), the
Audience piles' order and the cards set aside (shown at the end).

The moderator sees the public view plus his own actions: no secret (he needs
none: playing for an absent player picks the move on the server). Every seat's
view has the same keys, whatever its role.
"""

from __future__ import annotations

from typing import Any

from app.games.royal_secrets.cards import (
    AUDIENCE_CARDS,
    SIDES,
    faveur_effect,
    faveur_name,
    side_name,
    side_of,
    side_with,
)
from app.games.royal_secrets.counting import OUTCOME_NAMES, w3_offer
from app.games.royal_secrets.data import COLOURS, MAX_PLAYERS, MIN_PLAYERS, ROUNDS
from app.games.royal_secrets.faveurs import faveur_of, usable_copy, w2_current, w2_moves
from app.games.royal_secrets.legal import moderator_actions, player_actions
from app.games.royal_secrets.moderator import default_command
from app.games.royal_secrets.parole import designees
from app.games.royal_secrets.phases import phase_name
from app.games.royal_secrets.state import Bet, Delta, Round, State
from app.kernel.text import Text
from app.kernel.viewer import Viewer

View = dict[str, Any]


# -- pieces ----------------------------------------------------------------------------------------


def card_view(state: State, cid: str) -> View:
    c = state.card(cid)
    return {"id": c.id, "kind": c.kind, "value": c.value, "penalty": c.penalty if c.kind == "valet" else None,
            "owner": c.owner, "label": c.label().as_dict()}


def audience_view(aid: str) -> View:
    a = AUDIENCE_CARDS[aid]
    return {"id": a.id, "souverain": a.souverain, "influence": a.influence, "gain": a.gain, "loss": a.loss,
            "faveur": a.faveur, "faveur_name": faveur_name(a.faveur).as_dict(),
            "effect": faveur_effect(a.faveur).as_dict()}


def colour_view(key: str | None) -> View | None:
    if key is None:
        return None
    fr, en, symbol = COLOURS[key]
    return {"key": key, "name": {"fr": fr, "en": en}, "symbol": symbol}


def knows_bet(rnd: Round, bet: Bet, me: str | None) -> bool:
    """4.3: face up, or revealed (never a stabbed card), or one's own, or seen by one's Espionnage."""
    if bet.face == "up":
        return True
    if rnd.revealed and bet.stabbed_by is None:
        return True
    if me is None:
        return False
    return bet.owner == me or bet.id in rnd.spied.get(me, ())


def bet_view(state: State, rnd: Round, bet: Bet, me: str | None) -> View:
    known = knows_bet(rnd, bet, me)
    value = None
    if known:
        c = state.card(bet.card)
        value = (0 if c.kind == "excuse" else c.value) * (2 if bet.medal_by is not None else 1)
    return {
        "bet": bet.id, "owner": bet.owner, "owner_name": "Cardinal" if bet.owner is None else state.name(bet.owner),
        "side": bet.side, "face": bet.face, "k": bet.k,
        "card": card_view(state, bet.card) if known else None,
        "value": value,  # with its Médaille
        "stabbed": bet.stabbed_by is not None, "stabbed_by": bet.stabbed_by,
        "excused": bet.excused, "medal_by": bet.medal_by, "recruited_by": bet.recruited_by,
        "counted": bet.counted,
    }


def held_view(state: State, pid: str, h: Any) -> View:
    key = faveur_of(h.audience)
    return {**audience_view(h.audience), "won_round": h.won_round, "used": h.used,
            "dead": not h.used and h.won_round >= ROUNDS,  # won in round 7: never usable (L113)
            "usable_now": state.started and not state.over and usable_copy(state, pid, key) == h.audience}


CHANGED_BY = {"coup_de_maitre": Text("changé en gain par Coup de maître", "turned into a gain by Coup de maître"),
              "grace_royale": Text("annulé par Grâce royale", "cancelled by Grâce royale")}


def delta_why(state: State, rnd: Round, d: Delta) -> Text:
    """Why a player's fleurs move, in words: the Audience, or whose Valet and where."""
    if d.source == "valet":
        bet = rnd.bet(d.note)
        owner = state.name(bet.owner) if bet is not None and bet.owner is not None else "?"
        where = side_with(bet.side if bet is not None else d.side)
        why = Text(f"Valet de {owner} {where.fr}", f"{owner}'s Valet {where.en}")
    else:
        why = Text(f"Audience {side_of(d.side).fr}", f"Audience {side_of(d.side).en}")
    change = CHANGED_BY.get(d.changed_by)
    return why if change is None else Text(f"{why.fr}, {change.fr}", f"{why.en}, {change.en}")


def delta_view(state: State, rnd: Round, d: Delta) -> View:
    return {"player_id": d.player_id, "name": state.name(d.player_id), "amount": d.amount, "source": d.source,
            "side": d.side, "valet_bet": d.note or None, "changed_by": d.changed_by or None,
            "why": delta_why(state, rnd, d).as_dict()}


def round_view(state: State, rnd: Round | None, me: str | None) -> View | None:
    """One round as the table saw it: Audiences, pawns, bets, uses, the count and the fleurs moved."""
    if rnd is None or rnd.number == 0:
        return None
    sides: dict[str, View] = {}
    for side in SIDES:
        aid = rnd.audience[side]
        outcome = rnd.outcomes.get(side)
        sides[side] = {
            "side": side, "name": side_name(side).as_dict(), "card": audience_view(aid),
            "participants": list(rnd.participants(side)), "solo": rnd.solo.get(side),
            "bets": [bet_view(state, rnd, b, me) for b in rnd.bets if b.side == side],
            "total": rnd.totals.get(side), "outcome": outcome,
            "outcome_name": OUTCOME_NAMES[outcome].as_dict() if outcome else None,
            "winner": rnd.winners.get(side) if rnd.decided else None,
            "winner_name": state.name(rnd.winners.get(side)) if rnd.decided and rnd.winners.get(side) else None,
        }
    ties = [{"side": t.side, "winner": t.winner,
             "picks": [{"player_id": p, "name": state.name(p), "card": card_view(state, c) if c is not None else None}
                       for p, c in t.picks.items()],
             "passes": [{"from": a, "from_name": state.name(a), "to": b, "to_name": state.name(b),
                         "card": card_view(state, c)} for a, b, c in t.passes]}
            for t in rnd.ties]
    deltas = rnd.final_deltas if rnd.scored else rnd.deltas
    return {
        "number": rnd.number,
        "audiences": sides,
        "middle_bets": [bet_view(state, rnd, b, me) for b in rnd.bets if b.side == "middle"],
        "positions": dict(rnd.positions),
        "uses": [{"player_id": p, "faveur": k, "name": faveur_name(k).as_dict()} for p, k in rnd.uses],
        "revealed": rnd.revealed,
        "withdrawn": [p for p in state.ring if p in rnd.withdrawn],
        "ties": ties,
        "deltas": [delta_view(state, rnd, d) for d in deltas],
        "deltas_final": rnd.scored,
        "net": {p: sum(d.amount for d in deltas if d.player_id == p) for p in state.ring} if rnd.decided else None,
        "w3_uses": {p: list(k) for p, k in rnd.w3_uses.items()},
    }


def _awaited(state: State) -> list[str]:
    return [p for p in state.ring if default_command(state, p) is not None]


PENDING: dict[str, Text] = {
    "etiquette_answer": Text("répond en secret pour son Étiquette", "answers secretly about the Étiquette"),
    "etiquette_assign": Text("place chaque joueur (Étiquette)", "places every player (Étiquette)"),
    "diner_answer": Text("répond en secret pour son Dîner Royal", "answers secretly about the Dîner Royal"),
    "give_parole": Text("donne la parole", "gives the Parole"),
    "choose": Text("choisit une Audience", "chooses an Audience"),
    "bet1": Text("mise sa 1re carte", "bets the 1st card"),
    "bet2": Text("mise sa 2e carte", "bets the 2nd card"),
    "w2_pass": Text("joue une Faveur ou passe", "plays a Faveur or passes"),
    "tiebreak_pick": Text("choisit en secret une 3e carte (égalité)", "picks a 3rd card secretly (tie)"),
    "w3_answer": Text("répond en secret pour ses Faveurs du décompte", "answers secretly about the count Faveurs"),
}


def pending(state: State, pid: str) -> Text | None:
    """What the game waits for from `pid`, in words (public: who must act is, never what he will do)."""
    move = default_command(state, pid)
    if move is None:
        return None
    key = move.type if move.type != "bet" else state.phase
    return PENDING[key]


def waiting_view(state: State) -> View | None:
    """Who the table waits for now and what for: every page's calm line."""
    if not state.started or state.over:
        return None
    who = [{"player_id": p, "name": state.name(p), "what": t.as_dict()}
           for p in state.ring if (t := pending(state, p)) is not None]
    return {"players": who, "paused": state.paused}


def players_view(state: State) -> list[View]:
    rnd = state.rnd
    waiting = set(_awaited(state))
    show = state.config.public_scores or state.over
    if not state.started:
        return [{"player_id": s.player_id, "name": s.name, "colour": None, "hand_count": None, "position": None,
                 "tuile": False, "done": False, "awaited": False, "withdrawn": False, "pending": None, "faveurs": [],
                 "fleurs": None}
                for s in state.seats]
    return [{
        "player_id": p, "name": state.name(p), "colour": colour_view(state.colours.get(p)),
        "hand_count": len(state.hands[p]), "position": rnd.positions.get(p),
        "tuile": state.tuile == p, "done": p in state.done, "awaited": p in waiting,
        "withdrawn": p in rnd.withdrawn,
        "pending": pt.as_dict() if (pt := pending(state, p)) is not None else None,
        "faveurs": [held_view(state, p, h) for h in state.faveurs[p]],
        "fleurs": state.fleurs[p] if show else None,  # the écritoire (RS-8)
    } for p in state.ring]


def tuile_view(state: State) -> View:
    action = state.phase if state.phase in ("choose", "bet1", "bet2") else None
    return {
        "holder": state.tuile, "holder_name": state.name(state.tuile) if state.tuile else None,
        "action": action, "designating": state.designating,
        "designees": list(designees(state)),
        "still_to_act": [p for p in state.ring if p not in state.done] if action else [],
    }


def prompts_view(state: State) -> View:
    """Who each secret prompt waits for (that they answered is public, never what)."""
    rnd = state.rnd
    return {
        "etiquette": {"asked": list(rnd.etiquette_asked), "answered": list(rnd.etiquette_answers),
                      "chief": rnd.etiquette_chief} if state.phase in ("etiquette", "assign") else None,
        "diner": {"asked": list(rnd.diner_asked), "answered": list(rnd.diner_answers)}
        if state.phase == "diner" else None,
        "w2": {"turn": w2_current(state), "passed": [p for p in state.ring if p in rnd.w2_passed],
               "with_faveurs": [p for p in state.ring if w2_moves(state, p)]} if state.phase == "w2" else None,
        "tiebreak": {"side": rnd.tie_side, "players": list(rnd.tie_players), "picked": list(rnd.tie_picks)}
        if state.phase == "tiebreak" else None,
        "w3": {"asked": list(rnd.w3_asked), "answered": list(rnd.w3_answers)} if state.phase == "w3" else None,
    }


def table_view(state: State) -> View:
    return {
        "piles": {side: len(state.audience_piles.get(side, ())) for side in SIDES},
        "valet_pile": len(state.valet_pile),
        "cardinal_pile": len(state.cardinal_pile),
        "cardinal_used": [{"card": card_view(state, c) if shown else None, "shown": shown}
                          for c, shown in state.cardinal_used],  # a stabbed one stays face down (RS-72)
    }


def result_view(state: State) -> View | None:
    if state.result is None:
        return None
    rank = {p: i + 1 for i, group in enumerate(state.result.ranking) for p in group}
    return {
        "ranking": [list(g) for g in state.result.ranking],
        "winners": list(state.result.ranking[0]),
        "players": [{
            "player_id": p, "name": state.name(p), "rank": rank[p], "fleurs": f.fleurs, "bonus": f.bonus,
            "total": f.total, "audiences_won": f.audiences_won, "influence_left": f.influence_left,
            "hand": [card_view(state, c) for c in state.hands[p]],  # public at the final count (4.3)
        } for p, f in state.result.finals.items()],
        "set_aside": [audience_view(a) for a in state.set_aside],
    }


def _given(state: State, pid: str, what: Text) -> Text:
    """« Bob vous donne la parole : … » when someone just handed this player the tuile."""
    if state.parole_by is None or state.tuile != pid:
        return Text(f"À vous : {what.fr}", f"Your turn: {what.en}")
    by = state.name(state.parole_by)
    return Text(f"{by} vous donne la parole : {what.fr}", f"{by} gives you the Parole: {what.en}")


def _prompt(state: State, pid: str) -> Text | None:
    """The one line a phone shows on top: what this player should do now, naming the others involved."""
    rnd, phase = state.rnd, state.phase
    if state.paused:
        return Text("Partie en pause.", "Game paused.")
    if default_command(state, pid) is None:
        return None
    if phase == "etiquette":
        return Text("Jouer votre Étiquette ce tour-ci ? (vous placeriez chaque joueur)",
                    "Play your Étiquette this round? (you would place every player)")
    if phase == "assign":
        return Text("À vous : placez chaque joueur auprès du Roi ou de la Reine.",
                    "Your turn: place each player with the Roi or the Reine.")
    if phase == "diner":
        return Text("Jouer votre Dîner Royal (les deux Audiences) ?", "Play your Dîner Royal (both Audiences)?")
    if phase in ("choose", "bet1", "bet2") and state.designating:
        return Text("À vous : donnez la parole à…", "Your turn: give the Parole to…")
    if phase == "choose":
        return _given(state, pid, Text("choisissez une Audience.", "choose an Audience."))
    if phase == "bet1":
        return _given(state, pid, Text("misez votre 1re carte (face cachée ou visible).",
                                       "bet your 1st card (face down or up)."))
    if phase == "bet2":
        return _given(state, pid, Text("misez votre 2e carte (à l'inverse de la 1re).",
                                       "bet your 2nd card (the other way from the 1st)."))
    if phase == "w2":
        return Text("À vous : utilisez une Faveur ou passez.", "Your turn: use a Faveur or pass.")
    if phase == "tiebreak" and rnd.tie_side is not None:
        rivals = ", ".join(state.name(p) for p in rnd.tie_players if p != pid)
        where = side_with(rnd.tie_side)
        return Text(f"Égalité {where.fr} avec {rivals} : choisissez en secret une 3e carte de votre main. "
                    "La plus forte l'emporte ; chaque carte passe ensuite au joueur à égalité sur votre droite.",
                    f"A tie {where.en} with {rivals}: pick a 3rd card from your hand, secretly. The strongest wins; "
                    "each card then goes to the tied player on your right.")
    if phase == "w3" and pid in rnd.w3_asked:
        return Text("Avant que les fleurs de lys ne bougent : une Faveur ?",
                    "Before the fleurs de lys move: a Faveur?")
    return None


def me_view(state: State, pid: str) -> View:
    rnd = state.rnd
    started = state.started and pid in state.ring
    tie_pick = rnd.tie_picks.get(pid) if state.phase == "tiebreak" else None
    w3 = rnd.w3_answers.get(pid) if state.phase == "w3" else None
    return {
        "player_id": pid,
        "name": state.name(pid),
        "colour": colour_view(state.colours.get(pid)),
        "hand": [card_view(state, c) for c in sorted(state.hands.get(pid, ()),
                                                     key=lambda c: (state.card(c).kind, state.card(c).value, c))],
        "fleurs": state.fleurs.get(pid) if started else None,
        "prompt": p.as_dict() if started and (p := _prompt(state, pid)) is not None else None,
        "spied": list(rnd.spied.get(pid, ())),
        "etiquette_answer": rnd.etiquette_answers.get(pid) if state.phase == "etiquette" else None,
        "diner_answer": rnd.diner_answers.get(pid) if state.phase == "diner" else None,
        "tiebreak_pick": card_view(state, tie_pick) if tie_pick is not None else None,
        "w3_answer": {"grace": w3[0], "maitre": w3[1]} if w3 is not None else None,
        "w3_offer": dict(zip(("grace", "maitre"), w3_offer(state, pid, rnd.deltas), strict=True))
        if state.phase == "w3" and pid in rnd.w3_asked else None,
    }


# -- the door ---------------------------------------------------------------------------------------


def view_for(state: State, viewer: Viewer) -> View:
    me = viewer.player_id if viewer.kind == "player" else None
    if viewer.kind == "player" and me is not None:
        actions = [a.model_dump(mode="json") for a in player_actions(state, me)]
    elif viewer.kind == "moderator":
        actions = [a.model_dump(mode="json") for a in moderator_actions(state)]
    else:
        actions = []
    current = round_view(state, state.rnd, me) if state.started else None
    return {
        "viewer": {"kind": viewer.kind, "player_id": me, "name": state.name(me) if me else None},
        "game": {
            "id": "royal_secrets", "phase": state.phase, "phase_name": phase_name(state.phase).as_dict(),
            "round": state.rnd.number, "rounds": ROUNDS, "version": state.version, "paused": state.paused,
            "over": state.over, "started": state.started, "min_players": MIN_PLAYERS, "max_players": MAX_PLAYERS,
            "config": state.config.model_dump(mode="json"),
        },
        "players": players_view(state),
        "names": {seat.player_id: seat.name for seat in state.seats},  # every id a view names, by name
        "tuile": tuile_view(state) if state.started else None,
        "waiting": waiting_view(state),
        "prompts": prompts_view(state) if state.started else None,
        "table": table_view(state) if state.started else None,
        "round": current,
        # The round just counted: the previous one while a round runs, the 7th once the game is over.
        "last_round": round_view(state, state.rnd if state.over else state.last, me),
        "me": me_view(state, me) if me is not None else None,
        "legal_actions": actions,
        "feed": [line.as_dict() for line in state.feed],
        "result": result_view(state),
    }
