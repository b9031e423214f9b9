"""Who may do what, now, and why not: shared by decide() (refusals) and the views (legal actions)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from app.games.debarquement.commands import NAME_MAX
from app.games.debarquement.state import MAX_PLAYERS, MIN_PLAYERS, Phase, State
from app.games.deuxrois.cards import CARDS
from app.kernel import seats
from app.kernel.actor import Actor
from app.kernel.names import clean_name, name_key
from app.kernel.text import EngineError, Text

Refusal = EngineError | None


def _err(code: str, fr: str, en: str) -> EngineError:
    return EngineError(code, Text(fr, en))


def name_of(state: State, player_id: str) -> str:
    seat = state.seat(player_id)
    return seat.name if seat else player_id


def _phase_refusal(state: State) -> Refusal:
    """The refusals every in-game action shares, most general first."""
    if state.phase is Phase.NEW:
        return _err("no_game", "Cette partie n'existe pas.", "This game does not exist.")
    if state.phase is Phase.LOBBY:
        return _err("not_started", "La partie n'a pas encore commencé.", "The game has not started yet.")
    if state.phase is Phase.GAME_OVER:
        return _err("game_over", "La partie est terminée.", "The game is over.")
    return None


def _seated(state: State, player_id: str) -> Refusal:
    if state.seat(player_id) is None:
        return _err("not_seated", "Vous n'êtes pas assis à cette table.", "You are not seated at this table.")
    return None


def check_join(state: State, player_id: str, name: str | None = None) -> Refusal:
    """`name=None` asks whether this viewer may take a seat at all."""
    if state.phase is Phase.NEW:
        return _err("no_game", "Cette partie n'existe pas.", "This game does not exist.")
    if state.seat(player_id) is not None:
        return _err("already_joined", "Vous êtes déjà à la table.", "You are already at the table.")
    if state.phase is not Phase.LOBBY:
        return _err("not_lobby", "La partie a déjà commencé : on ne peut plus s'asseoir.",
                    "The game has already started: no more seats.")
    if (locked := seats.join_refusal(state.door)) is not None:
        return locked
    if len(state.seats) >= MAX_PLAYERS:
        return _err("table_full", f"La table est complète ({MAX_PLAYERS} joueurs au plus).",
                    f"The table is full ({MAX_PLAYERS} players at most).")
    if name is None:
        return None
    # Invisible and control characters dropped, compared case and accents aside (app/kernel/names.py).
    clean = clean_name(name)
    if not name_key(clean) or len(clean) > NAME_MAX:
        return _err("bad_name", f"Le nom doit faire de 1 à {NAME_MAX} caractères.",
                    f"The name must be 1 to {NAME_MAX} characters long.")
    if any(name_key(s.name) == name_key(clean) for s in state.seats):
        return _err("name_taken", f"Le nom « {clean} » est déjà pris à cette table.",
                    f"The name “{clean}” is already taken at this table.")
    return None


def _runs_the_door(state: State, player_id: str) -> Refusal:
    """No game master here: the host runs the lobby's door (app/kernel/seats.py)."""
    if (refusal := _seated(state, player_id)) is not None:
        return refusal
    if player_id != state.host:
        who = name_of(state, state.host or "")
        return _err("not_host", f"Seul l'hôte ({who}) peut retirer une place ou fermer les inscriptions.",
                    f"Only the host ({who}) can remove a seat or close joining.")
    return None


def check_remove_seat(state: State, player_id: str, target: str) -> Refusal:
    return _runs_the_door(state, player_id) or seats.remove_refusal(
        state.phase is Phase.LOBBY, state.player_ids, target, Actor.player(player_id))


def check_lock_lobby(state: State, player_id: str, locked: bool) -> Refusal:
    return _runs_the_door(state, player_id) or seats.lock_refusal(state.door, state.phase is Phase.LOBBY, locked)


def check_start(state: State, player_id: str) -> Refusal:
    if state.phase is not Phase.LOBBY:
        return _phase_refusal(state) or _err("already_started", "La partie a déjà commencé.",
                                             "The game has already started.")
    if (refusal := _seated(state, player_id)) is not None:
        return refusal
    if player_id != state.host:
        return _err("not_host", f"Seul l'hôte ({name_of(state, state.host or '')}) peut lancer la partie.",
                    f"Only the host ({name_of(state, state.host or '')}) can start the game.")
    n = len(state.seats)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        return _err("player_count", f"Il faut de {MIN_PLAYERS} à {MAX_PLAYERS} joueurs (actuellement {n}).",
                    f"The game needs {MIN_PLAYERS} to {MAX_PLAYERS} players (now {n}).")
    return None


def check_play_card(state: State, player_id: str, card: int | None = None) -> Refusal:
    """`card=None` asks whether the player may choose some card now."""
    if (refusal := _phase_refusal(state) or _seated(state, player_id)) is not None:
        return refusal
    if state.phase is not Phase.CHOOSING:
        return _err("not_choosing", "Les cartes sont en train d'être placées : attendez le prochain tour de jeu.",
                    "The cards are being placed: wait for the next turn.") if state.phase is Phase.PLACING \
            else _err("not_choosing", "La manche est finie : attendez la donne suivante.",
                      "The manche is over: wait for the next deal.")
    if player_id in state.chosen:
        return _err("already_chosen", "Vous avez déjà choisi votre carte pour ce tour de jeu.",
                    "You have already chosen your card for this turn.")
    if not state.hands[player_id]:
        return _err("empty_hand", "Vous n'avez plus de carte.", "You have no cards left.")
    if card is not None and card not in state.hands[player_id]:
        label = CARDS[card].label("fr") if card in CARDS else "?"
        label_en = CARDS[card].label("en") if card in CARDS else "?"
        return _err("not_in_hand", f"La carte n° {card} ({label}) n'est pas dans votre main.",
                    f"Card {card} ({label_en}) is not in your hand.")
    return None


def check_choose_boat(state: State, player_id: str) -> Refusal:
    if (refusal := _phase_refusal(state) or _seated(state, player_id)) is not None:
        return refusal
    awaiting = state.awaiting_boat
    if awaiting is None:
        return _err("no_boat_choice", "Aucune carte n'attend de choix de bateau.",
                    "No card is waiting for a boat choice.")
    card, owner = awaiting
    if owner != player_id:
        who = name_of(state, owner)
        return _err("not_your_turn", f"C'est à {who} de choisir le bateau de sa carte n° {card}.",
                    f"It is {who}'s turn to choose a boat for card {card}.")
    return None


def check_next_manche(state: State, player_id: str) -> Refusal:
    if (refusal := _phase_refusal(state) or _seated(state, player_id)) is not None:
        return refusal
    if state.phase is not Phase.MANCHE_OVER:
        return _err("manche_running", "La manche est en cours.", "The manche is still being played.")
    if player_id != state.host:
        who = name_of(state, state.host or "")
        return _err("not_host", f"Seul l'hôte ({who}) peut distribuer la manche suivante.",
                    f"Only the host ({who}) can deal the next manche.")
    return None


def check_leave(state: State, player_id: str) -> Refusal:
    if state.phase is not Phase.LOBBY:
        return _phase_refusal(state) or _err("not_lobby", "On ne quitte la table qu'avant le début de la partie.",
                                             "You can only leave the table before the game starts.")
    return _seated(state, player_id)


def check_tick(state: State, prompt: str | None) -> Refusal:
    if (refusal := _phase_refusal(state)) is not None:
        return refusal
    if prompt is not None and prompt != prompt_id(state):
        return _err("stale_tick", "Ce minuteur ne correspond plus à l'état de la partie.",
                    "This timer no longer matches the game state.")
    return None


def from_start_player(state: State) -> tuple[str, ...]:
    """Seats clockwise from the manche's start player: the order of prompts (F3)."""
    ids = state.player_ids
    i = ids.index(state.start_player) if state.start_player in ids else 0
    return ids[i:] + ids[:i]


def waiting_for(state: State) -> tuple[str, ...]:
    """The players the game waits on right now, clockwise from the start player."""
    if state.phase is Phase.CHOOSING:
        return tuple(p for p in from_start_player(state) if p not in state.chosen and state.hands[p])
    if (awaiting := state.awaiting_boat) is not None:
        return (awaiting[1],)
    if state.phase is Phase.MANCHE_OVER and state.host:
        return (state.host,)
    return ()


PromptKind = Literal["choose_card", "choose_boat", "next_manche"]

# Suggested timer lengths for the hub; the engine itself never reads a clock.
PROMPT_SECONDS: dict[PromptKind, int] = {"choose_card": 60, "choose_boat": 30, "next_manche": 120}


@dataclass(frozen=True, slots=True)
class Prompt:
    """What the game waits for now; `id` is stable while that prompt is open, for arming a timer."""

    id: str
    kind: PromptKind
    players: tuple[str, ...]
    seconds: int


def prompt_id(state: State) -> str | None:
    prompt = pending_prompt(state)
    return prompt.id if prompt else None


def pending_prompt(state: State) -> Prompt | None:
    kind: PromptKind
    if state.phase is Phase.CHOOSING:
        kind, key = "choose_card", f"m{state.manche}.t{state.turn}.cards"
    elif (awaiting := state.awaiting_boat) is not None:
        kind, key = "choose_boat", f"m{state.manche}.t{state.turn}.boat.{awaiting[0]}"
    elif state.phase is Phase.MANCHE_OVER:
        kind, key = "next_manche", f"m{state.manche}.over"
    else:
        return None
    return Prompt(key, kind, waiting_for(state), PROMPT_SECONDS[kind])
