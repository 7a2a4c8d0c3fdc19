"""The per-game registries that stay outside ``games/`` — bots, renderers, rules pages — cover exactly the
games of ``GAMES``: a new game that misses one fails here, not in front of a person."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from whistdrive.bots import BUDGETS, EXPERTS
from whistdrive.bots.view import READERS
from whistdrive.examples import DIAGRAMS, EXAMPLES
from whistdrive.games import GAMES
from whistdrive.i18n import LANGS
from whistdrive.rl import ENCODINGS
from whistdrive.terminal.narrate import DEAL_SUMMARY
from whistdrive.terminal.render import SCORE, STATUS

WEB = Path(__file__).resolve().parents[1] / "src" / "whistdrive" / "web"

REGISTRIES = {
    "bots.EXPERTS": EXPERTS,
    **{f"bots.BUDGETS[{level!r}]": budgets for level, budgets in BUDGETS.items()},
    "bots.view.READERS": READERS,
    "rl.ENCODINGS": ENCODINGS,
    "terminal.render.STATUS": STATUS,
    "terminal.render.SCORE": SCORE,
    "terminal.narrate.DEAL_SUMMARY": DEAL_SUMMARY,
    "examples.DIAGRAMS": DIAGRAMS,
}


@pytest.mark.parametrize("name", REGISTRIES)
def test_registry_covers_every_game(name):
    assert sorted(REGISTRIES[name]) == sorted(GAMES), name


def test_the_table_page_draws_every_game():
    """``static/table.js``'s ``GAME_VIEWS``: one entry per game."""
    text = (WEB / "static" / "table.js").read_text(encoding="utf-8")
    body = text[text.index("const GAME_VIEWS = {"):]
    body = body[: body.index("\n  };")]
    assert sorted(re.findall(r"^    (\w+): \{", body, re.M)) == sorted(GAMES)


@pytest.mark.parametrize("lang", LANGS)
def test_every_game_has_rules_pages_with_worked_examples(lang):
    pages = sorted(p.name.split(".")[0] for p in (WEB / "content" / "rules").glob(f"*.{lang}.md"))
    assert pages == sorted(GAMES)
    assert {e.split("-")[0] for e in EXAMPLES} == set(GAMES)


def test_openspiel_registers_every_game():
    pytest.importorskip("pyspiel")
    from whistdrive.spiel import PARAMETERS

    assert sorted(PARAMETERS) == sorted(GAMES)
