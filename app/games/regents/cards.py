"""The action cards: a free action, one a turn, never in round 8 (L168-L182, L287-L294, RG-33..RG-43, RG-76).

SUSPICION, TRAHISON and INFLUENCE act at once; PRIVILÈGE waits for the next
A; DIPLOMATIE and ALLIANCE wait for the count. Playing the last card shows
the whole blason: the clan is public and the player takes +2 (gated).
"""

from __future__ import annotations

from dataclasses import replace

from app.games.regents.board import SPACES, Space
from app.games.regents.clans import CLAN_NAMES, Card
from app.games.regents.commands import PlayCard
from app.games.regents.config import ROUNDS
from app.games.regents.events import AgentRef, CardPlayed, ClanRevealed
from app.games.regents.feed import card, space, t, the
from app.games.regents.guards import my_turn
from app.games.regents.markers import gained
from app.games.regents.model import NEUTRAL, Player, State, noted, with_player
from app.games.regents.movement import moved
from app.games.regents.prompts import open_prompt
from app.games.regents.track import split
from app.kernel.actor import Actor
from app.kernel.rules import Rules, Tx, refuse
from app.kernel.text import EngineError, Text


def code(owner: str, where: Space) -> str:
    return f"{owner}@{where}"


def parse(s: State, raw: str) -> AgentRef | None:
    """An agent code ("p2@TRESOR") naming an agent that is really there, or None."""
    owner, _, where = raw.partition("@")
    if where not in SPACES:
        return None
    sp = Space(where)
    if owner == NEUTRAL:
        ok = s.neutral is not None and s.neutral.at(sp) > 0
    else:
        ok = s.has(owner) and s.player(owner).at(sp) > 0
    return AgentRef(owner=owner, space=sp) if ok else None


def suspicion_targets(s: State, p: Player) -> list[str]:
    """Opponents' agents in the castle (never the neutral's, RG-38)."""
    return [code(q.pid, sp) for q in s.players if q.pid != p.pid for sp in SPACES if q.at(sp) > 0]


def board_agents(s: State) -> list[str]:
    """Every agent group in the castle, the neutral's included (TRAHISON, RG-37)."""
    out = [code(q.pid, sp) for q in s.players for sp in SPACES if q.at(sp) > 0]
    if s.neutral is not None:
        out += [code(NEUTRAL, sp) for sp in SPACES if s.neutral.at(sp) > 0]
    return out


def card_refusal(s: State, p: Player, c: Card | None) -> EngineError | None:
    """Why `p` may not play `c` (None: any card) now, whatever its targets."""
    if s.round >= ROUNDS:
        return refuse("last_round", "Pas de carte Action au dernier tour.", "No action card in the last round.")
    if s.turn.card_played:
        return refuse("card_already_played", "Une seule carte Action par tour.", "Only one action card per turn.")
    if c is None:
        return None if p.hand else refuse("no_card", "Vous n'avez plus de carte Action.", "You have no action card left.")
    if c not in p.hand:
        return refuse("not_in_hand", "Cette carte n'est pas dans votre main.", "That card is not in your hand.")
    if c is Card.SUSPICION and not suspicion_targets(s, p):
        return refuse("no_target", "Aucun agent adverse dans le château : Suspicion n'a pas de cible.",
                      "No opposing agent in the castle: Suspicion has no target.")
    if c is Card.TRAHISON and len({ref.partition("@")[2] for ref in board_agents(s)}) < 2:
        return refuse("no_target", "Il faut des agents dans deux lieux différents pour Trahison.",
                      "Treason needs agents in two different spaces.")
    return None


def _bad(fr: str, en: str) -> EngineError:
    return refuse("bad_target", fr, en)


def target_refusal(s: State, p: Player, cmd: PlayCard) -> EngineError | None:
    c = cmd.card
    if c is Card.SUSPICION:
        if len(cmd.agents) != 1 or cmd.domains:
            return _bad("Suspicion : désignez un agent adverse.", "Suspicion: pick one opposing agent.")
        if cmd.agents[0] not in suspicion_targets(s, p):
            return _bad("Suspicion ne vise qu'un agent d'un adversaire (pas le neutre) dans le château.",
                        "Suspicion only targets an opponent's agent (not the neutral's) in the castle.")
        return None
    if c is Card.TRAHISON:
        if len(cmd.agents) != 2 or cmd.domains:
            return _bad("Trahison : désignez deux agents.", "Treason: pick two agents.")
        refs = [parse(s, raw) for raw in cmd.agents]
        if refs[0] is None or refs[1] is None:
            return _bad("Trahison : ces agents ne sont pas là.", "Treason: those agents are not there.")
        if refs[0].space == refs[1].space:
            return refuse("same_space", "Trahison échange deux agents de deux lieux différents.",
                          "Treason swaps two agents standing in two different spaces.")
        return None
    if c is Card.INFLUENCE:
        if cmd.agents or not cmd.domains or len(set(cmd.domains)) != len(cmd.domains):
            return _bad("Influence : un domaine (+2) ou deux domaines différents (+1 chacun).",
                        "Influence: one domain (+2) or two different domains (+1 each).")
        return None
    if cmd.agents or cmd.domains:
        return _bad("Cette carte ne prend pas de cible.", "This card takes no target.")
    return None


def install(rules: Rules[State]) -> None:
    @rules.handles(PlayCard, actors=("player",), phases=("actions",))
    def _play(tx: Tx[State], cmd: PlayCard, actor: Actor) -> None:
        s = tx.state
        p = my_turn(s, actor)
        if (refusal := card_refusal(s, p, cmd.card) or target_refusal(s, p, cmd)) is not None:
            raise refusal
        refs = [parse(s, raw) for raw in cmd.agents]
        tx.emit(CardPlayed(player=p.pid, card=cmd.card,
                           sent_off=refs[0] if cmd.card is Card.SUSPICION else None,
                           swapped=tuple(r for r in refs if r is not None) if cmd.card is Card.TRAHISON else ()))
        if cmd.card is Card.INFLUENCE:
            tx.emit(gained(tx.state, p.pid, split(cmd.domains), "influence"))
        me = tx.state.player(p.pid)
        if not me.hand:  # the 5th card (L180, RG-33, RG-34)
            tx.emit(ClanRevealed(player=p.pid, clan=me.clan))
            open_prompt(tx, "gain", p.pid, p.pid, "fifth_card")

    @rules.applies(CardPlayed)
    def _played(s: State, e: CardPlayed) -> State:
        p = s.player(e.player)
        hand = list(p.hand)
        hand.remove(e.card)
        s = with_player(s, p.pid, hand=tuple(hand), played=(*p.played, e.card))
        s = replace(s, turn=replace(s.turn, card_played=True, privilege=s.turn.privilege or e.card is Card.PRIVILEGE,
                                    diplomatie=s.turn.diplomatie or e.card is Card.DIPLOMATIE,
                                    alliance=s.turn.alliance or e.card is Card.ALLIANCE))
        head = Text(f"{p.name} joue {card(e.card).fr}", f"{p.name} plays {card(e.card).en}")
        tail = Text(".", ".")
        if e.sent_off is not None:
            off = e.sent_off
            s = _shift(s, off.owner, off.space, None)
            tail = t(f" : un agent de {s.seat_name(off.owner)} quitte {the(off.space).fr}.",
                     f": one of {s.seat_name(off.owner)}'s agents leaves {the(off.space).en}.")
        if len(e.swapped) == 2:
            a, b = e.swapped
            s = _shift(s, a.owner, a.space, b.space)
            s = _shift(s, b.owner, b.space, a.space)
            na, nb = _agent(s, a.owner), _agent(s, b.owner)
            tail = t(f" : {na.fr} ({space(a.space).fr}) et {nb.fr} ({space(b.space).fr}) échangent leur place.",
                     f": {na.en} ({space(a.space).en}) and {nb.en} ({space(b.space).en}) swap places.")
        return noted(s, "card", Text(head.fr + tail.fr, head.en + tail.en))

    @rules.applies(ClanRevealed)
    def _revealed(s: State, e: ClanRevealed) -> State:
        s = with_player(s, e.player, clan_public=True)
        who, c = s.seat_name(e.player), CLAN_NAMES[e.clan]
        return noted(s, "clan", t(f"{who} a joué sa dernière carte : son blason est complet, c'est le clan {c}.",
                                  f"{who} played their last card: the blason is complete, clan {c}."))


def _agent(s: State, owner: str) -> Text:
    if owner == NEUTRAL:
        return Text("l'agent neutre", "the neutral agent")
    who = s.seat_name(owner)
    return Text(f"l'agent de {who}", f"{who}'s agent")


def _shift(s: State, owner: str, src: Space, dst: Space | None) -> State:
    """One agent of `owner` on `src` goes to `dst` (None: out of the castle; never for the neutral)."""
    if owner == NEUTRAL:
        assert s.neutral is not None and dst is not None
        agents = list(s.neutral.agents)
        agents[agents.index(src)] = dst
        return replace(s, neutral=replace(s.neutral, agents=tuple(agents)))
    return with_player(s, owner, agents=moved(s.player(owner).agents, src, dst))
