"""The gettext catalogues: one domain per game plus the web's, French and English both complete, plurals."""

from __future__ import annotations

import pytest
from babel.messages.pofile import read_po

from app.kernel.i18n import speaking, t
from app.web.catalogues import domains


def _keys(domain: str, lang: str) -> set[str]:
    path = domains()[domain] / lang / "LC_MESSAGES" / f"{domain}.po"
    with path.open("rb") as handle:
        catalog = read_po(handle, locale=lang)
    out = set()
    for message in catalog:
        if message.id:
            strings = message.string if isinstance(message.string, tuple | list) else (message.string,)
            assert all(s.strip() for s in strings), f"{domain}/{lang}: {message.id} has an empty form"
            out.add(message.id[0] if isinstance(message.id, tuple | list) else message.id)
    return out


@pytest.mark.parametrize("domain", sorted(domains()))
def test_every_domain_is_complete_in_french_and_in_english(domain: str) -> None:
    french = _keys(domain, "fr")
    assert french, f"{domain} has no French catalogue"
    assert _keys(domain, "en") == french


@pytest.mark.parametrize(("lang", "n", "expected"), [
    ("fr", 0, "0 joueur inscrit."),  # French counts 0 as one
    ("fr", 1, "1 joueur inscrit."),
    ("fr", 2, "2 joueurs inscrits."),
    ("en", 0, "0 players seated."),
    ("en", 1, "1 player seated."),
    ("en", 12, "12 players seated."),
])
def test_counts_take_the_plural_form_of_their_language(lang: str, n: int, expected: str) -> None:
    with speaking(lang):
        assert t("mod.players_seated", n=n) == expected
