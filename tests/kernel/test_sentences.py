"""Sentences in views: a key and its arguments, said in the viewer's language when the page renders."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from app.kernel import i18n
from app.kernel.i18n import say, sentence, speaking
from app.kernel.text import Text


@pytest.fixture(autouse=True)
def words() -> Iterator[None]:
    saved = {k: dict(v) for k, v in i18n._ENTRIES.items()}
    i18n.install("fr", {"t.went": ("{who} part en {room}",), "t.count": ("{n} envoyé", "{n} envoyés"),
                        "t.nested": ("Nouvelle : {what}",), "list.and": (" et ",)}, lambda n: 0 if n <= 1 else 1)
    i18n.install("en", {"t.went": ("{who} goes to {room}",), "t.count": ("{n} envoy", "{n} envoys"),
                        "t.nested": ("News: {what}",), "list.and": (" and ",)}, lambda n: 0 if n == 1 else 1)
    yield
    i18n._ENTRIES.clear()
    i18n._ENTRIES.update(saved)


def test_a_sentence_is_said_in_the_current_language_with_bilingual_arguments() -> None:
    s = sentence("t.went", who="Hugo", room=Text("Angleterre", "England").as_dict())
    with speaking("fr"):
        assert say(s) == "Hugo part en Angleterre"
    with speaking("en"):
        assert say(s) == "Hugo goes to England"


def test_lists_are_joined_in_the_language_and_counts_take_their_plural() -> None:
    s = sentence("t.went", who=["Aude", "Bertrand", "Cyprien"], room="Normandie")
    with speaking("fr"):
        assert say(s) == "Aude, Bertrand et Cyprien part en Normandie"
        assert say(sentence("t.count", n=0)) == "0 envoyé" and say(sentence("t.count", n=2)) == "2 envoyés"
    with speaking("en"):
        assert say(s) == "Aude, Bertrand and Cyprien goes to Normandie"
        assert say(sentence("t.count", n=1)) == "1 envoy" and say(sentence("t.count", n=0)) == "0 envoys"


def test_a_sentence_may_hold_another_and_an_unknown_key_says_nothing_rather_than_itself() -> None:
    with speaking("en"):
        assert say(sentence("t.nested", what=sentence("t.count", n=3))) == "News: 3 envoys"
        assert say(sentence("t.no_such_key", who="x")) == ""


def test_say_also_says_plain_words_a_view_holds() -> None:
    with speaking("en"):
        assert say(Text("rouge", "red").as_dict()) == "red"
        assert say(["Aude", "Bertrand"]) == "Aude and Bertrand"
        assert say(None) == "" and say("Hugo") == "Hugo"
