"""Public sentences for the feed, in French and English, with the players' names.

Only public facts go in: a failed accusation never names a clan, a spy never
names the card (§4.3).
"""

from __future__ import annotations

from collections.abc import Iterable

from app.games.regents.board import DOMAIN_NAMES, DOMAINS, SPACE_NAMES, SPACE_THE, Domain, Space
from app.games.regents.clans import CLAN_NAMES, Card, Clan, card_name
from app.games.regents.track import value
from app.kernel.text import Text


def t(fr: str, en: str) -> Text:
    return Text(fr, en)


def space(s: Space) -> Text:
    return SPACE_NAMES[s]


def the(s: Space) -> Text:
    """The space with its article: "la chapelle", "the chapel"."""
    return SPACE_THE[s]


def points(n: int) -> str:
    return f"{n} pt" if n <= 1 else f"{n} pts"


def count_of(n: int, fr_one: str, fr_many: str, en_one: str, en_many: str) -> Text:
    """ "1 tuile" / "2 tuiles": French takes the singular for 0 and 1, English for 1 only."""
    return Text(f"{n} {fr_one if n <= 1 else fr_many}", f"{n} {en_one if n == 1 else en_many}")


def domain(d: Domain) -> Text:
    return DOMAIN_NAMES[d]


def clan(c: Clan) -> str:
    return CLAN_NAMES[c]


def card(c: Card) -> Text:
    return card_name(c)


def join(parts: Iterable[Text], fr_sep: str = ", ", en_sep: str = ", ") -> Text:
    items = list(parts)
    return Text(fr_sep.join(p.fr for p in items), en_sep.join(p.en for p in items))


def moves(before: tuple[int, ...], after: tuple[int, ...]) -> Text:
    """ "politique +2 (case 6, 6 pts)" for every marker that moved."""
    parts = []
    for d, b, a in zip(DOMAINS, before, after, strict=True):
        if a != b:
            sign = "+" if a > b else "−"
            n = abs(a - b)
            parts.append(Text(f"{domain(d).fr} {sign}{n} (case {a} = {points(value(a))})",
                              f"{domain(d).en} {sign}{n} (case {a} = {points(value(a))})"))
    return join(parts) if parts else t("aucune avance", "no advance")


def tokens(taken: Iterable[tuple[Domain, int]]) -> Text | None:
    got = [Text(f"{domain(d).fr} case {k}", f"{domain(d).en} case {k}") for d, k in taken]
    if not got:
        return None
    listed = join(got)
    return Text(f" ; jeton Influence pris ({listed.fr})", f"; Influence token taken ({listed.en})")


def blocked(lost: tuple[int, ...]) -> Text | None:
    n = sum(lost)
    if n == 0:
        return None
    cases = count_of(n, "case perdue", "cases perdues", "case", "cases")
    return Text(f" ; {cases.fr} aux seuils", f"; {cases.en} lost to thresholds")


def cat(*parts: Text | None) -> Text:
    kept = [p for p in parts if p is not None]
    return Text("".join(p.fr for p in kept), "".join(p.en for p in kept))
