"""One Russian term for each thing, wherever a person reads Russian: the catalogue (web, terminal,
examples), the rules pages and their worked examples, the games' own texts and a terminal game."""

import re
from pathlib import Path

import pytest

import whistdrive
from whistdrive.games import GAMES
from whistdrive.i18n import catalog
from whistdrive.terminal.play import play_game

WEB = Path(whistdrive.__file__).parent / "web"

REJECTED = {  # a variant no longer used -> the term chosen instead
    r"\w\(а\)": "no «Взял(а)»: a verb in the present («берёт») or a noun fits anyone",
    r"\b[Вв]ыбыл\b": "a player who is out is «вне игры» («Вы — выбыл» agrees with nobody)",
    r"Выбывают: ": "«Вне игры: …», a list that may be «Вы»",
    r"колод\w* (кончил|пуст)|из колоды|^Колода$|stock: \"Колода\"": "German Whist's stock is «запас»; «колода» is "
                                                                  "the pack",
    r"\bпарти[яиюей]\b": "a game of whist is a «гейм», the whole match an «игра»",
}


def russian_texts() -> dict[str, str]:
    """Every Russian text by where it comes from."""
    texts = {}
    for message in catalog("ru"):
        if message.id:
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            for i, text in enumerate(strings):
                texts[f"messages.po {message.id!r} [{i}]"] = text
    for path in sorted((WEB / "content").rglob("*")):
        if path.suffix in (".md", ".json") and not path.name.endswith(".en.md"):
            texts[str(path.relative_to(WEB))] = path.read_text(encoding="utf-8")
    texts["static/examples.js"] = (WEB / "static" / "examples.js").read_text(encoding="utf-8")
    for name, g in GAMES.items():
        words = [g.info.title.ru, g.info.blurb.ru]
        for p in g.Options.params():
            words += [p.label.ru, p.help.ru, *(c.label.ru for c in p.choices)]
        texts[f"the texts of {name}"] = "\n".join(words)
    return texts


def terminal_game(game: str, options: dict) -> str:
    out = []
    play_game(game, options, seed=4, lang="ru", color=False, level="random", input_fn=lambda _: "1",
              output=out.append)
    return "\n".join(out)


@pytest.mark.parametrize("pattern, chosen", REJECTED.items())
def test_a_rejected_variant_does_not_come_back(pattern, chosen):
    found = [where for where, text in russian_texts().items() if re.search(pattern, text, re.M)]
    assert not found, f"{chosen}: {found}"


def test_a_terminal_game_in_russian_says_the_chosen_terms():
    knockout, german = terminal_game("knockout", {"players": 3}), terminal_game("german", {})
    whist = terminal_game("whist", {"length": "deal"})
    assert "Вы: вне игры" in knockout or "вне игры: Вы" in knockout
    assert "Запас: 26" in german and "из запаса" in german
    assert "геймы 0–0" in whist
    for pattern, chosen in REJECTED.items():
        for text in (knockout, german, whist):
            assert not re.search(pattern, text, re.M), chosen


def test_the_widow_of_humbug_is_not_the_stock_of_german_whist():
    assert "прикуп" not in (WEB / "content" / "rules" / "german.ru.md").read_text(encoding="utf-8")
