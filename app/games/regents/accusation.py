"""F accuse: a tile laid before another player, in the King's presence (L112-L122, L272, L281-L285).

Success: the accused's clan is public, his hand is discarded, the accuser
takes +2 at once (RG-75) and a conseiller if the reserve has one (RG-18).
Failure: the accused shows his clan to the accuser alone, the accuser loses
the tile played and the accused's true tile (RG-15, RG-71), and the accused
picks how he loses 2 cases (RG-17, RG-74).
"""

from __future__ import annotations

from dataclasses import replace

from app.games.regents.clans import CLAN_NAMES, Clan
from app.games.regents.commands import Accuse
from app.games.regents.events import AccusationFailed, AccusationSucceeded
from app.games.regents.feed import count_of, t
from app.games.regents.guards import action_refusal, my_turn
from app.games.regents.markers import lost
from app.games.regents.model import AccusedMe, Player, Shown, SpentTile, State, noted, with_player
from app.games.regents.prompts import open_prompt
from app.games.regents.track import loss_choices, loss_of
from app.kernel.actor import Actor
from app.kernel.rules import Rules, Tx, refuse
from app.kernel.text import EngineError


def accuse_refusal(s: State, p: Player, target: str | None, clan: Clan | None = None) -> EngineError | None:
    """Why `p` may not accuse `target` (None: anyone) with `clan` (None: any tile), or None."""
    if (refusal := action_refusal(s)) is not None:
        return refusal
    if p.at(s.king) == 0:  # a conseiller is not enough (RG-12)
        return refuse("not_with_king", "Pour accuser, il faut un de vos agents dans la salle d'Edouard Ier.",
                      "To accuse, one of your agents must stand in Edward I's room.")
    if target is not None:
        if target == p.pid:
            return refuse("accuse_self", "Vous ne pouvez pas vous accuser vous-même.", "You cannot accuse yourself.")
        if not s.has(target):
            return refuse("no_such_player", "On n'accuse qu'un autre joueur (pas le neutre).",
                          "You can only accuse another player (not the neutral).")
        q = s.player(target)
        if q.clan_public:
            return refuse("clan_known", f"Le clan de {q.name} est déjà connu de tous.",
                          f"{q.name}'s clan is already known to all.")
    if clan is not None and clan not in p.tiles:
        return refuse("no_tile", f"Vous n'avez plus la tuile {CLAN_NAMES[clan]}.", f"You no longer hold the {CLAN_NAMES[clan]} tile.")
    return None


def install(rules: Rules[State]) -> None:
    @rules.handles(Accuse, actors=("player",), phases=("actions",))
    def _accuse(tx: Tx[State], cmd: Accuse, actor: Actor) -> None:
        s = tx.state
        p = my_turn(s, actor)
        if (refusal := accuse_refusal(s, p, cmd.target, cmd.clan)) is not None:
            raise refusal
        q = s.player(cmd.target)
        if q.clan == cmd.clan:
            tx.emit(AccusationSucceeded(player=p.pid, target=q.pid, clan=cmd.clan, lost_hand=q.hand,
                                        counsellor=s.reserve > 0))
            open_prompt(tx, "gain", p.pid, p.pid, "accusation")
            return
        tiles = (cmd.clan,) + ((q.clan,) if q.clan in p.tiles else ())
        tx.emit(AccusationFailed(player=p.pid, target=q.pid, named=cmd.clan, clan=q.clan, tiles=tiles))
        choices = loss_choices(tx.state.player(p.pid).score)
        if len(choices) == 1:
            score = tx.state.player(p.pid).score
            tx.emit(lost(tx.state, p.pid, loss_of(score, choices[0]), "accusation", by=q.pid))
        elif choices:
            open_prompt(tx, "loss", q.pid, p.pid, "accusation")

    @rules.applies(AccusationSucceeded)
    def _success(s: State, e: AccusationSucceeded) -> State:
        p, q = s.player(e.player), s.player(e.target)
        s = with_player(s, p.pid, tiles=tuple(c for c in p.tiles if c != e.clan),
                        spent=(*p.spent, SpentTile(e.clan, "laid", s.round, q.pid)),
                        counsellors=p.counsellors + (1 if e.counsellor else 0))
        s = with_player(s, q.pid, clan_public=True, hand=(), lost_hand=e.lost_hand, exposed=(p.pid, e.clan),
                        accused_me=(*q.accused_me, AccusedMe(s.round, p.pid, e.clan, True)))
        s = replace(s, reserve=s.reserve - (1 if e.counsellor else 0),
                    turn=replace(s.turn, actions_left=s.turn.actions_left - 1))
        c = CLAN_NAMES[e.clan]
        more = t(" et reçoit un conseiller", " and receives a conseiller") if e.counsellor else t("", "")
        return noted(s, "accusation", t(
            f"{p.name} accuse {q.name} d'être {c} : réussite ! {q.name} défausse ses cartes ; {p.name} gagne 2 cases{more.fr}.",
            f"{p.name} accuses {q.name} of being {c}: success! {q.name} discards their cards; {p.name} gains 2 cases{more.en}."))

    @rules.applies(AccusationFailed)
    def _failure(s: State, e: AccusationFailed) -> State:
        p, q = s.player(e.player), s.player(e.target)
        spent = [SpentTile(e.named, "failed", s.round, q.pid)]
        spent += [SpentTile(c, "discarded", s.round, q.pid) for c in e.tiles if c != e.named]
        s = with_player(s, p.pid, tiles=tuple(c for c in p.tiles if c not in e.tiles), spent=(*p.spent, *spent),
                        shown=(*p.shown, Shown(s.round, q.pid, e.clan)))
        s = with_player(s, q.pid, accused_me=(*q.accused_me, AccusedMe(s.round, p.pid, e.named, False)))
        s = replace(s, turn=replace(s.turn, actions_left=s.turn.actions_left - 1))
        tiles = count_of(len(e.tiles), "tuile", "tuiles", "tile", "tiles")
        return noted(s, "accusation", t(
            f"{p.name} accuse {q.name} : échec. {q.name} montre son clan à {p.name} seul ; {p.name} perd {tiles.fr} et jusqu'à 2 cases.",
            f"{p.name} accuses {q.name}: failure. {q.name} shows their clan to {p.name} alone; {p.name} loses {tiles.en} and up to 2 cases."))
