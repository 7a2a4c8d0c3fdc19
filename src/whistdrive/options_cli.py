"""Command-line flags for every variant option, generated from each game's option specification."""

from __future__ import annotations

import argparse
import os

from .games import GAMES
from .games.spec import Param


def help_lang() -> str:
    """Russian help under a Russian locale, English otherwise."""
    return "ru" if os.environ.get("LANG", "").lower().startswith("ru") else "en"


def _int_in(p: Param):
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected an integer, got {text!r}") from None
        try:
            p.check(value)
        except ValueError as e:
            raise argparse.ArgumentTypeError(str(e)) from None
        return value

    return parse


def add_option_flags(parser: argparse.ArgumentParser, game: str) -> None:
    lang = help_lang()
    title = "variant options" if lang == "en" else "варианты правил"
    group = parser.add_argument_group(title)  # no pointer to docs/: an installed copy has none
    for p in GAMES[game].Options.params():
        text = p.help.get(lang)
        dest = f"opt_{p.name}"
        if p.kind == "bool":
            group.add_argument(p.flag, dest=dest, action=argparse.BooleanOptionalAction, help=text)
        elif p.kind == "int":
            metavar = f"{p.bounds[0]}..{p.bounds[1]}" if p.bounds else "N"
            group.add_argument(p.flag, dest=dest, type=_int_in(p), metavar=metavar, help=text)
        else:
            group.add_argument(p.flag, dest=dest, choices=[c.value for c in p.choices], help=text)


def options_from_args(args: argparse.Namespace, game: str) -> dict:
    """Only the options the user gave; the game fills in its defaults."""
    out = {}
    for p in GAMES[game].Options.params():
        value = getattr(args, f"opt_{p.name}", None)
        if value is not None:
            out[p.name] = value
    return out
