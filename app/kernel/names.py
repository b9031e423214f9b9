"""Player names: one clean form shown on every screen, and one key that says whether a name is taken.

A name is typed on a phone and read by everyone else on theirs. Characters
nobody can see (zero-width spaces, bidi overrides, NUL, ESC, tags, fillers)
would let "Ma<ZWSP>rie" pass for a second "Marie", or reverse the text around
it on the dashboard: `clean_name` drops them. `name_key` is what two names
are compared by: "MARIE", "Marié" and "Marie" are one person.

Lookalike letters: a Cyrillic "а" or a Greek "Α" drawn exactly like a Latin
"a" or "A" would make a second "Marie" that nobody at the table can tell from
the first. `name_key` reads the Cyrillic and Greek letters that look like a
Latin letter (Unicode's confusables, TR39, for these two scripts: "а" "е" "о"
"р" "с" "у" "х" "і"..., "Α" "Β" "Ε" "Η" "Κ" "Μ" "Ν" "Ο" "Ρ" "Τ" "Χ"...) as that
letter, each case as it looks (Cyrillic "М" is "M", "м" stays itself). Only the
comparison changes: the name is shown as typed, and two names that differ to
the eye (a Russian "Маша", a Greek "Νίκος") stay two names.
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


# Cyrillic and Greek letters drawn like a Latin letter (TR39 confusables, one letter to one letter), by case.
_LOOKALIKES = str.maketrans({
    # Cyrillic capitals, then small letters
    "А": "A", "В": "B", "Е": "E", "Ѕ": "S", "І": "I", "Ј": "J", "К": "K", "М": "M", "Н": "H", "О": "O",
    "Р": "P", "С": "C", "Т": "T", "У": "Y", "Х": "X", "Ү": "Y", "Һ": "H", "Ӏ": "I", "Ԛ": "Q", "Ԝ": "W",
    "а": "a", "е": "e", "о": "o", "р": "p", "с": "c", "у": "y", "х": "x", "ѕ": "s", "і": "i", "ј": "j",
    "ԁ": "d", "ԛ": "q", "ԝ": "w", "һ": "h", "ӏ": "l", "ү": "y",
    # Greek capitals, then small letters
    "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M", "Ν": "N", "Ο": "O",
    "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X", "Ϲ": "C", "Ϳ": "J",
    "α": "a", "ο": "o", "ρ": "p", "ν": "v", "υ": "u", "ι": "i", "κ": "k", "χ": "x", "ϲ": "c", "ϳ": "j",
    "γ": "y", "η": "n", "ω": "w",
    # Latin letters without their dot or in another shape
    "ı": "i", "ɑ": "a", "ɡ": "g", "ȷ": "j",
})


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
    """What names are compared by: case, accents and lookalike letters aside ("" means the name shows nothing)."""
    bare = "".join(ch for ch in unicodedata.normalize("NFKD", clean_name(name)) if not unicodedata.combining(ch))
    folded = unicodedata.normalize("NFKD", bare.translate(_LOOKALIKES).casefold())
    return unicodedata.normalize("NFKC", "".join(ch for ch in folded if not unicodedata.combining(ch)))
