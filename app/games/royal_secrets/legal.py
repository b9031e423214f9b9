"""What each viewer may do now, as typed `LegalAction`s (available or not, with the reason).

The views carry these; the pages render them and never re-derive a rule. Each
action here is one the handlers accept as offered (the playout test sends them).
"""

from __future__ import annotations

from app.games.royal_secrets.betting import FACE_NAMES, forced_face
from app.games.royal_secrets.cards import faveur_name, side_with
from app.games.royal_secrets.counting import w3_offer
from app.games.royal_secrets.data import MAX_PLAYERS, MIN_PLAYERS
from app.games.royal_secrets.faveurs import W2_FAVEURS, faveur_of, targets, usable_copy, w2_current, w2_moves
from app.games.royal_secrets.moderator import default_command
from app.games.royal_secrets.parole import designees
from app.games.royal_secrets.state import Bet, State
from app.games.royal_secrets.tiebreak import candidates
from app.games.royal_secrets.window2 import own_betting_turn
from app.kernel.actions import LegalAction, Option
from app.kernel.text import Text


def _card_options(state: State, cards: tuple[str, ...]) -> tuple[Option, ...]:
    """One option per kind of card (two Courtisan 10s are one button: either may be sent)."""
    ordered = sorted(cards, key=lambda c: (state.card(c).kind != "courtisan", state.card(c).value, c))
    seen: set[tuple[str, int, int]] = set()
    out: list[Option] = []
    for cid in ordered:
        card = state.card(cid)
        key = (card.kind, card.value, card.penalty)
        if key not in seen:
            seen.add(key)
            out.append(Option(value=cid, label=card.label()))
    return tuple(out)


def _player_options(state: State, pids: tuple[str, ...]) -> tuple[Option, ...]:
    return tuple(Option(value=p, label=Text(state.name(p), state.name(p))) for p in pids)


def bet_label(state: State, bet: Bet, viewer: str | None) -> Text:
    """How a bet is named in a target list: whose, where, and its card only if the viewer may see it."""
    owner = "Cardinal" if bet.owner is None else state.name(bet.owner)
    where = side_with(bet.side)
    known = bet.face == "up" or (viewer is not None and (bet.owner == viewer or bet.id in state.rnd.spied.get(viewer, ())))
    if known:
        label = state.card(bet.card).label()
        return Text(f"{owner} : {label.fr} {where.fr}", f"{owner}: {label.en} {where.en}")
    return Text(f"{owner} : carte face cachée {where.fr}", f"{owner}: face-down card {where.en}")


def _waiting(state: State, who: str | None, what: Text) -> Text:
    n = state.name(who)
    return Text(f"C'est à {n} de {what.fr}.", f"It is {n}'s turn to {what.en}.")


ACTION_WHAT = {
    "choose": Text("choisir une Audience", "choose an Audience"),
    "bet1": Text("miser", "bet"),
    "bet2": Text("miser", "bet"),
}


TARGET_QUESTIONS = {
    "coup_de_poignard": Text("Coup de poignard : quelle carte face cachée défausser ?",
                             "Coup de poignard: which face-down card to discard?"),
    "medaille": Text("Médaille du mérite : quelle carte doubler ?", "Médaille du mérite: which card to double?"),
    "recrutement": Text("Recrutement : quelle carte prendre en fin de tour ?",
                        "Recrutement: which card to take at the end of the round?"),
}


def player_actions(state: State, pid: str) -> list[LegalAction]:
    phase, rnd = state.phase, state.rnd
    out: list[LegalAction] = []
    if phase == "lobby":
        out.append(LegalAction(type="leave", label=Text("Quitter la table", "Leave the table")))
        return out
    if state.paused or state.over or pid not in state.ring:
        return out
    if phase == "etiquette" and pid in rnd.etiquette_asked and pid not in rnd.etiquette_answers:
        out.append(LegalAction(type="etiquette_answer", label=Text("Jouer Étiquette", "Play Étiquette"),
                               fixed={"use": True}, group="faveur"))
        out.append(LegalAction(type="etiquette_answer", label=Text("Ne pas la jouer", "Do not play it"),
                               fixed={"use": False}, group="faveur"))
    if phase == "assign" and pid == rnd.etiquette_chief:
        out.append(LegalAction(
            type="etiquette_assign", label=Text("Qui va auprès du Roi ? (les autres : la Reine)",
                                                "Who goes to the Roi? (the others: the Reine)"),
            input="pick_many", field="roi", options=_player_options(state, state.ring), min=1,
            max=len(state.ring) - 1, group="faveur"))
    if phase == "diner" and pid in rnd.diner_asked and pid not in rnd.diner_answers:
        out.append(LegalAction(type="diner_answer", label=Text("Jouer Dîner Royal", "Play Dîner Royal"),
                               fixed={"use": True}, group="faveur"))
        out.append(LegalAction(type="diner_answer", label=Text("Ne pas le jouer", "Do not play it"),
                               fixed={"use": False}, group="faveur"))
    if phase in ("choose", "bet1", "bet2"):
        out += _parole_actions(state, pid)
    if phase == "w2":
        out += _w2_actions(state, pid)
    if phase == "tiebreak" and pid in rnd.tie_players and pid not in rnd.tie_picks:
        out.append(LegalAction(type="tiebreak_pick", label=Text("Votre 3e carte", "Your 3rd card"), input="pick_one",
                               field="card", options=_card_options(state, candidates(state, pid)), group="tiebreak"))
    if phase == "w3" and pid in rnd.w3_asked and pid not in rnd.w3_answers:
        grace, maitre = w3_offer(state, pid, rnd.deltas)
        if maitre:
            out.append(LegalAction(type="w3_answer", label=Text("Jouer Coup de maître", "Play Coup de maître"),
                                   fixed={"grace": False, "maitre": True}, group="faveur"))
        if grace:
            out.append(LegalAction(type="w3_answer", label=Text("Jouer Grâce royale", "Play Grâce royale"),
                                   fixed={"grace": True, "maitre": False}, group="faveur"))
        if grace and maitre:
            out.append(LegalAction(type="w3_answer", label=Text("Jouer les deux", "Play both"),
                                   fixed={"grace": True, "maitre": True}, group="faveur"))
        out.append(LegalAction(type="w3_answer", label=Text("Ne rien jouer", "Play nothing"),
                               fixed={"grace": False, "maitre": False}, group="faveur"))
    return out


def _parole_actions(state: State, pid: str) -> list[LegalAction]:
    phase = state.phase
    out: list[LegalAction] = []
    mine = state.tuile == pid
    if mine and state.designating:
        out.append(LegalAction(type="give_parole", label=Text("Je donne la parole à…", "I give the Parole to…"),
                               input="pick_one", field="to", options=_player_options(state, designees(state)),
                               group="parole"))
        return out
    waiting = None if mine else _waiting(state, state.tuile, ACTION_WHAT[phase])
    if phase == "choose":
        for side in ("roi", "reine"):
            out.append(LegalAction(type="choose", label=Text(f"Aller {side_with(side).fr}", f"Go {side_with(side).en}"),
                                   fixed={"side": side}, available=mine, reason=waiting, group="choose"))
        held = any(faveur_of(h.audience) == "diner_royal" and not h.used for h in state.faveurs.get(pid, ()))
        if held:
            usable = usable_copy(state, pid, "diner_royal") is not None
            reason = waiting if usable else Text("Gagnée ce tour-ci : utilisable au tour suivant.",
                                                 "Won this round: usable from the next round.")
            out.append(LegalAction(type="choose", label=Text("Dîner Royal : les deux Audiences",
                                                             "Dîner Royal: both Audiences"),
                                   fixed={"side": "both"}, available=mine and usable, reason=None if mine and usable
                                   else reason, group="choose"))
        return out
    k = 1 if phase == "bet1" else 2
    face = forced_face(state, pid)
    faces = ("down", "up") if face is None else (face,)
    for f in faces:
        label = Text(f"Miser votre {k}{'re' if k == 1 else 'e'} carte {FACE_NAMES[f].fr}",
                     f"Bet your {'1st' if k == 1 else '2nd'} card {FACE_NAMES[f].en}")
        out.append(LegalAction(type="bet", label=label, input="pick_one", field="card", fixed={"face": f},
                               options=_card_options(state, state.hands[pid]) if mine else (), available=mine,
                               reason=waiting, group="bet"))
    if own_betting_turn(state, pid):
        if usable_copy(state, pid, "valet_devoue") is not None:
            ok = bool(state.valet_pile)
            out.append(LegalAction(type="use_faveur", label=Text("Valet dévoué : piocher un Valet",
                                                                 "Valet dévoué: draw a Valet"),
                                   fixed={"faveur": "valet_devoue"}, available=ok,
                                   reason=None if ok else Text("La pioche Valet est vide.", "The Valet pile is empty."),
                                   group="faveur"))
        if usable_copy(state, pid, "espionnage") is not None and targets(state, pid, "espionnage"):
            out.append(LegalAction(type="use_faveur", label=Text("Espionnage : regarder les cartes cachées",
                                                                 "Espionnage: look at the face-down cards"),
                                   fixed={"faveur": "espionnage"}, group="faveur"))
    return out


def _w2_actions(state: State, pid: str) -> list[LegalAction]:
    out: list[LegalAction] = []
    moves = w2_moves(state, pid)
    if not moves:
        return out
    turn = w2_current(state)
    if turn != pid:
        out.append(LegalAction(type="w2_pass", label=Text("Passer", "Pass"), available=False,
                               reason=_waiting(state, turn, Text("jouer une Faveur ou passer", "play a Faveur or pass")),
                               group="faveur"))
        return out
    for key in W2_FAVEURS:
        if key not in moves:
            continue
        name = faveur_name(key)
        if key == "espionnage":
            out.append(LegalAction(type="use_faveur", label=Text(f"{name.fr} : regarder les cartes cachées",
                                                                 f"{name.en}: look at the face-down cards"),
                                   fixed={"faveur": key}, group="faveur"))
            continue
        options = tuple(Option(value=b, label=bet_label(state, bet, pid))
                        for b in targets(state, pid, key) if (bet := state.rnd.bet(b)) is not None)
        out.append(LegalAction(type="use_faveur", label=TARGET_QUESTIONS[key], input="pick_one", field="target",
                               fixed={"faveur": key}, options=options, group="faveur"))
    out.append(LegalAction(type="w2_pass", label=Text("Passer", "Pass"), group="faveur"))
    return out


def moderator_actions(state: State) -> list[LegalAction]:
    out: list[LegalAction] = []
    if state.phase == "lobby":
        n = len(state.seats)
        ok = MIN_PLAYERS <= n <= MAX_PLAYERS
        out.append(LegalAction(type="start", label=Text("Commencer la partie", "Start the game"), available=ok,
                               reason=None if ok else Text(f"Il faut de {MIN_PLAYERS} à {MAX_PLAYERS} joueurs ({n} à la table).",
                                                           f"{MIN_PLAYERS} to {MAX_PLAYERS} players are needed ({n} seated).")))
        if n >= 2:
            out.append(LegalAction(type="move_seat", label=Text("Avancer d'une place autour de la table :",
                                                                "Move one place earlier round the table:"),
                                   input="pick_one", field="player_id",
                                   options=_player_options(state, tuple(s.player_id for s in state.seats[1:]))))
        return out  # removing a seat and locking the door: the seats' list (kit/door.html)
    if state.over or not state.started:
        return out
    if state.paused:
        out.append(LegalAction(type="mod_resume", label=Text("Reprendre", "Resume")))
        return out
    out.append(LegalAction(type="mod_pause", label=Text("Mettre en pause", "Pause")))
    awaited = tuple(p for p in state.ring if default_command(state, p) is not None)
    out.append(LegalAction(type="mod_play_for", label=Text("Jouer pour un joueur absent", "Play for an absent player"),
                           input="pick_one", field="player_id", options=_player_options(state, awaited),
                           available=bool(awaited),
                           reason=None if awaited else Text("Personne n'est attendu.", "Nobody is awaited.")))
    return out
