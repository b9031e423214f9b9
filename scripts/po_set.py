"""Set (or remove) keyed messages in a domain's French and English catalogues, through Babel.

    python scripts/po_set.py DOMAIN < words.json

`words.json` maps each key to `["fr", "en"]`, to `[["fr one", "fr many"], ["en one", "en many"]]`
for a count (`t(key, n=...)`), or to `null` to remove it. DOMAIN is `web` or a game id. Both files
are read with `read_po` and written back with `write_po(width=0, sort_output=True)`, which is how
they are kept (a read and write with no change gives the same bytes), so a diff shows only the words.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
LANGS = ("fr", "en")


def catalogue_path(domain: str, lang: str) -> Path:
    base = ROOT / "app" / "web" if domain == "web" else ROOT / "app" / "games" / domain
    return base / "locale" / lang / "LC_MESSAGES" / f"{domain}.po"


def _forms(catalog: Catalog, forms: list[str]) -> tuple[str, ...]:
    """A count's forms in the language's number of plural forms (the last given repeats)."""
    wanted = catalog.num_plurals
    return tuple(forms[min(i, len(forms) - 1)] for i in range(wanted))


def set_words(domain: str, words: dict[str, object]) -> None:
    for index, lang in enumerate(LANGS):
        path = catalogue_path(domain, lang)
        with path.open("rb") as handle:
            catalog = read_po(handle, locale=lang, domain=domain)
        for key, value in words.items():
            if key in catalog:
                catalog.delete(key)
            if value is None:
                continue
            assert isinstance(value, list) and len(value) == len(LANGS), key
            text = value[index]
            if isinstance(text, list):
                catalog.add((key, key), _forms(catalog, [str(t) for t in text]))
            else:
                catalog.add(key, str(text))
        with path.open("wb") as handle:
            write_po(handle, catalog, width=0, sort_output=True)


if __name__ == "__main__":
    set_words(sys.argv[1], json.load(sys.stdin))
