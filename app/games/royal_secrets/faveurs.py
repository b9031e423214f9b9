"""Which Faveur a player may use now, on what (rulings 2.6, RS-55..RS-66). Pure reading, no rule changes state.

A Faveur is usable once, from the round after it was won (RS-56), in its one
window (RS-55), and only when it has something to act on (RS-65).
"""

from __future__ import annotations

from app.games.royal_secrets.cards import AUDIENCE_CARDS, faveur_name
from app.games.royal_secrets.state import Bet, State, sides_of
from app.kernel.text import Text

W0_FAVEURS = ("etiquette",)
CHOOSE_FAVEURS = ("diner_royal",)
TURN_FAVEURS = ("valet_devoue", "espionnage")  # on one's own betting turn, before betting
W2_FAVEURS = ("espionnage", "coup_de_poignard", "medaille", "recrutement")
W3_FAVEURS = ("grace_royale", "coup_de_maitre")

WINDOWS: dict[str, Text] = {
    "etiquette": Text("en tout début de tour, quand les Audiences sont révélées",
                      "at the very start of the round, when the Audiences are revealed"),
    "diner_royal": Text("à la place de votre choix d'Audience", "instead of choosing an Audience"),
    "valet_devoue": Text("à votre tour de mise, avant de miser", "on your betting turn, before you bet"),
    "espionnage": Text("à votre tour de mise ou après la dernière mise",
                       "on your betting turn or after the last bet"),
    "coup_de_poignard": Text("après la dernière mise, avant la révélation", "after the last bet, before the reveal"),
    "medaille": Text("après la dernière mise, avant la révélation", "after the last bet, before the reveal"),
    "recrutement": Text("après la dernière mise, avant la révélation", "after the last bet, before the reveal"),
    "grace_royale": Text("au décompte, avant que les fleurs de lys ne bougent",
                         "at the count, before the fleurs de lys move"),
    "coup_de_maitre": Text("au décompte, avant que les fleurs de lys ne bougent",
                           "at the count, before the fleurs de lys move"),
}


def faveur_of(audience_id: str) -> str:
    return AUDIENCE_CARDS[audience_id].faveur


def usable_copy(state: State, pid: str, key: str, round_no: int | None = None) -> str | None:
    """The Audience card to spend for Faveur `key`, or None. Étiquette spends its strongest copy
    (it decides a clash, L177-178); the others the copy won first."""
    r = state.rnd.number if round_no is None else round_no
    copies = [h for h in state.faveurs.get(pid, ())
              if not h.used and h.won_round < r and faveur_of(h.audience) == key]
    if not copies:
        return None
    if key == "etiquette":
        return max(copies, key=lambda h: AUDIENCE_CARDS[h.audience].influence).audience
    return copies[0].audience


def holders(state: State, key: str, round_no: int | None = None) -> tuple[str, ...]:
    return tuple(p for p in state.ring if usable_copy(state, p, key, round_no) is not None)


def shares_audience(state: State, a: str, b: str) -> bool:
    pos = state.rnd.positions
    if a not in pos or b not in pos:
        return False
    return bool(set(sides_of(pos[a])) & set(sides_of(pos[b])))


def _on_table(state: State) -> tuple[Bet, ...]:
    return tuple(b for b in state.rnd.bets if b.stabbed_by is None)


def targets(state: State, pid: str, key: str) -> tuple[str, ...]:
    """The bet ids `key` may act on for `pid` now (empty: it cannot be used, RS-65)."""
    bets = _on_table(state)
    if key == "espionnage":  # something to see besides one's own cards (RS-60)
        return tuple(b.id for b in bets if b.face == "down" and b.owner != pid)
    if key == "coup_de_poignard":  # any face-down bet, one's own and the Cardinal's included (RS-61)
        return tuple(b.id for b in bets if b.face == "down")
    if key == "medaille":  # any bet without a medal (L190, RS-63)
        return tuple(b.id for b in bets if b.medal_by is None)
    if key == "recrutement":  # another player's bet in a shared Audience, never a known 0 (L192-195, RS-74)
        return tuple(
            b.id for b in bets
            if b.owner is not None and b.owner != pid and b.recruited_by is None
            and shares_audience(state, pid, b.owner)
            and not (b.face == "up" and state.card(b.card).is_zero_courtisan)
        )
    return ()


def w2_moves(state: State, pid: str) -> tuple[str, ...]:
    """The W2 Faveurs `pid` could use now."""
    return tuple(k for k in W2_FAVEURS if usable_copy(state, pid, k) is not None and targets(state, pid, k))


def w2_current(state: State) -> str | None:
    """Whose turn it is in the W2 priority loop (2.4.4, RS-57), or None when it closes.

    It goes round the ring from the tuile holder; a use restarts the count, and the
    loop closes once every player with a usable W2 Faveur has passed in a row.
    """
    if state.phase != "w2" or state.tuile is None:
        return None
    rnd = state.rnd
    eligible = {p for p in state.ring if w2_moves(state, p)}
    if not eligible - rnd.w2_passed:
        return None
    start = state.tuile if rnd.w2_last is None else state.right_of(rnd.w2_last)
    return next(p for p in state.ring_from(start) if p in eligible and p not in rnd.w2_passed)


def window_refusal(key: str) -> tuple[str, Text]:
    name = faveur_name(key)
    when = WINDOWS[key]
    return "wrong_window", Text(f"{name.fr} se joue {when.fr}.", f"{name.en} is played {when.en}.")
