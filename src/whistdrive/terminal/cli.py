"""Subcommands ``play``, ``simulate`` and ``replay``."""

from __future__ import annotations

import argparse
import os
import sys

from ..bots import LEVELS
from ..errors import UsageError
from ..games import GAMES
from ..options_cli import add_option_flags, help_lang, options_from_args


def _games_help() -> dict[str, str]:
    lang = help_lang()
    return {name: f"{g.info.title.get(lang)}: {g.info.blurb.get(lang)}" for name, g in GAMES.items()}


def register(sub) -> None:
    play = sub.add_parser(
        "play",
        help="play a game in the terminal against the computer",
        description="Play in the terminal against the computer.",
    )
    play_games = play.add_subparsers(dest="game", metavar="GAME", required=True)
    for game, help_text in _games_help().items():
        p = play_games.add_parser(game, help=help_text, description=help_text)
        add_option_flags(p, game)
        p.add_argument("--level", default=None, choices=LEVELS, help="computer players' level (default: expert)")
        p.add_argument("--seed", type=int, help="seed for a reproducible deal")
        p.add_argument("--lang", choices=("en", "ru"), default=help_lang(), help="language (default from LANG)")
        p.add_argument("--ascii", action="store_true", help="letters instead of suit symbols")
        p.add_argument("--no-color", action="store_true", help="no ANSI colours")
        p.add_argument("--save", metavar="FILE", help="write the game record here when the game ends")
        p.set_defaults(run=_run_play)

    sim = sub.add_parser(
        "simulate",
        help="play computer games and write their records (.jsonl)",
        description="Play computer-only games and write one record per line.",
    )
    sim_games = sim.add_subparsers(dest="game", metavar="GAME", required=True)
    for game, help_text in _games_help().items():
        p = sim_games.add_parser(game, help=help_text)
        add_option_flags(p, game)
        p.add_argument(
            "--bots",
            default="random",
            help="levels by seat, comma-separated, one name for every seat: " + ", ".join(LEVELS),
        )
        p.add_argument("--games", type=int, default=100, help="number of games (default 100)")
        p.add_argument("--seed", type=int, default=0, help="seed of the whole run (default 0)")
        p.add_argument("--out", required=True, metavar="FILE.jsonl", help="where to write the records")
        p.add_argument("--quiet", action="store_true", help="no progress bar")
        p.add_argument("--ray", nargs="?", const="local", metavar="ADDRESS",
                       help="play the games as Ray tasks: on a local Ray, or on the cluster at ADDRESS (needs ray)")
        p.set_defaults(run=_run_simulate)

    rep = sub.add_parser(
        "replay",
        help="check a record (.json or .jsonl) and print it trick by trick",
        description="Validate game records and print each deal trick by trick.",
    )
    rep.add_argument("file", help="a .json record or a .jsonl file of records")
    rep.add_argument("--check", action="store_true", help="only validate, print a summary")
    rep.add_argument("--lang", choices=("en", "ru"), default=help_lang(), help="language (default from LANG)")
    rep.set_defaults(run=_run_replay)


def _run_play(args: argparse.Namespace) -> int:
    from .play import play_game

    if args.save:  # before the game, not after it: a record that cannot be written is lost
        folder = os.path.dirname(os.path.abspath(args.save))
        if os.path.isdir(args.save) or not os.path.isdir(folder) or not os.access(folder, os.W_OK):
            raise UsageError(f"--save {args.save}: cannot write the record there (no such folder, "
                             "a folder of that name, or no permission)")

    return play_game(
        args.game,
        options_from_args(args, args.game),
        level=args.level,
        seed=args.seed,
        lang=args.lang,
        color=not args.no_color and sys.stdout.isatty(),
        ascii_only=args.ascii,
        save=args.save,
    )


def _run_simulate(args: argparse.Namespace) -> int:
    from .simulate import simulate

    return simulate(
        args.game,
        options_from_args(args, args.game),
        args.bots.split(","),
        args.games,
        args.seed,
        args.out,
        progress=not args.quiet,
        ray=args.ray,
    )


def _run_replay(args: argparse.Namespace) -> int:
    from .narrate import replay_file

    return replay_file(args.file, lang=args.lang, check_only=args.check)
