"""One catalogue for every text a person reads: the code's messages (found by Babel, as `make i18n` finds them)
all have a Russian translation, and the Russian plurals are right."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg

from whistdrive.i18n import catalog, gettext_for, translations

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "whistdrive"
GETTEXT_NAMES = {"_", "gettext", "ngettext", "pgettext", "npgettext", "N_"}


def code_messages() -> list[tuple[str, int, str | tuple, str | None]]:
    with (ROOT / "babel.cfg").open(encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f, "babel.cfg")
    return [(name, line, msg, ctx) for name, line, msg, _c, ctx in extract_from_dir(str(ROOT), method_map, options_map)]


def test_babel_finds_the_texts_of_every_part():
    files = {Path(name).as_posix() for name, *_ in code_messages()}
    for part in ("terminal/render.py", "terminal/narrate.py", "terminal/play.py", "examples/__init__.py",
                 "analysis_cli.py", "web/static/table.js", "web/templates/error.html"):
        assert any(f.endswith(part) for f in files), part


def test_every_message_of_the_code_has_a_russian_translation():
    ru = catalog("ru")
    missing, wrong_forms = [], []
    for name, line, msg, ctx in code_messages():
        entry = ru.get(msg, context=ctx)
        where = f"{name}:{line} {msg!r}"
        if entry is None or entry.fuzzy or not entry.string:
            missing.append(where)
        elif isinstance(msg, tuple):
            forms = entry.string if isinstance(entry.string, tuple) else (entry.string,)
            if len(forms) != ru.num_plurals or not all(forms):
                wrong_forms.append(where)
        elif not isinstance(entry.string, str):
            wrong_forms.append(where)
    assert not missing, missing
    assert not wrong_forms, wrong_forms


def test_no_message_hides_inside_an_f_string():
    """Babel (on Python 3.11) does not look inside f-strings: a `_("…")` there would go untranslated unseen."""
    hidden = []
    for path in SRC.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.JoinedStr):
                for call in ast.walk(node):
                    if isinstance(call, ast.Call):
                        fn = call.func
                        name = fn.id if isinstance(fn, ast.Name) else getattr(fn, "attr", None)
                        if name in GETTEXT_NAMES:
                            hidden.append(f"{path.relative_to(ROOT)}:{call.lineno}")
    assert not hidden, hidden


NUMBERS = (1, 2, 5, 11, 21, 22, 25)


@pytest.mark.parametrize("singular,plural,context,expected", [
    ("{n} trick", "{n} tricks", None, ["1 взятка", "2 взятки", "5 взяток", "11 взяток", "21 взятка", "22 взятки",
                                       "25 взяток"]),
    ("{n} trick", "{n} tricks", "taken", ["1 взятку", "2 взятки", "5 взяток", "11 взяток", "21 взятку",
                                          "22 взятки", "25 взяток"]),
    ("{who} wins the deal and scores {n} point.", "{who} wins the deal and scores {n} points.", None,
     [f"сдачу выигрывает X и получает {n} {w}." for n, w in
      zip(NUMBERS, ("очко", "очка", "очков", "очков", "очко", "очка", "очков"))]),
])
def test_russian_plurals(singular, plural, context, expected):
    tr = translations("ru")
    got = [(tr.npgettext(context, singular, plural, n) if context else tr.ngettext(singular, plural, n))
           .format(n=n, who="X") for n in NUMBERS]
    assert got == expected


def test_english_plurals_are_the_msgids():
    _, ngettext = gettext_for("en")
    assert [ngettext("{n} trick", "{n} tricks", n).format(n=n) for n in (1, 2, 21)] == ["1 trick", "2 tricks",
                                                                                         "21 tricks"]


def test_the_terminal_and_the_examples_speak_from_the_catalogue():
    from whistdrive import new_game
    from whistdrive.examples import frames
    from whistdrive.terminal.render import Style, render

    game = new_game("whist", seed=3)
    table = render(game.observation(game.current_seat), Style("ru", color=False))
    assert "Мы: 0 взяток, Они: 0 взяток" in table and "Ваши карты" in table
    caption = frames("knockout-3-8", "ru")[0]["caption"]
    assert "сдаёт по 3 карты игрокам" in caption  # the accusative plural of the catalogue


def test_an_unknown_language_is_refused():
    with pytest.raises(ValueError):
        translations("de")
