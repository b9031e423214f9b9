"""The free actions besides the card: reveal the domain card, play an Influence token, end the action phase.

Revealing (L196-L198, RG-45) puts min(2, reserve) conseillers in the domain's
room for this count and forfeits the end-game +2. A token gives one more paid
action, once a turn (L188-L190). Ending is always explicit (RG-66).
"""

from __future__ import annotations

from dataclasses import replace

from app.games.regents.board import ROOM_OF
from app.games.regents.commands import EndActions, PlayToken, RevealDomain
from app.games.regents.events import ActionsEnded, DomainRevealed, TokenPlayed
from app.games.regents.feed import count_of, domain, t, the
from app.games.regents.guards import my_turn
from app.games.regents.model import CountProgress, Player, State, noted, with_player
from app.kernel.actor import Actor
from app.kernel.rules import Rules, Tx, refuse
from app.kernel.text import EngineError


def reveal_refusal(p: Player) -> EngineError | None:
    if p.domain_public:
        return refuse("domain_revealed", "Votre carte Domaine est déjà dévoilée.", "Your domain card is already revealed.")
    return None


def token_refusal(s: State, p: Player) -> EngineError | None:
    if s.turn.token_played:
        return refuse("token_already_played", "Un seul jeton Influence par tour.", "Only one Influence token per turn.")
    if p.tokens <= 0:
        return refuse("no_token", "Vous n'avez pas de jeton Influence.", "You hold no Influence token.")
    return None


def install(rules: Rules[State]) -> None:
    @rules.handles(RevealDomain, actors=("player",), phases=("actions",))
    def _reveal(tx: Tx[State], cmd: RevealDomain, actor: Actor) -> None:
        p = my_turn(tx.state, actor)
        if (refusal := reveal_refusal(p)) is not None:
            raise refusal
        tx.emit(DomainRevealed(player=p.pid, domain=p.domain, counsellors=min(2, tx.state.reserve)))

    @rules.handles(PlayToken, actors=("player",), phases=("actions",))
    def _token(tx: Tx[State], cmd: PlayToken, actor: Actor) -> None:
        p = my_turn(tx.state, actor)
        if (refusal := token_refusal(tx.state, p)) is not None:
            raise refusal
        tx.emit(TokenPlayed(player=p.pid))

    @rules.handles(EndActions, actors=("player",), phases=("actions",))
    def _end(tx: Tx[State], cmd: EndActions, actor: Actor) -> None:
        p = my_turn(tx.state, actor)
        tx.emit(ActionsEnded(player=p.pid, unused=tx.state.turn.actions_left))

    @rules.applies(DomainRevealed)
    def _revealed(s: State, e: DomainRevealed) -> State:
        room = ROOM_OF[e.domain]
        s = with_player(s, e.player, domain_round=s.round)
        s = replace(s, reserve=s.reserve - e.counsellors,
                    turn=replace(s.turn, domain_revealed=True, counsellors=(*s.turn.counsellors, *[room] * e.counsellors)))
        who = s.seat_name(e.player)
        placed = count_of(e.counsellors, "conseiller", "conseillers", "conseiller", "conseillers")
        return noted(s, "domain", t(
            f"{who} dévoile son domaine : {domain(e.domain).fr}. {placed.fr} dans {the(room).fr} pour ce décompte.",
            f"{who} reveals their domain: {domain(e.domain).en}. {placed.en} in {the(room).en} for this count."))

    @rules.applies(TokenPlayed)
    def _token_played(s: State, e: TokenPlayed) -> State:
        p = s.player(e.player)
        s = with_player(s, p.pid, tokens=p.tokens - 1, tokens_played=p.tokens_played + 1)
        s = replace(s, turn=replace(s.turn, token_played=True, actions_left=s.turn.actions_left + 1))
        return noted(s, "token", t(f"{p.name} joue un jeton Influence : une action de plus.",
                                   f"{p.name} plays an Influence token: one more action."))

    @rules.applies(ActionsEnded)
    def _ended(s: State, e: ActionsEnded) -> State:
        if s.neutral is not None:
            s = replace(s, phase="neutral")
        else:
            s = replace(s, phase="count", count=CountProgress())
        who = s.seat_name(e.player)
        if e.by_moderator:
            return noted(s, "end", t(f"Le meneur de jeu termine les actions de {who}.",
                                     f"The game master ends {who}'s actions."))
        return noted(s, "end", t(f"{who} termine ses actions.", f"{who} ends their actions."))
