"""app/kernel/names.py: one clean form of a name, one key to compare names by."""

from __future__ import annotations

import unicodedata

import pytest

from app.kernel.names import clean_name, name_key


@pytest.mark.parametrize(("raw", "clean"), [
    ("Marie", "Marie"),
    ("  Jean \n\t Pierre  ", "Jean Pierre"),
    ("Ma\u200brie", "Marie"),  # zero-width space
    ("Ma\u200d\u200crie\u2060", "Marie"),  # joiners, word joiner
    ("\u202eeiraM", "eiraM"),  # right-to-left override
    ("\u2066Marie\u2069", "Marie"),  # bidi isolate
    ("Marie\x00", "Marie"),  # NUL
    ("\x1b[31mRouge\x07", "[31mRouge"),  # ESC and BEL go; what is left is visible text
    ("\ufeffMarie\u00ad", "Marie"),  # byte-order mark, soft hyphen
    ("\u3164", ""),  # Hangul filler: draws nothing
    ("Ma\ufe0frie\U000e0041", "Marie"),  # variation selector, tag character
    ("Ｍａｒｉｅ", "Marie"),  # full-width letters (NFKC)
    ("ﬁona", "fiona"),  # ligature (NFKC)
    ("e\u200b\u0301", "é"),  # the accent meets its letter again once the space between goes
    ("\u0301\u0301", ""),  # accents with no letter
    ("Marié 🎲", "Marié 🎲"),
])
def test_a_name_is_cleaned_to_what_people_can_read(raw: str, clean: str) -> None:
    assert clean_name(raw) == clean
    assert not any(unicodedata.category(ch) in ("Cc", "Cf") for ch in clean_name(raw))


@pytest.mark.parametrize("other", ["Marie", "MARIE", "marie", "Marié", "MARIÉ", " Ma\u200brie ", "Ｍａｒｉｅ"])
def test_names_are_compared_case_and_accents_aside(other: str) -> None:
    assert name_key(other) == name_key("Marie")


@pytest.mark.parametrize("other", ["Mari", "Maria", "Marie 2", "Ma rie"])
def test_different_names_stay_different(other: str) -> None:
    assert name_key(other) != name_key("Marie")


@pytest.mark.parametrize("raw", ["", "   ", "\u200b\u200b", "\x00\x1b", "\u3164", "\u0301"])
def test_a_name_that_shows_nothing_has_an_empty_key(raw: str) -> None:
    assert name_key(raw) == ""


@pytest.mark.parametrize("lookalike", [
    "M\u0430rie",  # Cyrillic small a
    "Mari\u0435",  # Cyrillic small ie
    "\u041c\u0410RIE",  # Cyrillic capitals em and a
    "\u039carie",  # Greek capital mu
    "M\u03b1rie",  # Greek small alpha
    "Mar\u0456e",  # Cyrillic (Ukrainian) i
    "Mar\u0131e",  # Latin dotless i
])
def test_a_name_spelt_with_lookalike_letters_is_the_same_name(lookalike: str) -> None:
    assert name_key(lookalike) == name_key("Marie")
    assert clean_name(lookalike) == lookalike  # shown as typed: only the comparison reads the lookalikes


@pytest.mark.parametrize(("one", "other"), [
    ("\u041c\u0430\u0448\u0430", "Mawa"),  # Russian "Маша": its "ш" is no "w"
    ("\u041d\u0438\u043a\u043e\u0441", "Nikos"),  # Cyrillic "Никос": "и" and "к" small are not Latin letters
    ("\u039d\u03af\u03ba\u03bf\u03c2", "Nikos"),  # Greek "Νίκος": its final sigma is no "s"
    ("\u043c\u0430\u0440\u0438\u044f", "mapия"),  # a small Cyrillic "м" does not look like an "m"
])
def test_names_in_other_scripts_stay_names_of_their_own(one: str, other: str) -> None:
    assert name_key(one) != name_key(other)
