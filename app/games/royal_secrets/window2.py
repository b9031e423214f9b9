"""The Faveurs of phase 2: Valet dévoué and Espionnage on one's own betting turn, before betting; then,
after the last bet and before the reveal, the W2 priority loop (2.4.4, RS-57) for Espionnage, Coup de
poignard, Médaille du mérite and Recrutement. Each use is public and resolves at once; what Espionnage
shows stays private to its user (RS-60). No Faveur moves the tuile (RS-19).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from app.games.royal_secrets.cards import faveur_name, side_with
from app.games.royal_secrets.commands import PassFaveurs, UseFaveur
from app.games.royal_secrets.events import (
    EspionnageUsed,
    FaveursPassed,
    MedailleUsed,
    PoignardUsed,
    RecrutementUsed,
    ValetDrawn,
)
from app.games.royal_secrets.faveurs import (
    TURN_FAVEURS,
    W2_FAVEURS,
    faveur_of,
    shares_audience,
    targets,
    usable_copy,
    w2_current,
    window_refusal,
)
from app.games.royal_secrets.state import Bet, Held, Round, State, with_feed
from app.kernel.actor import Actor, me
from app.kernel.rules import Rules, Tx, refuse
from app.kernel.text import EngineError, Text

IN_GAME = ("etiquette", "assign", "diner", "choose", "bet1", "bet2", "w2", "tiebreak", "w3")


def own_betting_turn(state: State, pid: str) -> bool:
    return state.phase in ("bet1", "bet2") and state.tuile == pid and not state.designating


def in_window(state: State, pid: str, key: str) -> bool:
    turn = key in TURN_FAVEURS and own_betting_turn(state, pid)
    loop = key in W2_FAVEURS and state.phase == "w2" and w2_current(state) == pid
    return turn or loop


def _no_copy(state: State, pid: str, key: str) -> EngineError:
    name = faveur_name(key)
    held = [h for h in state.faveurs.get(pid, ()) if faveur_of(h.audience) == key]
    if any(not h.used and h.won_round >= state.rnd.number for h in held):
        return refuse("too_soon", f"{name.fr} a été gagnée ce tour-ci : elle servira à partir du tour suivant.",
                      f"{name.en} was won this round: it can be used from the next round on.")
    if held:
        return refuse("already_used", f"Vous avez déjà utilisé {name.fr}.", f"You already used {name.en}.")
    return refuse("no_faveur", f"Vous n'avez pas la Faveur {name.fr}.", f"You do not hold the Faveur {name.en}.")


def _target_refusal(state: State, pid: str, key: str, target: str | None) -> EngineError:
    """Why `target` is not a legal target of `key` for `pid` (the precise reason, RS-61..RS-63, RS-74)."""
    bet = state.rnd.bet(target) if target is not None else None
    if bet is None:
        return refuse("pick_target", "Désignez une carte misée.", "Name a bet card.")
    if bet.stabbed_by is not None:
        return refuse("already_discarded", "Cette carte a été défaussée par un Coup de poignard.",
                      "That card was discarded by a Coup de poignard.")
    if key == "coup_de_poignard":
        return refuse("not_face_down", "Le Coup de poignard vise une carte face cachée.",
                      "The Coup de poignard targets a face-down card.")
    if key == "medaille":
        return refuse("already_medal", "Cette carte porte déjà une Médaille du mérite.",
                      "That card already bears a Médaille du mérite.")
    if bet.owner is None:
        return refuse("cardinal_card", "Les cartes du Cardinal ne se recrutent pas.", "Cardinal cards cannot be recruited.")
    if bet.owner == pid:
        return refuse("own_card", "Recrutez la carte d'un autre joueur.", "Recruit another player's card.")
    if not shares_audience(state, pid, bet.owner):
        return refuse("other_audience", "Recrutez une carte de votre Audience.", "Recruit a card of your own Audience.")
    if bet.recruited_by is not None:
        return refuse("already_recruited", "Cette carte est déjà recrutée.", "That card is already recruited.")
    return refuse("zero_not_recruitable", "On ne prend jamais un Courtisan 0.", "A Courtisan 0 can never be taken.")


def _loop_step(rnd: Round, state: State, pid: str) -> Round:
    """A use inside W2 restarts the count of passes (2.4.4)."""
    if state.phase != "w2":
        return rnd
    return replace(rnd, w2_last=pid, w2_passed=frozenset())


def _spent(state: State, pid: str, audience: str) -> dict[str, tuple[Held, ...]]:
    return {**state.faveurs, pid: tuple(replace(h, used=True) if h.audience == audience else h
                                        for h in state.faveurs[pid])}


def _with_bet(rnd: Round, bet_id: str, change: Callable[[Bet], Bet]) -> tuple[Bet, ...]:
    return tuple(change(b) if b.id == bet_id else b for b in rnd.bets)


def _where(state: State, bet: Bet) -> tuple[str, str]:
    owner = "du Cardinal" if bet.owner is None else f"de {state.name(bet.owner)}"
    owner_en = "the Cardinal's" if bet.owner is None else f"{state.name(bet.owner)}'s"
    face = ("face cachée", "face-down") if bet.face == "down" else ("face visible", "face-up")
    where = side_with(bet.side)
    return f"la carte {face[0]} {owner} {where.fr}", f"{owner_en} {face[1]} card {where.en}"


def install(rules: Rules[State]) -> None:
    @rules.handles(UseFaveur, actors=("player",), phases=IN_GAME)
    def _use(tx: Tx[State], cmd: UseFaveur, actor: Actor) -> None:
        s, pid, key = tx.state, me(actor), cmd.faveur
        copy = usable_copy(s, pid, key)
        if copy is None:
            raise _no_copy(s, pid, key)
        if not in_window(s, pid, key):
            if key in W2_FAVEURS and s.phase == "w2":
                turn = s.name(w2_current(s))
                raise refuse("not_your_turn", f"C'est au tour de {turn} d'utiliser une Faveur ou de passer.",
                             f"It is {turn}'s turn to use a Faveur or pass.")
            if key in TURN_FAVEURS and s.phase in ("bet1", "bet2"):
                raise refuse("not_your_turn", "Attendez votre tour de mise, avant de miser.",
                             "Wait for your betting turn, before you bet.")
            code, why = window_refusal(key)
            raise EngineError(code, why)
        if key == "valet_devoue":
            if not s.valet_pile:
                raise refuse("valet_pile_empty", "La pioche Valet est vide.", "The Valet pile is empty.")
            tx.emit(ValetDrawn(player_id=pid, audience=copy, card=s.valet_pile[0]))
            return
        legal = targets(s, pid, key)
        if key == "espionnage":
            if not legal:
                raise refuse("nothing_to_see", "Aucune carte face cachée à regarder.", "No face-down card to look at.")
            tx.emit(EspionnageUsed(player_id=pid, audience=copy, bets=list(legal)))
            return
        if cmd.target not in legal:
            raise _target_refusal(s, pid, key, cmd.target)
        target = str(cmd.target)
        if key == "coup_de_poignard":
            tx.emit(PoignardUsed(player_id=pid, audience=copy, bet=target))
        elif key == "medaille":
            tx.emit(MedailleUsed(player_id=pid, audience=copy, bet=target))
        else:
            tx.emit(RecrutementUsed(player_id=pid, audience=copy, bet=target))

    @rules.handles(PassFaveurs, actors=("player",), phases=("w2",))
    def _pass(tx: Tx[State], cmd: PassFaveurs, actor: Actor) -> None:
        s, pid = tx.state, me(actor)
        turn = w2_current(s)
        if turn != pid:
            raise refuse("not_your_turn", f"C'est au tour de {s.name(turn)}.", f"It is {s.name(turn)}'s turn.")
        tx.emit(FaveursPassed(player_id=pid))

    @rules.applies(ValetDrawn)
    def _valet(s: State, e: ValetDrawn) -> State:
        n = s.name(e.player_id)
        line = Text(f"{n} utilise Valet dévoué et pioche un Valet.", f"{n} uses Valet dévoué and draws a Valet.")
        rnd = replace(s.rnd, uses=(*s.rnd.uses, (e.player_id, "valet_devoue")))
        return replace(s, hands={**s.hands, e.player_id: (*s.hands[e.player_id], e.card)},
                       valet_pile=s.valet_pile[1:], faveurs=_spent(s, e.player_id, e.audience), rnd=rnd,
                       feed=with_feed(s.feed, line))

    @rules.applies(EspionnageUsed)
    def _spy(s: State, e: EspionnageUsed) -> State:
        n = s.name(e.player_id)
        line = Text(f"{n} utilise Espionnage et regarde les cartes face cachée.",
                    f"{n} uses Espionnage and looks at the face-down cards.")
        seen = tuple(dict.fromkeys((*s.rnd.spied.get(e.player_id, ()), *e.bets)))
        rnd = replace(s.rnd, spied={**s.rnd.spied, e.player_id: seen}, uses=(*s.rnd.uses, (e.player_id, "espionnage")))
        return replace(s, faveurs=_spent(s, e.player_id, e.audience), rnd=_loop_step(rnd, s, e.player_id),
                       feed=with_feed(s.feed, line))

    @rules.applies(PoignardUsed)
    def _stab(s: State, e: PoignardUsed) -> State:
        bet = s.rnd.bet(e.bet)
        assert bet is not None
        fr, en = _where(s, bet)
        n = s.name(e.player_id)
        line = Text(f"{n} utilise Coup de poignard : {fr} est défaussée sans être vue.",
                    f"{n} uses Coup de poignard: {en} is discarded unseen.")
        rnd = replace(s.rnd, bets=_with_bet(s.rnd, e.bet, lambda b: replace(b, stabbed_by=e.player_id)),
                      uses=(*s.rnd.uses, (e.player_id, "coup_de_poignard")))
        return replace(s, faveurs=_spent(s, e.player_id, e.audience), rnd=_loop_step(rnd, s, e.player_id),
                       feed=with_feed(s.feed, line))

    @rules.applies(MedailleUsed)
    def _medal(s: State, e: MedailleUsed) -> State:
        bet = s.rnd.bet(e.bet)
        assert bet is not None
        fr, en = _where(s, bet)
        n = s.name(e.player_id)
        line = Text(f"{n} utilise Médaille du mérite : {fr} compte double.",
                    f"{n} uses Médaille du mérite: {en} counts double.")
        rnd = replace(s.rnd, bets=_with_bet(s.rnd, e.bet, lambda b: replace(b, medal_by=e.player_id)),
                      uses=(*s.rnd.uses, (e.player_id, "medaille")))
        return replace(s, faveurs=_spent(s, e.player_id, e.audience), rnd=_loop_step(rnd, s, e.player_id),
                       feed=with_feed(s.feed, line))

    @rules.applies(RecrutementUsed)
    def _recruit(s: State, e: RecrutementUsed) -> State:
        bet = s.rnd.bet(e.bet)
        assert bet is not None
        fr, en = _where(s, bet)
        n = s.name(e.player_id)
        line = Text(f"{n} utilise Recrutement sur {fr} : elle lui reviendra en fin de tour.",
                    f"{n} uses Recrutement on {en}: it goes to their hand at the end of the round.")
        rnd = replace(s.rnd, bets=_with_bet(s.rnd, e.bet, lambda b: replace(b, recruited_by=e.player_id)),
                      uses=(*s.rnd.uses, (e.player_id, "recrutement")))
        return replace(s, faveurs=_spent(s, e.player_id, e.audience), rnd=_loop_step(rnd, s, e.player_id),
                       feed=with_feed(s.feed, line))

    @rules.applies(FaveursPassed)
    def _passed(s: State, e: FaveursPassed) -> State:
        rnd = replace(s.rnd, w2_last=e.player_id, w2_passed=s.rnd.w2_passed | {e.player_id})
        n = s.name(e.player_id)
        return replace(s, rnd=rnd, feed=with_feed(s.feed, Text(f"{n} passe.", f"{n} passes.")))
