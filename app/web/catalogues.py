"""Loads the gettext catalogues at start-up: the web's own words and each game's, per language.

Each lives beside its code as `locale/<lang>/LC_MESSAGES/<domain>.po` (app/web
for the shared pages, app/games/<id> for a game), so a translator adds a
language with one `.po` per domain and nobody edits Python.
"""

from __future__ import annotations

import gettext
from pathlib import Path

from babel.messages.pofile import read_po

from app.games import GAMES
from app.kernel import i18n

APP = Path(__file__).resolve().parents[1]


def domains() -> dict[str, Path]:
    """Domain -> its locale folder: the web's, then one per registered game."""
    return {"web": APP / "web" / "locale", **{gid: APP / "games" / gid / "locale" for gid in GAMES}}


def load() -> None:
    for domain, folder in domains().items():
        for lang in i18n.LANGS:
            path = folder / lang / "LC_MESSAGES" / f"{domain}.po"
            if not path.exists():
                continue  # a game not yet translated into this language falls back to French
            with path.open("rb") as handle:
                catalog = read_po(handle, locale=lang, domain=domain)
            entries: dict[str, i18n.Forms] = {}
            for message in catalog:
                if not message.id:
                    continue  # the header
                key = message.id[0] if isinstance(message.id, tuple | list) else message.id
                forms = tuple(message.string) if isinstance(message.string, tuple | list) else (message.string,)
                if all(forms):
                    entries[str(key)] = tuple(str(f) for f in forms)
            # The .po header's C plural expression ("(n == 0 || n == 1) ? 0 : ..."), as gettext reads it.
            i18n.install(lang, entries, gettext.c2py(catalog.plural_expr))
