"""Command-line flags for every variant option, shared by play, simulate and arena."""

from __future__ import annotations

import argparse

# game -> (option, type, choices, help)
OPTION_FLAGS: dict[str, list[tuple[str, type, tuple | None, str]]] = {
    "german": [
        ("follow_suit_stage1", bool, None, "follow suit in stage 1 (default on)"),
        ("count", str, ("last13", "all26"), "which tricks count: the last 13 (default) or all 26"),
        ("scoring", str, ("game", "difference", "over_book"), "points for a deal (default: game = 1 point)"),
        ("high_low", bool, None, "red trump card: most tricks wins; black: fewest (default off)"),
        ("deals", int, None, "deals in the session, the dealer alternating (default 1)"),
    ],
    "whist": [
        ("preset", str, ("english", "american"), "english (target 5, honours) or american (target 7)"),
        ("target", int, None, "points that win a game (default from the preset)"),
        ("honours", bool, None, "score honours (default from the preset)"),
        ("rubber_bonus", bool, None, "2 extra rubber points to the rubber winners (default off)"),
        ("length", str, ("rubber", "game", "deal"), "play a rubber (default), one game or one deal"),
    ],
    "knockout": [
        ("players", int, None, "number of players, 2-7 (default 4)"),
    ],
}


def add_option_flags(parser: argparse.ArgumentParser, game: str) -> None:
    group = parser.add_argument_group(f"variant options (docs/rules.md#{game}-options)")
    for name, kind, choices, help_text in OPTION_FLAGS[game]:
        flag = "--" + name.replace("_", "-")
        if kind is bool:
            group.add_argument(flag, dest=f"opt_{name}", action=argparse.BooleanOptionalAction, help=help_text)
        else:
            metavar = "N" if kind is int else None  # not the dest's OPT_NAME
            group.add_argument(flag, dest=f"opt_{name}", type=kind, choices=choices, metavar=metavar, help=help_text)


def options_from_args(args: argparse.Namespace, game: str) -> dict:
    """Only the options the user gave; the game fills in its defaults."""
    out = {}
    for name, *_ in OPTION_FLAGS[game]:
        value = getattr(args, f"opt_{name}", None)
        if value is not None:
            out[name] = value
    return out
