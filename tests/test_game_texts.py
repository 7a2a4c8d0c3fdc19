"""A game's texts — its title, its blurb, its options' labels, help and choices — are English words in
``games/*.py`` translated by the one catalogue: the Russian (and English) the lobby, ``/api/meta`` and the
command line show are the texts the games held as English/Russian pairs before (tests/data/game_texts.json)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from whistdrive.games import GAMES
from whistdrive.games.spec import Text
from whistdrive.i18n import catalog

BEFORE = json.loads((Path(__file__).parent / "data" / "game_texts.json").read_text(encoding="utf-8"))


def texts(name: str) -> dict:
    cls = GAMES[name]
    return {"title": cls.info.title.as_dict(), "blurb": cls.info.blurb.as_dict(),
            "params": [p.to_json() for p in cls.Options.params()]}


@pytest.mark.parametrize("name", GAMES)
def test_the_texts_of_every_game_are_unchanged(name):
    assert texts(name) == BEFORE[name]


def test_every_game_text_is_in_the_catalogue():
    ru = catalog("ru")
    words: list[Text] = []
    for cls in GAMES.values():
        words += [cls.info.title, cls.info.blurb]
        for p in cls.Options.params():
            words += [p.label, p.help, *(c.label for c in p.choices)]
    missing = [t.en for t in words if ru.get(t.en) is None or not ru.get(t.en).string]
    assert not missing, missing
    assert len({t.en for t in words}) >= 40


def test_a_text_of_a_language_without_a_catalogue_is_english():
    assert Text("Players").get("de") == "Players" and Text("Players").ru == "Игроки"
