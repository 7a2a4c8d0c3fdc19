"""Subcommands ``play``, ``simulate`` and ``replay``."""

from __future__ import annotations

import argparse
import os
import shutil
import sys

from ..bots import DEFAULT_LEVEL, LEVELS
from ..errors import UsageError
from ..games import GAMES
from ..options_cli import add_option_flags, help_lang, options_from_args

PLAY_HELP = (
    "In the game, type a card (QH, 10♥, T♥, Д♥, or with a Russian suit letter: Дч, 10п) or its number in the "
    "list; ? for help, l for the last trick, s for the score, q to quit. A card that is the only one you may "
    "play is played for you, and the game says so. A game you quit is saved ({path}); "
    "whistdrive play --resume goes on with it."
)


def _games_help() -> dict[str, str]:
    lang = help_lang()
    out = {}
    for name, g in GAMES.items():
        blurb = g.info.blurb.get(lang)
        out[name] = f"{g.info.title.get(lang)} — {blurb[:1].lower()}{blurb[1:]}"  # a dash: the blurb has a colon
    return out


def _display_flags(parser: argparse.ArgumentParser, default) -> None:
    """How the game looks: on ``play`` itself (for --resume) and on each game (``default`` SUPPRESS there, so
    that a flag given before the game's name is not reset by the game's own default)."""
    parser.add_argument("--lang", choices=("en", "ru"), default=help_lang() if default is None else default,
                        help="language (default from LANG)")
    parser.add_argument("--ascii", action="store_true", default=default, help="letters instead of suit symbols")
    parser.add_argument("--no-color", action="store_true", default=default, help="no ANSI colours")


def register(sub) -> None:
    from .play import saved_game_path

    play = sub.add_parser(
        "play",
        help="play a game in the terminal against the computer",
        description="Play in the terminal against the computer. " + PLAY_HELP.format(path=saved_game_path()),
    )
    play.add_argument("--resume", action="store_true", help="go on with the game you quit")
    _display_flags(play, None)
    play.set_defaults(run=_run_play)
    play_games = play.add_subparsers(dest="game", metavar="GAME")
    for game, help_text in _games_help().items():
        p = play_games.add_parser(game, help=help_text, description=help_text,
                                  epilog=PLAY_HELP.format(path=saved_game_path()))
        add_option_flags(p, game)
        p.add_argument("--level", default=None, choices=LEVELS,
                       help=f"computer players' level (default: {DEFAULT_LEVEL}, as in the lobby)")
        p.add_argument("--seed", type=int, help="seed for a reproducible deal")
        _display_flags(p, argparse.SUPPRESS)
        p.add_argument("--save", metavar="FILE", help="write the game record here when the game ends")

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
    from .play import play_game, resume_game, saved_game_path

    how = {"lang": args.lang, "color": not args.no_color and sys.stdout.isatty(), "ascii_only": args.ascii,
           "width": shutil.get_terminal_size().columns, "keep": saved_game_path()}
    if args.resume:
        if args.game:
            raise UsageError(f"--resume goes on with the game you quit: give it without a game ({args.game})")
        return resume_game(saved_game_path(), **how)
    if not args.game:
        raise UsageError(f"choose a game ({', '.join(GAMES)}), or --resume to go on with the game you quit")
    if args.save:  # before the game, not after it: a record that cannot be written is lost
        folder = os.path.dirname(os.path.abspath(args.save))
        if os.path.isdir(args.save) or not os.path.isdir(folder) or not os.access(folder, os.W_OK):
            raise UsageError(f"--save {args.save}: cannot write the record there (no such folder, "
                             "a folder of that name, or no permission)")

    return play_game(args.game, options_from_args(args, args.game), level=args.level, seed=args.seed,
                     save=args.save, **how)


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
