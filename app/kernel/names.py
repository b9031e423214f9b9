"""Player names: one clean form shown on every screen, and one key that says whether a name is taken.

A name is typed on a phone and read by everyone else on theirs. Characters
nobody can see (zero-width spaces, bidi overrides, NUL, ESC, tags, fillers)
would let "Ma<ZWSP>rie" pass for a second "Marie", or reverse the text around
it on the dashboard: `clean_name` drops them. `name_key` is what two names
are compared by: "MARIE", "Marié" and "Marie" are one person.
"""

from __future__ import annotations

import unicodedata

# Control, format (zero-width, bidi marks and overrides, tags, soft hyphen), lone surrogates,
# private use and unassigned code points: nothing a person can read, or nothing every phone draws.
_DROPPED = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})
# Letters and marks of other categories that draw nothing (fillers, joiners, variation selectors).
_INVISIBLE = frozenset(
    {0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180B, 0x180C, 0x180D, 0x180F, 0x2800, 0x3164, 0xFFA0}
    | set(range(0xFE00, 0xFE10))
    | set(range(0xE0100, 0xE01F0))
)


def _kept(ch: str) -> str:
    if ch.isspace():  # tabs, new lines and every Unicode space become one plain space
        return " "
    if ord(ch) in _INVISIBLE or unicodedata.category(ch) in _DROPPED:
        return ""
    return ch


def clean_name(raw: str) -> str:
    """NFKC, without control, format or invisible characters, spaces collapsed and trimmed."""
    text = "".join(_kept(ch) for ch in unicodedata.normalize("NFKC", raw))
    # Dropping a character can bring a letter and its accent together: compose them again.
    text = " ".join(unicodedata.normalize("NFKC", text).split())
    # An accent with no letter before it would sit on whatever a screen prints before the name.
    start = 0
    while start < len(text) and unicodedata.combining(text[start]):
        start += 1
    return text[start:].strip()


def name_key(name: str) -> str:
    """What names are compared by: case and accents aside ("" means the name shows nothing)."""
    folded = unicodedata.normalize("NFKD", clean_name(name).casefold())
    return unicodedata.normalize("NFKC", "".join(ch for ch in folded if not unicodedata.combining(ch)))
