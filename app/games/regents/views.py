"""What one viewer may know now: plain JSON-able dicts, the only door for secrets (§4).

Every view has the same keys. The public blocks (`game`, `castle`, `tracks`,
`players`, `turn`, `waiting`, `last_count`, `feed`, `result`) are identical
for every viewer; a seat adds `me` (its clan, domain, hand, tiles, budget and
own prompt) and `knowledge` (what it alone learned). The big screen and the
game master see only the public blocks: the moderator may be a player too.
At the end every clan and domain is shown (RG-53); the box never is.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from app.games.regents.accusation import accuse_refusal
from app.games.regents.board import (
    DOMAIN_NAMES,
    DOMAINS,
    MOVE_ADJ,
    ROOM_ADJ,
    ROOM_OF,
    ROOMS,
    SPACE_KIND,
    SPACE_NAMES,
    SPACE_SYMBOL,
    SPACE_THE,
    SPACE_XY,
    SPACES,
    Domain,
    Space,
)
from app.games.regents.cards import board_agents, card_refusal, suspicion_targets
from app.games.regents.clans import (
    BLASONS,
    CARD_EFFECTS,
    CARD_NAMES,
    CARD_OF_CLAN,
    CLAN_NAMES,
    CLAN_OF_CARD,
    CLANS,
    COLOUR_NAMES,
    COLOUR_SHAPES,
    Blason,
    Card,
    Clan,
    not_clan_line,
)
from app.games.regents.config import AGENTS, COUNSELLORS, MAX_PLAYERS, MIN_PLAYERS, ROUNDS
from app.games.regents.counsellors import place_refusal, recruit_refusal
from app.games.regents.count import counted
from app.games.regents.feed import count_of
from app.games.regents.free import reveal_refusal, token_refusal
from app.games.regents.guards import action_refusal, first, turn_refusal
from app.games.regents.lobby import join_refusal, start_refusal
from app.games.regents.model import NEUTRAL, CountReport, Player, Prompt, State
from app.games.regents.movement import g_refusal, king_refusal
from app.games.regents.prompts import options
from app.games.regents.spying import spy_refusal
from app.games.regents.track import THRESHOLDS, advance, gain_choices, lose, loss_of, split, total, value
from app.kernel.actions import InputKind, LegalAction, Option
from app.kernel.actor import Actor
from app.kernel.rules import refuse
from app.kernel.seats import door_view
from app.kernel.text import EngineError, Text
from app.kernel.viewer import Viewer

View = dict[str, Any]
TRACK_SHOWN = 16  # cases drawn (RG-5), more when a marker goes further

FATES: dict[str, Text] = {
    "failed": Text("jouée (échec)", "played (failed)"),
    "discarded": Text("défaussée (échec)", "discarded (failure)"),
    "laid": Text("posée (réussite)", "laid (success)"),
}
REASONS: dict[str, Text] = {
    "accusation": Text("Accusation réussie : répartissez vos 2 cases.", "Successful accusation: share your 2 cases."),
    "fifth_card": Text("Dernière carte jouée : répartissez vos 2 cases.", "Last card played: share your 2 cases."),
    "influence": Text("Carte Influence : répartissez vos 2 cases.", "Influence card: share your 2 cases."),
}


# -- small pieces -------------------------------------------------------------


def card_view(card: Card) -> View:
    return {"card": str(card), "name": CARD_NAMES[card].as_dict(), "effect": CARD_EFFECTS[card].as_dict(),
            "not_clan": str(CLAN_OF_CARD[card]), "proves": not_clan_line(card).as_dict(),
            "element": BLASONS[CLAN_OF_CARD[card]].lacks.as_dict()}  # the generic blason element it shows


def clan_view(clan: Clan) -> View:
    b = BLASONS[clan]
    return {"clan": str(clan), "name": CLAN_NAMES[clan], "discards": str(CARD_OF_CLAN[clan]),
            "discards_name": CARD_NAMES[CARD_OF_CLAN[clan]].as_dict(),
            "blason": {"lacks": b.lacks.as_dict(), "variant": b.variant.as_dict(), "position": b.position.as_dict(),
                       "text": blason_text(b).as_dict()}}


def blason_text(b: Blason) -> Text:
    """ "la fleur de lys au lieu du lion (en haut à droite)": French contracts "de le" and "de les"."""
    lacks = b.lacks.fr
    instead = ("du " + lacks[3:] if lacks.startswith("le ") else "des " + lacks[4:] if lacks.startswith("les ")
               else "de " + lacks)
    return Text(f"{b.variant.fr} au lieu {instead} ({b.position.fr})",
                f"{b.variant.en} instead of {b.lacks.en} ({b.position.en})")


def domain_view(d: Domain) -> View:
    room = ROOM_OF[d]
    return {"domain": str(d), "name": DOMAIN_NAMES[d].as_dict(), "room": str(room),
            "room_name": SPACE_NAMES[room].as_dict()}


def score_view(score: tuple[int, ...]) -> list[View]:
    return [{"domain": str(d), "case": c, "value": value(c)} for d, c in zip(DOMAINS, score, strict=True)]


def _action(kind: str, label: Text, refusal: EngineError | None = None, *, input: InputKind = "button",
            field: str | None = None, options: Sequence[Option] = (), fixed: dict[str, Any] | None = None,
            min: int | None = None, max: int | None = None, group: str | None = None) -> View:
    available = refusal is None
    return LegalAction(type=kind, label=label, available=available, reason=None if available else refusal.message,  # type: ignore[union-attr]
                       input=input, field=field, options=tuple(options) if available else (),
                       fixed=fixed or {}, min=min, max=max, group=group).model_dump(mode="json")


def _space_options(spaces: Sequence[Space]) -> list[Option]:
    return [Option(value=str(sp), label=SPACE_NAMES[sp]) for sp in spaces]


def _domain_options() -> list[Option]:
    return [Option(value=str(d), label=DOMAIN_NAMES[d]) for d in DOMAINS]


def _agent_label(s: State, code: str) -> Text:
    owner, _, where = code.partition("@")
    sp = SPACE_NAMES[Space(where)]
    if owner == NEUTRAL:
        return Text(f"agent neutre ({sp.fr})", f"neutral agent ({sp.en})")
    who = s.seat_name(owner)
    return Text(f"{who} ({sp.fr})", f"{who} ({sp.en})")


# -- the public blocks ----------------------------------------------------------


def _game(s: State) -> View:
    return {
        "phase": s.phase, "round": s.round, "rounds": ROUNDS, "version": s.version, "paused": s.paused,
        "last_round": s.round == ROUNDS, "min_players": MIN_PLAYERS, "max_players": MAX_PLAYERS,
        "prompt_seconds": s.config.prompt_seconds, "fourth_turn_bonus": s.config.fourth_turn_bonus,
        "over": s.phase == "over",
    }


def _lobby(s: State) -> View:
    return {"seats": [{"player_id": seat.player_id, "name": seat.name} for seat in s.seats],
            "count": len(s.seats), "can_start": s.phase == "lobby" and start_refusal(s) is None}


def _castle(s: State) -> View:
    spaces = []
    counts = [(p, Counter(p.agents)) for p in s.players]
    for sp in SPACES:
        pieces = [{"owner": p.pid, "name": p.name, "colour": str(p.colour), "shape": COLOUR_SHAPES[p.colour],
                   "count": n[sp]} for p, n in counts if n[sp]]
        if s.neutral is not None and s.neutral.at(sp):
            pieces.append({"owner": NEUTRAL, "name": "neutre", "colour": str(s.neutral.colour),
                           "shape": COLOUR_SHAPES[s.neutral.colour], "count": s.neutral.at(sp)})
        spaces.append({
            "id": str(sp), "name": SPACE_NAMES[sp].as_dict(), "kind": SPACE_KIND[sp], "symbol": SPACE_SYMBOL[sp],
            "domain": str(ROOMS[sp]) if sp in ROOMS else None, "x": SPACE_XY[sp][0], "y": SPACE_XY[sp][1],
            "moves_to": [str(n) for n in MOVE_ADJ[sp]], "rooms_next": [str(n) for n in ROOM_ADJ[sp]],
            "king": s.king == sp, "agents": pieces,
            "counsellors": sum(1 for c in s.turn.counsellors if c == sp),
        })
    return {"spaces": spaces, "king": str(s.king),
            "off": [{"player_id": p.pid, "name": p.name, "count": p.off} for p in s.players if p.off],
            "reserve": s.reserve, "counsellors_total": COUNSELLORS}


def _tracks(s: State) -> View:
    longest = max([TRACK_SHOWN, *(c + 1 for p in s.players for c in p.score)])
    return {
        "values": [{"case": k, "value": value(k), "threshold": k in THRESHOLDS} for k in range(1, longest + 1)],
        "domains": [{
            **domain_view(d),
            "markers": [{"player_id": p.pid, "name": p.name, "colour": str(p.colour), "shape": COLOUR_SHAPES[p.colour],
                         "case": p.score[i], "value": value(p.score[i])} for p in s.players],
            "tokens": [{"case": k, "value": value(k), "present": (d, k) in s.board_tokens} for k in THRESHOLDS],
        } for i, d in enumerate(DOMAINS)],
        "tokens_left": len(s.board_tokens),
    }


def _public_player(s: State, i: int, p: Player) -> View:
    over = s.phase == "over"
    counts = Counter(p.agents)
    clan_shown = p.clan_public or over
    domain_shown = p.domain_public or over
    return {
        "player_id": p.pid, "name": p.name, "colour": str(p.colour), "colour_name": COLOUR_NAMES[p.colour].as_dict(),
        "shape": COLOUR_SHAPES[p.colour], "order": i, "active": s.phase in ("actions", "neutral", "count")
        and s.active == i,
        "clan": clan_view(p.clan) if clan_shown else None, "clan_public": p.clan_public,
        "domain": domain_view(p.domain) if domain_shown else None, "domain_round": p.domain_round,
        "played": [card_view(c) for c in p.played],
        "not_clans": [CLAN_NAMES[CLAN_OF_CARD[c]] for c in p.played],
        "hand_count": len(p.hand), "tiles_count": len(p.tiles), "counsellors": p.counsellors,
        "tokens": p.tokens, "tokens_played": p.tokens_played, "off": counts[None],
        "agents": {str(sp): counts[sp] for sp in SPACES if counts[sp]},
        "score": score_view(p.score), "points": total(p.score),
        "exposed": None if p.exposed is None else {"by": p.exposed[0], "by_name": s.seat_name(p.exposed[0]),
                                                   "clan": clan_view(p.exposed[1])},
        "can_be_spied": len(p.hand) >= 2,
    }


def _neutral(s: State) -> View | None:
    n = s.neutral
    if n is None:
        return None
    return {"colour": str(n.colour), "colour_name": COLOUR_NAMES[n.colour].as_dict(), "shape": COLOUR_SHAPES[n.colour],
            "clan": clan_view(n.clan), "agents": {str(sp): n.at(sp) for sp in SPACES if n.at(sp)}}


def _turn(s: State) -> View | None:
    if s.phase not in ("actions", "neutral", "count"):
        return None
    tu = s.turn
    return {
        "player_id": tu.player, "name": s.seat_name(tu.player), "round": s.round, "stage": s.phase,
        "actions_left": tu.actions_left, "recruited": tu.recruited, "spied": tu.spied, "card_played": tu.card_played,
        "token_played": tu.token_played, "domain_revealed": tu.domain_revealed, "privilege": tu.privilege,
        "diplomatie": tu.diplomatie, "alliance": tu.alliance,
        "counsellors": [str(c) for c in tu.counsellors], "no_card": s.round == ROUNDS,
    }


def awaited(s: State) -> str | None:
    """Whom the table waits for now."""
    if s.prompt is not None:
        return s.prompt.player
    if s.phase == "placement" and s.players:
        return s.placer.pid
    if s.phase in ("actions", "neutral"):
        return s.current.pid
    return None


def _waiting(s: State) -> View | None:
    pid = awaited(s)
    if pid is None:
        return None
    who = s.seat_name(pid)
    deadline = s.prompt.deadline_ms if s.prompt is not None and not s.paused else None
    return {"player_id": pid, "name": who, "deadline_ms": deadline,
            "text": Text(f"En attente de {who}", f"Waiting for {who}").as_dict()}


def _outcome(c: CountReport, i: int, sp: Space) -> str:
    """How one space went at that count: won (by DIPLOMATIE too), blocked by the King, tied, lost or empty."""
    if sp in c.wins:
        return "diplomatie" if sp == c.diplomatie else "won"
    if c.mine[i] == 0:
        return "empty"
    if c.mine[i] > c.best_other[i]:
        return "king"  # a majority the King's presence cancelled (L138)
    return "tie" if c.mine[i] == c.best_other[i] else "lost"


def _last_count(s: State) -> View | None:
    """The public story of the last count (the screen animates it): tallies, wins, groups, moves."""
    c = s.last_count
    if c is None:
        return None
    p = s.player(c.player)
    moves = [{"domain": str(d), "name": DOMAIN_NAMES[d].as_dict(), "gain": c.gains[i], "lost": c.lost[i],
              "before": c.before[i], "after": c.after[i], "value_after": value(c.after[i])}
             for i, d in enumerate(DOMAINS) if c.gains[i] or c.after[i] != c.before[i]]
    return {
        "player_id": c.player, "name": s.seat_name(c.player), "colour": str(p.colour), "shape": COLOUR_SHAPES[p.colour],
        "round": c.round, "king": str(c.king), "king_name": SPACE_NAMES[c.king].as_dict(),
        "spaces": [{"space": str(sp), "name": SPACE_NAMES[sp].as_dict(), "kind": SPACE_KIND[sp],
                    "x": SPACE_XY[sp][0], "y": SPACE_XY[sp][1], "king": sp == c.king,
                    "mine": c.mine[i], "best_other": c.best_other[i], "won": sp in c.wins,
                    "outcome": _outcome(c, i, sp)}
                   for i, sp in enumerate(SPACES)],
        "wins": [str(w) for w in c.wins], "alliance": c.alliance,
        "diplomatie": None if c.diplomatie is None else str(c.diplomatie),
        "diplomatie_name": None if c.diplomatie is None else SPACE_NAMES[c.diplomatie].as_dict(),
        "groups": [[str(r) for r in g] for g in c.groups],
        "group_names": [[SPACE_NAMES[r].as_dict() for r in g] for g in c.groups],
        "tower": None if c.tower is None else str(c.tower),
        "tower_name": None if c.tower is None else DOMAIN_NAMES[c.tower].as_dict(),
        "gains": list(c.gains), "before": score_view(c.before), "after": score_view(c.after), "moves": moves,
        "points_before": total(c.before), "points_after": total(c.after),
        "tokens": [{"domain": str(d), "name": DOMAIN_NAMES[d].as_dict(), "case": k} for d, k in c.tokens],
        "lost": list(c.lost), "lost_total": sum(c.lost),
        "rempart": None if c.rempart is None else {"player_id": c.rempart[0], "name": s.seat_name(c.rempart[0]),
                                                   "domain": str(c.rempart[1]),
                                                   "domain_name": DOMAIN_NAMES[c.rempart[1]].as_dict()},
        "rempart_wasted": c.rempart_wasted,
    }


def _result(s: State) -> View | None:
    r = s.result
    if r is None:
        return None
    bonus = dict(r.bonus)
    rows = []
    for st in r.standings:
        p = s.player(st.player)
        b = bonus.get(st.player)
        rows.append({
            "player_id": p.pid, "name": p.name, "colour": str(p.colour), "clan": clan_view(p.clan),
            "domain": domain_view(p.domain), "score": score_view(p.score), "tracks": st.tracks,
            "lead_bonus": st.lead_bonus, "tokens": st.tokens, "counsellors": st.counsellors, "total": st.total,
            "domain_bonus": None if b is None else {"domain": str(b.domain), "before": b.before, "after": b.after,
                                                    "tokens": [{"domain": str(d), "case": k} for d, k in b.tokens]},
            "revealed_early": p.domain_round <= ROUNDS,
            "winner": p.pid in r.winners,
            # 1 + those strictly ahead on points, then on tokens (L232-L234): tied players share a rank.
            "rank": 1 + sum(1 for o in r.standings if (o.total, o.tokens) > (st.total, st.tokens)),
        })
    names = ", ".join(s.seat_name(w) for w in r.winners)
    title = {
        "points": Text(f"{names} : Gardien du Royaume", f"{names}: Guardian of the Realm"),
        "tokens": Text(f"{names} : Gardien du Royaume, à égalité de points mais avec plus de jetons Influence",
                       f"{names}: Guardian of the Realm, tied on points but with more Influence tokens"),
        "shared": Text(f"{names} : Gardiens du Royaume ex æquo", f"{names}: Guardians of the Realm, shared"),
    }[r.decided_by]
    return {"standings": rows, "winners": list(r.winners), "decided_by": r.decided_by, "title": title.as_dict()}


# -- a seat's own blocks ------------------------------------------------------------


def known_clans(s: State, p: Player) -> list[View]:
    """Every other player's clan this seat knows: public ones, and those shown to it (L120)."""
    out = []
    shown = {sh.player: sh.clan for sh in p.shown}
    for q in s.players:
        if q.pid == p.pid:
            continue
        if q.clan_public or s.phase == "over":
            out.append({"player_id": q.pid, "name": q.name, "clan": str(q.clan), "clan_name": CLAN_NAMES[q.clan],
                        "how": "public"})
        elif q.pid in shown:
            out.append({"player_id": q.pid, "name": q.name, "clan": str(shown[q.pid]),
                        "clan_name": CLAN_NAMES[shown[q.pid]], "how": "shown"})
    if s.neutral is not None:
        out.append({"player_id": NEUTRAL, "name": "neutre", "clan": str(s.neutral.clan),
                    "clan_name": CLAN_NAMES[s.neutral.clan], "how": "public"})
    return out


def knowledge(s: State, p: Player) -> list[View]:
    """The private log (§4.1): cards seen spying, clans shown, accusations against me, my cards spied."""
    rows: list[tuple[int, int, View]] = []
    for seen in p.seen:
        who, c = s.seat_name(seen.target), CLAN_NAMES[CLAN_OF_CARD[seen.card]]
        n = CARD_NAMES[seen.card]
        rows.append((seen.round, 0, {"round": seen.round, "kind": "seen", "player_id": seen.target, "name": who,
                                     "card": str(seen.card), "text": Text(
            f"Tour {seen.round} : vous avez vu {n.fr} chez {who} : {who} n'est pas {c}.",
            f"Round {seen.round}: you saw {n.en} in {who}'s hand: {who} is not {c}.").as_dict()}))
    for sh in p.shown:
        who, c = s.seat_name(sh.player), CLAN_NAMES[sh.clan]
        rows.append((sh.round, 1, {"round": sh.round, "kind": "shown", "player_id": sh.player, "name": who,
                                   "clan": str(sh.clan),
                                   "text": Text(f"Tour {sh.round} : {who} vous a montré son clan : {c}.",
                                                f"Round {sh.round}: {who} showed you their clan: {c}.").as_dict()}))
    for acc in p.accused_me:
        who, c = s.seat_name(acc.accuser), CLAN_NAMES[acc.clan]
        how = Text("réussite", "success") if acc.success else Text("échec", "failure")
        rows.append((acc.round, 2, {"round": acc.round, "kind": "accused", "player_id": acc.accuser, "name": who,
                                    "clan": str(acc.clan), "text": Text(
            f"Tour {acc.round} : {who} vous a accusé d'être {c} ({how.fr}).",
            f"Round {acc.round}: {who} accused you of being {c} ({how.en}).").as_dict()}))
    for sp in p.spied_me:
        who, n = s.seat_name(sp.spy), CARD_NAMES[sp.card]
        rows.append((sp.round, 3, {"round": sp.round, "kind": "spied", "player_id": sp.spy, "name": who,
                                   "card": str(sp.card),
                                   "text": Text(f"Tour {sp.round} : {who} a vu votre carte {n.fr}.",
                                                f"Round {sp.round}: {who} saw your {n.en} card.").as_dict()}))
    return [row for _, _, row in sorted(rows, key=lambda r: (r[0], r[1]))]


def _changes(before: tuple[int, ...], after: tuple[int, ...]) -> list[View]:
    """The markers a choice moves: from which case to which, and what the new case is worth."""
    return [{"domain": str(d), "name": DOMAIN_NAMES[d].as_dict(), "from": b, "to": a, "value_to": value(a)}
            for d, b, a in zip(DOMAINS, before, after, strict=True) if a != b]


def _tokens(taken: Sequence[tuple[Domain, int]]) -> list[View]:
    return [{"domain": str(d), "name": DOMAIN_NAMES[d].as_dict(), "case": k} for d, k in taken]


def _choice_view(s: State, prompt: Prompt, choice: tuple[str, ...]) -> View:
    """One legal answer with its preview: the markers it moves, the cases lost to a gate, tokens taken."""
    subject = s.player(prompt.subject)
    if prompt.kind in ("gain", "loss"):
        ds = tuple(Domain(x) for x in choice)
        label = Text(" + ".join(DOMAIN_NAMES[d].fr for d in ds), " + ".join(DOMAIN_NAMES[d].en for d in ds))
        if prompt.kind == "gain":
            moved = advance(subject.score, split(ds), s.board_tokens)
            return {"value": list(choice), "label": label.as_dict(), "after": list(moved.after),
                    "lost": sum(moved.lost), "points_after": total(moved.after),
                    "changes": _changes(subject.score, moved.after), "tokens": _tokens(moved.tokens)}
        after = lose(subject.score, loss_of(subject.score, ds))
        return {"value": list(choice), "label": label.as_dict(), "after": list(after), "lost": 0,
                "points_after": total(after), "changes": _changes(subject.score, after), "tokens": []}
    if prompt.kind == "diplomatie":
        return {"value": list(choice), "label": SPACE_NAMES[Space(choice[0])].as_dict(), "changes": [], "tokens": []}
    if prompt.kind == "tower":
        c = s.count
        report = counted(s, c.diplomatie if c else None, Domain(choice[0]))
        return {"value": list(choice), "label": DOMAIN_NAMES[Domain(choice[0])].as_dict(),
                "after": list(report.after), "lost": sum(report.lost), "points_after": total(report.after),
                "changes": _changes(subject.score, report.after), "tokens": _tokens(report.tokens)}
    who, d = s.seat_name(choice[0]), Domain(choice[1])
    return {"value": list(choice), "label": Text(f"{who} : {DOMAIN_NAMES[d].fr}", f"{who}: {DOMAIN_NAMES[d].en}").as_dict(),
            "changes": [], "tokens": []}


PROMPT_LABELS: dict[str, Text] = {
    "diplomatie": Text("Diplomatie : choisissez l'égalité qui devient une majorité.",
                       "Diplomacy: choose the tie that becomes a majority."),
    "tower": Text("Chemin de la tour : choisissez la piste qui avance d'une case.",
                  "Tower walk: choose the track that moves up one case."),
    "rempart": Text("Chemin du rempart : choisissez le marqueur adverse qui recule d'une case.",
                    "Rampart walk: choose the opposing marker that moves back one case."),
}


def _my_prompt(s: State, p: Player) -> View | None:
    prompt = s.prompt
    if prompt is None or prompt.player != p.pid:
        return None
    if prompt.kind == "gain":
        label = REASONS.get(prompt.reason, REASONS["accusation"])
    elif prompt.kind == "loss":
        who = s.seat_name(prompt.subject)
        label = Text(f"{who} vous a accusé à tort : choisissez comment il perd 2 cases.",
                     f"{who} accused you wrongly: choose how they lose 2 cases.")
    else:
        label = PROMPT_LABELS[prompt.kind]
    return {"id": prompt.id, "kind": prompt.kind, "reason": prompt.reason, "subject": prompt.subject,
            "subject_name": s.seat_name(prompt.subject), "label": label.as_dict(),
            "deadline_ms": None if s.paused else prompt.deadline_ms,
            "choices": [_choice_view(s, prompt, c) for c in options(s, prompt)]}


def _budget(s: State, p: Player) -> View:
    mine = s.phase in ("actions", "neutral", "count") and s.current.pid == p.pid
    tu = s.turn
    return {"my_turn": mine, "actions_left": tu.actions_left if mine else 0,
            "recruited": mine and tu.recruited, "spied": mine and tu.spied, "card_played": mine and tu.card_played,
            "token_played": mine and tu.token_played, "privilege": mine and tu.privilege,
            "text": budget_text(tu.actions_left).as_dict() if mine and s.phase == "actions" else None}


def budget_text(n: int) -> Text:
    """ "À vous : 3 actions payantes et les actions gratuites" (RG-7: the player may stop early)."""
    if n == 0:
        return Text("À vous : plus d'action payante, il reste les actions gratuites",
                    "Your turn: no paid action left, the free actions remain")
    paid = count_of(n, "action payante", "actions payantes", "paid action", "paid actions")
    return Text(f"À vous : {paid.fr} et les actions gratuites", f"Your turn: {paid.en} and the free actions")


def _influence_preview(s: State, p: Player) -> list[View]:
    out = []
    for ds in gain_choices():
        moved = advance(p.score, split(ds), s.board_tokens)
        out.append({"value": [str(d) for d in ds], "after": list(moved.after), "lost": sum(moved.lost),
                    "label": Text(" + ".join(DOMAIN_NAMES[d].fr for d in ds), " + ".join(DOMAIN_NAMES[d].en for d in ds)).as_dict(),
                    "changes": _changes(p.score, moved.after), "tokens": _tokens(moved.tokens),
                    "points_after": total(moved.after)})
    return out


def _me(s: State, pid: str | None) -> View | None:
    if pid is None:
        return None
    if not s.players:
        return {"player_id": pid, "name": s.seat_name(pid), "colour": None, "shape": None, "clan": None,
                "clan_public": False, "domain": None, "domain_round": 0, "domain_reminder": None, "hand": [],
                "played": [], "tiles": [], "spent_tiles": [], "counsellors": 0, "tokens": 0, "score": [],
                "agents": {}, "off": 0, "known_clans": [], "budget": None, "prompt": None, "moves": {},
                "influence_preview": []}
    p = s.player(pid)
    return {
        "player_id": p.pid, "name": p.name, "colour": str(p.colour), "shape": COLOUR_SHAPES[p.colour],
        "clan": clan_view(p.clan), "clan_public": p.clan_public,
        "domain": domain_view(p.domain), "domain_round": p.domain_round,
        "domain_reminder": None if p.domain_public else Text("+2 à la fin, sans seuils, si vous la gardez secrète.",
                                                             "+2 at the end, no thresholds, if kept secret.").as_dict(),
        "hand": [card_view(c) for c in p.hand], "played": [card_view(c) for c in p.played],
        "tiles": [{"clan": str(c), "name": CLAN_NAMES[c], "always_false": c == p.clan} for c in p.tiles],
        "spent_tiles": [{"clan": str(t.clan), "name": CLAN_NAMES[t.clan], "fate": t.fate,
                         "fate_text": FATES[t.fate].as_dict(), "round": t.round, "target": t.target,
                         "target_name": s.seat_name(t.target)} for t in p.spent],
        "counsellors": p.counsellors, "tokens": p.tokens, "score": score_view(p.score),
        "agents": {str(sp): p.at(sp) for sp in SPACES if p.at(sp)}, "off": p.off,
        "known_clans": known_clans(s, p), "budget": _budget(s, p), "prompt": _my_prompt(s, p),
        "moves": {str(sp): [str(n) for n in MOVE_ADJ[sp]] for sp in SPACES if p.at(sp)},
        "influence_preview": _influence_preview(s, p) if Card.INFLUENCE in p.hand else [],
    }


# -- legal actions ------------------------------------------------------------------


def _player_actions(s: State, pid: str | None) -> list[View]:
    if s.phase == "lobby":
        seated = pid is not None and any(seat.player_id == pid for seat in s.seats)
        actor = Actor.player(pid) if pid is not None else Actor("player")
        if not seated:
            return [_action("join", Text("Rejoindre la table", "Join the table"),
                            join_refusal(s, actor, "?") if len(s.seats) >= MAX_PLAYERS else None,
                            input="button", field="name")]
        return [_action("leave", Text("Quitter la table", "Leave the table"))]
    if pid is None or not s.has(pid) or s.phase == "over":
        return []
    p = s.player(pid)
    prompt = s.prompt
    if prompt is not None and prompt.player == pid:
        return _prompt_actions(s, prompt)
    if s.phase == "placement":
        mine = s.placer.pid == pid
        refusal = None if mine else refuse("not_your_turn", f"C'est à {s.placer.name} de placer un agent.",
                                           f"It is {s.placer.name}'s turn to place.")
        return [_action("place_agent", Text("Placer un agent", "Place an agent"), refusal, input="pick_one",
                        field="space", options=_space_options(SPACES), group="setup")]
    actor = Actor.player(pid)
    not_now = turn_refusal(s, actor) or (None if s.phase in ("actions", "neutral") else refuse(
        "wrong_phase", "Le décompte est en cours.", "The count is under way."))
    if s.phase == "neutral":
        return _neutral_actions(s, not_now)
    return _turn_actions(s, p, not_now)


def _prompt_actions(s: State, prompt: Prompt) -> list[View]:
    opts = options(s, prompt)
    if prompt.kind in ("gain", "loss"):
        usable = sorted({d for c in opts for d in c}, key=lambda d: DOMAINS.index(Domain(d)))
        label = Text("Répartir les 2 cases", "Share the 2 cases") if prompt.kind == "gain" else \
            Text("Choisir les pertes de l'accusateur", "Choose the accuser's losses")
        return [_action(f"choose_{prompt.kind}", label, input="pick_many", field="domains",
                        options=[Option(value=d, label=DOMAIN_NAMES[Domain(d)]) for d in usable],
                        min=1, max=2, group="prompt", fixed={})]
    if prompt.kind == "diplomatie":
        return [_action("choose_diplomatie", PROMPT_LABELS["diplomatie"], input="pick_one", field="space",
                        options=_space_options([Space(c[0]) for c in opts]), group="prompt")]
    if prompt.kind == "tower":
        return [_action("choose_tower", PROMPT_LABELS["tower"], input="pick_one", field="domain",
                        options=_domain_options(), group="prompt")]
    targets = sorted({c[0] for c in opts}, key=lambda q: [p.pid for p in s.players].index(q))
    return [_action("choose_rempart", Text(f"Faire reculer {s.seat_name(q)}", f"Push {s.seat_name(q)} back"),
                    input="pick_one", field="domain", fixed={"target": q},
                    options=[Option(value=c[1], label=DOMAIN_NAMES[Domain(c[1])]) for c in opts if c[0] == q],
                    group="prompt") for q in targets]


def _neutral_actions(s: State, not_now: EngineError | None) -> list[View]:
    assert s.neutral is not None
    out = []
    for sp in SPACES:
        if s.neutral.at(sp):
            name = SPACE_THE[sp]
            out.append(_action("move_neutral", Text(f"Déplacer l'agent neutre depuis {name.fr}",
                                                    f"Move the neutral agent from {name.en}"), not_now,
                               input="pick_one", field="to_space", fixed={"from_space": str(sp)},
                               options=_space_options(MOVE_ADJ[sp]), group="neutral"))
    out.append(_action("skip_neutral", Text("Ne pas déplacer le neutre", "Leave the neutral"), not_now, group="neutral"))
    return out


def _turn_actions(s: State, p: Player, not_now: EngineError | None) -> list[View]:
    out: list[View] = []
    paid = first(not_now, action_refusal(s))
    privilege = Text(" (Privilège : un second agent peut suivre)", " (Privilege: a second agent may follow)") \
        if s.turn.privilege else Text("", "")
    sources = [sp for sp in SPACES if p.at(sp)]
    for sp in sources:
        name = SPACE_THE[sp]
        out.append(_action("move_agent", Text(f"A · Déplacer un agent depuis {name.fr}{privilege.fr}",
                                              f"A · Move an agent from {name.en}{privilege.en}"),
                           paid, input="pick_one", field="to_space", fixed={"from_space": str(sp)},
                           options=_space_options(MOVE_ADJ[sp]), group="paid"))
    if not sources:
        out.append(_action("move_agent", Text("A · Déplacer un agent", "A · Move an agent"),
                           paid or refuse("no_agent", "Aucun de vos agents n'est dans le château.",
                                          "None of your agents is in the castle."), group="paid"))
    king_moves = [n for n in ROOM_ADJ[s.king] if king_refusal(s, n) is None]
    out.append(_action("move_king", Text("B · Déplacer Edouard Ier", "B · Move Edward I"), paid, input="pick_one",
                       field="to_space", options=_space_options(king_moves), group="paid"))
    out.append(_action("recruit", Text("C · Recruter un conseiller", "C · Recruit a conseiller"),
                       first(not_now, recruit_refusal(s)), group="paid"))
    out.append(_action("place_counsellor", Text("D · Placer un conseiller", "D · Place a conseiller"),
                       first(not_now, place_refusal(s, p)), input="pick_one", field="space",
                       options=_space_options(SPACES), group="paid"))
    spyable = [q for q in s.players if q.pid != p.pid and spy_refusal(s, p.pid, q.pid) is None]
    spy_no = first(not_now, spy_refusal(s, p.pid, None)) or (None if spyable else refuse(
        "too_few_cards", "Personne n'a au moins 2 cartes à espionner.", "Nobody holds 2 cards or more to spy on."))
    out.append(_action("spy", Text("E · Espionner", "E · Spy"), spy_no, input="pick_one", field="target",
                       options=[Option(value=q.pid, label=Text(q.name, q.name)) for q in spyable], group="paid"))
    accusable = [q for q in s.players if q.pid != p.pid and accuse_refusal(s, p, q.pid) is None]
    accuse_no = first(not_now, accuse_refusal(s, p, None))
    tiles = [Option(value=str(c), label=Text(f"{CLAN_NAMES[c]} (votre clan : toujours fausse)",
                                             f"{CLAN_NAMES[c]} (your clan: always false)")
                    if c == p.clan else Text(CLAN_NAMES[c], CLAN_NAMES[c])) for c in CLANS if c in p.tiles]
    if accuse_no is None and accusable and tiles:
        for q in accusable:
            out.append(_action("accuse", Text(f"F · Accuser {q.name}", f"F · Accuse {q.name}"), input="pick_one",
                               field="clan", fixed={"target": q.pid}, options=tiles, group="paid"))
    else:
        why = accuse_no or (refuse("no_tile", "Vous n'avez plus de tuile Accusation.", "You have no accusation tile left.")
                            if not tiles else refuse("clan_known", "Aucun joueur à accuser : tous les clans sont connus.",
                                                     "Nobody to accuse: every clan is known."))
        out.append(_action("accuse", Text("F · Accuser un joueur", "F · Accuse a player"), why, group="paid"))
    out.append(_action("place_agent", Text("G · Ramener un agent au château", "G · Bring an agent back"),
                       first(not_now, g_refusal(s, p)), input="pick_one", field="space",
                       options=_space_options(SPACES), group="paid"))
    out += _card_actions(s, p, not_now)
    out.append(_action("reveal_domain", Text("Dévoiler sa carte Domaine (2 conseillers)",
                                             "Reveal your domain card (2 conseillers)"),
                       first(not_now, reveal_refusal(p)), group="free"))
    out.append(_action("play_token", Text("Jouer un jeton Influence (+1 action)", "Play an Influence token (+1 action)"),
                       first(not_now, token_refusal(s, p)), group="free"))
    out.append(_action("end_actions", Text("Fin des actions", "End my actions"), not_now, group="end"))
    return out


def _card_actions(s: State, p: Player, not_now: EngineError | None) -> list[View]:
    if not p.hand:
        return [_action("play_card", Text("Jouer une carte Action", "Play an action card"),
                        first(not_now, card_refusal(s, p, None)), group="card")]
    out = []
    for c in p.hand:
        why = first(not_now, card_refusal(s, p, c))
        label = Text(f"Jouer {CARD_NAMES[c].fr}", f"Play {CARD_NAMES[c].en}")
        fixed = {"card": str(c)}
        if c is Card.SUSPICION:
            opts = [Option(value=code, label=_agent_label(s, code)) for code in suspicion_targets(s, p)]
            out.append(_action("play_card", label, why, input="pick_many", field="agents", fixed=fixed, options=opts,
                               min=1, max=1, group="card"))
        elif c is Card.TRAHISON:
            opts = [Option(value=code, label=_agent_label(s, code)) for code in board_agents(s)]
            out.append(_action("play_card", label, why, input="pick_many", field="agents", fixed=fixed, options=opts,
                               min=2, max=2, group="card"))
        elif c is Card.INFLUENCE:
            out.append(_action("play_card", label, why, input="pick_many", field="domains", fixed=fixed,
                               options=_domain_options(), min=1, max=2, group="card"))
        else:
            out.append(_action("play_card", label, why, fixed=fixed, group="card"))
    return out


def _moderator_actions(s: State) -> list[View]:
    if s.phase == "lobby":
        # Removing a seat and locking the door: the seats' list (kit/door.html).
        return [_action("start", Text("Lancer la partie", "Start the game"), start_refusal(s))]
    if s.phase == "over":
        return []
    paused = s.paused
    who = awaited(s)
    skip_no = None if who is not None else refuse("nothing_to_skip", "Personne n'est attendu.",
                                                   "Nobody is being waited for.")
    skip = Text(f"Passer pour {s.seat_name(who)} (choix par défaut)", f"Skip for {s.seat_name(who)} (default)") \
        if who is not None else Text("Passer", "Skip")
    return [
        _action("mod_pause", Text("Pause", "Pause"), refuse("already_paused", "Déjà en pause.", "Already paused.")
                if paused else None),
        _action("mod_resume", Text("Reprendre", "Resume"), None if paused else refuse(
            "not_paused", "La partie n'est pas en pause.", "The game is not paused.")),
        _action("mod_skip", skip, skip_no),
    ]


# -- the door -----------------------------------------------------------------------


def view_for(s: State, viewer: Viewer) -> View:
    pid = viewer.player_id if viewer.kind == "player" else None
    seated = pid is not None and s.has(pid)
    me = _me(s, pid) if pid is not None and any(seat.player_id == pid for seat in s.seats) else None
    if viewer.kind == "player":
        actions = _player_actions(s, pid)
    elif viewer.kind == "moderator":
        actions = _moderator_actions(s)
    else:
        actions = []
    return {
        "viewer": {"kind": viewer.kind, "player_id": pid if me is not None else None},
        "game": _game(s),
        "lobby": _lobby(s),
        "castle": _castle(s),
        "tracks": _tracks(s),
        "players": [_public_player(s, i, p) for i, p in enumerate(s.players)],
        "neutral": _neutral(s),
        "turn": _turn(s),
        "waiting": _waiting(s),
        "last_count": _last_count(s),
        "feed": [{"round": n.round, "kind": n.kind, "text": n.text.as_dict()} for n in s.feed],
        "result": _result(s),
        "me": me,
        "knowledge": knowledge(s, s.player(pid)) if seated and pid is not None else [],
        "legal_actions": actions,
        "agents_per_player": AGENTS,
        "rebinds": [],  # the game master's: new phones claiming a seat (filled by the definition)
        # The lobby's door (kit/door.html): public; the game master's dashboard gets its buttons.
        "door": door_view(s.door, s.phase == "lobby", [(seat.player_id, seat.name) for seat in s.seats],
                          viewer.kind == "moderator"),
    }
