"""Powers an event grants for one round, through the powers seam (rules.power_sources and rules.active).

They appear in the phone's `me.powers` and `actions` like card powers and are used with
`use_power {power, target}`; their uses are counted per person (not per card).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from app.games.deuxrois import bars
from app.games.deuxrois import designation as des_rules
from app.games.deuxrois.allegiance import eff_team
from app.games.deuxrois.cards import PAPE, PELERIN, Cost, Effect, Frequency, Power, Team, Trigger, Window
from app.games.deuxrois.crossing import move_player
from app.games.deuxrois.deal import Room
from app.games.deuxrois.historique import round_events
from app.games.deuxrois.historique.colours import public_colour
from app.games.deuxrois.historique.effects import arrivals, fresh, in_force, mark, step_done, zone
from app.games.deuxrois.historique.events import (
    EnvoyDelegated,
    HistoriquePowerSpent,
    HistoriqueRoleSet,
    ZoneSet,
)
from app.games.deuxrois.historique.guards import lieutenant_of
from app.games.deuxrois.historique.model import historique_of
from app.games.deuxrois.model.commands import UsePower
from app.games.deuxrois.model.events import CardsSwapped
from app.games.deuxrois.powers.registry import force_target, forceable
from app.games.deuxrois.powers.reveal_triggers import immune
from app.games.deuxrois.prompts import open_prompt
from app.games.deuxrois.reveals import complete, show_private
from app.games.deuxrois.ruleset import GameRules, Tx, Watched
from app.games.deuxrois.state import GameState, Prompt
from app.kernel.rules import refuse
from app.kernel.text import EngineError, Text

Targets = Callable[[GameState, str], list[str]]


@dataclass(frozen=True, slots=True)
class EventPower:
    key: str
    event: int
    name: tuple[str, str]
    text: tuple[str, str]
    windows: tuple[Window, ...]
    holds: Callable[[GameState, str], bool]
    targets: Targets | None
    resolve: Callable[[Tx, str, str | None], None]
    limit: int | None = 1  # uses per round and per person; None: unlimited
    cost: Cost = Cost.NONE  # the reveal it costs its holder, checked by the seam like a card's (bars.cost)
    condition: Callable[[GameState, str], Text | None] | None = None  # why not now (beyond window and limit)
    watches: Watched | None = None  # what its targets read of others' parts (ruleset.ActivePower.watches)



def _room_others(state: GameState, pid: str) -> list[str]:
    return [p for p in state.present(state.rooms[pid]) if p != pid]


def _forceable(state: GameState, pid: str) -> list[str]:
    """Who `pid` may force: in his room, and no bar on the forcée (bars.force: immune, reveal guards)."""
    return [p for p in _room_others(state, pid) if forceable(state, pid, p)]


def _is_general(state: GameState, pid: str) -> bool:
    room = state.rooms[pid]
    return state.generals.get(room) == pid


def _elected(state: GameState, pid: str) -> bool:
    el = state.elections.get(state.rooms[pid])
    return _is_general(state, pid) and el is not None and not el.open


def _role(role: str) -> Callable[[GameState, str], bool]:
    return lambda state, pid: historique_of(state).has(role, pid)


# ------------------------------------------------------------------ the effects
def _coronation(tx: Tx, pid: str, target: str | None) -> None:
    assert target is not None
    public_colour(tx, target, "couronnement")


def _ballots(state: GameState, pid: str) -> object:
    el = state.elections.get(state.rooms[pid])
    return el.ballots if el is not None else None


def _lieutenant_targets(state: GameState, pid: str) -> list[str]:
    """7, E11: players of his room who did not vote for him (abstainers too); if none, anyone else."""
    el = state.elections.get(state.rooms[pid])
    ballots = el.ballots if el is not None else {}
    others = _room_others(state, pid)
    return [p for p in others if ballots.get(p) != pid] or others


def _lieutenant(tx: Tx, pid: str, target: str | None) -> None:
    """The lieutenant serves the général who named him (S19: a new sitting général names his own)."""
    assert target is not None
    tx.emit(HistoriqueRoleSet(role="lieutenant", player=target, choice=tx.state.rooms[pid].value))
    tx.emit(HistoriqueRoleSet(role="lieutenant_by", player=target, choice=pid))


def _viking_targets(state: GameState, pid: str) -> list[str]:
    return [p for p in _room_others(state, pid) if not immune(state, p, Effect.FORCEE)
            and bars.reveal(state, p, pid, "privee") is None]


def _viking(tx: Tx, pid: str, target: str | None) -> None:
    """9, E13, S18: a one-way forced view, the target's card to the viking alone. It is no reveal between
    the two cards, so it fires nothing (no Faussaire swap, no arming, no subjugation)."""
    assert target is not None
    show_private(tx, target, pid, source="viking", fire=False)


def _force(source: str) -> Callable[[Tx, str, str | None], None]:
    def resolve(tx: Tx, pid: str, target: str | None) -> None:
        assert target is not None
        complete(tx, pid, target, forced=True, source=source)
    return resolve


def _pilgrim(state: GameState, pid: str) -> bool:
    """16, E20: ORANGE at heart and a complète with the Pope's holder; void without the Pope."""
    pope = state.holder(PAPE)
    return (pope is not None and pope != pid and eff_team(state.cards[pid], state.state_of(pid)) is Team.ORANGE
            and pope in state.complete_partners.get(pid, frozenset()))


def _cross(reason: str) -> Callable[[Tx, str, str | None], None]:
    def resolve(tx: Tx, pid: str, target: str | None) -> None:
        move_player(tx, pid, tx.state.rooms[pid].other, reason)
    return resolve


def _oaths_pending(state: GameState, pid: str) -> frozenset[str]:
    """Who offers an oath or is asked one now: out of every oath's targets (others' prompts, so watched)."""
    return frozenset(x for p in state.prompts.values() if p.kind == "blood_oath"
                     for x in (str(p.data.get("target")), p.player_id))


def _oath_targets(state: GameState, pid: str) -> list[str]:
    """Partners who could pay the oath's price too: a public reveal (asked of everyone alike, bars.reveal)."""
    pending = _oaths_pending(state, pid)
    if pid in pending:
        return []
    return [p for p in _room_others(state, pid) if not historique_of(state).has("sworn", p) and p not in pending
            and bars.reveal(state, p, None, "publique") is None]


def _oath(tx: Tx, pid: str, target: str | None) -> None:
    assert target is not None
    open_prompt(tx, target, "blood_oath", ["accept", "decline"], {"target": pid}, until="phase")


def _oath_answer(tx: Tx, prompt: Prompt, choice: str) -> None:
    """23, E27: a permanent swap (state travels, uses not refreshed); both show the new card at arrival."""
    asker, target = str(prompt.data["target"]), prompt.player_id
    state = tx.state
    if choice != "accept" or fresh(state) != 23 or state.rooms.get(asker) is not state.rooms.get(target):
        return
    refusal = bars.chosen_reveal(state, target, None, "publique")  # accepting is choosing to pay the price
    if refusal is not None:
        raise refusal
    if historique_of(state).has("sworn", asker) or historique_of(state).has("sworn", target):
        return
    tx.emit(CardsSwapped(a=asker, b=target, reason="serment_sang", refresh=False))
    tx.emit(HistoriqueRoleSet(role="sworn", player=asker))
    tx.emit(HistoriqueRoleSet(role="sworn", player=target))


def _revolt_answer(tx: Tx, prompt: Prompt, choice: str) -> None:
    """20, E24: an envoy who stays is not replaced."""
    tx.emit(HistoriqueRoleSet(role="declined", player=prompt.player_id, on=choice == "stay"))


def _envoy_now(state: GameState, pid: str) -> bool:
    des = state.designations.get(state.rooms[pid])
    return (des is not None and des.locked and pid in des.named
            and not historique_of(state).has("delegated", pid))


DELEGATION_MS = 20_000  # S16: each envoy may pass the mission on within 20 s of his list's lock
DELEGATION_CLOSED = Text("Le bal des traîtres : les 20 s après le verrouillage de la liste sont passées.",
                         "The traitors' ball: the 20 s after the list was locked are over.")


def delegation_deadline(state: GameState, room: Room) -> int | None:
    des = state.designations.get(room)
    return des.locked_ms + DELEGATION_MS if des is not None and des.locked_ms is not None else None


def _delegation_open(state: GameState, pid: str) -> Text | None:
    room = state.rooms[pid]
    return DELEGATION_CLOSED if step_done(state, f"delegation_closed:{state.round}:{room.value}") else None


def _delegation_due(state: GameState) -> int | None:
    """The timer that closes each room's delegations at its deadline (the phones stop offering it)."""
    if fresh(state) != 12 or state.phase != "X" or state.paused_at_ms is not None:
        return None
    due = [d for room in state.iter_rooms() if not step_done(state, f"delegation_closed:{state.round}:{room.value}")
           and (d := delegation_deadline(state, room)) is not None]
    return min(due, default=None)


def _delegation_close(tx: Tx) -> None:
    for room in tx.state.iter_rooms():
        deadline = delegation_deadline(tx.state, room)
        step = f"delegation_closed:{tx.state.round}:{room.value}"
        if deadline is not None and deadline <= tx.now and not step_done(tx.state, step):
            mark(tx, step)


def _delegate_targets(state: GameState, pid: str) -> list[str]:
    """12, E16: one non-envoy of his room, not the général, not immune, who has not been involved yet."""
    room = state.rooms[pid]
    des = state.designations[room]
    return [p for p in des_rules.eligible(state, room) if p not in des.named
            and (not des_rules.immune_to_designation(state, p) or p in des.volunteers)
            and not historique_of(state).has("delegated", p)]


def _delegate(tx: Tx, pid: str, target: str | None) -> None:
    assert target is not None
    deadline = delegation_deadline(tx.state, tx.state.rooms[pid])
    if deadline is not None and tx.now > deadline:  # the clock decides, even before the timer's tick
        raise EngineError("power_unavailable", DELEGATION_CLOSED)
    tx.emit(EnvoyDelegated(room=tx.state.rooms[pid], envoy=pid, replacement=target))


def _siege_targets(state: GameState, pid: str) -> list[str]:
    """17, E21, S17: arriving envoys in his room; the Pèlerin cannot be refused (L363 "jamais"). An event is a
    rule, not a power: an Émissaire who volunteered as envoy can be sent back (one who crossed by his own
    power is no envoy, so he is not among the arrivals)."""
    room = state.rooms[pid]
    return [p for p, origin in sorted(arrivals(state).items()) if origin is room.other
            and state.rooms.get(p) is room and state.cards[p] != PELERIN]


def _siege(tx: Tx, pid: str, target: str | None) -> None:
    assert target is not None
    origin = tx.state.rooms[target].other
    tx.emit(HistoriqueRoleSet(role="bounced", player=target))
    move_player(tx, target, origin, "etat_siege")


def _raid(tx: Tx, pid: str, target: str | None) -> None:
    assert target is not None
    round_events.start_raid(tx, target)


def _legate(tx: Tx, pid: str, target: str | None) -> None:
    assert target is not None
    tx.emit(HistoriqueRoleSet(role="legate", player=target))


def _council(tx: Tx, pid: str, target: str | None) -> None:
    assert target is not None
    tx.emit(HistoriqueRoleSet(role="council", player=pid, choice=target))


def _battle_targets(state: GameState, pid: str) -> list[str]:
    return [p for p in _forceable(state, pid) if zone(state, p) == "champ"]


def _battle(tx: Tx, pid: str, target: str | None) -> None:
    """27, E31: the challenger shows first, the challenged must show; the challenger leaves for the Village."""
    assert target is not None
    complete(tx, pid, target, forced=True, source="champ_bataille")
    tx.emit(ZoneSet(player=pid, zone="village", by="event"))


NEG = (Window.N,)
NED = (Window.N, Window.E, Window.D)
_ALL = (
    EventPower("coronation_demand", 5, ("Demande du couronnement", "Coronation demand"),
               ("Un joueur de votre salle montre sa couleur à toute la salle.",
                "A player of your room shows their colour to the whole room."),
               (Window.E, Window.D), _elected,
               lambda s, p: [q for q in _room_others(s, p) if not immune(s, q, Effect.FORCEE)], _coronation),
    EventPower("pick_lieutenant", 7, ("Nommer le lieutenant", "Name the lieutenant"),
               ("Le lieutenant désignera les envoyés à votre place.", "The lieutenant names the envoys for you."),
               (Window.D,), lambda s, p: _is_general(s, p) and not lieutenant_of(s, s.rooms[p]),
               _lieutenant_targets, _lieutenant, watches=_ballots),
    EventPower("viking_view", 9, ("Raid viking", "Viking raid"),
               ("Voir de force la carte d'un joueur sans montrer la vôtre (2 fois).",
                "Force a player to show you their card without showing yours (twice)."),
               NED, _role("viking"), _viking_targets, _viking, limit=2),
    EventPower("tostig_force", 15, ("Espion de Tostig", "Tostig's spy"),
               ("Une révélation forcée : vous montrez d'abord votre carte.",
                "One forced reveal: you show your card first."),
               NED, _role("tostig"), _forceable, _force("espions_tostig"), cost=Cost.FORCEE),
    EventPower("pilgrim_move", 16, ("Route des pèlerins", "Pilgrims' road"),
               ("Changer de salle une fois ce tour.", "Change rooms once this round."),
               NEG, _pilgrim, None, _cross("route_pelerins")),
    EventPower("blood_oath", 23, ("Serment du sang", "Blood oath"),
               ("Proposer à un joueur d'échanger définitivement vos cartes.",
                "Offer a player to swap your cards for good."),
               (Window.X,), lambda s, p: not historique_of(s).has("sworn", p), _oath_targets, _oath, limit=None,
               cost=Cost.PUBLIQUE, watches=_oaths_pending),
    EventPower("delegate_mission", 12, ("Bal des traîtres", "Traitors' ball"),
               ("Désigner un joueur de votre salle qui partira à votre place.",
                "Name a player of your room who goes instead of you."),
               (Window.X,), _envoy_now, _delegate_targets, _delegate, condition=_delegation_open),
    EventPower("siege_bounce", 17, ("État de siège", "State of siege"),
               ("Renvoyer un envoyé qui vient d'arriver dans sa salle d'origine.",
                "Send an envoy who just arrived back to their room."),
               (Window.A,), _is_general, _siege_targets, _siege, limit=None),
    EventPower("raid", 19, ("Raid côtier", "Coastal raid"),
               ("Envoyer un joueur espionner l'autre salle pendant 1 minute (3 au plus).",
                "Send a player to spy on the other room for 1 minute (3 at most)."),
               NEG, _role("raid_leader"),
               lambda s, p: [q for q in _room_others(s, p) if not historique_of(s).has("raider", q)], _raid, limit=3),
    EventPower("name_legate", 24, ("Nommer le légat", "Name the legate"),
               ("Un joueur de votre salle circulera librement entre les salles ce tour.",
                "A player of your room moves freely between rooms this round."),
               NEG, _role("legate_chooser"), _room_others, _legate),
    EventPower("legate_move", 24, ("Légat : changer de salle", "Legate: change rooms"),
               ("Passer dans l'autre salle (vous votez là où vous êtes à la fin de la négociation).",
                "Go to the other room (you vote where you stand at the end of negotiation)."),
               NEG, _role("legate"), None, _cross("legat"), limit=None),
    EventPower("council_name", 14, ("Parlement des sages", "Council of elders"),
               ("Proposer le nom à protéger des missions ; il l'est si l'autre sage donne le même.",
                "Propose the name to protect from missions; it is if the other elder gives the same."),
               NED, _role("council"), _room_others, _council, limit=None),
    EventPower("battle_challenge", 27, ("Défi", "Challenge"),
               ("Défier un joueur du Champ de bataille (vous montrez d'abord) ; vous passez au Village.",
                "Challenge a Battlefield player (you show first); you move to the Village."),
               NEG, lambda s, p: zone(s, p) == "champ", _battle_targets, _battle, cost=Cost.FORCEE),
)
POWERS: dict[str, EventPower] = {ep.key: ep for ep in _ALL}  # the catalogue, by power key


def _power(ep: EventPower) -> Power:
    return Power(ep.key, Text(*ep.name), Text(*ep.text), Trigger.ACTION, Frequency.UNLIMITED, ep.windows,
                 ep.cost, automatic=False, copyable=False)


def _granted(state: GameState, pid: str) -> Iterable[Power]:
    if not state.config.historique or pid not in state.rooms:
        return []
    return [_power(ep) for ep in POWERS.values() if in_force(state, ep.event) and ep.holds(state, pid)]


def _in_the_mode(state: GameState) -> Iterable[str]:
    """Whom the Mode's events may grant a power: every player, in the Mode only (the rules are installed in
    every game, and who holds a power of theirs is asked after every tap)."""
    return state.cards if state.config.historique else ()


def _install_power(rules: GameRules, ep: EventPower) -> None:
    def condition(state: GameState, pid: str) -> Text | None:
        if ep.limit is not None and historique_of(state).uses(ep.key, pid) >= ep.limit:
            return Text("Déjà utilisé ce tour.", "Already used this round.")
        return ep.condition(state, pid) if ep.condition is not None else None

    def check(state: GameState, pid: str, cmd: UsePower) -> None:
        if ep.cost is Cost.FORCEE:  # the same check as every forcée (immune, reveal bars), then the event's own
            force_target(state, pid, cmd.target)
        if ep.targets is not None and cmd.target not in ep.targets(state, pid):
            raise refuse("bad_target", "Cible impossible.", "Not a possible target.")

    def resolve(tx: Tx, pid: str, cmd: UsePower) -> None:
        tx.emit(HistoriquePowerSpent(player=pid, power=ep.key))
        ep.resolve(tx, pid, cmd.target)

    rules.active_power(ep.key, condition=condition, check=check, targets=ep.targets, watches=ep.watches)(resolve)


# 13, E17: the token itself is social; each complète asks both players to tick that it was exchanged.
COIN_TOKEN = Power("coin_token", Text("Frappe des monnaies", "Minting coins"),
                   Text("À chaque révélation complète, échangez un petit objet puis cochez-le.",
                        "At each full reveal, exchange a small object, then tick it."),
                   Trigger.AFTER_COMPLETE, Frequency.PASSIVE, (Window.PASSIVE,), Cost.NONE, automatic=True,
                   copyable=False)


def _coin_token_holders(state: GameState, pid: str) -> Iterable[Power]:
    return [COIN_TOKEN] if state.config.historique and in_force(state, 13) else []


def _ask_token(tx: Tx, holder: str, partner: str, kind: str) -> None:
    open_prompt(tx, holder, "coin_token", ["done"], {"target": partner}, until="round")


def _token_ticked(tx: Tx, prompt: Prompt, choice: str) -> None:
    """The tick is only a record (the prompt's closing event)."""


def install(rules: GameRules) -> None:
    for ep in _ALL:
        _install_power(rules, ep)
    rules.timers.append((_delegation_due, _delegation_close))
    rules.power_source(_granted, grants=frozenset(POWERS), who=_in_the_mode)
    rules.power_source(_coin_token_holders, grants=frozenset({COIN_TOKEN.key}), who=_in_the_mode)
    rules.prompt_kind("blood_oath")(_oath_answer)
    rules.prompt_kind("revolt_mission")(_revolt_answer)
    rules.on_reveal("coin_token", order=89)(_ask_token)  # just before the Moine's copy (90)
    rules.prompt_kind("coin_token")(_token_ticked)
